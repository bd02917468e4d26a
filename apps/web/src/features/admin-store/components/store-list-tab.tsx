import { Stack, Table } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '@/components/admin/admin-table';
import { type DeleteRow, type StoreSection, useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { filterRows } from '../utils/format';
import { ListState } from './list-state';
import { RowActions } from './row-actions';
import { TabToolbar } from './tab-toolbar';

interface Props<Row extends { id: number }> {
  /** the i18n section of the tab's texts (search, add, loading, empty, table) and its test id prefix */
  section: StoreSection;
  /** the queries the tab needs (its rows, the popup's choices) */
  queries: Parameters<typeof ListState>[0]['queries'];
  /** all rows, before the search */
  data: readonly Row[] | undefined;
  /** the texts a search matches, ignoring case */
  searchFields: (row: Row) => string[];
  /** opens the add popup */
  onAdd: () => void;
  /** below this width the table scrolls sideways */
  minWidth: number;
  /** the columns before the actions column */
  columns: AdminColumn[];
  /** the test id of each row */
  rowTestId: string;
  /** a row's cells before its actions (Table.Td) */
  cells: (row: Row) => ReactNode;
  /** a row's name for the buttons, its edit (none: no edit button) and why it cannot be deleted */
  rowActions: (row: Row) => { name: string; onEdit?: () => void; deleteBlocked?: string };
  /** how a row is deleted, asked first */
  deleteRow: DeleteRow<Row>;
  /** the add or edit popup, when open */
  children?: ReactNode;
}

/**
 * A store administration tab: the search field and the add button, the list's states (loading, failed,
 * empty), the table of the rows matching the search with each row's edit and delete (asked first), and
 * the tab's popup.
 */
export function StoreListTab<Row extends { id: number }>({
  section,
  queries,
  data,
  searchFields,
  onAdd,
  minWidth,
  columns,
  rowTestId,
  cells,
  rowActions,
  deleteRow,
  children,
}: Props<Row>) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const askDelete = useConfirmedDelete(section, deleteRow);
  const rows = filterRows(data ?? [], search, searchFields);

  return (
    <Stack gap="md">
      <TabToolbar
        searchLabel={t(`${section}.search`)}
        searchHint={t(`${section}.searchHint`)}
        search={search}
        onSearch={setSearch}
        addLabel={t(`${section}.add`)}
        onAdd={onAdd}
        testId={section}
      />
      <ListState
        queries={queries}
        count={rows.length}
        loadingLabel={t(`${section}.loading`)}
        emptyLabel={t(`${section}.empty`)}
        testId={section}
      >
        <AdminTable
          label={t(`${section}.table`)}
          minWidth={minWidth}
          columns={[...columns, { label: t('columns.actions'), align: 'right' }]}
        >
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={rowTestId}>
              {cells(row)}
              <Table.Td>
                <RowActions {...rowActions(row)} onDelete={() => askDelete(row)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </AdminTable>
      </ListState>
      {children}
    </Stack>
  );
}
