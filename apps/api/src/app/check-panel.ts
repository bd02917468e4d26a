/**
 * `npm run check:panel`: read-only check of which games can be sold on the configured panel
 * (docs/operations.md "Connecting a real panel"); exits 1 when a key fails or a published game can't sell.
 */

import { checkPanel, formatPanelCheck } from '../catalog/panel-check';
import { createPanelClient } from '../panel/port';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl);
  try {
    const report = await checkPanel({
      db: database.db,
      panel: createPanelClient(config.panel.kind, {
        baseUrl: config.panel.url,
        applicationKey: config.panel.applicationKey,
        clientKey: config.panel.clientKey,
      }),
      now: Date.now,
    });
    console.log(`panel: ${config.panel.kind} at ${config.panel.url}\n${formatPanelCheck(report)}`);
    const blocked =
      report.keys.length > 0 || report.panel.length > 0 || report.games.some((g) => g.active && !g.sellable);
    process.exitCode = blocked ? 1 : 0;
  } finally {
    await database.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
