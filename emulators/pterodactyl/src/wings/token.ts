import { createHash, randomUUID } from 'node:crypto';
import { compactVerify, SignJWT } from 'jose';
import { randomAlphanumeric } from '../api/keys';
import type { NodeRecord, ServerRecord, UserRecord } from '../state/records';
import type { EmulatorState } from '../state/state';

/** Claims of a websocket token, as the panel's NodeJWTService issues them. */
export interface WebsocketClaims {
  iss: string;
  aud: string[];
  jti: string;
  iat?: number;
  nbf?: number;
  exp?: number;
  server_uuid: string;
  permissions: string[];
  user_uuid: string;
  user_id: number;
  unique_id: string;
}

/** Wings' websocket permissions (router/websocket/websocket.go). */
export const WINGS_PERMISSIONS = {
  connect: 'websocket.connect',
  sendCommand: 'control.console',
  powerStart: 'control.start',
  powerStop: 'control.stop',
  powerRestart: 'control.restart',
  receiveErrors: 'admin.websocket.errors',
  receiveInstall: 'admin.websocket.install',
  receiveTransfer: 'admin.websocket.transfer',
} as const;

const secretOf = (node: NodeRecord) => new TextEncoder().encode(node.daemon_token);

/**
 * The permissions the panel puts into a websocket token (GetUserPermissionsService): `*` for the owner and
 * root admins, plus the three `admin.websocket.*` for root admins; a subuser's own list otherwise (the
 * emulator has no subusers, so none).
 */
export function panelSocketPermissions(server: ServerRecord, user: UserRecord): string[] {
  if (!user.root_admin && user.id !== server.user_id) return [];
  return user.root_admin
    ? [
        '*',
        WINGS_PERMISSIONS.receiveErrors,
        WINGS_PERMISSIONS.receiveInstall,
        WINGS_PERMISSIONS.receiveTransfer,
      ]
    : ['*'];
}

/**
 * Signs a websocket JWT (HS256 with the node's daemon token): iss = publicUrl, aud = the node's address,
 * jti = md5(user.id . server.uuid), iat = now, nbf = now - 5 min, exp = now + tokenTtlSeconds,
 * permissions as the panel gives them to `user` (`panelSocketPermissions`) unless `permissions` is given
 * (tests: a token with fewer permissions, as a subuser's).
 */
export async function signWebsocketToken(
  state: EmulatorState,
  node: NodeRecord,
  server: ServerRecord,
  user: UserRecord,
  permissions: string[] = panelSocketPermissions(server, user),
): Promise<string> {
  const now = Math.floor(state.now() / 1000);
  const jti = createHash('md5').update(`${user.id}${server.uuid}`).digest('hex');
  return new SignJWT({
    server_uuid: server.uuid,
    permissions,
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

/**
 * Wings' check of a token's permission (tokens.WebsocketPayload.HasPermission): the permission itself, or
 * `*` for any permission that does not start with `admin`.
 */
export function hasPermission(claims: Pick<WebsocketClaims, 'permissions'>, permission: string): boolean {
  return (claims.permissions ?? []).some(
    (p) => p === permission || (!permission.startsWith('admin') && p === '*'),
  );
}

/** Wings' JWT errors (websocket.IsJwtError): answered as `jwt error`, everything else as `daemon error`. */
export const JWT_ERRORS = {
  notPresent: 'jwt: no jwt present',
  noConnect: 'jwt: missing connect permission',
  uuidMismatch: 'jwt: server uuid mismatch',
  denylisted: 'jwt: created too far in past (denylist)',
  expired: 'jwt: exp claim is invalid',
} as const;

/** Outcome of parsing an `auth` token the way Wings' NewTokenPayload does. */
export type TokenParse =
  | { ok: true; claims: WebsocketClaims }
  | { ok: false; jwtError: boolean; message: string };

/**
 * Wings' expiry rule (gbrlsnchs/jwt ExpirationTimeValidator): invalid once the clock is past `exp`; a
 * token without `exp` never expires.
 */
export function expired(claims: Pick<WebsocketClaims, 'exp'>, nowMs: number): boolean {
  return claims.exp !== undefined && nowMs > claims.exp * 1000;
}

/**
 * Wings' denylist (tokens.WebsocketPayload.Denylisted): a token without `iat`, or issued before Wings
 * booted, is refused. Judged by whole seconds, as `iat` is (decision 121).
 */
export function denylisted(claims: WebsocketClaims, bootMs: number): boolean {
  return claims.iat === undefined || claims.iat < Math.floor(bootMs / 1000);
}

/**
 * Parses a token as Wings' NewTokenPayload does: HS256 signature with the node's daemon token, expiry
 * against `state.now()` (nbf and iat are not checked), then the denylist and `websocket.connect`. The
 * server uuid is not checked here: Wings checks it on every later frame (TokenValid).
 * @returns the claims, or Wings' error: `jwtError` for expiry, denylist and missing connect permission
 *   (sent as `jwt error`), false for anything else such as a bad signature (`daemon error`)
 */
export async function parseWebsocketToken(
  state: EmulatorState,
  node: NodeRecord,
  token: string,
  bootMs: number,
): Promise<TokenParse> {
  let claims: WebsocketClaims;
  try {
    const { payload } = await compactVerify(token, secretOf(node), { algorithms: ['HS256'] });
    claims = JSON.parse(new TextDecoder().decode(payload)) as WebsocketClaims;
  } catch {
    return { ok: false, jwtError: false, message: 'jwt: HMAC verification failed' };
  }
  if (expired(claims, state.now())) return { ok: false, jwtError: true, message: JWT_ERRORS.expired };
  if (denylisted(claims, bootMs)) return { ok: false, jwtError: true, message: JWT_ERRORS.denylisted };
  if (!hasPermission(claims, WINGS_PERMISSIONS.connect))
    return { ok: false, jwtError: true, message: JWT_ERRORS.noConnect };
  return { ok: true, claims };
}

/** Wings' "Error Event [uuid]: message" wrapping of error answers (Handler.GetErrorMessage). */
export function errorEventMessage(message: string): string {
  return `Error Event [${randomUUID()}]: ${message}`;
}
