import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';

/** Which of a staff list's states to show. */
export type ListStatus = 'loading' | 'failed' | 'empty' | 'ready';

interface Props {
  status: ListStatus;
  /** the spinner's accessible name */
  loadingLabel: string;
  emptyLabel: string;
  /** prefix of the empty message's test id (`${testId}-empty`) */
  testId: string;
  /** asks the failed queries again */
  onRetry: () => void;
  /** the rows, shown when ready */
  children: ReactNode;
}

/**
 * The states of a staff list: a spinner while loading, a note with a retry where the rows would be when
 * they could not be fetched, the empty message, or the rows.
 */
export function ListStates({ status, loadingLabel, emptyLabel, testId, onRetry, children }: Props) {
  const { t } = useTranslation('admin');
  if (status === 'failed')
    return (
      <ListFailed text={t('errors.listUnavailable')} retryLabel={t('actions.retry')} onRetry={onRetry} />
    );
  if (status === 'loading')
    return (
      <Center py="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  if (status === 'empty')
    return (
      <Text c="dark.0" data-testid={`${testId}-empty`}>
        {emptyLabel}
      </Text>
    );
  return children;
}
