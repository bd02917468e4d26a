import { Button, Group } from '@mantine/core';
import { SearchInput } from '@/components/admin/search-input';
import { IconPlus } from '@/components/icons';

interface Props {
  searchLabel: string;
  /** what the search matches, under its label */
  searchHint: string;
  search: string;
  onSearch: (value: string) => void;
  /** the add button's text; none when the tab has no add */
  addLabel?: string;
  onAdd?: () => void;
  testId: string;
}

/** The top of a store administration tab: its search field and its add button. */
export function TabToolbar({ searchLabel, searchHint, search, onSearch, addLabel, onAdd, testId }: Props) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <SearchInput
        label={searchLabel}
        description={searchHint}
        value={search}
        onSearch={onSearch}
        style={{ flex: '1 1 240px', maxWidth: 420 }}
        testId={`${testId}-search`}
      />
      {addLabel && onAdd && (
        <Button leftSection={<IconPlus size={16} />} onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      )}
    </Group>
  );
}
