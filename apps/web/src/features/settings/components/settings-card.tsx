import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of one part of the settings section: a titled card, as the Billing card looks. */
export function SettingsCard({
  id,
  title,
  text,
  children,
  danger = false,
}: {
  /** the heading's id (also the test id, prefixed `settings-`) */
  id: string;
  title: string;
  text?: ReactNode;
  children: ReactNode;
  /** the danger zone: a red border */
  danger?: boolean;
}) {
  return (
    <Card
      padding="lg"
      bg="dark.7"
      component="section"
      aria-labelledby={`settings-${id}-title`}
      data-testid={`settings-${id}`}
      withBorder={danger}
      style={danger ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3" id={`settings-${id}-title`} c={danger ? 'red.4' : undefined}>
            {title}
          </Title>
          {text && (
            <Text c="dark.0" size="sm">
              {text}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
