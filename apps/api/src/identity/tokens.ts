/** Access and refresh tokens (docs/decisions/020-access-and-refresh-tokens.md). */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '@falkenhost/contracts/constants';
import { type CryptoKey, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export interface AccessClaims {
  sub: number;
  sid: number;
  /** users.token_version when issued: a bump ends the session at once */
  tv: number;
  mfa: boolean;
}

const ISSUER = 'falkenhost';

/** The HMAC key of each secret, imported once (jose would import it on every call). */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

/** Signs an HS256 access token (docs/decisions/020-access-and-refresh-tokens.md). */
export async function signAccessToken(secret: string, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: claims.sid, tv: claims.tv, mfa: claims.mfa })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(await hmacKey(secret));
}

/** Tokens whose signature was checked, by token text and secret (decision 020). */
const verifiedTokens = new LRUCache<string, { secret: string; claims: AccessClaims; exp: number }>({
  max: 10_000,
});

/** An already checked token's claims, null when expired, undefined when not checked yet. */
export function knownAccessClaims(
  secret: string,
  token: string,
  nowMs: number,
): AccessClaims | null | undefined {
  const known = verifiedTokens.get(token);
  if (!known || known.secret !== secret) return undefined;
  // As jose judges `exp`: expired once the current second reaches it.
  return known.exp > Math.floor(nowMs / 1000) ? known.claims : null;
}

/** @returns the claims, or null when the token is missing, forged or expired */
export async function verifyAccessToken(
  secret: string,
  token: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  const known = knownAccessClaims(secret, token, nowMs);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const sub = Number(payload.sub);
    if (!Number.isInteger(sub) || typeof payload.sid !== 'number' || typeof payload.tv !== 'number')
      return null;
    const claims = { sub, sid: payload.sid, tv: payload.tv, mfa: payload.mfa === true };
    if (typeof payload.exp === 'number') verifiedTokens.set(token, { secret, claims, exp: payload.exp });
    return claims;
  } catch {
    return null;
  }
}

/** A new opaque refresh token and the hash to store. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
