/** How a row of the staff servers list shows a server (product.md "Staff screens": servers list). */
import type { AdminServer } from '@falkenhost/contracts/admin';

/** Panel states and our own statuses that have a translation (admin `servers.status.*`). */
const KNOWN_STATUSES = ['running', 'offline', 'starting', 'stopping', 'installing', 'unknown'] as const;

/**
 * The server's page on the game panel, `${panelUrl}/server/${identifier}`; null while the server has no
 * panel identifier yet (still being made). A trailing slash of `panelUrl` is not doubled.
 */
export function panelLink(panelUrl: string, server: Pick<AdminServer, 'identifier'>): string | null {
  if (!server.identifier) return null;
  return `${panelUrl.replace(/\/+$/, '')}/server/${encodeURIComponent(server.identifier)}`;
}

/**
 * The status cell: the word suspended for a suspended server, else the status as a badge, green when
 * the panel says running and red otherwise. `key` is the i18n key of a known status, null for one shown
 * as the server sent it.
 */
export function statusBadge(server: Pick<AdminServer, 'status' | 'suspended'>): {
  kind: 'suspended' | 'status';
  color: 'green' | 'red' | 'orange';
  key: string | null;
} {
  if (server.suspended) return { kind: 'suspended', color: 'orange', key: 'servers.suspended' };
  const known = (KNOWN_STATUSES as readonly string[]).includes(server.status);
  return {
    kind: 'status',
    color: server.status === 'running' ? 'green' : 'red',
    key: known ? `servers.status.${server.status}` : null,
  };
}
