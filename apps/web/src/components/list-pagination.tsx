import { Group, Pagination, Text } from '@mantine/core';

export interface ListPaginationLabels {
  /** the navigation landmark's name, e.g. "Pages of the servers list" */
  nav: string;
  previous: string;
  next: string;
  /** the name of one page's button */
  page: (page: number) => string;
  /** the line beside the pages, e.g. "1–50 of 120 (50 per page)" */
  summary: string;
}

interface Props {
  /** rows in the whole list */
  total: number;
  /** 1-based page shown */
  page: number;
  /** rows per page (the server's page size) */
  pageSize: number;
  onChange: (page: number) => void;
  labels: ListPaginationLabels;
}

/**
 * The page switcher of a list paginated on the server (the staff lists): a summary line and Mantine's
 * Pagination with named controls, shown only when there is more than one page.
 */
export function ListPagination({ total, page, pageSize, onChange, labels }: Props) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dark.0" aria-live="polite">
        {labels.summary}
      </Text>
      {pages > 1 && (
        <nav aria-label={labels.nav}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            siblings={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? labels.previous : labels.next,
            })}
            getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
          />
        </nav>
      )}
    </Group>
  );
}
