/**
 * Benchmarks (figures, not pass/fail tests), against the built demo (`npm run build` first):
 * 1. server throughput (issue 11, part 4): requests per second and p99 latency of five product calls
 *    beside a bare Fastify route serving the same bytes with the same content type, the bare server in its
 *    own process (bench/lib/bare.ts) as the product is in its own, three rounds alternating, median:
 *    GET /api/public/store/games (target at least 60 % of bare), /api/public/store/games/packages (40 %),
 *    /api/private/credits as a logged-in customer (30 %), index.html and a hashed asset (50 % each);
 * 2. gzip size of the JavaScript the home page loads in Chromium (target: at most 150 KB);
 * 3. the demo server's resident memory after the main flow.
 * Beside req/s each server's CPU time per answer is printed (steadier when other work shares the machine).
 * The share of the machine's CPU time its virtual machine's host took meanwhile (steal) is printed last.
 * Every load goes to 127.0.0.1 only, bounded in time. BENCH_SECONDS (default 10) sets the length of each
 * load, BENCH_CONNECTIONS (default 10) its connections; BENCH_THROUGHPUT_ONLY=1 skips 2 and 3.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, ROOT, startDemo } from './lib/demo';
import { customerCookie, runFlow } from './lib/flow';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 3;

interface Load {
  rps: number;
  p99: number;
  /** answers that were not 2xx (the figures mean little when there are any) */
  non2xx: number;
  /** the server process's CPU time per answer, microseconds: steadier than req/s on a shared machine */
  cpuUs: number;
}

/**
 * The machine's CPU time so far, in clock ticks: all of it and the part the virtual machine's host took
 * for other guests (steal, the eighth field of /proc/stat's cpu line; 0 on bare metal).
 */
function machineTicks(): { total: number; steal: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.slice(0, 8).reduce((sum, x) => sum + x, 0), steal: fields[7] ?? 0 };
}

/** user + system CPU time of a process so far, microseconds (Linux /proc) */
function cpuUsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function load(
  url: string,
  pid: number,
  headers: Record<string, string> = {},
  seconds = DURATION_S,
): Promise<Load> {
  const cpuBefore = cpuUsOf(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const cpu = cpuUsOf(pid) - cpuBefore;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuUs: Math.round(cpu / Math.max(1, result.requests.total)),
  };
}

interface Case {
  name: string;
  /** the product's URL on 127.0.0.1 */
  url: string;
  headers: Record<string, string>;
  /** percent of the bare route's requests per second */
  target: number;
  type: string;
  body: Buffer;
}

async function productCase(
  name: string,
  url: string,
  target: number,
  headers: Record<string, string> = {},
): Promise<Case> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${name}: ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  return { name, url, headers, target, type: res.headers.get('content-type') ?? 'text/plain', body };
}

/** Starts bench/lib/bare.ts in its own process serving the cases' bytes. @returns its base URL and a stop */
async function startBare(cases: Case[]): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/lib/bare.ts'), String(port)],
    { cwd: join(ROOT, 'bench'), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  child.stdin!.end(JSON.stringify(cases.map((c) => ({ type: c.type, body: c.body.toString('base64') }))));
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the bare server did not start')), 30_000);
    child.once('exit', (code) => fail(new Error(`the bare server exited (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('listening')) {
        clearTimeout(timer);
        ok();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function throughput(demoUrl: string, demoPid: number): Promise<void> {
  const base = demoUrl.replace('localhost', '127.0.0.1');
  const games = (await (await fetch(`${base}/api/public/store/games`)).json()) as { id: number }[];
  const html = await (await fetch(`${base}/`)).text();
  const asset = /"entry":"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!asset || !games[0])
    throw new Error('no entry script in the start script of index.html or no game in the store');
  const cookie = await customerCookie(demoUrl, `bench${Date.now().toString(36)}`);
  const cases = [
    await productCase('GET /api/public/store/games', `${base}/api/public/store/games`, 60),
    await productCase(
      'GET /api/public/store/games/packages',
      `${base}/api/public/store/games/packages?id=${games[0].id}`,
      40,
    ),
    await productCase('GET /api/private/credits', `${base}/api/private/credits`, 30, { cookie }),
    await productCase('GET / (index.html)', `${base}/`, 50),
    await productCase(`GET ${asset.replace(/^\/assets\//, '/assets/')}`, `${base}${asset}`, 50),
  ];
  const bare = await startBare(cases);
  try {
    console.log(
      '\nServer throughput: the product beside a bare Fastify route in its own process serving the same bytes',
    );
    console.log(
      `  ${CONNECTIONS} connections, ${DURATION_S} s per load, ${ROUNDS} rounds alternating, median`,
    );
    // Warm both servers up (JIT, caches) before measuring.
    for (const [i, c] of cases.entries()) {
      await load(`${bare.url}/bare/${i}`, bare.pid, {}, 1);
      await load(c.url, demoPid, c.headers, 1);
    }
    const results = cases.map(() => ({ bare: [] as Load[], product: [] as Load[] }));
    const ticksBefore = machineTicks();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, c] of cases.entries()) {
        // Alternate which goes first, so neither always runs on a machine the other just heated.
        const order = (round + i) % 2 === 0 ? (['bare', 'product'] as const) : (['product', 'bare'] as const);
        for (const which of order) {
          const result =
            which === 'bare'
              ? await load(`${bare.url}/bare/${i}`, bare.pid)
              : await load(c.url, demoPid, c.headers);
          results[i]![which].push(result);
        }
      }
    }
    const rows = cases.map((c, i) => {
      const r = results[i]!;
      const bareRps = median(r.bare.map((x) => x.rps));
      const productRps = median(r.product.map((x) => x.rps));
      const ratio = Math.round((productRps / bareRps) * 1000) / 10;
      const non2xx =
        r.product.reduce((sum, x) => sum + x.non2xx, 0) + r.bare.reduce((s, x) => s + x.non2xx, 0);
      return {
        case: c.name,
        bytes: c.body.length,
        'bare req/s': bareRps,
        'bare p99 ms': median(r.bare.map((x) => x.p99)),
        'product req/s': productRps,
        'product p99 ms': median(r.product.map((x) => x.p99)),
        'ratio %': ratio,
        'CPU µs/req bare': median(r.bare.map((x) => x.cpuUs)),
        'CPU µs/req product': median(r.product.map((x) => x.cpuUs)),
        'target %': c.target,
        met: ratio >= c.target ? 'yes' : 'NO',
        ...(non2xx ? { 'non-2xx': non2xx } : {}),
      };
    });
    console.table(rows);
    const ticksAfter = machineTicks();
    const steal =
      (100 * (ticksAfter.steal - ticksBefore.steal)) / Math.max(1, ticksAfter.total - ticksBefore.total);
    console.log(
      `  CPU time taken by the virtual machine's host (steal) during the loads: ${steal.toFixed(1)} %${
        steal > 5 ? ' (a busy host: every figure above is moved by it)' : ''
      }`,
    );
  } finally {
    await bare.stop();
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

async function homePageJs(url: string): Promise<{ files: number; gzipKb: number }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const all = await Promise.all(bodies);
    const gzip = all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    return { files: all.length, gzipKb: Math.round(gzip / 102.4) / 10 };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  // The private limit is raised so the load is never refused; every request is still counted.
  const demo = await startDemo({ PRIVATE_RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    await throughput(demo.url, demo.pid);
    if (process.env.BENCH_THROUGHPUT_ONLY === '1') return;

    const js = await homePageJs(demo.url);
    console.log(`\nHome page JavaScript: ${js.files} files, ${js.gzipKb} KB gzip (target <= 150 KB)`);

    const before = rssMb(demo.pid);
    const servers = await runFlow(demo.url, `bench${Date.now().toString(36)}`);
    await new Promise((r) => setTimeout(r, 1000));
    console.log(
      `\nDemo server resident memory: ${before} MB before the flow, ${rssMb(demo.pid)} MB after it (${servers} server ordered)`,
    );
  } finally {
    await demo.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
