/**
 * Egg variables in the customer's language (issue 44 part 4, docs/decisions/438-egg-variable-texts.md):
 * staff write, per game, a variable's label and help in each language, as they name locations
 * (docs/decisions/242); customers read those, else a readable form of the panel's name, never its env name.
 */
import type { Language } from '@falkenhost/contracts/constants';
import {
  type EggVariableField,
  readableVariableName,
  type VariableTexts,
  type VariableTextsBody,
} from '@falkenhost/contracts/egg-variables';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../platform/audit';
import type { AppContext } from '../platform/context';
import type { Database } from '../platform/db/schema';
import { findLive, type StaffChange } from './admin/admin-rows';

type Db = Kysely<Database> | Transaction<Database>;

/** A game's variable texts: env_variable -> language -> label and help (only languages staff wrote). */
export async function gameVariableTexts(db: Db, gameId: number): Promise<Map<string, VariableTexts>> {
  const rows = await db
    .selectFrom('egg_variable_texts')
    .select(['env_variable', 'language', 'label', 'help'])
    .where('game_id', '=', gameId)
    .orderBy('env_variable')
    .orderBy('language')
    .execute();
  const out = new Map<string, VariableTexts>();
  for (const row of rows) {
    const texts = out.get(row.env_variable) ?? {};
    texts[row.language as Language] = { label: row.label, help: row.help };
    out.set(row.env_variable, texts);
  }
  return out;
}

/** `list` (staff's game variables) each with its texts by language. */
export async function withVariableTexts<T extends { env_variable: string }>(
  ctx: AppContext,
  gameId: number,
  list: T[],
): Promise<Array<T & { texts: VariableTexts }>> {
  const texts = await gameVariableTexts(ctx.db, gameId);
  return list.map((v) => ({ ...v, texts: texts.get(v.env_variable) ?? {} }));
}

/**
 * The fields a customer fills in, in `language`: the label staff wrote in that language, else in English,
 * else the panel's name made readable (readableVariableName); the help staff wrote in that language, else
 * the panel's description in English only (it is English text: elsewhere the field's translated hint says
 * enough, docs/decisions/438). Checks and messages name the field by this label.
 */
export async function fieldsInLanguage<T extends EggVariableField>(
  ctx: AppContext,
  gameId: number,
  language: Language,
  fields: T[],
): Promise<T[]> {
  if (fields.length === 0) return fields;
  const texts = await gameVariableTexts(ctx.db, gameId);
  return fields.map((f) => {
    const own = texts.get(f.env_variable) ?? {};
    const name = own[language]?.label || own.en?.label || readableVariableName(f.name, f.env_variable);
    const description = own[language]?.help || (language === 'en' ? f.description : '');
    return { ...f, name, description };
  });
}

/**
 * Sets one egg variable's texts for a game (PUT store/variable-texts), replacing the ones it had; a language
 * with both texts empty is dropped. One audit entry (entity game) with the texts before and after.
 * @returns the texts now stored
 * @throws AppError 404 not-found when the game does not exist (or is deleted)
 */
export async function setVariableTexts(
  ctx: AppContext,
  change: StaffChange,
  body: VariableTextsBody,
): Promise<VariableTexts> {
  await findLive(ctx.db, 'games', body.game);
  const rows = Object.entries(body.texts)
    .filter(([, text]) => text && (text.label !== '' || text.help !== ''))
    .map(([language, text]) => ({
      game_id: body.game,
      env_variable: body.env_variable,
      language,
      label: text?.label ?? '',
      help: text?.help ?? '',
    }));
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await gameVariableTexts(trx, body.game)).get(body.env_variable) ?? {};
    await trx
      .deleteFrom('egg_variable_texts')
      .where('game_id', '=', body.game)
      .where('env_variable', '=', body.env_variable)
      .execute();
    if (rows.length > 0) await trx.insertInto('egg_variable_texts').values(rows).execute();
    const after = (await gameVariableTexts(trx, body.game)).get(body.env_variable) ?? {};
    await recordAudit(trx, {
      ...change,
      action: 'update',
      entity: 'game',
      entityId: body.game,
      before: { variable: body.env_variable, texts: before },
      after: { variable: body.env_variable, texts: after },
    });
  });
  return (await gameVariableTexts(ctx.db, body.game)).get(body.env_variable) ?? {};
}
