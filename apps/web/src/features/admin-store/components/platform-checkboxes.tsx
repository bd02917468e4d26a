import { Checkbox, Group } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { GameDraft } from '../utils/form-data';

const PLATFORMS = ['desktop', 'console', 'mobile'] as const;

interface Props {
  /** the game popup's form: a flag per platform */
  form: UseFormReturnType<GameDraft>;
  /** the flags' error text, if any */
  error?: string;
}

/**
 * The game popup's platforms (product.md "Staff screens"): desktop, console and mobile as one group of tick
 * boxes, each the form's flag of that name. A change clears the flags' error, which sits on the first flag.
 */
export function PlatformCheckboxes({ form, error }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Checkbox.Group
      label={t('games.fields.platforms')}
      value={PLATFORMS.filter((platform) => form.values[platform])}
      onChange={(value) => {
        for (const platform of PLATFORMS) form.setFieldValue(platform, value.includes(platform));
        form.clearFieldError('desktop');
      }}
      error={error}
    >
      <Group gap="lg" mt="xs">
        {PLATFORMS.map((platform) => (
          <Checkbox key={platform} value={platform} label={t(`games.platforms.${platform}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
