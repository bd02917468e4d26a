import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomAlphanumeric } from '../keys';
import type { NodeRecord, ServerRecord, UserRecord } from '../records';
import type { EmulatorState } from '../state';

/** Claims of a websocket token, as the panel's NodeJWTService issues them. */
export interface WebsocketClaims {
  iss: string;
  aud: string[];
  jti: string;
  iat: number;
  nbf: number;
  exp: number;
  server_uuid: string;
  permissions: string[];
  user_uuid: string;
  user_id: number;
  unique_id: string;
}

const secretOf = (node: NodeRecord) => new TextEncoder().encode(node.daemon_token);

/**
 * The permissions the panel's GetUserPermissionsService grants on a server the user owns or, as root
 * admin, reaches: `*`, plus `admin.websocket.errors|install|transfer` for a root admin.
 */
export function websocketPermissions(user: UserRecord): string[] {
  return user.root_admin
    ? ['*', 'admin.websocket.errors', 'admin.websocket.install', 'admin.websocket.transfer']
    : ['*'];
}

/**
 * Signs a websocket JWT (HS256 with the node's daemon token): iss = publicUrl, aud = the node's address,
 * jti = md5(user.id . server.uuid) (claim and header), iat = now, nbf = now - 5 min,
 * exp = now + tokenTtlSeconds, permissions by `websocketPermissions`, user_uuid and the deprecated user_id.
 */
export async function signWebsocketToken(
  state: EmulatorState,
  node: NodeRecord,
  server: ServerRecord,
  user: UserRecord,
): Promise<string> {
  const now = Math.floor(state.now() / 1000);
  const jti = createHash('md5').update(`${user.id}${server.uuid}`).digest('hex');
  return new SignJWT({
    server_uuid: server.uuid,
    permissions: websocketPermissions(user),
    user_uuid: user.uuid,
    // Deprecated by the panel but still sent, for older Wings.
    user_id: user.id,
    unique_id: randomAlphanumeric(16),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', jti })
    .setIssuer(state.config.publicUrl)
    .setAudience([`${node.scheme}://${node.fqdn}:${node.daemon_listen}`])
    .setJti(jti)
    .setIssuedAt(now)
    .setNotBefore(now - 300)
    .setExpirationTime(now + state.config.tokenTtlSeconds)
    .sign(secretOf(node));
}

/** Outcome of checking a token the way Wings does. */
export type TokenCheck =
  | { ok: true; claims: WebsocketClaims }
  | { ok: false; event: 'jwt error' | 'daemon error'; message: string };

/**
 * Verifies a token for the server's socket: signature with the node's daemon token, expiry against
 * `state.now()`, and that `server_uuid` is this server.
 * @returns the claims, or the event and message Wings would send (`jwt error` for expiry and uuid
 *   mismatch, `daemon error` for anything else such as a bad signature)
 */
export async function verifyWebsocketToken(
  state: EmulatorState,
  node: NodeRecord,
  server: ServerRecord,
  token: string,
): Promise<TokenCheck> {
  const errorId = randomUUID();
  try {
    const { payload } = await jwtVerify(token, secretOf(node), {
      algorithms: ['HS256'],
      currentDate: new Date(state.now()),
    });
    const claims = payload as unknown as WebsocketClaims;
    if (claims.server_uuid !== server.uuid) {
      return {
        ok: false,
        event: 'jwt error',
        message: `Error Event [${errorId}]: jwt: server uuid mismatch`,
      };
    }
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      return {
        ok: false,
        event: 'jwt error',
        message: `Error Event [${errorId}]: jwt: exp claim is invalid`,
      };
    }
    return {
      ok: false,
      event: 'daemon error',
      message: 'an unexpected error was encountered while handling this request',
    };
  }
}
