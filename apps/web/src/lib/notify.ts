import { TOAST_MS } from '@falkenhost/contracts/constants';
import { notifications } from '@mantine/notifications';
import i18n from '@/i18n/i18n';
import { wantServiceHosts } from './modal-host';

const COLORS = { success: 'teal', error: 'red', info: 'blue' } as const;

/**
 * A toast with the spec's style: title and message, success or error colour (product.md
 * "Screens and routes"). The close button is named and the message drawn in dark.1, which keeps WCAG AA
 * contrast on the toast (Mantine's dimmed dark.2 does not).
 */
export function notify(
  kind: keyof typeof COLORS,
  title: string,
  message: string,
  autoClose: number = TOAST_MS,
): void {
  // Shown in the store at once; the host mounts now and draws it (modal-host.ts).
  wantServiceHosts();
  notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose,
    closeButtonProps: { 'aria-label': i18n.t('actions.close', { ns: 'common' }) },
    styles: { description: { color: 'var(--mantine-color-dark-1)' } },
  });
}
