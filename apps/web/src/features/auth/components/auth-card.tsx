import { Card, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of every auth screen: a centred card with a title and a short explanation. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <Card padding="xl" bg="dark.7" shadow="xl" style={{ boxShadow: 'var(--fh-glow)' }}>
        <Stack gap={4} mb="lg">
          <Title order={1} fz={28}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dark.0" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Card>
    </Container>
  );
}
