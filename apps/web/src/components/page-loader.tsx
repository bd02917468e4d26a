import { Center, Loader } from '@mantine/core';

/** Full-area spinner for lazy pages and session loading; labelled for screen readers. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite" aria-label={label}>
      <Loader color="falken.4" aria-hidden="true" />
    </Center>
  );
}
