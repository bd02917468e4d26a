import type { OpenConfirmModal } from '@mantine/modals';
import { useCallback, useState } from 'react';
import { openConfirm } from '@/lib/confirm';

/**
 * A confirm dialog opened over another dialog (an edit popup that asks before saving). `open` is true
 * while it is shown, so the dialog below can leave Escape to it (`closeOnEscape={!open}`): both listen for
 * the key on the window, and one press should close only the dialog on top. `open` turns false only after
 * the key event that closed the confirm has reached every listener.
 */
export function useStackedConfirm() {
  const [open, setOpen] = useState(false);
  const confirm = useCallback((options: OpenConfirmModal) => {
    setOpen(true);
    openConfirm({
      ...options,
      onClose: () => {
        window.setTimeout(() => setOpen(false), 0);
        options.onClose?.();
      },
    });
  }, []);
  return { confirm, open };
}
