import { useMounted } from '@mantine/hooks';
import type { ReactElement, ReactNode } from 'react';

/**
 * `children` as they are until this component has mounted, then `wrap(children)`.
 *
 * For Mantine's Tooltip and Menu on a server-rendered page: their floating element reads its target as it
 * mounts and sets state in the same commit, so React renders again synchronously and runs every effect of
 * the pass being hydrated in that one task, the longest of /dashboard's start-up on a phone (decision 091).
 * Wrapped once mounted, they cost a small render of their own; the wrapped element is mounted afresh then.
 */
export function AfterHydration({
  children,
  wrap,
}: {
  children: ReactElement;
  wrap: (element: ReactElement) => ReactNode;
}) {
  return useMounted() ? wrap(children) : children;
}
