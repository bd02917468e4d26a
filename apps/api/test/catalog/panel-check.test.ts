/**
 * `npm run check:panel` (issue 28 point 9): per game, whether the configured panel can provision it and
 * what is missing, from GET requests only.
 */

import type { PelicanState } from '@falkenhost/pelican-emulator/state/state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPanel, formatPanelCheck } from '../../src/catalog/panel-check';
import { EGG_READING_FRESH_MS } from '../../src/panel/nests';
import { createPanelClient } from '../../src/panel/port';
import { type Product, startProduct } from '../harness';
import { PANELS, productPanel } from '../panels';

describe.each(PANELS)('check:panel on %s', (panelKind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('sqlite', { panel: panelKind });
  });
  const panel = () => productPanel(product);
  afterAll(async () => product?.close());

  it('says every demo game can be sold, and which values customers give', async () => {
    const report = await checkPanel(product.server.ctx);
    expect(report.keys).toEqual([]);
    expect(report.panel).toEqual([]);
    expect(report.games.map((g) => [g.game, g.sellable])).toEqual(
      expect.arrayContaining([
        ['Minecraft', true],
        ['FiveM', true],
      ]),
    );
    expect(report.games.every((g) => g.sellable)).toBe(true);
    const fivem = report.games.find((g) => g.game === 'FiveM')!;
    expect(fivem.notes).toEqual([expect.stringContaining('customers give FIVEM_LICENSES')]);
    expect(formatPanelCheck(report)).toMatch(/^OK +FiveM$/m);
    // Minecraft's eggs have no player-count variable: sellable, with the slots said to be not enforced.
    const minecraft = report.games.find((g) => g.game === 'Minecraft')!;
    expect(minecraft.notes).toContainEqual(
      expect.stringMatching(
        /^Paper: no player-count variable, so Minecraft Starter's 10 slots are not enforced$/,
      ),
    );
  });

  it('names a node in no location, which no package can use', async () => {
    const node = panel().db.nodes.at(-1)!;
    // Pterodactyl: a location id no location has; Pelican: no tag at all.
    const saved = 'tags' in node ? node.tags : node.location_id;
    if ('tags' in node) node.tags = [];
    else node.location_id = 987_654;
    try {
      const report = await checkPanel(product.server.ctx);
      expect(report.panel).toEqual([
        `node ${node.name} is in no location (on Pelican: it has no tag), so no package can use it`,
      ]);
      expect(formatPanelCheck(report)).toContain(`panel:\n  ! node ${node.name} is in no location`);
    } finally {
      if ('tags' in node) node.tags = saved as string[];
      else node.location_id = saved as number;
    }
  });

  it('names a package whose slots an egg refuses', async () => {
    const { db } = product.server.ctx;
    await db.updateTable('packages').set({ slots: 64 }).where('name', '=', 'FiveM Starter').execute();
    try {
      const fivem = (await checkPanel(product.server.ctx)).games.find((g) => g.game === 'FiveM')!;
      expect(fivem.sellable).toBe(false);
      expect(fivem.problems).toEqual([
        "FiveM Starter: FiveM's MAX_PLAYERS (required|integer|between:1,48) refuses 64 slots",
      ]);
    } finally {
      await db.updateTable('packages').set({ slots: 32 }).where('name', '=', 'FiveM Starter').execute();
    }
  });

  it('names a variable nobody can give, and a client key that is not a root admin', async () => {
    const licence = panel()
      .db.eggs.flatMap((e) => e.variables)
      .find((v) => v.env_variable === 'FIVEM_LICENSES')!;
    licence.user_editable = false;
    product.advance(EGG_READING_FRESH_MS + 1_000);
    // Pterodactyl: the client key's owner loses root admin. Pelican: its application key needs a root
    // admin owner too, so the client key is one of a separate account that never was one.
    const owner = panel().db.users.find((u) => u.id === panel().keyOwner().id)!;
    const ctx = product.server.ctx;
    let checked = ctx;
    if (panel().kind === 'pelican') {
      const state = productPanel(product).state as PelicanState;
      const player = await ctx.panel.createUser({
        email: 'player@example.org',
        username: 'player',
        first_name: 'P',
        last_name: 'P',
      });
      const { url, applicationKey } = ctx.config.panel;
      const clientKey = state.issueKey('client', player.id);
      checked = { ...ctx, panel: createPanelClient('pelican', { baseUrl: url, applicationKey, clientKey }) };
    } else owner.root_admin = false;
    try {
      const before = JSON.stringify(panel().snapshot());
      const report = await checkPanel(checked);
      expect(report.keys).toEqual([expect.stringContaining('is not a root administrator')]);
      const fivem = report.games.find((g) => g.game === 'FiveM')!;
      expect(fivem.sellable).toBe(false);
      expect(fivem.problems).toEqual([
        expect.stringContaining('FIVEM_LICENSES (required|string|max:33) needs a value'),
      ]);
      expect(formatPanelCheck(report)).toMatch(/^CANNOT +FiveM$/m);
      expect(JSON.stringify(panel().snapshot())).toBe(before);
    } finally {
      licence.user_editable = true;
      owner.root_admin = true;
      product.advance(EGG_READING_FRESH_MS + 1_000);
    }
  });

  it('reports a wrong application key instead of failing', async () => {
    const ctx = product.server.ctx;
    const report = await checkPanel({
      ...ctx,
      panel: createPanelClient(panelKind, {
        baseUrl: ctx.config.panel.url,
        applicationKey: `${panelKind === 'pelican' ? 'papp' : 'ptla'}_${'x'.repeat(43)}`,
        clientKey: ctx.config.panel.clientKey,
      }),
    });
    expect(report.keys).toEqual([expect.stringContaining('application key: cannot read nodes')]);
    expect(report.games).toEqual([]);
  });

  it('names a panel of the other kind than PANEL_KIND by its 404s, with GET requests only', async () => {
    const ctx = product.server.ctx;
    const other = panelKind === 'pelican' ? 'pterodactyl' : 'pelican';
    const before = JSON.stringify(panel().snapshot());
    const { url, applicationKey, clientKey } = ctx.config.panel;
    const wrong = createPanelClient(other, { baseUrl: url, applicationKey, clientKey });
    const report = await checkPanel({ ...ctx, panel: wrong });
    expect(report.panel).toContainEqual(
      expect.stringMatching(/^the panel answers 404 for its .*: it is not the kind PANEL_KIND names/),
    );
    // Read in the other panel's terms, no game is judged.
    expect(report.games).toEqual([]);
    expect(JSON.stringify(panel().snapshot())).toBe(before);
  });
});
