// Port of tests/Integration/Services/Servers/StartupModificationServiceTest.php (pterodactyl/panel), driven
// through PATCH /api/application/servers/{id}/startup (StartupController), which runs that service at the
// admin level. Not ported: testNonAdminCanModifyServerVariables, the user level, which no Application API
// route reaches; see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  createServerModel,
  type Loose,
  type PeerPanel,
  seedNode,
  startPeerPanel,
  waitInstalled,
} from '../../../panel';

describe('StartupModificationServiceTest', () => {
  let panel: PeerPanel;

  beforeAll(async () => {
    panel = await startPeerPanel({ nodes: [seedNode('node-1', 'test')], users: [API_USER] });
  });
  afterAll(() => panel.close());

  function startup(server: Loose, changes: object) {
    return panel.app('PATCH', `/servers/${server.id}/startup`, {
      startup: server.container.startup_command,
      egg: server.egg,
      image: server.container.image,
      environment: {},
      skip_scripts: false,
      ...changes,
    });
  }

  // testServerIsProperlyModifiedAsAdminUser
  it('moves the server to another nest’s egg with its startup and image, still installed', async () => {
    const server = await createServerModel(panel, 1);
    await waitInstalled(panel, server.id);
    const { body: eggs } = await panel.app('GET', '/nests/2/eggs');
    const nextEgg = eggs.data[0].attributes;
    expect(nextEgg.id).not.toBe(server.egg);

    const answer = await startup(server, {
      egg: nextEgg.id,
      startup: 'sample startup',
      skip_scripts: true,
      image: 'docker/hodor',
    });
    expect(answer.status).toBe(200);
    const changed = answer.body.attributes;
    expect(changed.egg).toBe(nextEgg.id);
    expect(changed.nest).toBe(2);
    expect(changed.container.startup_command).toBe('sample startup');
    expect(changed.container.image).toBe('docker/hodor');
    expect(changed.container.installed).toBe(1);
  });

  // testEnvironmentVariablesCanBeUpdatedByAdmin (the admin half)
  it('writes every variable of the egg at the admin level', async () => {
    const server = await createServerModel(panel, 1);
    const answer = await startup(server, {
      environment: { BUNGEE_VERSION: '1234', SERVER_JARFILE: 'test.jar' },
    });
    expect(answer.status).toBe(200);
    const environment = answer.body.attributes.container.environment;
    expect(environment.BUNGEE_VERSION).toBe('1234');
    expect(environment.SERVER_JARFILE).toBe('test.jar');
  });

  // VariableValidatorService at the admin level checks every variable of the egg, given or not.
  it('refuses an environment that leaves out a required variable, changing nothing', async () => {
    const server = await createServerModel(panel, 1);
    const answer = await startup(server, { environment: { SERVER_JARFILE: 'test.jar' } });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: Loose) => e.meta.source_field)).toEqual(['environment.BUNGEE_VERSION']);
    const { body } = await panel.app('GET', `/servers/${server.id}`);
    expect(body.attributes.container.environment.SERVER_JARFILE).toBe('server.jar');
  });

  // testInvalidEggIdTriggersException: the request's `exists:eggs,id` answers first.
  it('refuses an egg that does not exist', async () => {
    const server = await createServerModel(panel, 1);
    const answer = await startup(server, { egg: 123456789 });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].meta.source_field).toBe('egg');
  });

  // UpdateServerStartupRequest: startup, egg and image are required on update.
  it('refuses a body without startup or image', async () => {
    const server = await createServerModel(panel, 1);
    const answer = await panel.app('PATCH', `/servers/${server.id}/startup`, {
      egg: server.egg,
      environment: {},
      skip_scripts: false,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: Loose) => e.meta.source_field).sort()).toEqual(['image', 'startup']);
  });
});
