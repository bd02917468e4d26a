import type { OpenConfirmModal } from '@mantine/modals';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmModal } from '@/lib/modal-host';

/** A confirm dialog's settings (title, text, labels, onConfirm); see @mantine/modals openConfirmModal. */
export type ConfirmOptions = OpenConfirmModal;

/** Above the details overlay (Mantine modals default to z-index 200). */
const CONFIRM_Z_INDEX = 300;

/**
 * The spec's confirm dialog (product.md "Screens and routes": "A confirm dialog guards dangerous actions")
 * opened over the details overlay. `open` is true while one is shown, so the overlay can leave Escape to the
 * dialog: both listen for it on the window, and one press should close only the dialog on top. `open` turns
 * false only after the key event that closed the dialog has reached every listener.
 */
export function useConfirm() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const confirm = useCallback(
    (options: ConfirmOptions) => {
      setOpen(true);
      openConfirmModal({
        zIndex: CONFIRM_Z_INDEX,
        centered: true,
        closeButtonProps: { 'aria-label': t('actions.close') },
        ...options,
        onClose: () => {
          window.setTimeout(() => setOpen(false), 0);
          options.onClose?.();
        },
      });
    },
    [t],
  );
  return { confirm, open };
}
