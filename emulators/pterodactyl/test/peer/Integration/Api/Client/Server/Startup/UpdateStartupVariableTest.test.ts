// Port of tests/Integration/Api/Client/Server/Startup/UpdateStartupVariableTest.php (pterodactyl/panel):
// the product sets a customer's egg variable through this route (issue 28 point 3).
// Not ported: testStartupVariableCannotBeUpdatedIfNotUserViewable (subuser permissions: the product's client
// key belongs to a root admin); the permissions data provider's subuser row, likewise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  bungeecordEgg,
  createServerModel,
  type Loose,
  type PeerPanel,
  startPeerPanel,
  stockNests,
  waitInstalled,
} from '../../../../../panel';

describe('UpdateStartupVariableTest', () => {
  let panel: PeerPanel;
  let server: Loose;
  const startup = 'java {{SERVER_JARFILE}} --version {{BUNGEE_VERSION}}';
  const put = (key: string, value: unknown, uuid = server.uuid) =>
    panel.client('PUT', `/servers/${uuid}/startup/variable`, { key, value });
  const egg = (id: number) => panel.emulator.state.db.eggs.find((e) => e.id === id)!;

  beforeAll(async () => {
    // Egg 1: the panel's Bungeecord egg, as in the panel's tests; its clone is egg 2 (cloneEggAndVariables).
    panel = await startPeerPanel({
      nests: stockNests([bungeecordEgg({ name: 'Bungeecord clone' })]),
      users: [API_USER],
    });
    server = await createServerModel(panel, 1, 1, {
      startup,
      environment: { BUNGEE_VERSION: 'latest', SERVER_JARFILE: 'bungeecord.jar' },
    });
    await waitInstalled(panel, server.id);
  });
  afterAll(() => panel.close());

  // testStartupVariableCanBeUpdated
  it('validates the value by the variable rules, then saves it and renders the startup command', async () => {
    const refused = await put('BUNGEE_VERSION', '1.2.3');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].code).toBe('ValidationException');
    expect(refused.body.errors[0].detail).toBe('The value may only contain letters and numbers.');

    const saved = await put('BUNGEE_VERSION', '123');
    expect(saved.status).toBe(200);
    expect(saved.body.object).toBe('egg_variable');
    expect(saved.body.attributes).toMatchObject({
      env_variable: 'BUNGEE_VERSION',
      server_value: '123',
      is_editable: true,
      rules: 'required|alpha_num|between:1,6',
    });
    expect(saved.body.meta.startup_command).toBe('java bungeecord.jar --version 123');
    expect(saved.body.meta.raw_startup_command).toBe(startup);
  });

  // testStartupVariableCannotBeUpdatedIfNotUserViewableOrEditable
  it('refuses a hidden variable as missing and a read-only one as read-only, with 400', async () => {
    const variables = egg(server.egg).variables;
    const version = variables.find((v) => v.env_variable === 'BUNGEE_VERSION')!;
    const jar = variables.find((v) => v.env_variable === 'SERVER_JARFILE')!;
    version.user_viewable = false;
    jar.user_editable = false;
    try {
      const hidden = await put('BUNGEE_VERSION', '123');
      expect(hidden.status).toBe(400);
      expect(hidden.body.errors[0].code).toBe('BadRequestHttpException');
      expect(hidden.body.errors[0].detail).toBe(
        'The environment variable you are trying to edit does not exist.',
      );
      const readOnly = await put('SERVER_JARFILE', 'server2.jar');
      expect(readOnly.status).toBe(400);
      expect(readOnly.body.errors[0].code).toBe('BadRequestHttpException');
      expect(readOnly.body.errors[0].detail).toBe(
        'The environment variable you are trying to edit is read-only.',
      );
    } finally {
      version.user_viewable = true;
      jar.user_editable = true;
    }
  });

  // testHiddenVariablesAreNotReturnedInStartupCommandWhenUpdatingVariable
  it('shows a hidden variable as [hidden] in the startup command', async () => {
    const version = egg(server.egg).variables.find((v) => v.env_variable === 'BUNGEE_VERSION')!;
    version.user_viewable = false;
    try {
      const saved = await put('SERVER_JARFILE', 'server2.jar');
      expect(saved.status).toBe(200);
      expect(saved.body.meta.startup_command).toBe('java server2.jar --version [hidden]');
      expect(saved.body.meta.raw_startup_command).toBe(startup);
    } finally {
      version.user_viewable = true;
    }
  });

  // testEggVariableWithNullableStringIsNotRequired
  it('accepts an empty value for a nullable variable and answers server_value null', async () => {
    const version = egg(server.egg).variables.find((v) => v.env_variable === 'BUNGEE_VERSION')!;
    const rules = version.rules;
    version.rules = 'nullable|string';
    try {
      const saved = await put('BUNGEE_VERSION', '');
      expect(saved.status).toBe(200);
      expect(saved.body.attributes.server_value).toBeNull();
    } finally {
      version.rules = rules;
    }
  });
});
