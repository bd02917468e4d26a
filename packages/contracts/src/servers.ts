/**
 * Customer servers contracts (spec 2 "Customer servers", 3 "Owned server", 4 "Live server stats").
 */
import { z } from 'zod';
import { ADDON_TYPES, BILLING_TYPES } from './constants';
import { id } from './fields';

export const ownedServerAddon = z.object({
  addon_id: z.number().int(),
  addon_name: z.string(),
  addon_type: z.enum(ADDON_TYPES),
  addon_quantity: z.number().int(),
});

/**
 * One owned server. Credit figures are credits, euro figures euro. Resource totals include add-ons.
 * `websocketUrl` and `token` come from the panel's Client API and are null while it cannot be reached.
 */
export const ownedServer = z.object({
  user_package_id: z.number().int(),
  name: z.string(),
  ptero_server_id: z.number().int().nullable(),
  ptero_server_uuid: z.string().nullable(),
  ptero_identifier: z.string().nullable(),
  panelUrl: z.string().nullable(),
  websocketUrl: z.string().nullable(),
  token: z.string().nullable(),
  billing_type: z.enum(BILLING_TYPES),
  status: z.string(),
  totalCreditsPerHour: z.number(),
  totalCreditsPrice: z.number(),
  eurPrice: z.number(),
  eurPriceWithCreditCardFee: z.number(),
  custom_package_used: z.boolean(),
  mollie_mandate_id: z.string().nullable(),
  package_credits_monthly: z.number(),
  vcpu: z.number().int(),
  ram_size: z.number().int(),
  storage_size: z.number().int(),
  databases: z.number().int(),
  backups: z.number().int(),
  ports: z.number().int(),
  slots: z.number().int(),
  addons: z.array(ownedServerAddon),
});
export type OwnedServer = z.infer<typeof ownedServer>;

export const serverCountAnswer = z.object({ count: z.number().int(), monthly: z.number() });

export const websocketQuery = z.object({ id });
/** A fresh Wings websocket credential (the client asks again on "token expiring" or "token expired"). */
export const websocketAnswer = z.object({ token: z.string(), socket: z.string() });

/** The stats event payload of the Wings websocket (reference/pterodactyl.md), after JSON.parse of args[0]. */
export const wingsStats = z.object({
  memory_bytes: z.number(),
  memory_limit_bytes: z.number(),
  cpu_absolute: z.number(),
  network: z.object({ rx_bytes: z.number(), tx_bytes: z.number() }),
  uptime: z.number(),
  state: z.string(),
  disk_bytes: z.number(),
});
export type WingsStats = z.infer<typeof wingsStats>;
