import type { OpenConfirmModal } from '@mantine/modals';

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called once by the modals' host (app/layouts/service-hosts.tsx) when it listens for modals. */
export function modalHostMounted(): void {
  markMounted();
}

/**
 * Mantine's `modals.openConfirmModal(options)` once the modals' host listens: the host loads just after a
 * page's first commit (services-layout.tsx), and a confirm asked for before then would otherwise be lost.
 * @param options as @mantine/modals openConfirmModal takes them (title, children, labels, onConfirm)
 */
export function openConfirmModal(options: OpenConfirmModal): void {
  void Promise.all([mounted, import('@mantine/modals')]).then(([, { modals }]) =>
    modals.openConfirmModal(options),
  );
}
