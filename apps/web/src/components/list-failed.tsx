import { Alert, Button, Group, Text } from '@mantine/core';

interface Props {
  text: string;
  retryLabel: string;
  onRetry: () => void;
}

/**
 * What a list shows where its rows would be when it could not be fetched: a short note and a retry
 * button. The failure itself is announced by the toast, so this is a note, not a second alert.
 */
export function ListFailed({ text, retryLabel, onRetry }: Props) {
  return (
    <Alert color="red" variant="light" role="note" data-testid="list-failed">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="outline" color="red" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Group>
    </Alert>
  );
}
