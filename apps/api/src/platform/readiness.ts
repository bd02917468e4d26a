/** GET /api/ready's checks, time-limited, answer shared (docs/decisions/011-health-and-readiness.md). */
import type { ReadinessBody, ReadinessCheck } from '@falkenhost/contracts/operations';
import { sql } from 'kysely';
import type { AppContext } from './context';
import { pendingMigrations } from './db/migrate';

const CHECK_TIMEOUT_MS = 3_000;
const CACHE_MS = 5_000;

class CheckTimeout extends Error {}

/** Runs one check within `ms`; logs why it failed (the answer only says failed or timeout). */
async function check(ctx: AppContext, name: string, ms: number, run: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  try {
    await Promise.race([run(), limit]);
    return 'ok' satisfies ReadinessCheck;
  } catch (error) {
    const state: ReadinessCheck = error instanceof CheckTimeout ? 'timeout' : 'failed';
    ctx.log.warn({ err: error, check: name, state }, 'readiness check failed');
    return state;
  } finally {
    clearTimeout(timer);
  }
}

/** @returns a function answering the current readiness (never throws) */
export function createReadinessCheck(
  ctx: AppContext,
  options: { timeoutMs?: number; cacheMs?: number } = {},
): () => Promise<ReadinessBody> {
  const ms = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? CACHE_MS;
  let cached: { at: number; answer: Promise<ReadinessBody> } | null = null;

  async function run(): Promise<ReadinessBody> {
    const [database, migrations, panel, mollie] = await Promise.all([
      check(ctx, 'database', ms, () => sql`select 1`.execute(ctx.db)),
      check(ctx, 'migrations', ms, async () => {
        const pending = await pendingMigrations(ctx);
        if (pending.length > 0) throw new Error(`migrations not run: ${pending.join(', ')}`);
      }),
      check(ctx, 'panel', ms, () => ctx.panel.listLocations()),
      check(ctx, 'mollie', ms, () =>
        ctx.mollie.payments.list({ limit: 1 }, { timeoutMs: ms, retries: { strategy: 'none' } }),
      ),
    ]);
    const checks = { database, migrations, panel, mollie };
    const ok = Object.values(checks).every((state) => state === 'ok');
    return { status: ok ? 'ok' : 'unavailable', checks };
  }

  return () => {
    // Wall time, not the product's clock: the demo clock jumps by hours.
    const t = performance.now();
    if (!cached || t - cached.at >= cacheMs) cached = { at: t, answer: run() };
    return cached.answer;
  };
}
