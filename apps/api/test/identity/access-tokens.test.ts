/** A verified access token is taken again, without checking its signature, only until it expires. */
import { describe, expect, it } from 'vitest';
import { knownAccessClaims, signAccessToken, verifyAccessToken } from '../../src/identity/tokens';

describe('verified access tokens', () => {
  const secret = 'the-access-token-secret-of-this-test';
  it('are taken again until they expire, and only with their own secret', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, { sub: 7, sid: 3, tv: 1, mfa: true }, now);
    const claims = { sub: 7, sid: 3, tv: 1, mfa: true };
    expect(await verifyAccessToken(secret, token, now)).toEqual(claims);
    expect(await verifyAccessToken(secret, token, now + 60_000)).toEqual(claims);
    expect(await verifyAccessToken('another-secret-of-the-same-length!!', token, now)).toBeNull();
    expect(await verifyAccessToken(secret, token, now + 15 * 60_000)).toBeNull();
    expect(await verifyAccessToken(secret, `${token.slice(0, -2)}xx`, now)).toBeNull();
  });

  it('are judged at once once checked: unknown before, the claims within 15 minutes, null after', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, { sub: 8, sid: 4, tv: 0, mfa: false }, now);
    expect(knownAccessClaims(secret, token, now)).toBeUndefined();
    await verifyAccessToken(secret, token, now);
    expect(knownAccessClaims(secret, token, now + 60_000)).toEqual({ sub: 8, sid: 4, tv: 0, mfa: false });
    expect(knownAccessClaims(secret, token, now + 15 * 60_000)).toBeNull();
    // Another secret has not checked this token.
    expect(knownAccessClaims('another-secret-of-the-same-length!!', token, now)).toBeUndefined();
  });
});
