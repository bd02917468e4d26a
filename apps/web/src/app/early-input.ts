/**
 * What a visitor types (or a password manager fills in) in the server's HTML before React has taken the
 * page over: React hydrates the form with its own empty state and would drop it. Recorded from the first
 * input on, and handed to React as fresh input once hydration has been committed.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const valueSetter = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set,
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set,
};

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

/**
 * Starts recording the fields' input under `root`, from what differs from the server's HTML already (typed
 * before this script ran) on.
 * @returns the function to call once hydration has been committed: it stops recording and gives React
 * each recorded value its state lacks, as an input event (or a click for a checkbox)
 */
export function keepEarlyInput(root: HTMLElement): () => void {
  const typed = new Map<Field, string | boolean>();
  const keep = (field: EventTarget | null) => {
    if (!isField(field)) return;
    typed.set(field, isToggle(field) ? field.checked : field.value);
  };
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    const changed =
      field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : isToggle(field)
          ? field.checked !== field.defaultChecked
          : field.type !== 'hidden' && field.value !== field.defaultValue;
    if (changed) keep(field);
  }
  // The replay's own input events must not be recorded again: handOver would take them for new input.
  let replaying = false;
  const record = (event: Event) => {
    if (!replaying) keep(event.target);
  };
  root.addEventListener('input', record, true);
  root.addEventListener('change', record, true);
  const replay = (field: Field, value: string | boolean) => {
    if (typeof value === 'boolean') {
      if ((field as HTMLInputElement).checked !== value) field.click();
      return;
    }
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    // React sees a change when the value differs from its value tracker's: the element's own setter (React's,
    // once hydrated) tells the tracker '', then the prototype's setter puts the value back behind its back.
    field.value = '';
    const setter = field instanceof HTMLTextAreaElement ? valueSetter.textarea : valueSetter.input;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
  // A field inside a Suspense boundary is hydrated after the root's commit, each boundary on its own:
  // React has taken a field over once it carries React's props on the element.
  const hydrated = (field: Element) => Object.keys(field).some((key) => key.startsWith('__reactProps$'));
  // Clicks on buttons and submits made before React's listeners existed: the start script kept them
  // (apps/api/src/site/template.ts) and held the submits back, until reactTakesOver.
  const actions = new Set<HTMLButtonElement | HTMLFormElement>();
  const act = () => {
    for (const target of [...actions]) {
      if (!target.isConnected) actions.delete(target);
      else if (hydrated(target)) {
        actions.delete(target);
        if (target instanceof HTMLFormElement) target.requestSubmit();
        else target.click();
      }
    }
  };
  let tries = 0;
  const handOver = () => {
    if (tries === 0) {
      const early = earlyActions();
      for (const target of [...early.clicks, ...early.submits]) actions.add(target);
      early.clicks = [];
      early.submits = [];
    }
    // A copy: a Map's iteration also visits entries set while it runs.
    for (const [field, value] of [...typed]) {
      if (!field.isConnected) typed.delete(field);
      else if (hydrated(field)) {
        typed.delete(field);
        replaying = true;
        try {
          replay(field, value);
        } finally {
          replaying = false;
        }
      }
    }
    // The values reach React's state first; a kept click or submit acts on them a moment later.
    if (typed.size === 0) setTimeout(act, 50);
    tries += 1;
    if ((typed.size > 0 || actions.size > 0) && tries < 600) {
      setTimeout(handOver, 50);
      return;
    }
    root.removeEventListener('input', record, true);
    root.removeEventListener('change', record, true);
  };
  return handOver;
}

/** What the start script keeps (apps/api/src/site/template.ts): the buttons clicked and the forms submitted. */
interface EarlyActions {
  clicks: HTMLButtonElement[];
  submits: HTMLFormElement[];
  /** set once React listens: from then on React itself takes every click and submit */
  react: boolean;
}

function earlyActions(): EarlyActions {
  const w = window as { __fhEarly?: EarlyActions };
  w.__fhEarly ??= { clicks: [], submits: [], react: false };
  return w.__fhEarly;
}

/**
 * Tells the start script that React is about to listen (call right before `hydrateRoot`): from then on a
 * click or submit goes to React, which hydrates the part clicked at once to handle it, so the script stops
 * keeping them (keeping both would act twice).
 */
export function reactTakesOver(): void {
  earlyActions().react = true;
}
