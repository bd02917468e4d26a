import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props extends Omit<BadgeProps, 'children'> {
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A status word in a staff table (active, inactive, valid, running, ...). Never narrower than its word: a
 * Badge cuts its label with an ellipsis, and a crowded table squeezed "Active" to "Ac…" (issue 30); the
 * table scrolls sideways instead.
 */
export function StatusBadge({ children, style, ...props }: Props) {
  return (
    <Badge variant="light" tt="none" {...props} style={{ minWidth: 'max-content', ...(style as object) }}>
      {children}
    </Badge>
  );
}
