import type { AuditEntry } from '@falkenhost/contracts/admin';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { auditValue, changedFields } from '../utils/audit';

/** The compact before → after list of one audit entry: only the fields whose values differ. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0)
    return (
      <Text size="xs" c="dark.0">
        {t('audit.noChanges')}
      </Text>
    );
  return (
    <List size="xs" spacing={2} listStyleType="none" ff="monospace" data-testid="audit-changes">
      {changes.map((change) => (
        <List.Item key={change.field} style={{ wordBreak: 'break-word' }}>
          <Text span fw={700} size="xs" ff="monospace">
            {change.field}
          </Text>
          {': '}
          {auditValue(change.before, format.dateTime)}
          {' → '}
          {auditValue(change.after, format.dateTime)}
        </List.Item>
      ))}
    </List>
  );
}
