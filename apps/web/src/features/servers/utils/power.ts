/** Power signals offered in a live power state (the Wings socket's state). */
import type { PowerSignal } from '@falkenhost/contracts/constants';

/**
 * Which signals make no sense in the live power state (null while unknown: every signal is offered and
 * the server decides): no start while running or starting, no stop while offline or stopping, nothing
 * while installing.
 */
export function disabledSignals(state: string | null): Record<PowerSignal, boolean> {
  const installing = state === 'installing';
  return {
    start: installing || state === 'running' || state === 'starting',
    stop: installing || state === 'offline' || state === 'stopping',
    restart: installing,
  };
}
