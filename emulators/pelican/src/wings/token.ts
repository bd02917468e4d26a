import { createHash } from 'node:crypto';
import { randomAlphanumeric } from '@falkenhost/pterodactyl-emulator/api/keys';
import {
  expired,
  hasPermission,
  JWT_ERRORS,
  WINGS_PERMISSIONS,
} from '@falkenhost/pterodactyl-emulator/wings/token';
import { compactVerify, SignJWT } from 'jose';
import type { NodeRecord, ServerRecord, UserRecord } from '../state/records';
import type { PelicanState } from '../state/state';

/** Claims of a Pelican websocket token (NodeJWTService with the websocket scope). */
export interface PelicanSocketClaims {
  iss: string;
  aud: string | string[];
  jti: string;
  iat?: number;
  nbf?: number;
  exp?: number;
  server_uuid: string;
  permissions: string[];
  user_uuid?: string;
  /** space-separated scopes; Wings wants `websocket` among them (app/Enums/NodeJwtScope.php) */
  scope?: string;
  unique_id: string;
}

/** The node's address as `Node::getConnectionAddress()` gives it: scheme, FQDN and `daemon_connect`. */
export function connectionAddress(node: NodeRecord): string {
  return `${node.scheme}://${node.fqdn}:${node.daemon_connect}`;
}

/**
 * GetUserPermissionsService for the owner and admins: `*` for an owner who is no admin, `*` plus the three
 * `admin.websocket.*` for an admin; nothing for anyone else (the emulator has no subusers).
 */
export function pelicanSocketPermissions(server: ServerRecord, user: UserRecord): string[] {
  if (user.root_admin)
    return [
      '*',
      WINGS_PERMISSIONS.receiveErrors,
      WINGS_PERMISSIONS.receiveInstall,
      WINGS_PERMISSIONS.receiveTransfer,
    ];
  return user.id === server.user_id ? ['*'] : [];
}

/**
 * Signs a websocket JWT as WebsocketController and NodeJWTService do: HS256 with the node's daemon token;
 * iss = publicUrl, aud = the node's connection address, jti (claim and header) = sha256(user id . server
 * uuid), iat = now, nbf = now - 5 min, exp = now + tokenTtlSeconds (ten minutes), then `server_uuid`,
 * `permissions`, `user_uuid`, `scope` = "websocket" and a 16-character `unique_id`.
 * @param overrides claims to replace or drop (undefined), for tests of Wings' refusals
 */
export async function signPelicanSocketToken(
  state: PelicanState,
  node: NodeRecord,
  server: ServerRecord,
  user: UserRecord,
  overrides: Partial<Record<'scope' | 'user_uuid' | 'permissions', unknown>> = {},
): Promise<string> {
  const now = Math.floor(state.now() / 1000);
  const jti = createHash('sha256').update(`${user.id}${server.uuid}`).digest('hex');
  const claims: Record<string, unknown> = {
    server_uuid: server.uuid,
    permissions: pelicanSocketPermissions(server, user),
    user_uuid: user.uuid,
    scope: 'websocket',
    ...overrides,
    unique_id: randomAlphanumeric(16),
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', jti })
    .setIssuer(state.config.publicUrl)
    .setAudience(connectionAddress(node))
    .setJti(jti)
    .setIssuedAt(now)
    .setNotBefore(now - 300)
    .setExpirationTime(now + state.config.tokenTtlSeconds)
    .sign(new TextEncoder().encode(node.daemon_token));
}

/** Whether the token carries the websocket scope (tokens.Scoped.HasScope in pelican-dev/wings). */
export function hasWebsocketScope(claims: PelicanSocketClaims): boolean {
  return (claims.scope ?? '').split(' ').includes('websocket');
}

/**
 * Pelican Wings' denylist (router/tokens/websocket.go isDenylisted): no `iat`, no server or user uuid, or
 * issued before Wings booted (whole seconds).
 */
export function pelicanDenylisted(claims: PelicanSocketClaims, bootMs: number): boolean {
  return (
    claims.iat === undefined ||
    !claims.server_uuid ||
    !claims.user_uuid ||
    claims.iat < Math.floor(bootMs / 1000)
  );
}

/** Handler.TokenValid / NewTokenPayload's last check: connect permission and the websocket scope. */
export function canConnect(claims: PelicanSocketClaims): boolean {
  return hasPermission(claims, WINGS_PERMISSIONS.connect) && hasWebsocketScope(claims);
}

/** Outcome of an `auth` frame's token. */
export type PelicanTokenParse =
  | { ok: true; claims: PelicanSocketClaims }
  | { ok: false; jwtError: boolean; message: string };

/**
 * NewTokenPayload: the HS256 signature with the node's daemon token, expiry, the denylist, then
 * `websocket.connect` and the `websocket` scope (a token without the scope is refused as missing the
 * connect permission).
 */
export async function parsePelicanSocketToken(
  state: PelicanState,
  node: NodeRecord,
  token: string,
  bootMs: number,
): Promise<PelicanTokenParse> {
  let claims: PelicanSocketClaims;
  try {
    const { payload } = await compactVerify(token, new TextEncoder().encode(node.daemon_token), {
      algorithms: ['HS256'],
    });
    claims = JSON.parse(new TextDecoder().decode(payload)) as PelicanSocketClaims;
  } catch {
    return { ok: false, jwtError: false, message: 'jwt: HMAC verification failed' };
  }
  if (expired(claims, state.now())) return { ok: false, jwtError: true, message: JWT_ERRORS.expired };
  if (pelicanDenylisted(claims, bootMs)) return { ok: false, jwtError: true, message: JWT_ERRORS.denylisted };
  if (!canConnect(claims)) return { ok: false, jwtError: true, message: JWT_ERRORS.noConnect };
  return { ok: true, claims };
}
