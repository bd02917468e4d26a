import { Button, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconEdit, IconTrash } from '@/components/icons';

interface Props {
  /** the row's name, for the buttons' accessible names */
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
  /** why delete is not possible (the record is owned); undefined when it is */
  deleteBlocked?: string;
  busy?: boolean;
}

/** A row's edit and delete buttons; delete disabled with its reason while the record is owned. */
export function RowActions({ name, onEdit, onDelete, deleteBlocked, busy }: Props) {
  const { t } = useTranslation('admin');
  const remove = (
    <Button
      size="xs"
      color="red"
      variant="outline"
      leftSection={<IconTrash size={14} />}
      disabled={!!deleteBlocked}
      loading={busy}
      onClick={onDelete}
      aria-label={t('actions.deleteNamed', { name })}
      data-testid="row-delete"
    >
      {t('actions.delete')}
    </Button>
  );
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {onEdit && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEdit size={14} />}
          onClick={onEdit}
          aria-label={t('actions.editNamed', { name })}
          data-testid="row-edit"
        >
          {t('actions.edit')}
        </Button>
      )}
      {deleteBlocked ? (
        <Tooltip label={deleteBlocked} withArrow>
          {/* A disabled button gets no pointer events: the wrapper shows the reason on hover. */}
          <span title={deleteBlocked}>{remove}</span>
        </Tooltip>
      ) : (
        remove
      )}
    </Group>
  );
}
