import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useState } from 'react';

/** Debounce of a search field before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search text and page of a list paginated on the server: `debounced` is what to ask the server
 * for (trimmed when `trim`); a new search goes back to page 1, as should any other filter change.
 */
export function usePagedSearch({ trim = false }: { trim?: boolean } = {}) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(trim ? search.trim() : search, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPage(1);
  }, []);
  return { search, setSearch, debounced, page, setPage };
}
