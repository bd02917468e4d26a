import { RingProgress, Stack, Text } from '@mantine/core';

interface Props {
  kind: 'cpu' | 'memory' | 'disk';
  label: string;
  /** 0-100, null while no stats have arrived */
  percent: number | null;
  /** text in the ring; defaults to the percent */
  display?: string;
}

const COLOR = { cpu: 'falken.4', memory: 'cyan.5', disk: 'grape.5' } as const;

/** A circular usage gauge; `data-value` carries the numeric percent for tests. */
export function Gauge({ kind, label, percent, display }: Props) {
  const value = percent ?? 0;
  const color = value >= 90 ? 'red.6' : value >= 75 ? 'yellow.5' : COLOR[kind];
  const text = percent === null ? '–' : (display ?? `${Math.round(value)} %`);
  return (
    <Stack
      gap={2}
      align="center"
      data-testid={`gauge-${kind}`}
      data-value={percent === null ? '' : value.toFixed(1)}
    >
      <RingProgress
        size={92}
        thickness={9}
        roundCaps
        sections={[{ value, color }]}
        rootColor="dark.5"
        label={
          <Text ta="center" fw={700} size="sm">
            {text}
          </Text>
        }
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        aria-valuetext={text}
      />
      <Text size="xs" c="dark.0" fw={600} tt="uppercase">
        {label}
      </Text>
    </Stack>
  );
}
