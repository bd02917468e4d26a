/**
 * Killed at every step (issue 28 point 7): an order by credits, an add-on purchase and a cancel each run
 * in a child process that reaches the panel emulator (in this process: the panel outlives the crash, as a
 * real one does) through a proxy. The proxy counts the action's panel calls and, run after run, holds
 * the 1st, 2nd ... call; the child is killed with SIGKILL while it is held, and the call is then either
 * made (the panel did it, the product never heard) or dropped (the product died just before it). Then the
 * product "starts again": interrupted orders are recovered, interrupted changes reconciled, the panel
 * queue run and the panel reconciler run. Every time: no paid server without its panel server, no panel
 * server owned by another customer, every build what was paid, no money kept without a server. Last, the
 * panel itself loses what it did (a restore of its state from before the action) and the reconciler
 * brings it back in line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  type Server as HttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../src/app/seed/demo';
import { ensureMasterAccount } from '../../src/app/seed/master';
import {
  orderPackageByCredits,
  PROVISIONING_STALE_MS,
  recoverProvisioning,
} from '../../src/orders/checkout/package-by-credits';
import { reconcilePanel } from '../../src/orders/reconciliation/panel-reconciler';
import type { PanelServer } from '../../src/panel/port';
import { buildMatches, currentBuild } from '../../src/panel/server-build';
import { createClock } from '../../src/platform/clock';
import type { AppContext } from '../../src/platform/context';
import { type Db, openDatabase } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { createPublicCache } from '../../src/platform/requests/public-cache';
import { reconcileServerChanges } from '../../src/servers/changes/change-panel';
import { buyAddon } from '../../src/servers/changes/server-changes';
import { runPanelQueue } from '../../src/servers/panel-task-results';
import { CHANGE_STALE_MS } from '../../src/servers/server-records';
import { bundleWorker } from '../fixtures/bundled-worker';
import { freePort, insertCustomer } from '../harness';
import { PANEL_CASES, panelClientOf, type StandalonePanel, startPanelEmulator } from '../panels';

const ROOT = resolve(import.meta.dirname, '../../..');
const WORKER = resolve(import.meta.dirname, '../fixtures/step-worker.ts');
const START_CREDITS = 100_000;
/** Minecraft Starter: 100 credits a month, its first hour in credit units */
const FIRST_HOUR = 1_370;
const LIVE = ['paid', 'suspended', 'cancelled'];

type Op = 'order' | 'addon' | 'cancel';

interface Hold {
  at: number;
  reached: () => void;
  /** true: make the call once the child is dead; false: drop it */
  decided: Promise<boolean>;
  /** resolves when the held call was made or dropped */
  finished: () => void;
}

describe.each(PANEL_CASES)('killed at every panel call on $db, $panel', ({ db: kind, panel: panelKind }) => {
  let panel: StandalonePanel;
  let locationId: number;
  let proxy: HttpServer;
  let proxyUrl: string;
  let database: Db;
  let ctx: AppContext;
  let dir: string;
  let url: string;
  const clock = createClock();
  const schema = kind === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  /** the methods of the child's calls so far, in order */
  let calls: string[] = [];
  let hold: Hold | null = null;
  let worker: Awaited<ReturnType<typeof bundleWorker>>;

  beforeAll(async () => {
    worker = await bundleWorker(WORKER);
    panel = await startPanelEmulator(panelKind, {
      installSeconds: 0.1,
      statsIntervalMs: 100,
      rateLimit: false,
    });
    dir = mkdtempSync(join(tmpdir(), 'falkenhost-kill-'));
    url = kind === 'postgres' ? (process.env.DATABASE_URL as string) : `sqlite:${join(dir, 'kill.db')}`;
    database = await openDatabase(url, { schema });
    await migrateToLatest(database);
    const quiet = () => undefined;
    const log = { info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet };
    ctx = {
      db: database.db,
      dialect: database.dialect,
      config: { panelRateLimitPerMinute: 100_000, suspendDays: 7 },
      // The panel's budget is tested elsewhere (panel-budget.test.ts); here its pauses only cost time.
      panel: panelClientOf(panel, { rateLimit: false }),
      publicCache: createPublicCache(),
      now: clock.now,
      clock,
      log,
    } as unknown as AppContext;
    await seedDemoCatalogue(ctx);
    await ensureMasterAccount(ctx, 'master@example.com');
    locationId = (await ctx.panel.listLocations())[0]!.id;
    const upstream = new URL(panel.url).origin;
    proxy = createServer((req, res) => void relay(upstream, req, res));
    const port = await freePort();
    await new Promise<void>((done) => proxy.listen(port, '127.0.0.1', done));
    proxyUrl = `http://127.0.0.1:${port}${new URL(panel.url).pathname}`;
  });
  afterAll(async () => {
    spare?.child.kill('SIGKILL');
    await spare?.exited;
    worker?.remove();
    await new Promise((done) => proxy?.close(done));
    if (schema) await database?.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database?.destroy();
    await panel?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Passes one of the child's calls to the panel, holding the one `hold` names. */
  async function relay(upstream: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    calls.push(req.method ?? 'GET');
    const held = hold?.at === calls.length ? hold : null;
    if (held) {
      held.reached();
      if (!(await held.decided)) {
        res.destroy();
        held.finished();
        return;
      }
    }
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'accept', 'content-type'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    try {
      const answer = await fetch(upstream + req.url, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(body);
    } catch {
      res.destroy();
    } finally {
      held?.finished();
    }
  }

  /** A customer with START_CREDITS, and (for `addon` and `cancel`) a running server ordered beforehand. */
  async function setUp(op: Op): Promise<{ userId: number; serverId: number | null }> {
    const userId = await insertCustomer(
      ctx.db,
      `kill${randomBytes(4).toString('hex')}`,
      START_CREDITS,
      clock.now(),
    );
    if (op === 'order') return { userId, serverId: null };
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await orderPackageByCredits(ctx, user, await orderBody());
    const server = await ctx.db
      .selectFrom('user_packages')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { userId, serverId: server.id };
  }

  async function orderBody() {
    const pkg = await ctx.db
      .selectFrom('packages')
      .select('id')
      .where('name', '=', 'Minecraft Starter')
      .executeTakeFirstOrThrow();
    const egg = await ctx.db
      .selectFrom('package_eggs')
      .select('egg_id')
      .where('package_id', '=', pkg.id)
      .executeTakeFirstOrThrow();
    return {
      serverName: 'killed',
      packageId: pkg.id,
      eggId: egg.egg_id,
      locationId,
      addonIds: [],
      variables: {},
    };
  }

  async function storageAddon(): Promise<number> {
    const addon = await ctx.db
      .selectFrom('addons')
      .innerJoin('addon_packages', 'addon_packages.addon_id', 'addons.id')
      .innerJoin('packages', 'packages.id', 'addon_packages.package_id')
      .select('addons.id')
      .where('packages.name', '=', 'Minecraft Starter')
      .where('addons.type', '=', 'storage')
      .executeTakeFirstOrThrow();
    return addon.id;
  }

  /** A started child: modules loaded and database open, waiting for its action on standard input. */
  interface WarmChild {
    child: ChildProcess;
    ready: Promise<void>;
    exited: Promise<number | null>;
    output: () => string;
  }
  let spare: WarmChild | null = null;

  function startChild(): WarmChild {
    const child = spawn(process.execPath, [worker.file], {
      cwd: ROOT,
      env: {
        ...process.env,
        WORKER_DB: url,
        WORKER_SCHEMA: schema ?? '',
        WORKER_PANEL_KIND: panel.kind,
        WORKER_PANEL_URL: proxyUrl,
        WORKER_APP_KEY: panel.applicationKey,
        WORKER_CLIENT_KEY: panel.clientKey,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const ready = new Promise<void>((resolveReady, reject) => {
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes('ready\n')) resolveReady();
      });
      void exited.then(() => reject(new Error(`the worker exited before it was ready:\n${output}`)));
    });
    ready.catch(() => undefined);
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    return { child, ready, exited, output: () => output };
  }

  /** The child started ahead (ready), while the next one starts for the next run. */
  async function takeWarmChild(): Promise<WarmChild> {
    const taken = spare ?? startChild();
    spare = startChild();
    await taken.ready;
    return taken;
  }

  /**
   * Runs `op` in a child process through the proxy.
   * @param killAt the call to kill the child at (1-based), or undefined to let it finish
   * @param makeHeldCall whether the held call reaches the panel after the kill
   * @returns the methods of the calls the child made, and whether it was killed at `killAt`
   */
  async function runChild(
    op: Op,
    userId: number,
    serverId: number | null,
    killAt?: number,
    makeHeldCall = true,
  ): Promise<{ calls: string[]; killed: boolean }> {
    calls = [];
    let reached = () => {};
    let decide = (_make: boolean) => {};
    let finished = () => {};
    const arrived = new Promise<void>((r) => {
      reached = r;
    });
    const done = new Promise<void>((r) => {
      finished = r;
    });
    hold =
      killAt === undefined
        ? null
        : {
            at: killAt,
            reached,
            decided: new Promise<boolean>((r) => {
              decide = r;
            }),
            finished,
          };
    const { child, exited, output } = await takeWarmChild();
    child.stdin!.end(
      `${JSON.stringify({
        op,
        user: userId,
        server: serverId,
        addon: await storageAddon(),
        order: await orderBody(),
      })}\n`,
    );
    const outcome = await Promise.race([
      arrived.then(() => 'held' as const),
      exited.then(() => 'exited' as const),
    ]);
    if (outcome === 'exited') {
      hold = null;
      if ((await exited) !== 0) throw new Error(`the ${op} failed on its own:\n${output()}`);
      return { calls, killed: false };
    }
    child.kill('SIGKILL');
    await exited;
    decide(makeHeldCall);
    await done;
    hold = null;
    return { calls, killed: true };
  }

  /** What a start after the crash does, once every lease and lock of the dead process has run out. */
  async function restart(): Promise<void> {
    clock.advance(Math.max(PROVISIONING_STALE_MS, CHANGE_STALE_MS) + 2 * 60_000);
    await recoverProvisioning(ctx);
    await reconcileServerChanges(ctx);
    await runPanelQueue(ctx);
    await reconcilePanel(ctx);
  }

  /**
   * The customer's servers and money agree with the panel: every live row has exactly its panel server
   * (recorded uuid, the customer's panel user, the paid build); no row that is gone has one; nothing is
   * left half-done; the balance paid exactly the first hour of each server ordered.
   */
  async function expectConsistent(op: Op, userId: number, label: string): Promise<void> {
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await ctx.db.selectFrom('user_packages').selectAll().where('user_id', '=', userId).execute();
    for (const row of rows) {
      const onPanel = panel.servers().filter((s) => s.external_id === `falkenhost-server-${row.id}`);
      expect(['provisioning', 'deleting'], `${label}: row ${row.id} left ${row.status}`).not.toContain(
        row.status,
      );
      if (LIVE.includes(row.status)) {
        expect(onPanel, `${label}: paid server ${row.id} on the panel`).toHaveLength(1);
        const server = onPanel[0]!;
        expect(server.uuid, `${label}: recorded uuid`).toBe(row.ptero_server_uuid);
        expect(server.user_id, `${label}: owner`).toBe(user.ptero_user_id);
        // Minecraft's eggs have no slot variable: the limits are the build.
        const container = { environment: {} } as PanelServer['container'];
        expect(
          buildMatches({ ...server, container }, await currentBuild(ctx, row.id), null),
          `${label}: build`,
        ).toBe(true);
      } else {
        expect(onPanel, `${label}: ${row.status} server ${row.id} still on the panel`).toHaveLength(0);
      }
    }
    const live = rows.filter((r) => LIVE.includes(r.status)).length;
    const ordered = rows.filter((r) => LIVE.includes(r.status) || r.status === 'deleted').length;
    if (op === 'order') {
      // Killed before the order's transaction, no row was written and nothing charged.
      expect(rows.length, label).toBeLessThanOrEqual(1);
      expect(Number(user.credits), `${label}: balance`).toBe(START_CREDITS - live * FIRST_HOUR);
    } else {
      // The server was ordered (and paid for) before; an hourly add-on or a cancel charges nothing now.
      expect(ordered, label).toBe(1);
      expect(Number(user.credits), `${label}: balance`).toBe(START_CREDITS - FIRST_HOUR);
    }
  }

  /** No panel server with our external id belongs to anyone but the customer whose row it is. */
  async function expectNoServerOfTheWrongCustomer(): Promise<void> {
    const owners = new Map(
      (
        await ctx.db
          .selectFrom('user_packages as up')
          .innerJoin('users as u', 'u.id', 'up.user_id')
          .select(['up.id', 'u.ptero_user_id'])
          .execute()
      ).map((r): [string, number | null] => [`falkenhost-server-${r.id}`, r.ptero_user_id]),
    );
    for (const server of panel.servers()) {
      if (!server.external_id?.startsWith('falkenhost-server-')) continue;
      expect(server.user_id, server.external_id).toBe(owners.get(server.external_id));
    }
  }

  it.each<Op>(['order', 'addon', 'cancel'])(
    'a %s killed at each of its panel calls, before or after the panel made it',
    async (op) => {
      const first = await setUp(op);
      const { calls: methods } = await runChild(op, first.userId, first.serverId);
      const total = methods.length;
      expect(total).toBeGreaterThan(0);
      await restart();
      await expectConsistent(op, first.userId, `${op} uninterrupted`);
      for (let at = 1; at <= total; at++) {
        // A read changes nothing on the panel: made or not, the product dies knowing the same.
        for (const made of methods[at - 1] === 'GET' ? [true] : [false, true]) {
          const label = `${op} killed at call ${at} of ${total} (${made ? 'made' : 'not made'})`;
          const { userId, serverId } = await setUp(op);
          const { killed } = await runChild(op, userId, serverId, at, made);
          expect(killed, label).toBe(true);
          await restart();
          await expectConsistent(op, userId, label);
        }
      }
      await expectNoServerOfTheWrongCustomer();
    },
    480_000,
  );

  it('the panel forgetting an order, an add-on and a cancel (restored from before them) is repaired or reported', async () => {
    const ordered = await setUp('order');
    const withAddon = await setUp('addon');
    const cancelled = await setUp('cancel');
    const saved = panel.snapshot();
    const user = (id: number) =>
      ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await orderPackageByCredits(ctx, await user(ordered.userId), await orderBody());
    await buyAddon(ctx, await user(withAddon.userId), await storageAddon(), withAddon.serverId!);
    await runChild('cancel', cancelled.userId, cancelled.serverId);
    await runPanelQueue(ctx);
    // The panel comes back from its last save: the new server, the new build and the deletion are lost.
    panel.restore(saved);
    const result = await reconcilePanel(ctx);
    expect(result).toMatchObject({ recreated: 1, repaired: 1, failed: 0 });
    await expectConsistent('order', ordered.userId, 'order forgotten');
    await expectConsistent('addon', withAddon.userId, 'add-on forgotten');
    // The cancelled server is back on the panel: reported to staff, never deleted by the reconciler.
    const cancelledRow = await ctx.db
      .selectFrom('user_packages')
      .select(['status'])
      .where('id', '=', cancelled.serverId!)
      .executeTakeFirstOrThrow();
    expect(cancelledRow.status).toBe('deleted');
    expect(result.reported).toBe(1);
    expect(panel.servers().some((s) => s.external_id === `falkenhost-server-${cancelled.serverId}`)).toBe(
      true,
    );
    await expectNoServerOfTheWrongCustomer();
  });
});
