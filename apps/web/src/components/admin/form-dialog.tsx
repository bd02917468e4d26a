import { Button, Group, type MantineSpacing, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  onClose: () => void;
  /** the form was submitted (the browser's own validation is off) */
  onSubmit: () => void;
  /** the form's test id */
  testId: string;
  /** the submit button's test id */
  submitTestId: string;
  /** the submit button's text; Save when not given */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** the save runs: the submit button spins */
  busy: boolean;
  /** the cancel button's test id, if any */
  cancelTestId?: string;
  size?: ModalProps['size'];
  /** false while a confirm is open above, so Escape closes only that */
  closeOnEscape?: boolean;
  /** space between the form's parts */
  gap?: MantineSpacing;
  /** the fields */
  children: ReactNode;
}

/**
 * A staff popup holding one form: the modal with its named close button, the fields, and the footer with
 * Cancel (closes) and the submit button.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  testId,
  submitTestId,
  submitLabel,
  submitDisabled,
  busy,
  cancelTestId,
  size,
  closeOnEscape = true,
  gap = 'md',
  children,
}: Props) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened
      onClose={onClose}
      closeOnEscape={closeOnEscape}
      size={size}
      title={title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form
        noValidate
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap={gap}>
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid={cancelTestId}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={submitDisabled} loading={busy} data-testid={submitTestId}>
              {submitLabel ?? t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
