/**
 * Access and refresh tokens (spec 4, 7: 15-minute access token, rotated refresh token, both in
 * httpOnly cookies; architecture.md: jose for the access JWT, refresh tokens opaque and stored hashed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '@falkenhost/contracts/constants';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  /** user id */
  sub: number;
  /** session id (sessions.id) */
  sid: number;
  /** users.token_version when issued: a bump ends the session at once */
  tv: number;
  /** 2FA passed (or not needed) for this session */
  mfa: boolean;
}

const ISSUER = 'falkenhost';

/** Signs a 15-minute HS256 access token. */
export async function signAccessToken(secret: string, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: claims.sid, tv: claims.tv, mfa: claims.mfa })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(secret));
}

/** @returns the claims, or null when the token is missing, forged or expired */
export async function verifyAccessToken(
  secret: string,
  token: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const sub = Number(payload.sub);
    if (!Number.isInteger(sub) || typeof payload.sid !== 'number' || typeof payload.tv !== 'number')
      return null;
    return { sub, sid: payload.sid, tv: payload.tv, mfa: payload.mfa === true };
  } catch {
    return null;
  }
}

/** A new opaque refresh token (256 bits) and the hash to store. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
