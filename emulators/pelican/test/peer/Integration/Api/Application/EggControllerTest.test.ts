/** Port of tests/Integration/Api/Application/EggControllerTest.php (github:pelican-dev/panel). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPelicanSeed } from '../../../../../src/seed/seed';
import { expectAccessDenied, expectNotFound, type PeerPanel, startPeer } from '../../../panel';

const SEEDED_EGGS = defaultPelicanSeed().eggs;

describe('EggControllerTest', () => {
  let panel: PeerPanel;
  beforeEach(async () => {
    panel = await startPeer();
  });
  afterEach(() => panel.close());

  it('test_list_all_eggs', async () => {
    const res = await panel.app('GET', '/eggs');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    expect(res.body.data).toHaveLength(SEEDED_EGGS.length);
    for (const datum of res.body.data) {
      expect(datum.object).toBe('egg');
      const a = datum.attributes;
      for (const key of [
        'id',
        'uuid',
        'author',
        'description',
        'docker_image',
        'startup',
        'created_at',
        'updated_at',
      ])
        expect(a).toHaveProperty(key);
      expect(Object.keys(a.script)).toEqual(['privileged', 'install', 'entry', 'container', 'extends']);
      expect(a.config).toHaveProperty('startup.done');
      for (const key of ['files', 'stop', 'logs', 'extends']) expect(a.config).toHaveProperty(key);
      // The transformer's view of the stored egg: the egg file's values.
      const source = SEEDED_EGGS.find((e) => e.uuid === a.uuid);
      expect(source).toBeDefined();
      expect(a).toMatchObject({
        name: source?.name,
        tags: source?.tags,
        docker_images: source?.docker_images,
        docker_image: Object.values(source?.docker_images ?? {})[0],
        startup_commands: source?.startup_commands,
        startup: Object.values(source?.startup_commands ?? {})[0],
      });
    }
  });

  it('test_return_single_egg', async () => {
    const res = await panel.app('GET', '/eggs/1');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('egg');
    expect(Object.keys(res.body.attributes)).toEqual([
      'id',
      'uuid',
      'name',
      'author',
      'description',
      'icon',
      'features',
      'tags',
      'docker_image',
      'docker_images',
      'config',
      'startup',
      'startup_commands',
      'script',
      'created_at',
      'updated_at',
    ]);
    expect(res.body.attributes).toMatchObject({ id: 1, uuid: SEEDED_EGGS[0]?.uuid });
  });

  it('test_return_single_egg_with_relationships', async () => {
    const res = await panel.app('GET', '/eggs/1?include=servers,variables');
    expect(res.status).toBe(200);
    const { servers, variables } = res.body.attributes.relationships;
    expect(servers).toMatchObject({ object: 'list', data: [] });
    expect(variables.object).toBe('list');
    // Rules are arrays since 2024_07_25_072050_convert_rules_to_array.php.
    expect(variables.data[0].attributes.rules).toEqual(SEEDED_EGGS[0]?.variables[0]?.rules);
  });

  it('test_get_missing_egg', async () => {
    expectNotFound(await panel.app('GET', '/eggs/12345'));
  });

  it('test_error_returned_if_no_permission', async () => {
    panel.useApplicationKey({ egg: 0 });
    expectAccessDenied(await panel.app('GET', '/eggs'));
  });
});
