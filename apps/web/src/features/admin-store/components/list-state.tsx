import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFailed } from '@/components/list-failed';
import { useFailureNotice, useNotice } from '@/hooks/use-notice';

/** The part of a TanStack query a list reads. */
interface QueryState {
  isPending: boolean;
  isError: boolean;
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

interface Props {
  /** the queries the list needs (its rows, the popup's choices) */
  queries: QueryState[];
  /** rows to show after the search */
  count: number;
  loadingLabel: string;
  emptyLabel: string;
  testId: string;
  children: ReactNode;
}

/**
 * A store administration list's states: a spinner while loading, the fetch error (the common fetchError
 * toast, spec 8, and a retry where the rows would be), the empty message, or the rows.
 */
export function ListState({ queries, count, loadingLabel, emptyLabel, testId, children }: Props) {
  const { t } = useTranslation('admin');
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const failedAt = Math.max(0, ...queries.map((query) => (query.isError ? query.errorUpdatedAt : 0)));
  useFailureNotice(failedAt, () => notice('error', 'errors.fetchError'));

  if (queries.some((query) => query.isError))
    return (
      <ListFailed
        text={t('errors.listUnavailable')}
        retryLabel={t('actions.retry')}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch();
        }}
      />
    );
  if (queries.some((query) => query.isPending))
    return (
      <Center py="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  if (count === 0)
    return (
      <Text c="dark.0" data-testid={`${testId}-empty`}>
        {emptyLabel}
      </Text>
    );
  return children;
}
