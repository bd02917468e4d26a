import { TOAST_MS } from '@falkenhost/contracts/constants';
import { notifications } from '@mantine/notifications';

const COLORS = { success: 'teal', error: 'red', info: 'blue' } as const;

/** A toast with the spec's style: title and message, success or error colour (spec 2). */
export function notify(
  kind: keyof typeof COLORS,
  title: string,
  message: string,
  autoClose: number = TOAST_MS,
): void {
  notifications.show({ color: COLORS[kind], title, message, autoClose });
}
