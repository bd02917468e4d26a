/**
 * `npm run check:panel`: read-only check of which games can be sold on the configured panel
 * (docs/operations.md "Connecting a real panel"); exits 1 when a key fails or a published game can't sell.
 */
import { createPterodactylClient } from '@falkenhost/pterodactyl/client';
import { checkPanel, formatPanelCheck } from '../catalog/panel-check';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl);
  try {
    const report = await checkPanel({
      db: database.db,
      pterodactyl: createPterodactylClient({
        baseUrl: config.pterodactyl.url,
        applicationKey: config.pterodactyl.applicationKey,
        clientKey: config.pterodactyl.clientKey,
      }),
      now: Date.now,
    });
    console.log(`panel: ${config.pterodactyl.url}\n${formatPanelCheck(report)}`);
    const blocked = report.keys.length > 0 || report.games.some((g) => g.active && !g.sellable);
    process.exitCode = blocked ? 1 : 0;
  } finally {
    await database.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
