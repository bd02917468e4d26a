/**
 * The per-customer limit of private routes is keyed on the verified access token only: a cookie that
 * names a customer but does not verify (wrong secret, alg none, expired) counts against the sender's
 * address, never against that customer.
 */
import type { FastifyRequest } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { customerKey } from '../../src/http/customer-limit';
import { signAccessToken } from '../../src/identity/tokens';
import { DATABASES, registerVerified, startProduct } from '../harness';

/** An access token as the product signs one, with claims of our choosing and any secret. */
function forged(sub: number, secret: string, nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: 1, tv: 0, mfa: true })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(sub))
    .setIssuer('falkenhost')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(new TextEncoder().encode(secret));
}

function unsigned(sub: number) {
  return new UnsecuredJWT({ sid: 1, tv: 0, mfa: true })
    .setSubject(String(sub))
    .setIssuer('falkenhost')
    .setIssuedAt()
    .setExpirationTime('15m')
    .encode();
}

describe.each(DATABASES)('per-customer limit keyed on the verified session on %s', (kind) => {
  it("a forged access cookie naming a customer does not spend that customer's limit", async () => {
    const product = await startProduct(kind, { privateRateLimit: 5 });
    try {
      const victim = await registerVerified(product);
      const { body: me } = await victim.session.get('/api/auth/me');
      const tokens = [await forged(me.id, 'not-the-secret'), unsigned(me.id)];
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${product.url}/api/private/credits`, {
          headers: { accept: 'application/json', cookie: `fh_access=${tokens[i % 2]}` },
        });
        expect(res.status).not.toBe(200);
      }
      // The victim's own requests: the first five go through, the sixth is limited.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await victim.session.get('/api/private/credits')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await product.close();
    }
  });
});

describe('customerKey', () => {
  const secret = 'the-access-token-secret-of-this-test';
  const request = (token?: string) =>
    ({ cookies: token ? { fh_access: token } : {}, ip: '203.0.113.7' }) as unknown as FastifyRequest;

  it('names the customer of a token that verifies', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, { sub: 42, sid: 7, tv: 0, mfa: true }, now);
    expect(await customerKey(request(token), secret, now)).toBe('user:42');
  });

  it('falls back to the address for a missing, forged, unsigned, expired or garbled token', async () => {
    const now = Date.now();
    const expired = await signAccessToken(secret, { sub: 42, sid: 7, tv: 0, mfa: true }, now - 3_600_000);
    for (const token of [
      undefined,
      await forged(42, 'not-the-secret', now),
      unsigned(42),
      expired,
      'not-a-jwt',
    ]) {
      expect(await customerKey(request(token), secret, now)).toBe('ip:203.0.113.7');
    }
  });
});
