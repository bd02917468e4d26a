/**
 * The default seed carries the demo's six games as egg tags (the Pterodactyl nest names the catalogue
 * looks them up by), with stable ids, and the FiveM egg keeps the variables the demo's orders rely on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_GAME_TAGS, defaultPelicanSeed } from '../src/seed/seed';
import { type Loose, type PeerPanel, startPeer } from './peer/panel';

describe('the default seed', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('tags every egg with exactly one of the six demo games and has eggs for each', async () => {
    const res = await panel.app('GET', '/eggs?per_page=100');
    expect(res.status).toBe(200);
    const eggs = res.body.data.map((e: Loose) => e.attributes);
    const byTag = Object.fromEntries(
      DEMO_GAME_TAGS.map((tag) => [
        tag,
        eggs.filter((e: Loose) => e.tags.includes(tag)).map((e: Loose) => `${e.id} ${e.name}`),
      ]),
    );
    expect(byTag).toEqual({
      Minecraft: ['1 Vanilla Minecraft', '2 Paper', '3 Forge Minecraft', '4 Sponge', '5 Bungeecord'],
      'ARK: Survival Evolved': ['6 Ark: Survival Evolved'],
      Terraria: ['7 Terraria Vanilla', '8 tModloader'],
      Satisfactory: ['9 Satisfactory'],
      '7 Days To Die': ['10 7 Days To Die'],
      FiveM: ['11 FiveM'],
    });
    for (const egg of eggs) expect(egg.tags).toHaveLength(1);
  });

  it('gives the FiveM egg a required licence with an empty default and MAX_PLAYERS between 1 and 48', () => {
    const fivem = panel.emulator.state.db.eggs.find((e) => e.tags.includes('FiveM'));
    const variable = (env: string) => fivem?.variables.find((v) => v.env_variable === env);
    expect(variable('FIVEM_LICENSES')).toMatchObject({
      default_value: '',
      rules: ['required', 'string', 'max:33'],
      user_viewable: true,
      user_editable: true,
    });
    expect(variable('MAX_PLAYERS')).toMatchObject({
      default_value: '48',
      rules: ['required', 'integer', 'between:1,48'],
    });
  });

  it('has a slot variable with array rules on 7 Days To Die, Terraria and Satisfactory', () => {
    const { eggs } = panel.emulator.state.db;
    const slot = (name: string) =>
      eggs.find((e) => e.name === name)?.variables.find((v) => v.env_variable === 'MAX_PLAYERS')?.rules;
    expect(slot('7 Days To Die')).toEqual(['required', 'string', 'max:20']);
    expect(slot('Terraria Vanilla')).toEqual(['required', 'numeric', 'max:255']);
    expect(slot('tModloader')).toEqual(['required', 'numeric', 'digits_between:1,3']);
    expect(slot('Satisfactory')).toEqual(['required', 'integer', 'min:1']);
  });

  it('refuses a FiveM server without a licence and creates one with it', async () => {
    const owner = panel.emulator.state.keyOwner().id;
    const fivem = panel.emulator.state.db.eggs.find((e) => e.name === 'FiveM');
    const free = panel.emulator.state.db.allocations.find((a) => a.server_id === null);
    const order = (environment: Record<string, string>) =>
      panel.app('POST', '/servers', {
        name: 'FiveM',
        user: owner,
        egg: fivem?.id,
        environment,
        limits: { memory: 4096, swap: 0, disk: 20000, io: 500, cpu: 0 },
        feature_limits: { databases: 0, backups: 0 },
        allocation: { default: free?.id },
      });
    const refused = await order({});
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: Loose) => e.meta.source_field)).toEqual([
      'environment.FIVEM_LICENSES',
    ]);
    expect((await order({ FIVEM_LICENSES: 'cfxk_0123456789abcdef' })).status).toBe(201);
  });

  it('is deterministic: two seeds are equal', () => {
    expect(defaultPelicanSeed()).toEqual(defaultPelicanSeed());
  });
});
