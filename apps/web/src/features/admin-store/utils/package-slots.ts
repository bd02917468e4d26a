/**
 * What the package popup says about its slots (issue 42 point 6): the chosen eggs whose servers will not
 * hold the slots (no player-count variable, or staff chose none on the game) and those whose variable
 * refuses the count, as the server checks it on save (400 slotsRefused).
 */
import type { AdminPackagesAdditionalData } from '@falkenhost/contracts/admin';
import { checkEggVariable } from '@falkenhost/contracts/egg-variables';

export interface SlotsNote {
  /** names of the chosen eggs whose servers are not held to the slots */
  unenforced: string[];
  /** the chosen eggs whose player-count variable refuses the slots, with its largest allowed count */
  refused: Array<{ egg: string; variable: string }>;
}

/**
 * @param slots the form's slots ('' or 0 unlimited: nothing to say)
 * @param gameId the chosen game as the Select holds it, null while none is chosen
 * @returns null when there is nothing to say
 */
export function packageSlotsNote(
  choices: AdminPackagesAdditionalData,
  gameId: string | null,
  eggIds: readonly number[],
  slots: number | string,
): SlotsNote | null {
  const count = Number(slots);
  if (gameId === null || !Number.isInteger(count) || count <= 0) return null;
  const variables = choices.slot_variables?.[gameId] ?? {};
  const names = new Map(choices.nests.flatMap((nest) => nest.eggs.map((egg) => [egg.id, egg.name] as const)));
  const note: SlotsNote = { unenforced: [], refused: [] };
  for (const eggId of eggIds) {
    const egg = names.get(eggId) ?? String(eggId);
    const variable = variables[String(eggId)];
    if (!variable) note.unenforced.push(egg);
    else if (checkEggVariable(variable.rules, String(count)))
      note.refused.push({ egg, variable: variable.env_variable });
  }
  return note.unenforced.length + note.refused.length > 0 ? note : null;
}
