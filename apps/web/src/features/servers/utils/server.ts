/** Facts about an owned server the screens decide by (spec 2 "Customer servers", 4 "Server"). */
import type { OwnedServer } from '@falkenhost/contracts/servers';

/** Status paid is an active server; any other status is offered for unsuspend (spec 4). */
export const isActive = (server: Pick<OwnedServer, 'status'>) => server.status === 'paid';

/**
 * A monthly server with no payment mandate and a price above 0 is cancelled: it shows so, and its cancel
 * button is disabled (spec 4 "Server").
 */
export function isCancelled(
  server: Pick<OwnedServer, 'billing_type' | 'mollie_mandate_id' | 'totalCreditsPrice'>,
): boolean {
  return (
    server.billing_type === 'monthly' && server.mollie_mandate_id === null && server.totalCreditsPrice > 0
  );
}

/** The short id the card shows: the first segment of the panel uuid. */
export const shortIdOf = (server: Pick<OwnedServer, 'ptero_server_uuid'>) =>
  server.ptero_server_uuid?.split('-')[0] ?? '';
