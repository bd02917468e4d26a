/** Starts Falkenhost (`npm start`); demo mode needs no configuration. */
import { join } from 'node:path';
import { PANEL_NAMES } from '@falkenhost/pterodactyl/kinds';
import { startJobs } from '../jobs/scheduler';
import { loadConfig } from '../platform/config';
import { seedDemoCatalogue } from './seed/demo';
import { ensureMasterAccount } from './seed/master';
import { createServer } from './server';
import { gracefulShutdown } from './shutdown';

/** The Node.js major the product is built and tested on (package.json "engines"; README). */
const NODE_MAJOR = 24;

async function main(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
    console.error(
      `Falkenhost needs Node.js ${NODE_MAJOR} or newer; this is ${process.version}. See the README.`,
    );
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const server = await createServer(config, {
    emulatorDataDir: join(config.dataDir, 'emulators'),
    emulatorTiming: process.env.DEMO_INSTALL_SECONDS
      ? { installSeconds: Number(process.env.DEMO_INSTALL_SECONDS) }
      : undefined,
  });
  await server.app.listen({ port: config.port, host: config.host });

  if (config.mode === 'demo' && (await seedDemoCatalogue(server.ctx))) {
    server.app.log.info('seeded the demo catalogue');
  }
  const master = await ensureMasterAccount(
    server.ctx,
    process.env.MASTER_EMAIL ?? 'master@falkenhost.example',
  );
  if (master) {
    console.log(
      `\n  Master account created. Log in at ${config.publicUrl}/login with\n    e-mail:   ${master.email}\n    password: ${master.password}\n  (shown once; keep it safe)\n`,
    );
  }
  const jobs = startJobs(server.ctx);
  console.log(
    `\n  Falkenhost (${config.mode}) is running at ${config.publicUrl} on Node.js ${process.version}, driving the ${PANEL_NAMES[config.panel.kind]} panel at ${config.panel.url}\n`,
  );

  // Graceful shutdown within SHUTDOWN_TIMEOUT_SECONDS; a second signal exits at once.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      server.app.log.info({ signal }, 'shutting down');
      void gracefulShutdown({
        server,
        jobs,
        timeoutMs: config.shutdownTimeoutSeconds * 1000,
        log: server.app.log,
      }).then((inTime) => process.exit(inTime ? 0 : 1));
    });
  }
}

void main();
