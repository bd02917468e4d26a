import { Group, Text } from '@mantine/core';

/** The Falkenhost mark: a stylised falcon wing in the brand gradient, with the name. */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="fh-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#9a7ce6" />
            <stop offset="1" stopColor="#22b8cf" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="#1d1e30" />
        <path d="M5 22c6-1 10-5 12-12 1 5 4 8 10 9-6 1-9 3-11 7-2-3-6-4-11-4z" fill="url(#fh-logo)" />
      </svg>
      <Text component="span" fw={800} fz="lg" c="white" style={{ letterSpacing: '0.02em' }}>
        Falkenhost
      </Text>
    </Group>
  );
}
