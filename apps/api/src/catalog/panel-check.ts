/** `npm run check:panel`: can each game be sold on the configured panel? Read-only (docs/operations.md). */
import {
  checkEggVariable,
  rulesText,
  uncheckedRules,
  valueSource,
} from '@falkenhost/contracts/egg-variables';
import { parseVariables } from '../panel/egg-variables';
import { type PanelEgg, type PanelReader, panelEgg } from '../panel/nests';
import { isNotFound } from '../panel/port';
import { parseSlotVariables, slotVariableOf } from '../panel/slot-variables';
import type { AppContext } from '../platform/context';

export interface GameCheck {
  game: string;
  active: boolean;
  /** true when every active package of the game can be provisioned */
  sellable: boolean;
  /** what stops a sale, one line each */
  problems: string[];
  /** what works but an operator should know (values asked from customers, rules left to the panel) */
  notes: string[];
}

export interface PanelCheck {
  /** problems with the keys themselves; empty when both work */
  keys: string[];
  /** what the panel as a whole lacks: a kind other than PANEL_KIND's, nodes in no location */
  panel: string[];
  games: GameCheck[];
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs every check with GET requests only; an unreachable panel is a line in `keys`, never a throw. */
export async function checkPanel(ctx: PanelReader & Pick<AppContext, 'db'>): Promise<PanelCheck> {
  const keys: string[] = [];
  const nodes = await ctx.panel.listNodes().catch((error) => {
    keys.push(`application key: cannot read nodes (${describe(error)})`);
    return null;
  });
  try {
    const account = await ctx.panel.getAccount();
    if (!account.admin)
      keys.push(
        `client key: its owner ${account.username} is not a root administrator, so it cannot reach customers' servers`,
      );
  } catch (error) {
    keys.push(`client key: cannot read its account (${describe(error)})`);
  }
  if (!nodes) return { keys, panel: [], games: [] };
  const { problems: panel, otherKind } = await panelProblems(ctx, nodes);
  // Read in the other panel's terms, no game can be judged.
  if (otherKind) return { keys, panel, games: [] };

  const games = await ctx.db
    .selectFrom('games')
    .select(['id', 'name', 'active', 'variables', 'slot_variables'])
    .where('deleted_at', 'is', null)
    .orderBy('priority')
    .orderBy('name')
    .execute();
  const report: GameCheck[] = [];
  for (const game of games) {
    const problems: string[] = [];
    const notes = new Set<string>();
    const values = parseVariables(game.variables);
    const packages = await ctx.db
      .selectFrom('packages')
      .select(['id', 'name', 'slots'])
      .where('game_id', '=', game.id)
      .where('active', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    if (packages.length === 0) problems.push('no active package');
    for (const pkg of packages) {
      const nodeIds = (
        await ctx.db.selectFrom('package_nodes').select('node_id').where('package_id', '=', pkg.id).execute()
      ).map((r) => r.node_id);
      const usable = nodes.filter((n) => nodeIds.includes(n.id) && !n.maintenance_mode);
      if (usable.length === 0)
        problems.push(`${pkg.name}: none of its nodes exists on the panel outside maintenance`);
      const eggIds = (
        await ctx.db.selectFrom('package_eggs').select('egg_id').where('package_id', '=', pkg.id).execute()
      ).map((r) => r.egg_id);
      for (const eggId of eggIds) {
        const egg = await panelEgg(ctx, eggId);
        if (!egg) {
          problems.push(`${pkg.name}: egg ${eggId} does not exist on the panel`);
          continue;
        }
        checkSlots(pkg, egg, slotVariableOf(egg, parseSlotVariables(game.slot_variables)), problems, notes);
        for (const variable of egg.variables) {
          const source = valueSource(variable, values);
          if (source === 'missing')
            problems.push(
              `${egg.name}: ${variable.env_variable} (${rulesText(variable.rules)}) needs a value and customers may not set it: set it on the game`,
            );
          if (source === 'customer')
            notes.add(
              `${egg.name}: customers give ${variable.env_variable} (${rulesText(variable.rules)}) in the order`,
            );
          const unchecked = uncheckedRules(variable.rules);
          if (unchecked.length > 0)
            notes.add(
              `${egg.name}: ${variable.env_variable} rule ${unchecked.join(', ')} is checked by the panel only (a refused value is refunded)`,
            );
        }
      }
    }
    report.push({
      game: game.name,
      active: game.active === 1,
      sellable: problems.length === 0,
      problems: [...new Set(problems)],
      notes: [...notes],
    });
  }
  return { keys, panel, games: report };
}

/**
 * The panel's locations and nests can be read (a 404 means a panel of the other kind than PANEL_KIND:
 * Pelican has no locations or nests, Pterodactyl no egg list: `otherKind`), and every node is in a
 * location (on Pelican: has a tag), else no package can be placed on it.
 */
async function panelProblems(
  ctx: PanelReader,
  nodes: Array<{ name: string; location_id: number }>,
): Promise<{ problems: string[]; otherKind: boolean }> {
  const problems: string[] = [];
  let otherKind = false;
  const read = async <T>(what: string, call: () => Promise<T>): Promise<T | null> =>
    call().catch((error) => {
      otherKind ||= isNotFound(error);
      problems.push(
        isNotFound(error)
          ? `the panel answers 404 for its ${what}: it is not the kind PANEL_KIND names (pterodactyl or pelican)`
          : `cannot read the panel's ${what} (${describe(error)})`,
      );
      return null;
    });
  const locations = await read('locations', () => ctx.panel.listLocations());
  await read('nests and eggs', () => ctx.panel.listNests());
  if (locations) {
    const known = new Set(locations.map((l) => l.id));
    for (const node of nodes)
      if (!known.has(node.location_id))
        problems.push(
          `node ${node.name} is in no location (on Pelican: it has no tag), so no package can use it`,
        );
  }
  return { problems, otherKind };
}

/** A package's slots against the egg's player-count variable: refused (a problem) or not enforced (a note). */
function checkSlots(
  pkg: { name: string; slots: number },
  egg: PanelEgg,
  variable: string | null,
  problems: string[],
  notes: Set<string>,
): void {
  if (pkg.slots <= 0) return;
  const rules = egg.variables.find((v) => v.env_variable === variable)?.rules;
  if (!variable || rules === undefined) {
    notes.add(`${egg.name}: no player-count variable, so ${pkg.name}'s ${pkg.slots} slots are not enforced`);
    return;
  }
  if (checkEggVariable(rules, String(pkg.slots)))
    problems.push(`${pkg.name}: ${egg.name}'s ${variable} (${rulesText(rules)}) refuses ${pkg.slots} slots`);
}

/** The report as text for a terminal, one block per game. */
export function formatPanelCheck(check: PanelCheck): string {
  const lines: string[] = [];
  lines.push(check.keys.length === 0 ? 'keys: both work' : 'keys:');
  for (const k of check.keys) lines.push(`  ! ${k}`);
  if (check.panel.length > 0) lines.push('panel:');
  for (const p of check.panel) lines.push(`  ! ${p}`);
  for (const g of check.games) {
    lines.push(`${g.sellable ? 'OK     ' : 'CANNOT '} ${g.game}${g.active ? '' : ' (not published)'}`);
    for (const p of g.problems) lines.push(`    ! ${p}`);
    for (const n of g.notes) lines.push(`    - ${n}`);
  }
  return lines.join('\n');
}
