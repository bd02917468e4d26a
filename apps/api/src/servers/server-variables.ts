/**
 * A customer's egg variable values of their own server (issue 28 point 3): shown in server details and
 * changed there; the egg's rules that check them live in panel/egg-variables.ts.
 */
import type { EggVariableValue, Variables } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import { isStateConflict } from '@falkenhost/pterodactyl/errors';
import { checkCustomerValues, customerFields, gameVariables, parseVariables } from '../panel/egg-variables';
import { panelEgg } from '../panel/nests';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { loadOwnedServer } from './owned-server';

/**
 * A customer's values of their server's egg variables, for server details: the variables the egg needs
 * from the customer (as the order asked), each with its current value.
 * @throws AppError 404 when the server is not the user's
 */
export async function serverVariables(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
): Promise<EggVariableValue[]> {
  const { server, pkg } = await loadOwnedServer(ctx, userId, userPackageId);
  const egg = await panelEgg(ctx, server.egg_id);
  if (!egg) return [];
  const values = parseVariables(server.variables);
  return customerFields(egg, await gameVariables(ctx, pkg.game_id)).map((f) => ({
    ...f,
    value: values[f.env_variable] ?? '',
  }));
}

/**
 * Changes a customer's egg variable values of a server: checked by the egg's rules, set on the panel
 * (PUT startup/variable; the server uses them at its next start), then kept with the server.
 * @returns the variables with their new values
 * @throws AppError 404 (not the user's), 400 variable (refused by the egg's rules or not the customer's
 *   to set), 409 server-state (not running on the panel: suspended, installing), 502 panel
 */
export async function updateServerVariables(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
  given: Variables,
): Promise<EggVariableValue[]> {
  const { server, pkg } = await loadOwnedServer(ctx, userId, userPackageId);
  if (server.status !== 'paid' || !server.ptero_identifier) throw new AppError(409, REASONS.serverState);
  const egg = await panelEgg(ctx, server.egg_id);
  if (!egg) throw new AppError(502, REASONS.panel);
  const fields = customerFields(egg, await gameVariables(ctx, pkg.game_id));
  const changes = checkCustomerValues(fields, given);
  const values = parseVariables(server.variables);
  for (const [key, value] of Object.entries(changes)) {
    if (values[key] === value) continue;
    try {
      await ctx.pterodactyl.updateStartupVariable(server.ptero_identifier, key, value);
    } catch (error) {
      if (isStateConflict(error)) throw new AppError(409, REASONS.serverState);
      throw new AppError(502, REASONS.panel, error instanceof Error ? error.message : undefined);
    }
    values[key] = value;
  }
  await ctx.db
    .updateTable('user_packages')
    .set({ variables: JSON.stringify(values) })
    .where('id', '=', server.id)
    .execute();
  return fields.map((f) => ({ ...f, value: values[f.env_variable] ?? '' }));
}
