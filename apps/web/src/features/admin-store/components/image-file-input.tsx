import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@falkenhost/contracts/admin';
import { imageTypeOfBytes } from '@falkenhost/contracts/staff-limits';
import { Button, Group, Image, Input, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the file picker offers (product.md "Business constants and limits": png, jpg, jpeg, webp). */
const ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

/** The first bytes of a file (FileReader: every browser and the test DOM have it). */
function headOf(file: File): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => resolve(new Uint8Array());
    reader.readAsArrayBuffer(file.slice(0, 16));
  });
}

/**
 * The chosen file typed by its bytes, as the server types it (uploads.ts): a PNG, JPEG or WebP keeps its
 * bytes with its real type; anything else (a text file named fake.png) becomes `application/octet-stream`,
 * which the contracts' imageUpload refuses with `fileType` on the field before any preview or upload.
 */
export async function typedByBytes(file: File): Promise<File> {
  const type = imageTypeOfBytes(await headOf(file)) ?? 'application/octet-stream';
  return type === file.type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
}

const isImage = (file: File) => (UPLOAD_MIME_TYPES as readonly string[]).includes(file.type);

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
 * the stored image. The file goes to `onChange` typed by its bytes (typedByBytes): one that is no image is
 * never previewed, and a preview that fails to decode is hidden, so no broken image or alt text shows.
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
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    setBroken(false);
    if (!file || !isImage(file)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // A chosen file that is no image shows no preview, not even the stored one: it would look accepted.
  const shown = broken ? undefined : file ? (preview ?? undefined) : currentUrl;
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
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (!chosen) onChange(null);
            else void typedByBytes(chosen).then(onChange);
          }}
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
            onError={() => setBroken(true)}
            data-testid={testId ? `${testId}-preview` : undefined}
          />
        )}
      </Group>
    </Input.Wrapper>
  );
}
