import { Checkbox, type CheckboxProps } from '@mantine/core';

interface Props extends Omit<CheckboxProps, 'checked' | 'onChange'> {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A store popup's "active" tick box, reporting whether it is ticked. */
export function ActiveCheckbox({ checked, onChange, ...props }: Props) {
  return (
    <Checkbox checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} {...props} />
  );
}
