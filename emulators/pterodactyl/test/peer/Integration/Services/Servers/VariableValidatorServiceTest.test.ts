// Port of tests/Integration/Services/Servers/VariableValidatorServiceTest.php (pterodactyl/panel),
// driven through POST /api/application/servers, which validates the environment as an administrator.
// Not ported: testNormalUserCannotValidateNonUserEditableVariables (user-level validation belongs to the
// Client API's startup endpoints, which the product does not call); see docs/emulators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_USER,
  bungeecordEgg,
  freeAllocations,
  type Loose,
  type PeerPanel,
  serverBody,
  startPeerPanel,
  stockNests,
} from '../../../panel';

describe('VariableValidatorServiceTest', () => {
  let panel: PeerPanel;
  const bungeecord = 1;
  const adminOnlyEgg = 6;
  const nullableEgg = 7;

  beforeAll(async () => {
    const adminOnly = bungeecordEgg({ name: 'Bungeecord (not user editable)' });
    adminOnly.variables[0]!.user_editable = false;
    const nullable = bungeecordEgg({ name: 'Bungeecord (nullable)' });
    nullable.variables = [{ ...nullable.variables[0]!, rules: 'nullable|string' }];
    panel = await startPeerPanel({ nests: stockNests([adminOnly, nullable]), users: [API_USER] });
  });
  afterAll(() => panel.close());

  async function create(egg: number, environment: object) {
    const [allocation] = await freeAllocations(panel, 1);
    return panel.app('POST', '/servers', serverBody(1, allocation ?? 0, { egg, environment }));
  }

  async function serverValues(serverId: number): Promise<Record<string, string | null>> {
    const { body } = await panel.app('GET', `/servers/${serverId}?include=variables`);
    return Object.fromEntries(
      body.attributes.relationships.variables.data.map((v: Loose) => [
        v.attributes.env_variable,
        v.attributes.server_value,
      ]),
    );
  }

  const fields = (answer: { body: Loose }) =>
    Object.fromEntries(answer.body.errors.map((e: Loose) => [e.meta.source_field, e.detail]));

  // testEnvironmentVariablesCanBeValidated
  it('validates each variable by its own rules', async () => {
    const refused = await create(bungeecord, { BUNGEE_VERSION: '1.2.3' });
    expect(refused.status).toBe(422);
    expect(fields(refused)).toEqual({
      'environment.BUNGEE_VERSION': 'The Bungeecord Version variable may only contain letters and numbers.',
      'environment.SERVER_JARFILE': 'The Bungeecord Jar File variable field is required.',
    });

    const created = await create(bungeecord, { BUNGEE_VERSION: '1234', SERVER_JARFILE: 'server.jar' });
    expect(created.status).toBe(201);
    expect(await serverValues(created.body.attributes.id)).toEqual({
      BUNGEE_VERSION: '1234',
      SERVER_JARFILE: 'server.jar',
    });
  });

  // testEnvironmentVariablesCanBeUpdatedAsAdmin
  it('validates variables that users may not edit, as an administrator', async () => {
    const refused = await create(adminOnlyEgg, { BUNGEE_VERSION: '1.2.3', SERVER_JARFILE: 'server.jar' });
    expect(refused.status).toBe(422);
    expect(Object.keys(fields(refused))).toEqual(['environment.BUNGEE_VERSION']);

    const created = await create(adminOnlyEgg, { BUNGEE_VERSION: '123', SERVER_JARFILE: 'server.jar' });
    expect(created.status).toBe(201);
    expect(await serverValues(created.body.attributes.id)).toEqual({
      BUNGEE_VERSION: '123',
      SERVER_JARFILE: 'server.jar',
    });
  });

  // testNullableEnvironmentVariablesCanBeUsedCorrectly. Over HTTP an empty string arrives as null
  // (ConvertEmptyStringsToNull), and ServerCreationService stores a null value as ''.
  it.each([{}, { BUNGEE_VERSION: null }, { BUNGEE_VERSION: '' }])(
    'accepts a nullable variable given as %j',
    async (environment) => {
      const created = await create(nullableEgg, environment);
      expect(created.status).toBe(201);
      expect(await serverValues(created.body.attributes.id)).toEqual({ BUNGEE_VERSION: '' });
      expect(created.body.attributes.container.environment.BUNGEE_VERSION).toBe('');
    },
  );
});
