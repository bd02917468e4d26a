import { UPLOAD_MAX_BYTES } from '@falkenhost/contracts/admin';
import { Button, Group, Image, Input, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the file picker offers (product.md "Business constants and limits": png, jpg, jpeg, webp). */
const ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

interface Props {
  label: string;
  /** the chosen file, null while none */
  file: File | null;
  onChange: (file: File | null) => void;
  /** the stored image of an edited record, previewed until another file is chosen */
  currentUrl?: string;
  required?: boolean;
  disabled?: boolean;
  /** the field's error text, if any */
  error?: string;
  testId?: string;
}

/**
 * An image picker of the store popups: a native file input named by the field's label (so a keyboard, a
 * screen reader and a test can use it by that label), drawn as a translated "choose file" button with the
 * chosen file's name, and a preview of the chosen file (an object URL, revoked when it changes) or else of
 * the stored image.
 */
export function ImageFileInput({
  label,
  file,
  onChange,
  currentUrl,
  required,
  disabled,
  error,
  testId,
}: Props) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentUrl;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      error={error}
      description={t('form.fileHint', { size: Math.round(UPLOAD_MAX_BYTES / (1024 * 1024)) })}
    >
      <Group gap="sm" wrap="nowrap" align="center" mt={4} pos="relative" mih={40}>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          className="fh-file-input"
          disabled={disabled}
          required={required}
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-description ${id}-error` : `${id}-description`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
          data-testid={testId}
        />
        <Button
          component="label"
          htmlFor={id}
          variant="default"
          size="xs"
          disabled={disabled}
          aria-hidden="true"
        >
          {t('form.chooseFile')}
        </Button>
        {/* Wraps (a long file name breaks anywhere) so the whole text shows in every language. */}
        <Text size="sm" c="dark.0" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {file?.name ?? (currentUrl ? t('form.keepFile') : t('form.noFile'))}
        </Text>
        {shown && (
          <Image
            src={shown}
            alt={t('form.preview', { name: label })}
            h={56}
            w={56}
            fit="contain"
            radius="sm"
            bg="dark.6"
            data-testid={testId ? `${testId}-preview` : undefined}
          />
        )}
      </Group>
    </Input.Wrapper>
  );
}
