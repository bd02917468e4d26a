import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled column of the order-package dialog (discounts, billing, payment), named by its title. */
export function OrderColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg" bg="dark.7" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={3} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
