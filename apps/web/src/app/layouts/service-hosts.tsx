import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { modalHostMounted } from '@/lib/modal-host';

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
      <Notifications position="top-right" limit={4} />
    </>
  );
}
