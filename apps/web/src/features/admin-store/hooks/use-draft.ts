import { useCallback, useState } from 'react';

/**
 * The draft of a store popup's form: `draft` and `set(field, value)`, which changes one field.
 * @param initial the first draft, or a function making it
 */
export function useDraft<Draft extends object>(initial: Draft | (() => Draft)) {
  const [draft, setDraft] = useState<Draft>(initial);
  const set = useCallback(
    <K extends keyof Draft>(field: K, value: Draft[K]) =>
      setDraft((current) => ({ ...current, [field]: value })),
    [],
  );
  return { draft, set };
}
