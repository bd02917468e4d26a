import type { OpenConfirmModal } from '@mantine/modals';
import { useSyncExternalStore } from 'react';

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Asks for the hosts of Mantine's modals and notifications (app/layouts/service-hosts.tsx). They mount at
 * their first use, not with every page: their first render (portals, transitions, a focus trap) was one
 * of the longest tasks of a phone taking a form over (decision 091).
 */
export function wantServiceHosts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the hosts have been asked for yet (services-layout.tsx mounts them then). */
export function useServiceHostsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called once by the modals' host (app/layouts/service-hosts.tsx) when it listens for modals. */
export function modalHostMounted(): void {
  markMounted();
}

/**
 * Mantine's `modals.openConfirmModal(options)` once the modals' host listens: the host mounts when first
 * asked for (wantServiceHosts), and a confirm asked for before then would otherwise be lost.
 * @param options as @mantine/modals openConfirmModal takes them (title, children, labels, onConfirm)
 */
export function openConfirmModal(options: OpenConfirmModal): void {
  wantServiceHosts();
  void Promise.all([mounted, import('@mantine/modals')]).then(([, { modals }]) =>
    modals.openConfirmModal(options),
  );
}
