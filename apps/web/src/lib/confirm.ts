import type { OpenConfirmModal } from '@mantine/modals';
import i18n from '@/i18n/i18n';
import { keepFocusNearOpener, openerOfDialog } from '@/lib/focus-return';
import { openConfirmModal } from '@/lib/modal-host';

/** Above an open dialog (Mantine modals default to z-index 200), so a confirm can guard a dialog's save. */
const CONFIRM_Z_INDEX = 300;

/**
 * The spec's confirm dialog (product.md "Screens and routes":
 * "A confirm dialog (confirm/cancel) guards dangerous actions"): centred, above any open dialog, its close
 * button named; `options` as @mantine/modals openConfirmModal takes them (title, children, labels,
 * onConfirm). The buttons carry test ids confirm-accept and confirm-cancel. On close the focus goes back to
 * the control that opened it, or to its list's heading when that control is gone.
 */
export function openConfirm(options: OpenConfirmModal): void {
  // Mantine gives the focus back to the button that opened the confirm; when a confirmed delete takes
  // that button's row away, the list's heading gets it (decisions/441-focus-after-a-dialog.md).
  const opened = openerOfDialog();
  openConfirmModal({
    centered: true,
    zIndex: CONFIRM_Z_INDEX,
    closeButtonProps: { 'aria-label': i18n.t('actions.close', { ns: 'common' }) },
    ...options,
    onClose: () => {
      if (opened) keepFocusNearOpener(opened.opener, opened.fallbacks);
      options.onClose?.();
    },
    confirmProps: {
      'data-testid': 'confirm-accept',
      ...options.confirmProps,
    } as OpenConfirmModal['confirmProps'],
    cancelProps: {
      'data-testid': 'confirm-cancel',
      ...options.cancelProps,
    } as OpenConfirmModal['cancelProps'],
  });
}
