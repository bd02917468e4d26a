/**
 * The request log written as text is the line pino writes; the lines of one turn reach the log's
 * destination in one write; a quiet server's lines are written within a second; pending lines are
 * written at exit.
 */
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, OneLineRequestLog, TurnBuffer } from '../../src/platform/requests/request-log';

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
      "import { bufferedStdout } from './src/platform/requests/request-log.ts';",
      'const out = bufferedStdout();',
      "out.write('quiet line\\n');",
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../..'),
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
      "import { bufferedStdout } from './src/platform/requests/request-log.ts';",
      'const out = bufferedStdout();',
      "for (const n of [0, 1, 2]) out.write('line ' + n + '\\n');",
      'process.exit(0);',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(output).toBe('line 0\nline 1\nline 2\n');
  });
});
