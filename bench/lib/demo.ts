/**
 * Starts the built demo server (apps/api/dist/main.js) as a child process on a free port with its own
 * data folder, as the README's first command does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface Demo {
  url: string;
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * `env.PORT` picks the port (a bench that must stay within a range of ports); otherwise a free one.
 * @throws Error when the build is missing or the server does not answer within 30 s
 */
export async function startDemo(env: Record<string, string> = {}): Promise<Demo> {
  const main = join(ROOT, 'apps/api/dist/main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('build first: npm run build');
  }
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'falkenhost-demo-'));
  const url = `http://localhost:${port}`;
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  // The server's log (info level, as in production) goes to a file, as it would to a log collector, not
  // through this process, which also runs the load generator.
  const logFile = join(dir, 'server.log');
  const fd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: dir,
    env: {
      ...parentEnv,
      APP_MODE: 'demo',
      PORT: String(port),
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      // Request logging on, as production runs (the demo alone defaults to warn).
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const out = () => readFileSync(logFile, 'utf8');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`demo exited: ${out()}`);
    if (out().includes('is running at')) break;
    if (Date.now() > deadline) throw new Error(`demo did not start: ${out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: out,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
