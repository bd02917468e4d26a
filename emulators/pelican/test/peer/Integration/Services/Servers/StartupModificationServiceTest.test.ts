/**
 * Port of tests/Integration/Services/Servers/StartupModificationServiceTest.php (github:pelican-dev/panel),
 * driven through `PATCH /api/application/servers/{id}/startup` (StartupController), which runs the service
 * at the admin level and always sends `egg`, `environment` and `skip_scripts` as the request demands. The
 * user-level half of test_non_admin_can_modify_server_variables and of
 * test_environment_variables_can_be_updated_by_admin has no Application API route; its validation part is
 * kept, as the admin level validates the same way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clonedEgg, type Loose, type PeerPanel, startPeer } from '../../../panel';

describe('StartupModificationServiceTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer({}, [
      clonedEgg('Bungeecord', 'Bungeecord Hidden', (egg) => {
        const version = egg.variables.find((v) => v.env_variable === 'BUNGEE_VERSION');
        if (version) version.user_editable = false;
      }),
    ]);
  });
  afterEach(() => panel.close());

  const startup = (server: Loose, changes: Record<string, unknown>) =>
    panel.app('PATCH', `/servers/${server.id}/startup`, {
      egg: server.egg,
      environment: {},
      skip_scripts: false,
      ...changes,
    });
  const eggId = (name: string) => panel.emulator.state.db.eggs.find((e) => e.name === name)?.id;

  it('test_non_admin_can_modify_server_variables (its validation, at the admin level)', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const refused = await startup(server, {
      environment: { BUNGEE_VERSION: '$$', SERVER_JARFILE: 'server.jar' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0]).toMatchObject({
      meta: { source_field: 'environment.BUNGEE_VERSION' },
      detail: 'The Bungeecord Version variable may only contain letters and numbers.',
    });

    const res = await startup(server, {
      startup: 'random gibberish',
      environment: { BUNGEE_VERSION: '1234', SERVER_JARFILE: 'test.jar' },
    });
    expect(res.status).toBe(200);
    // The admin level keeps the startup it is sent, where the user level kept the old one.
    expect(res.body.attributes.container).toMatchObject({
      startup_command: 'random gibberish',
      environment: { BUNGEE_VERSION: '1234', SERVER_JARFILE: 'test.jar' },
    });
  });

  it('test_server_is_properly_modified_as_admin_user', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const nextEgg = eggId('Paper');
    expect(nextEgg).not.toBe(server.egg);
    const res = await startup(server, {
      egg: nextEgg,
      startup: 'sample startup',
      skip_scripts: true,
      image: 'docker/hodor',
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes).toMatchObject({ egg: nextEgg, status: null });
    expect(res.body.attributes.container).toMatchObject({
      startup_command: 'sample startup',
      image: 'docker/hodor',
      installed: 1,
    });
  });

  it('test_environment_variables_can_be_updated_by_admin', async () => {
    const server = await panel.server(
      panel.emulator.state.keyOwner().id,
      {},
      { eggName: 'Bungeecord Hidden' },
    );
    const row = panel.emulator.state.db.servers.find((s) => s.id === server.id);
    if (row) row.environment.BUNGEE_VERSION = 'EXIST';
    const res = await startup(server, {
      environment: { BUNGEE_VERSION: '1234', SERVER_JARFILE: 'test.jar' },
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes.container.environment).toMatchObject({
      BUNGEE_VERSION: '1234',
      SERVER_JARFILE: 'test.jar',
    });
  });

  it('test_invalid_egg_id_triggers_exception (the request refuses it first)', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const res = await startup(server, { egg: 123456789 });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      meta: { source_field: 'egg' },
      detail: 'The selected egg is invalid.',
    });
    expect(panel.emulator.state.db.servers.find((s) => s.id === server.id)?.egg_id).toBe(server.egg);
  });
});

describe('PATCH /servers/{id}/startup beyond the ported cases', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('requires egg, environment and skip_scripts but not startup or image', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const empty = await panel.app('PATCH', `/servers/${server.id}/startup`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: Loose) => e.meta.source_field).sort()).toEqual([
      'egg',
      'environment',
      'skip_scripts',
    ]);
    const kept = await panel.app('PATCH', `/servers/${server.id}/startup`, {
      egg: server.egg,
      environment: [],
      skip_scripts: false,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.attributes.container).toMatchObject({
      startup_command: server.container.startup_command,
      image: server.container.image,
      environment: server.container.environment,
    });
  });

  it('checks a variable not sent as its default but stores it as an empty string', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const res = await panel.app('PATCH', `/servers/${server.id}/startup`, {
      egg: server.egg,
      environment: { SERVER_JARFILE: 'proxy.jar' },
      skip_scripts: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes.container.environment).toMatchObject({
      SERVER_JARFILE: 'proxy.jar',
      BUNGEE_VERSION: '',
    });
  });

  it('fills image and startup from a new egg when they are not sent', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    const paper = panel.emulator.state.db.eggs.find((e) => e.name === 'Paper');
    const res = await panel.app('PATCH', `/servers/${server.id}/startup`, {
      egg: paper?.id,
      environment: {},
      skip_scripts: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.attributes.container).toMatchObject({
      startup_command: Object.values(paper?.startup_commands ?? {})[0],
      image: Object.values(paper?.docker_images ?? {})[0],
    });
    // The new egg's variables have no values of this server yet: their defaults show.
    expect(res.body.attributes.container.environment.MINECRAFT_VERSION).toBe(
      paper?.variables.find((v) => v.env_variable === 'MINECRAFT_VERSION')?.default_value,
    );
  });

  it('answers a failure queued with failNext and changes nothing', async () => {
    const server = await panel.server(panel.emulator.state.keyOwner().id);
    panel.emulator.state.failNext('updateServerStartup', { status: 500 });
    const res = await panel.app('PATCH', `/servers/${server.id}/startup`, {
      egg: server.egg,
      startup: 'changed',
      environment: {},
      skip_scripts: false,
    });
    expect(res.status).toBe(500);
    expect(panel.emulator.state.db.servers.find((s) => s.id === server.id)?.startup).toBe(
      server.container.startup_command,
    );
  });
});
