/** The audit log of staff changes, written in the changing transaction (docs/decisions/084-audit-log.md). */
import {
  ADMIN_PAGE_SIZE,
  type AuditAction,
  type AuditEntity,
  type AuditLogAnswer,
} from '@falkenhost/contracts/admin';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number;
  /** null for a create; JSON-serialisable */
  before: object | null;
  /** the record after the change (null for a delete) */
  after: object | null;
  at: number;
}

/** Writes one entry; call inside the transaction that makes the change. */
export async function recordAudit(
  db: Transaction<Database> | Kysely<Database>,
  record: AuditRecord,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actorId,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId,
      before: record.before === null ? null : JSON.stringify(record.before),
      after: record.after === null ? null : JSON.stringify(record.after),
      created_at: record.at,
    })
    .execute();
}

/** The name a recorded record carries (a removed discount is gone from its table): name, code or username. */
function recordName(record: Record<string, unknown> | null): string | null {
  for (const field of ['name', 'code', 'username'])
    if (typeof record?.[field] === 'string' && record[field] !== '') return record[field] as string;
  return null;
}

/**
 * A page of the log, newest first, each entry with the name of its record as it is now (username, game,
 * package or add-on name, discount code, server name), or as the entry recorded it when the row is gone.
 * @param filter actor: a staff username (exact, case-insensitive); entity: a kind of record
 */
export async function listAudit(
  db: Kysely<Database>,
  filter: { actor: string; entity?: AuditEntity | undefined; page: number },
): Promise<AuditLogAnswer> {
  const pageSize = ADMIN_PAGE_SIZE;
  // First the page's ids from the log alone (the actor by its name's index, then `audit_log_actor`), then
  // the names for those rows only. Joining before the offset made the
  // last page of 100 000 entries join them all (docs/performance.md "Staff lists").
  let matching = db.selectFrom('audit_log as a');
  if (filter.actor !== '') {
    const actor = filter.actor.toLowerCase();
    const found = await db
      .selectFrom('users')
      .select('id')
      .where((u) => u(u.fn('lower', ['username']), '=', actor))
      .executeTakeFirst();
    if (!found) return { entries: [], total: 0, page: filter.page, pageSize };
    matching = matching.where('a.actor_id', '=', found.id);
  }
  if (filter.entity) matching = matching.where('a.entity', '=', filter.entity);
  const [page, count] = await Promise.all([
    matching
      .select('a.id')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  const ids = page.map((p) => p.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('audit_log as a')
          .innerJoin('users as u', 'u.id', 'a.actor_id')
          // The record's name in the same query: one left join per kind, each only for entries of that kind.
          .leftJoin('users as eu', (j) => j.onRef('eu.id', '=', 'a.entity_id').on('a.entity', '=', 'user'))
          .leftJoin('games as eg', (j) => j.onRef('eg.id', '=', 'a.entity_id').on('a.entity', '=', 'game'))
          .leftJoin('packages as ep', (j) =>
            j.onRef('ep.id', '=', 'a.entity_id').on('a.entity', '=', 'package'),
          )
          .leftJoin('addons as ea', (j) => j.onRef('ea.id', '=', 'a.entity_id').on('a.entity', '=', 'addon'))
          .leftJoin('discounts as ed', (j) =>
            j.onRef('ed.id', '=', 'a.entity_id').on('a.entity', '=', 'discount'),
          )
          .leftJoin('user_packages as es', (j) =>
            j.onRef('es.id', '=', 'a.entity_id').on('a.entity', '=', 'server'),
          )
          .select((eb) =>
            eb.fn
              .coalesce('eu.username', 'eg.name', 'ep.name', eb.fn.coalesce('ea.name', 'ed.code', 'es.name'))
              .as('entity_name'),
          )
          .select([
            'a.id',
            'a.actor_id',
            'u.username',
            'a.action',
            'a.entity',
            'a.entity_id',
            'a.before',
            'a.after',
            'a.created_at',
          ])
          .where('a.id', 'in', ids)
          .orderBy('a.id', 'desc')
          .execute();
  return {
    entries: rows.map((r) => {
      const before = r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>);
      const after = r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>);
      return {
        id: r.id,
        at: new Date(Number(r.created_at)).toISOString(),
        actor_id: r.actor_id,
        actor_username: r.username,
        action: r.action as AuditAction,
        entity: r.entity as AuditEntity,
        entity_id: r.entity_id,
        entity_name: r.entity_name ?? recordName(after) ?? recordName(before),
        before,
        after,
      };
    }),
    total,
    page: filter.page,
    pageSize,
  };
}

/**
 * Writes an entry of the product itself under the first master account, `after.source` naming the part
 * that acted (docs/decisions/152-panel-reconciler.md).
 * @returns false when there was no master to record it under
 */
export async function recordSystemAudit(
  db: Transaction<Database> | Kysely<Database>,
  record: Omit<AuditRecord, 'actorId' | 'after'> & { source: string; after: object | null },
): Promise<boolean> {
  const master = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'master')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!master) return false;
  await recordAudit(db, {
    ...record,
    actorId: master.id,
    after: { source: record.source, ...(record.after ?? {}) },
  });
  return true;
}
