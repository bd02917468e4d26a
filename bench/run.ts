/**
 * Benchmarks (figures, not pass/fail tests), against the built demo (`npm run build` first):
 * 1. requests per second and p99 latency of GET /api/public/store/games beside a bare Fastify route
 *    serving the same body, in the same run (target: at least 60 % of the bare route's requests/s);
 * 2. gzip size of the JavaScript the home page loads in Chromium (target: at most 150 KB);
 * 3. the demo server's resident memory after the main flow.
 * Every load goes to 127.0.0.1 only, bounded in time.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';
import { freePort, startDemo } from './lib/demo';
import { runFlow } from './lib/flow';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

async function load(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
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
  const demo = await startDemo();
  try {
    const gamesUrl = `${demo.url}/api/public/store/games`;
    const body = await (await fetch(gamesUrl)).text();

    const bare = Fastify();
    bare.get('/bare', (_req, reply) => reply.type('application/json').send(body));
    const barePort = await freePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });

    console.log(
      `\nGET /api/public/store/games vs a bare Fastify route (${CONNECTIONS} connections, ${DURATION_S} s each)`,
    );
    const bareResult = await load(`http://127.0.0.1:${barePort}/bare`);
    const gamesResult = await load(gamesUrl.replace('localhost', '127.0.0.1'));
    await bare.close();
    const ratio = Math.round((gamesResult.rps / bareResult.rps) * 1000) / 10;
    console.log(`  bare route:       ${bareResult.rps} req/s, p99 ${bareResult.p99} ms`);
    console.log(`  /store/games:     ${gamesResult.rps} req/s, p99 ${gamesResult.p99} ms`);
    console.log(`  ratio:            ${ratio} % of the bare route (target >= 60 %)`);

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
