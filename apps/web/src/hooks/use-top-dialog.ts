import { useEffect, useState } from 'react';

/** A Mantine Modal's or Drawer's content: the element its focus trap keeps the keyboard in. */
const MODAL_DIALOG = '[role="dialog"][aria-modal="true"]';

function topDialog(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>(MODAL_DIALOG);
  // Each dialog is portalled to the end of <body> as it opens, so the last one is the one on top.
  return open[open.length - 1] ?? null;
}

/**
 * The modal dialog on top of the page (the last open `[role=dialog][aria-modal=true]`), or null; follows
 * dialogs opened and closed anywhere (Mantine modals, @mantine/modals confirms), as the DOM shows them.
 * Null on the server and in the first render, so hydration matches the server's HTML.
 */
export function useTopDialog(): HTMLElement | null {
  const [dialog, setDialog] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const update = () => setDialog(topDialog());
    update();
    const observer = new MutationObserver(update);
    // Dialogs mount into portals under <body>; their attributes are set as they are created.
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return dialog;
}
