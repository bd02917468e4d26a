/** Pelican's key shapes (app/Models/ApiKey.php), who may use which API, and the keys file helper. */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generatePelicanKey, isPelicanKeyOfKind, readOrCreatePelicanKeys } from '../src/keys';
import { createPelicanState } from '../src/state/state';
import { type PeerPanel, startPeer } from './peer/panel';

describe('Pelican API keys', () => {
  let panel: PeerPanel | undefined;
  afterEach(() => panel?.close());

  it('application keys start with papp_, client keys with pacc_, 48 letters and digits', () => {
    const app = generatePelicanKey('application');
    const client = generatePelicanKey('client');
    expect(app).toMatch(/^papp_[A-Za-z0-9]{43}$/);
    expect(client).toMatch(/^pacc_[A-Za-z0-9]{43}$/);
    expect(isPelicanKeyOfKind(app, 'client')).toBe(false);
    expect(isPelicanKeyOfKind(`ptla_${'a'.repeat(43)}`, 'application')).toBe(false);
  });

  it("refuses a Pterodactyl-shaped key in the emulator's options", () => {
    const urls = { publicUrl: 'http://x', wingsSocketBase: 'ws://x' };
    expect(() => createPelicanState({ ...urls, applicationKey: `ptla_${'a'.repeat(43)}` })).toThrow(/papp_/);
    expect(() => createPelicanState({ ...urls, clientKey: `ptlc_${'a'.repeat(43)}` })).toThrow(/pacc_/);
  });

  it('answers 401 for an unknown key', async () => {
    panel = await startPeer();
    const res = await panel.client('GET', '/account', undefined, generatePelicanKey('client'));
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ code: 'AuthenticationException', detail: 'Unauthenticated.' });
  });

  it("lets a root admin's client key use the Application API, and refuses an ordinary user's", async () => {
    panel = await startPeer();
    const admin = await panel.client('GET', '/account');
    expect(admin.body.attributes.root_admin).toBe(true);
    const { state } = panel.emulator;
    const asAdmin = await fetch(`${panel.emulator.url}/api/application/eggs`, {
      headers: { authorization: `Bearer ${state.config.clientKey}`, accept: 'application/json' },
    });
    expect(asAdmin.status).toBe(200);
    const { key } = await panel.account();
    const asUser = await fetch(`${panel.emulator.url}/api/application/eggs`, {
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
    });
    expect(asUser.status).toBe(403);
    expect(((await asUser.json()) as { errors: Array<{ detail: string }> }).errors[0]?.detail).toBe(
      'This account does not have permission to access the API.',
    );
  });

  it('checks the permission map: read and write bits per resource', async () => {
    panel = await startPeer();
    panel.useApplicationKey({ server: 1 });
    expect((await panel.app('GET', '/servers')).status).toBe(200);
    expect((await panel.app('POST', '/servers', {})).status).toBe(403);
    panel.useApplicationKey({ server: 2 });
    expect((await panel.app('GET', '/servers')).status).toBe(403);
    expect((await panel.app('POST', '/servers', {})).status).toBe(422);
  });

  it('keeps its keys in a file created with mode 0600 and reads them back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pelican-keys-')), 'sub', 'keys.json');
    const first = readOrCreatePelicanKeys(file);
    expect(first.applicationKey).toMatch(/^papp_/);
    expect(first.clientKey).toMatch(/^pacc_/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreatePelicanKeys(file)).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    writeFileSync(file, JSON.stringify({ applicationKey: 'ptla_x', clientKey: 'ptlc_y' }));
    expect(readOrCreatePelicanKeys(file).applicationKey).toMatch(/^papp_/);
  });
});
