import type { AdminGame } from '@falkenhost/contracts/admin';
import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { useFieldProps } from '@/components/admin/staff-form';
import type { GameDraft } from '../utils/form-data';
import { ImageFileInput } from './image-file-input';

interface Props {
  /** the game popup's form */
  form: UseFormReturnType<GameDraft>;
  /** its field props (their translated errors) */
  field: ReturnType<typeof useFieldProps>;
  /** the game being edited, null when one is added */
  game: AdminGame | null;
}

/**
 * The game popup's image and thumbnail pickers side by side (product.md "Staff screens"), each previewing the
 * stored file of an edited game; both required when a game is added (product.md "Validation rules").
 */
export function GameImageInputs({ form, field, game }: Props) {
  const { t } = useTranslation('admin');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <ImageFileInput
        label={t('games.fields.image')}
        file={form.values.image}
        onChange={(file) => {
          form.setFieldValue('image', file);
          form.validateField('image');
        }}
        error={field('image').error}
        currentUrl={game?.image_url}
        required={!game}
        testId="game-image"
      />
      <ImageFileInput
        label={t('games.fields.thumbnail')}
        file={form.values.thumbnail}
        onChange={(file) => {
          form.setFieldValue('thumbnail', file);
          form.validateField('thumbnail');
        }}
        error={field('thumbnail').error}
        currentUrl={game?.thumbnail_url}
        required={!game}
        testId="game-thumbnail"
      />
    </SimpleGrid>
  );
}
