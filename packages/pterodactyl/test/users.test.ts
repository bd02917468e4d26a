import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylClient } from '../src/client';
import { isValidationError, type PterodactylError } from '../src/errors';
import { type Harness, startHarness } from './harness';

describe('panel users', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.emulator.close());

  const alice = {
    email: 'alice@example.com',
    username: 'Alice_1',
    first_name: 'Alice',
    last_name: 'Liddell',
    external_id: 'fh-user-1',
  };

  it('creates a user (username lowercased) and finds it by external id', async () => {
    const user = await h.client.createUser(alice);
    expect(user).toMatchObject({
      username: 'alice_1',
      email: 'alice@example.com',
      external_id: 'fh-user-1',
      root_admin: false,
    });
    expect(user['2fa']).toBe(false);
    expect(await h.client.getUserByExternalId('fh-user-1')).toEqual(user);
    expect(await h.client.getUserByExternalId('nobody')).toBeNull();
  });

  it('refuses duplicates with one 422 entry per field', async () => {
    const error = await h.client.createUser(alice).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    const { errors, code, status } = error as PterodactylError;
    expect({ code, status }).toEqual({ code: 'ValidationException', status: 422 });
    expect(errors.map((e) => [e.meta?.source_field, e.meta?.rule])).toEqual([
      ['external_id', 'unique'],
      ['email', 'unique'],
      ['username', 'unique'],
    ]);
    expect(errors[1]?.detail).toBe('The email has already been taken.');
  });

  it('checks the username rule', async () => {
    const error = await h.client
      .createUser({ ...alice, email: 'x@example.com', username: '-bad-', external_id: 'x' })
      .catch((e: unknown) => e);
    expect((error as PterodactylError).errors[0]?.meta?.source_field).toBe('username');
  });

  it('fails once when told to', async () => {
    h.emulator.state.failNext('createUser', { status: 500, code: 'QueryException', detail: 'boom' });
    const once = createPterodactylClient({ ...h.options, retries: 0 });
    const bob = { ...alice, email: 'b@example.com', username: 'bob', external_id: 'fh-user-2' };
    await expect(once.createUser(bob)).rejects.toMatchObject({ status: 500, code: 'QueryException' });
    expect(await h.client.getUserByExternalId('fh-user-2')).toBeNull();
    // The product's client retries it: not found by external_id, so made again.
    h.emulator.state.failNext('createUser', { status: 500, code: 'QueryException', detail: 'boom' });
    expect(await h.client.createUser(bob)).toMatchObject({ external_id: 'fh-user-2' });
  });
});
