/**
 * The multipart forms of the games and packages calls (product.md "Staff calls"): text fields as strings
 * (flags 'true'/'false', numbers in decimal, id lists as JSON), files as their own parts, only when one was
 * chosen (an edit keeps the stored image otherwise).
 */

/** A number field of a dialog: a number, or '' while empty. */
export type NumberDraft = number | '';

/** The game popup's fields (product.md "Staff screens"). */
export interface GameDraft {
  name: string;
  desktop: boolean;
  console: boolean;
  mobile: boolean;
  active: boolean;
  priority: NumberDraft;
  image: File | null;
  thumbnail: File | null;
  /**
   * staff's egg variable values, env_variable -> value ('' clears one; issue 28): every variable the form
   * shows, as they replace the stored ones; undefined keeps the stored values (add, or the list not loaded)
   */
  variables?: Record<string, string>;
  /** staff's player-count variable per egg id ('' none); an egg left out uses the one found by name */
  slot_variables?: Record<string, string>;
}

/** The package popup's fields (product.md "Staff screens"). */
export interface PackageDraft {
  name: string;
  /** price in credits a month */
  credits: NumberDraft;
  /** game id as the Select holds it, null while none is chosen */
  game: string | null;
  /** username of the target user of a custom package (add only; '' for a public package) */
  target: string;
  /** node ids */
  nodes: number[];
  /** egg ids */
  eggs: number[];
  /** staff chose to offer eggs of other games too (docs/decisions/437) */
  other_eggs: boolean;
  /** staff confirmed that CPU, RAM or storage left empty is unlimited (docs/decisions/436; not sent) */
  confirm_unlimited: boolean;
  thumbnail: File | null;
  /** percent of one core; '' or 0 unlimited */
  vcpu: NumberDraft;
  io: NumberDraft;
  /** '' or 0 unlimited */
  slots: NumberDraft;
  /** GB; '' or 0 unlimited */
  storage: NumberDraft;
  /** MB; '' or 0 unlimited */
  ram: NumberDraft;
  /** MB */
  swap: NumberDraft;
  databases: NumberDraft;
  backups: NumberDraft;
  ports: NumberDraft;
  active: boolean;
}

const text = (value: NumberDraft) => (value === '' ? '' : String(value));

/**
 * POST/PUT games body: name, desktop, console, mobile, active, priority, image/thumbnail files, and the
 * egg variable values as a JSON object when the draft has them.
 */
export function gameFormData(draft: GameDraft, id?: number): FormData {
  const form = new FormData();
  if (id !== undefined) form.append('id', String(id));
  form.append('name', draft.name.trim());
  form.append('desktop', String(draft.desktop));
  form.append('console', String(draft.console));
  form.append('mobile', String(draft.mobile));
  form.append('active', String(draft.active));
  form.append('priority', text(draft.priority));
  if (draft.image) form.append('image', draft.image);
  if (draft.thumbnail) form.append('thumbnail', draft.thumbnail);
  if (draft.variables) {
    const values = Object.entries(draft.variables).map(([key, value]) => [key, value.trim()]);
    form.append('variables', JSON.stringify(Object.fromEntries(values)));
  }
  if (draft.slot_variables) form.append('slot_variables', JSON.stringify(draft.slot_variables));
  return form;
}

/** A package's sizes, in the order the form shows them and the API reads them. */
export const PACKAGE_SIZE_FIELDS = [
  'vcpu',
  'io',
  'slots',
  'storage',
  'ram',
  'swap',
  'databases',
  'backups',
  'ports',
] as const;

/**
 * POST/PUT packages body: name, credits, game, target (add only), nodes and eggs (JSON lists of ids),
 * the resources (an empty vcpu, slots, storage or ram means unlimited), active, and the thumbnail file.
 */
export function packageFormData(draft: PackageDraft, id?: number): FormData {
  const form = new FormData();
  if (id !== undefined) form.append('id', String(id));
  form.append('name', draft.name.trim());
  form.append('credits', text(draft.credits));
  form.append('game', draft.game ?? '');
  if (id === undefined) form.append('target', draft.target.trim());
  form.append('nodes', JSON.stringify(draft.nodes));
  form.append('eggs', JSON.stringify(draft.eggs));
  form.append('other_eggs', String(draft.other_eggs));
  for (const field of PACKAGE_SIZE_FIELDS) form.append(field, text(draft[field]));
  form.append('active', String(draft.active));
  if (draft.thumbnail) form.append('thumbnail', draft.thumbnail);
  return form;
}
