import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { modalHostMounted } from '@/lib/modal-host';

const TOAST_Z_INDEX = 190;

/**
 * The hosts of Mantine's modals and notifications, opened through their global APIs
 * (`modals.openConfirmModal`, lib/notify.ts): a chunk of its own, loaded when first asked for
 * (services-layout.tsx).
 */
export default function ServiceHosts() {
  // After ModalsProvider's own effects: it listens for modals from here on.
  useEffect(modalHostMounted, []);
  return (
    <>
      <ModalsProvider />
      {/* Under the modal dialogs (200), so no toast covers a dialog's controls; above the page's header (100)
          and the cookie notice (150). decisions/439-cookie-notice-inside-the-dialog.md */}
      <Notifications position="top-right" limit={4} zIndex={TOAST_Z_INDEX} />
    </>
  );
}
