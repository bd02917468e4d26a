/** Port of tests/Integration/Api/Client/Server/Startup/UpdateStartupVariableTest.php (github:pelican-dev/panel). */
import { afterEach, describe, expect, it } from 'vitest';
import { clonedEgg, type PeerPanel, startPeer } from '../../../../../panel';

const STARTUP = 'java {{SERVER_JARFILE}} --version {{BUNGEE_VERSION}}';

describe('UpdateStartupVariableTest', () => {
  let panel: PeerPanel;
  afterEach(() => panel.close());

  it('test_startup_variable_can_be_updated', async () => {
    panel = await startPeer();
    const { user, key } = await panel.account();
    const server = await panel.server(user.id, { startup: STARTUP });
    const link = `/servers/${server.identifier}/startup/variable`;
    let res = await panel.client('PUT', link, { key: 'BUNGEE_VERSION', value: '1.2.3' }, key);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('ValidationException');
    expect(res.body.errors[0].detail).toBe('The value may only contain letters and numbers.');
    res = await panel.client('PUT', link, { key: 'BUNGEE_VERSION', value: '123' }, key);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('egg_variable');
    expect(res.body.attributes).toMatchObject({
      env_variable: 'BUNGEE_VERSION',
      server_value: '123',
      is_editable: true,
      rules: 'required|alpha_num|between:1,6',
    });
    expect(res.body.meta.startup_command).toBe('java bungeecord.jar --version 123');
    expect(res.body.meta.raw_startup_command).toBe(STARTUP);
  });

  it('test_startup_variable_cannot_be_updated_if_not_user_viewable_or_editable', async () => {
    const egg = clonedEgg('Bungeecord', 'Bungeecord Locked', (e) => {
      for (const v of e.variables) {
        if (v.env_variable === 'BUNGEE_VERSION') v.user_viewable = false;
        if (v.env_variable === 'SERVER_JARFILE') v.user_editable = false;
      }
    });
    panel = await startPeer({}, [egg]);
    const { user, key } = await panel.account();
    const server = await panel.server(user.id, {}, { eggName: 'Bungeecord Locked' });
    const link = `/servers/${server.identifier}/startup/variable`;
    let res = await panel.client('PUT', link, { key: 'BUNGEE_VERSION', value: '123' }, key);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('BadRequestHttpException');
    expect(res.body.errors[0].detail).toBe('The environment variable you are trying to edit does not exist.');
    res = await panel.client('PUT', link, { key: 'SERVER_JARFILE', value: 'server2.jar' }, key);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].detail).toBe('The environment variable you are trying to edit is read-only.');
  });

  it('test_hidden_variables_are_not_returned_in_startup_command_when_updating_variable', async () => {
    const egg = clonedEgg('Bungeecord', 'Bungeecord Hidden', (e) => {
      for (const v of e.variables) if (v.env_variable === 'BUNGEE_VERSION') v.user_viewable = false;
    });
    panel = await startPeer({}, [egg]);
    const { user, key } = await panel.account();
    const server = await panel.server(user.id, { startup: STARTUP }, { eggName: 'Bungeecord Hidden' });
    const res = await panel.client(
      'PUT',
      `/servers/${server.identifier}/startup/variable`,
      { key: 'SERVER_JARFILE', value: 'server2.jar' },
      key,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.startup_command).toBe('java server2.jar --version [hidden]');
    expect(res.body.meta.raw_startup_command).toBe(STARTUP);
  });

  it('test_egg_variable_with_nullable_string_is_not_required', async () => {
    const egg = clonedEgg('Bungeecord', 'Bungeecord Nullable', (e) => {
      for (const v of e.variables) if (v.env_variable === 'BUNGEE_VERSION') v.rules = ['nullable', 'string'];
    });
    panel = await startPeer({}, [egg]);
    const { user, key } = await panel.account();
    const server = await panel.server(user.id, {}, { eggName: 'Bungeecord Nullable' });
    const res = await panel.client(
      'PUT',
      `/servers/${server.identifier}/startup/variable`,
      { key: 'BUNGEE_VERSION', value: '' },
      key,
    );
    expect(res.status).toBe(200);
    expect(res.body.attributes.server_value).toBeNull();
  });

  it('test_startup_variable_cannot_be_updated_if_not_user_viewable (the stranger half)', async () => {
    panel = await startPeer();
    const owner = await panel.account();
    const server = await panel.server(owner.user.id);
    const stranger = await panel.account();
    const res = await panel.client(
      'PUT',
      `/servers/${server.identifier}/startup/variable`,
      undefined,
      stranger.key,
    );
    expect(res.status).toBe(404);
  });
});
