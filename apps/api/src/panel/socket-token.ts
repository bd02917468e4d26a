/** Live-stats socket credential, signed with a key of its own (decisions/122-live-stats-relay.md). */
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const SOCKET_TOKEN_SECONDS = 600;

const ISSUER = 'falkenhost';
const AUDIENCE = 'falkenhost:server-socket';

const keys = new Map<string, Uint8Array>();

function socketKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('falkenhost server socket token').digest());
    keys.set(secret, key);
  }
  return key;
}

/** What a valid socket credential names. `exp` in seconds since the epoch. */
export interface SocketClaims {
  userId: number;
  /** user_packages.id */
  serverId: number;
  exp: number;
}

/** Signs a credential for `serverId` (user_packages.id) owned by `userId`, valid SOCKET_TOKEN_SECONDS. */
export async function signSocketToken(
  secret: string,
  claims: { userId: number; serverId: number },
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ srv: claims.serverId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SOCKET_TOKEN_SECONDS)
    .sign(socketKey(secret));
}

/**
 * Checks a credential: signature, issuer, audience and expiry against `nowMs`.
 * @returns the claims, or the reason in Wings' words, which the relay sends as a `jwt error`
 */
export async function verifySocketToken(
  secret: string,
  token: string,
  nowMs: number,
): Promise<SocketClaims | { error: string }> {
  try {
    const { payload } = await jwtVerify(token, socketKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
    });
    const userId = Number(payload.sub);
    const serverId = payload.srv;
    if (!Number.isSafeInteger(userId) || typeof serverId !== 'number' || typeof payload.exp !== 'number')
      return { error: 'jwt: invalid token' };
    return { userId, serverId, exp: payload.exp };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { error: 'jwt: exp claim is invalid' };
    return { error: 'jwt: invalid token' };
  }
}
