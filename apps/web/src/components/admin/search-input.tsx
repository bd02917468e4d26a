import { TextInput, type TextInputProps } from '@mantine/core';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onSearch: (value: string) => void;
  testId: string;
}

/** A staff list's search field (type search), reporting the text as it is typed. */
export function SearchInput({ value, onSearch, testId, ...props }: Props) {
  return (
    <TextInput
      type="search"
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      data-testid={testId}
      {...props}
    />
  );
}
