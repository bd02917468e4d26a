/** Facts about an owned server the screens decide by (product.md "Customer servers", "Servers"). */
import type { OwnedServer } from '@falkenhost/contracts/servers';

/**
 * Status paid is an active server; any other status is offered for unsuspend (product.md
 * "States and transitions").
 */
export const isActive = (server: Pick<OwnedServer, 'status'>) => server.status === 'paid';

/**
 * A cancelled monthly server: no mandate renews it and its price is above 0 (product.md "Servers"), decided
 * by the server (`cancelled`); it shows so, runs to `paid_until`, and its cancel button is disabled.
 */
export const isCancelled = (server: Pick<OwnedServer, 'billing_type' | 'cancelled'>): boolean =>
  server.billing_type === 'monthly' && server.cancelled;

/** The short id the card shows: the first segment of the panel uuid. */
export const shortIdOf = (server: Pick<OwnedServer, 'ptero_server_uuid'>) =>
  server.ptero_server_uuid?.split('-')[0] ?? '';
