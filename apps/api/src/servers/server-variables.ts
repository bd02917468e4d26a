/** A customer's own server's egg variable values (docs/decisions/171-egg-variables-who-gives-a-value.md). */
import type { Language } from '@falkenhost/contracts/constants';
import type { EggVariableValue, Variables } from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import { fieldsInLanguage } from '../catalog/variable-texts';
import { checkCustomerValues, customerFields, packageValues, parseVariables } from '../panel/egg-variables';
import { panelEgg } from '../panel/nests';
import { isStateConflict } from '../panel/port';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';
import { loadOwnedServer } from './owned-server';

/**
 * The server's egg variables the customer gives, each with its current value, labelled in `language`
 * (catalog/variable-texts.ts). @throws AppError 404
 */
export async function serverVariables(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
  language: Language,
): Promise<EggVariableValue[]> {
  const { server, pkg } = await loadOwnedServer(ctx, userId, userPackageId);
  const egg = await panelEgg(ctx, server.egg_id);
  if (!egg) return [];
  const values = parseVariables(server.variables);
  const fields = customerFields(egg, await packageValues(ctx, pkg, egg));
  return (await fieldsInLanguage(ctx, pkg.game_id, language, fields)).map((f) => ({
    ...f,
    value: values[f.env_variable] ?? '',
  }));
}

/**
 * Changes a server's egg variable values: checked by the egg's rules, set on the panel (used at the next
 * start), then kept with the server. Answers the variables with their new values.
 * @throws AppError 404, 400 variable, 409 server-state (not running on the panel), 502 panel
 */
export async function updateServerVariables(
  ctx: AppContext,
  userId: number,
  userPackageId: number,
  given: Variables,
  language: Language,
): Promise<EggVariableValue[]> {
  const { server, pkg } = await loadOwnedServer(ctx, userId, userPackageId);
  if (server.status !== 'paid' || !server.ptero_identifier) throw new AppError(409, REASONS.serverState);
  const egg = await panelEgg(ctx, server.egg_id);
  if (!egg) throw new AppError(502, REASONS.panel);
  const fields = customerFields(egg, await packageValues(ctx, pkg, egg));
  const changes = checkCustomerValues(fields, given);
  const values = parseVariables(server.variables);
  for (const [key, value] of Object.entries(changes)) {
    if (values[key] === value) continue;
    try {
      await ctx.panel.updateStartupVariable(server.ptero_identifier, key, value);
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
  const labelled = await fieldsInLanguage(ctx, pkg.game_id, language, fields);
  return labelled.map((f) => ({ ...f, value: values[f.env_variable] ?? '' }));
}
