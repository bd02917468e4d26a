import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OwnedAddon } from '../hooks/use-addon-changes';

interface Props {
  /** the server's add-ons, in the order of the add-on types */
  owned: OwnedAddon[];
  /** the add-on of the last removal asked for (the remove mutation's variables), if any */
  removeId: number | undefined;
  /** that removal runs */
  removing: boolean;
  /** a buy or a removal runs: the other buttons wait */
  busy: boolean;
  /** asks to remove the add-on */
  onRemove: (addon: OwnedAddon) => void;
}

/**
 * The add-ons an owned server has (product.md "Customer servers"), each with its name, its quantity and a
 * remove button named with it; a note when it has none.
 */
export function OwnedAddons({ owned, removeId, removing, busy, onRemove }: Props) {
  const { t } = useTranslation('servers');
  if (owned.length === 0)
    return (
      <Text size="sm" c="dark.0">
        {t('addons.none')}
      </Text>
    );
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {owned.map((addon) => (
        <Group
          key={addon.addon_type}
          component="li"
          justify="space-between"
          wrap="wrap"
          p="xs"
          bg="dark.6"
          style={{ borderRadius: 8 }}
          data-testid="server-addon"
          data-type={addon.addon_type}
        >
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {addon.addon_name}
            </Text>
            <Badge variant="light" color="gray">
              {t(`addons.quantity.${addon.addon_type}`, { count: addon.addon_quantity })}
            </Badge>
          </Group>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            data-testid={`addon-remove-${addon.addon_type}`}
            aria-label={t('addons.removeAria', { name: addon.addon_name })}
            disabled={busy && removeId !== addon.addon_id}
            loading={removing && removeId === addon.addon_id}
            style={{ flexShrink: 0 }}
            onClick={() => onRemove(addon)}
          >
            {t('addons.remove')}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
