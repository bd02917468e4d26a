import type { ReactNode } from 'react';
import { ListStates, type ListStatus } from '@/components/admin/list-states';
import { useFetchErrorNotice } from '@/hooks/use-fetch-error-notice';

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
 * toast, product.md "Error catalogue", and a retry where the rows would be), the empty message, or the rows.
 */
export function ListState({ queries, count, loadingLabel, emptyLabel, testId, children }: Props) {
  useFetchErrorNotice(Math.max(0, ...queries.map((query) => (query.isError ? query.errorUpdatedAt : 0))));

  let status: ListStatus = 'ready';
  if (queries.some((query) => query.isError)) status = 'failed';
  else if (queries.some((query) => query.isPending)) status = 'loading';
  else if (count === 0) status = 'empty';
  return (
    <ListStates
      status={status}
      loadingLabel={loadingLabel}
      emptyLabel={emptyLabel}
      testId={testId}
      onRetry={() => {
        for (const query of queries) if (query.isError) void query.refetch();
      }}
    >
      {children}
    </ListStates>
  );
}
