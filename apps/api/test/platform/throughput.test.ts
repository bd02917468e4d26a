/**
 * The throughput measures of issue 11 (part 4) keep their meaning: prepared SQLite statements are reused
 * by SQL text, reads run at once on SQLite only outside transactions and answer the first row's values,
 * a verified access token is taken again only until it expires, a game's packages served from the public
 * cache answer as the contract says, security headers worked out once are those @fastify/helmet sets per
 * request, API answers carry the few that apply to them, the request log written as text is the line pino
 * writes, the lines of one turn reach the log's destination in one write, a quiet server's lines are
 * written within a second, and answers held to the end of their turn are written as Fastify writes them
 * unheld (once, with their status, an unwritable one answered 500).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gamePackagesAnswer } from '@falkenhost/contracts/catalog';
import fastifyHelmet from '@fastify/helmet';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { knownAccessClaims, signAccessToken, verifyAccessToken } from '../../src/identity/tokens';
import { firstRowNow, openDatabase, withStatementCache } from '../../src/platform/db/database';
import { lazyChildLogger, OneLineRequestLog, TurnBuffer } from '../../src/platform/request-log';
import { API_SECURITY_HEADERS, helmetHeaders } from '../../src/platform/security-headers';
import { TurnWrites } from '../../src/platform/turn-writes';
import { DATABASES, registerVerified, startProduct } from '../harness';

describe('prepared statements kept by SQL text', () => {
  it('prepares each SQL text once and keeps at most `max`', () => {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-stmt-'));
    const sqlite = new SQLite(join(dir, 'db.sqlite'));
    try {
      sqlite.exec('create table t (x integer)');
      const prepared: string[] = [];
      const prepare = sqlite.prepare.bind(sqlite);
      sqlite.prepare = ((text: string) => {
        prepared.push(text);
        return prepare(text);
      }) as typeof sqlite.prepare;
      const db = withStatementCache(sqlite, 2);
      for (let i = 0; i < 3; i++) db.prepare('insert into t (x) values (?)').run([i]);
      expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
      expect(db.prepare('select count(*) as n from t').all([])).toEqual([{ n: 3 }]);
      expect(prepared).toEqual(['insert into t (x) values (?)', 'select count(*) as n from t']);
      // A third text pushes out the least recently used, which is then prepared again.
      expect(db.prepare('select max(x) as m from t').all([])).toEqual([{ m: 2 }]);
      db.prepare('insert into t (x) values (?)').run([3]);
      expect(prepared).toHaveLength(4);
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reads run at once on SQLite (firstRowNow)', () => {
  it('answers the first row outside transactions, and undefined inside one, so nothing uncommitted is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'falkenhost-now-'));
    const database = await openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
    try {
      await sql`create table t (x integer, y text)`.execute(database.db);
      await sql`insert into t (x, y) values (1, 'one')`.execute(database.db);
      // The values in the statement's column order; the same text through Kysely still answers objects.
      const read = () => firstRowNow(database.db, 'select y, x from t where x >= ? order by x desc', [1]);
      expect(read()).toEqual(['one', 1]);
      const { rows } = await sql`select y, x from t where x >= ${1} order by x desc`.execute(database.db);
      expect(rows).toEqual([{ y: 'one', x: 1 }]);
      expect(firstRowNow(database.db, 'select y, x from t where x >= ? order by x desc', [5])).toBeNull();
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into t (x, y) values (2, 'two')`.execute(trx);
        // The uncommitted row would be visible on the same connection: the caller must go through Kysely.
        expect(read()).toBeUndefined();
      });
      expect(read()).toEqual(['two', 2]);
      // A transaction that rolled back leaves nothing behind, and reads run at once again.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sql`insert into t (x, y) values (3, 'three')`.execute(trx);
          expect(read()).toBeUndefined();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(read()).toEqual(['two', 2]);
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Declared where PostgreSQL is given (CI), as the other tests of both databases are.
  if (DATABASES.includes('postgres')) {
    it('answers undefined on PostgreSQL (the caller goes through Kysely)', async () => {
      const database = await openDatabase(process.env.DATABASE_URL as string);
      try {
        expect(firstRowNow(database.db, 'select 1 as x', [])).toBeUndefined();
      } finally {
        await database.destroy();
      }
    });
  }
});

describe('verified access tokens', () => {
  const secret = 'the-access-token-secret-of-this-test';
  it('are taken again until they expire, and only with their own secret', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, { sub: 7, sid: 3, tv: 1, mfa: true }, now);
    const claims = { sub: 7, sid: 3, tv: 1, mfa: true };
    expect(await verifyAccessToken(secret, token, now)).toEqual(claims);
    expect(await verifyAccessToken(secret, token, now + 60_000)).toEqual(claims);
    expect(await verifyAccessToken('another-secret-of-the-same-length!!', token, now)).toBeNull();
    expect(await verifyAccessToken(secret, token, now + 15 * 60_000)).toBeNull();
    expect(await verifyAccessToken(secret, `${token.slice(0, -2)}xx`, now)).toBeNull();
  });

  it('are judged at once once checked: unknown before, the claims within 15 minutes, null after', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, { sub: 8, sid: 4, tv: 0, mfa: false }, now);
    expect(knownAccessClaims(secret, token, now)).toBeUndefined();
    await verifyAccessToken(secret, token, now);
    expect(knownAccessClaims(secret, token, now + 60_000)).toEqual({ sub: 8, sid: 4, tv: 0, mfa: false });
    expect(knownAccessClaims(secret, token, now + 15 * 60_000)).toBeNull();
    // Another secret has not checked this token.
    expect(knownAccessClaims('another-secret-of-the-same-length!!', token, now)).toBeUndefined();
  });
});

describe.each(DATABASES)('the session read during a transaction on %s', (kind) => {
  it('never answers what the transaction wrote and then rolled back', async () => {
    const product = await startProduct(kind);
    try {
      const { session, username } = await registerVerified(product);
      // The token is known from now on, so the guard's next read is the one that may run at once.
      expect((await session.get('/api/private/credits')).body).toEqual({ credits: 0 });
      const { db } = product.server.ctx;
      let answer: Promise<{ status: number; body: unknown }> | undefined;
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ credits: 999 * 10_000 })
            .where('username', '=', username)
            .execute();
          answer = session.get('/api/private/credits');
          // Long enough for the request to reach the guard while the transaction is open.
          await new Promise((resolve) => setTimeout(resolve, 300));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const after = await answer!;
      expect(after.status).toBe(200);
      expect(after.body).toEqual({ credits: 0 });
      expect((await session.get('/api/private/credits')).body).toEqual({ credits: 0 });
    } finally {
      await product.close();
    }
  });
});

describe.each(DATABASES)("a game's packages from the public cache on %s", (kind) => {
  it('answers the contract, 404 for an unknown game, and the same text again', async () => {
    const product = await startProduct(kind);
    try {
      const session = product.session();
      const { body: games } = await session.get('/api/public/store/games');
      const first = await fetch(`${product.url}/api/public/store/games/packages?id=${games[0].id}`);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const text = await first.text();
      const answer = gamePackagesAnswer.parse(JSON.parse(text));
      expect(answer.game.id).toBe(games[0].id);
      expect(answer.packages.length).toBeGreaterThan(0);
      const again = await fetch(`${product.url}/api/public/store/games/packages?id=${games[0].id}`);
      expect(await again.text()).toBe(text);
      const unknown = await session.get('/api/public/store/games/packages?id=999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ reason: 'not-found' });
      // Answered again from the cache without a load (the handler's own call): the same 404, the same list.
      expect(product.server.ctx.publicCache.cached('packages:999999')).toBeNull();
      expect((await session.get('/api/public/store/games/packages?id=999999')).status).toBe(404);
      expect(product.server.ctx.publicCache.cached('games')?.text).toBe(JSON.stringify(games));
      expect((await session.get('/api/public/store/games')).body).toEqual(games);
      // The OpenAPI document still describes the answer from the route's schema.
      const { body: doc } = await session.get('/api/openapi.json');
      expect(JSON.stringify(doc.paths['/api/public/store/games/packages'].get.responses['200'])).toContain(
        'monthly_eur_price',
      );
    } finally {
      await product.close();
    }
  });
});

describe('security headers worked out once', () => {
  it('are the headers @fastify/helmet sets for the same options; API answers carry the API set', async () => {
    const probe = Fastify();
    await probe.register(fastifyHelmet, { contentSecurityPolicy: false, global: true });
    probe.get('/', async () => ({}));
    const res = await probe.inject('/');
    await probe.close();
    const fromPlugin = Object.fromEntries(
      Object.entries(res.headers).filter(
        ([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
      ),
    );
    const once = helmetHeaders({ contentSecurityPolicy: false });
    expect(once).toEqual(fromPlugin);
    expect(once['x-content-type-options']).toBe('nosniff');

    const product = await startProduct('sqlite', { seed: false });
    try {
      const answer = await fetch(`${product.url}/api/public/store/games`);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
        expect(answer.headers.get(name)).toBe(value);
      }
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      // The headers about documents are the pages' (web/index.ts), not the JSON answers'.
      for (const name of ['referrer-policy', 'origin-agent-cluster', 'cross-origin-opener-policy']) {
        expect(answer.headers.get(name)).toBeNull();
      }
      const page = await fetch(`${product.url}/hosting`);
      expect(page.headers.get('referrer-policy')).toBe(once['referrer-policy']);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await product.close();
    }
  });
});

describe('the request log', () => {
  it('writes one line per request at info, with the request and the answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      logController: new OneLineRequestLog(),
    });
    app.get('/thing', async () => ({ ok: true }));
    await app.inject('/thing?x=1');
    await app.close();
    const requests = lines.filter((l) => l.reqId !== undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/thing?x=1' },
      res: { statusCode: 200 },
    });
  });

  it('writes the completed line as text exactly as pino would, and still logs through a request logger made on use', async () => {
    // Two servers with the same logger options: one through pino alone, one with the fast line and
    // request loggers made on first use.
    const run = async (fast: boolean) => {
      const written: string[] = [];
      const stream = { write: (line: string) => written.push(line) };
      const app = Fastify({
        logger: { level: 'info', stream, base: { pid: 7, hostname: 'host' }, timestamp: () => ',"time":1' },
        logController: new OneLineRequestLog(fast ? stream : null),
        ...(fast ? { childLoggerFactory: lazyChildLogger } : {}),
        genReqId: () => 'req-1',
      });
      app.get('/thing', async () => ({ ok: true }));
      app.get('/warns', async (request) => {
        request.log.warn({ detail: 'x' }, 'something to see');
        request.log.debug('not written at info');
        return { ok: true };
      });
      app.get('/fails', async () => {
        throw new Error('broken');
      });
      await app.inject({ url: '/thing?q="quoted"\\', headers: { 'accept-version': '2' } });
      await app.inject('/warns');
      await app.inject('/fails');
      await app.close();
      return written.map((line) => JSON.parse(line) as Record<string, unknown>);
    };
    const viaPino = await run(false);
    const fast = await run(true);
    // The time is the clock's in the fast line (pino's own timestamp option is not used there).
    const withoutTime = (lines: Record<string, unknown>[]) =>
      lines.map(({ time: _t, responseTime: _r, ...rest }) => rest);
    expect(withoutTime(fast)).toEqual(withoutTime(viaPino));
    const completed = fast.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([200, 200, 500]);
    expect(completed[0]).toMatchObject({
      level: 30,
      pid: 7,
      hostname: 'host',
      reqId: 'req-1',
      req: {
        method: 'GET',
        url: '/thing?q=%22quoted%22\\', // light-my-request encodes the quotes; the backslash stays
        version: '2',
        host: 'localhost:80',
        remoteAddress: '127.0.0.1',
      },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]!.responseTime).toBe('number');
    expect(fast.find((l) => l.msg === 'something to see')).toMatchObject({
      level: 40,
      reqId: 'req-1',
      detail: 'x',
    });
    expect(fast.some((l) => l.msg === 'not written at info')).toBe(false);
    // The error of the failing route is logged through the request's logger, with its reqId.
    expect(fast.find((l) => l.level === 50)).toMatchObject({ reqId: 'req-1', err: { message: 'broken' } });
  });

  it('hands the lines of one turn to the sink in one write, in order, and the rest on flush', async () => {
    const writes: string[] = [];
    let flushed = 0;
    const buffer = new TurnBuffer({
      write: (text: string) => writes.push(text),
      flush: (callback) => {
        flushed += 1;
        callback?.();
      },
      flushSync: () => {
        flushed += 1;
      },
    });
    buffer.write('a\n');
    buffer.write('b\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    buffer.write('c\n');
    buffer.flushSync();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
    buffer.write('d\n');
    await new Promise<void>((resolve) => buffer.flush(() => resolve()));
    expect(writes).toEqual(['a\nb\n', 'c\n', 'd\n']);
    expect(flushed).toBe(2);
    // Nothing pending: the scheduled hand-over writes nothing more.
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
  });

  it("writes a quiet server's line within about a second, without waiting for the buffer to fill", async () => {
    // One line, then the process stays up: the line must reach standard output while it runs.
    const script = [
      "import { bufferedStdout } from '../../src/platform/request-log';",
      'const out = bufferedStdout();',
      "out.write('quiet line\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line after 10 s: ${JSON.stringify(output)}`)),
          10_000,
        );
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (output.includes('\n')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      // Written while the process runs (the periodic flush, LOG_FLUSH_MS), not at its exit: eleven bytes
      // are far below the buffer's 16 KiB.
      expect(output).toBe('quiet line\n');
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('writes the lines still pending when the process exits', () => {
    // A process that logs through the product's standard output and exits in the same turn.
    const script = [
      "import { bufferedStdout } from '../../src/platform/request-log';",
      'const out = bufferedStdout();',
      "for (const n of [0, 1, 2]) out.write('line ' + n + '\\n');",
      'process.exit(0);',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
    expect(output).toBe('line 0\nline 1\nline 2\n');
  });
});

describe("answers written at the end of their event loop's turn", () => {
  /** A server holding its answers as the product does (server.ts), on a real port. */
  async function holdingServer(hold: boolean) {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    const errors: unknown[] = [];
    const turnWrites = new TurnWrites((error) => errors.push(error));
    if (hold)
      app.addHook('onSend', (_request, reply, payload, done) => turnWrites.hold(reply, done, payload));
    const seen: { inTurn: boolean; afterTurn: boolean }[] = [];
    app.get('/answer/:n', (request, reply) => {
      reply.send({ n: Number((request.params as { n: string }).n) });
      const written = { inTurn: reply.raw.writableEnded, afterTurn: false };
      seen.push(written);
      setImmediate(() => {
        written.afterTurn = reply.raw.writableEnded;
      });
    });
    // Fastify's rule is `return reply` after `reply.send` in an async handler; these two break it.
    app.get('/send-then-resolve', async (_request, reply) => {
      reply.send({ sent: 'once' });
      await Promise.resolve();
    });
    app.get('/send-then-throw', async (_request, reply) => {
      reply.send({ sent: 'first' });
      await Promise.resolve();
      throw new Error('after sending');
    });
    app.get('/bad-header', (_request, reply) => {
      // Node refuses to write this value (ERR_INVALID_CHAR) when the answer is written.
      reply.header('x-bad', 'a\u0001b').send('never');
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url, seen, errors, logged };
  }

  /** Runs `check` against a fresh server (holding or not) and closes it. */
  async function withServer(
    hold: boolean,
    check: (server: Awaited<ReturnType<typeof holdingServer>>) => Promise<void>,
  ): Promise<void> {
    const server = await holdingServer(hold);
    try {
      await check(server);
    } finally {
      await server.app.close();
    }
  }

  it('holds an answer until its turn ends, then writes it', () =>
    withServer(true, async ({ url, seen }) => {
      const answer = await fetch(`${url}/answer/7`);
      expect(await answer.json()).toEqual({ n: 7 });
      expect(seen).toEqual([{ inTurn: false, afterTurn: true }]);
    }));

  it('answers many requests at once, each with its own answer', () =>
    withServer(true, async ({ url }) => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) => fetch(`${url}/answer/${n}`).then((r) => r.json())),
      );
      expect(answers).toEqual(Array.from({ length: 40 }, (_, n) => ({ n })));
    }));

  it('writes the first answer of a handler that goes on after sending, as without holding', async () => {
    for (const hold of [false, true]) {
      await withServer(hold, async ({ url, logged }) => {
        const once = await fetch(`${url}/send-then-resolve`);
        expect([once.status, await once.json()]).toEqual([200, { sent: 'once' }]);
        const first = await fetch(`${url}/send-then-throw`);
        expect([first.status, await first.json()]).toEqual([200, { sent: 'first' }]);
        // The late error is logged; nothing about headers written twice.
        expect(logged.join('')).toMatch(/"message":"after sending"/);
        expect(logged.join('')).not.toMatch(/headers after they are sent/i);
      });
    }
  });

  it('answers an answer that cannot be written as Fastify does without holding (500)', async () => {
    for (const hold of [false, true]) {
      await withServer(hold, async ({ url, errors }) => {
        const answer = await fetch(`${url}/bad-header`);
        expect(answer.status).toBe(500);
        expect(answer.headers.get('x-bad')).toBeNull();
        // The server goes on answering.
        expect(await (await fetch(`${url}/answer/1`)).json()).toEqual({ n: 1 });
        expect(errors).toEqual([]);
      });
    }
  });
});
