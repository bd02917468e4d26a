import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconEdit, IconTrash } from '@/components/icons';

interface Props {
  /** the row's name, for the buttons' accessible names */
  name: string;
  onEdit?: () => void;
  /** none: the row cannot be deleted here (a panel location), no delete button */
  onDelete?: () => void;
  /** why delete is not possible (the record is owned); undefined when it is */
  deleteBlocked?: string;
  busy?: boolean;
}

/**
 * A row's edit and delete buttons; delete disabled with its reason while the record is owned. Icon buttons
 * (named "Edit X" / "Delete X", the word shown as a tooltip) so the widest tables fit at 1280 px.
 */
export function RowActions({ name, onEdit, onDelete, deleteBlocked, busy }: Props) {
  const { t } = useTranslation('admin');
  const remove = (
    <ActionIcon
      size="md"
      color="red"
      variant="outline"
      disabled={!!deleteBlocked}
      loading={busy}
      onClick={onDelete}
      aria-label={t('actions.deleteNamed', { name })}
      data-testid="row-delete"
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Tooltip label={t('actions.edit')} withArrow>
          <ActionIcon
            size="md"
            variant="light"
            onClick={onEdit}
            aria-label={t('actions.editNamed', { name })}
            data-testid="row-edit"
          >
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {!onDelete ? null : deleteBlocked ? (
        <Tooltip label={deleteBlocked} withArrow>
          {/* A disabled button gets no pointer events: the wrapper shows the reason on hover. */}
          <span title={deleteBlocked} style={{ cursor: 'not-allowed', display: 'inline-flex' }}>
            {remove}
          </span>
        </Tooltip>
      ) : (
        <Tooltip label={t('actions.delete')} withArrow>
          {remove}
        </Tooltip>
      )}
    </Group>
  );
}
