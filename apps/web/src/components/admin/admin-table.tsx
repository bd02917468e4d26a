import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column header of a staff table. */
export interface AdminColumn {
  label: string;
  /** numbers and the actions column sit on the right */
  align?: 'right';
}

interface Props extends Omit<TableProps, 'children'> {
  /** the table's accessible name */
  label: string;
  /** below this width the table scrolls sideways */
  minWidth: number;
  columns: AdminColumn[];
  /** the body rows (Table.Tr) */
  children: ReactNode;
}

/** A striped, scrollable staff table with its header row; `props` go to Mantine's Table. */
export function AdminTable({ label, minWidth, columns, children, ...props }: Props) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} {...props}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
