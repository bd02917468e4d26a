import { Stack, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { useFetchErrorNotice } from '@/hooks/use-fetch-error-notice';
import { useFormatters } from '@/lib/format';
import { type AdminColumn, AdminTable } from './admin-table';
import { ListStates, type ListStatus } from './list-states';

/** One page of a list paginated on the server, as the staff endpoints answer. */
export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
}

/** The part of a TanStack query a paged list reads. */
interface PagedQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  errorUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

interface Props<Data extends PageInfo, Row> {
  query: PagedQuery<Data>;
  /** the rows of a fetched page */
  rowsOf: (data: Data) => Row[];
  /** renders one row (a Table.Tr) */
  renderRow: (row: Row, data: Data) => ReactNode;
  columns: AdminColumn[];
  /** the table's accessible name */
  label: string;
  minWidth: number;
  loadingLabel: string;
  emptyLabel: string;
  /** prefix of the empty message's test id */
  testId: string;
  /** the name of the pages' navigation landmark */
  pagesLabel: string;
  onPage: (page: number) => void;
  /** more props of the table (test id, style, hover) */
  tableProps?: Omit<TableProps, 'children'> & { 'data-testid'?: string };
}

/**
 * A staff list paginated on the server: the fetchError toast when it fails, a spinner, the failed note
 * with a retry, the empty message, or the table (busy while a page is fetched) and its page switcher.
 */
export function PagedTable<Data extends PageInfo, Row>({
  query,
  rowsOf,
  renderRow,
  columns,
  label,
  minWidth,
  loadingLabel,
  emptyLabel,
  testId,
  pagesLabel,
  onPage,
  tableProps,
}: Props<Data, Row>) {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  useFetchErrorNotice(query.isError ? query.errorUpdatedAt : 0);

  const data = query.data;
  const rows = data ? rowsOf(data) : [];
  let status: ListStatus = 'ready';
  if (query.isPending) status = 'loading';
  else if (!data) status = 'failed';
  else if (rows.length === 0) status = 'empty';

  return (
    <ListStates
      status={status}
      loadingLabel={loadingLabel}
      emptyLabel={emptyLabel}
      testId={testId}
      onRetry={() => void query.refetch()}
    >
      {data && (
        <Stack gap="md">
          <AdminTable
            label={label}
            minWidth={minWidth}
            columns={columns}
            aria-busy={query.isFetching}
            {...tableProps}
          >
            {rows.map((row) => renderRow(row, data))}
          </AdminTable>
          <ListPagination
            total={data.total}
            page={data.page}
            pageSize={data.pageSize}
            onChange={onPage}
            labels={{
              nav: pagesLabel,
              previous: t('pagination.previous'),
              next: t('pagination.next'),
              page: (n) => t('pagination.page', { page: n }),
              summary: t('pagination.summary', {
                from: format.number((data.page - 1) * data.pageSize + 1),
                to: format.number((data.page - 1) * data.pageSize + rows.length),
                total: format.number(data.total),
                pageSize: format.number(data.pageSize),
              }),
            }}
          />
        </Stack>
      )}
    </ListStates>
  );
}
