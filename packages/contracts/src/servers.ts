/**
 * Customer servers contracts (product.md "Customer servers", "Entities and fields", "Live server stats"
 * ("Owned server")).
 */
import { z } from 'zod';
import {
  ADDON_TYPES,
  BILLING_TYPES,
  CLOCK_ADVANCE_MAX_HOURS,
  DAYS,
  POWER_SIGNALS,
  SCHEDULE_HOUR_MAX,
} from './constants';
import { REASONS } from './errors';
import { id, jsonId } from './fields';

/**
 * Why a suspended server stopped (docs/decisions/430-the-paths-back.md), derived from what is recorded:
 * `credits` an hourly server the balance could not pay; `renewal` a monthly server whose renewal failed
 * (or never came) and whose grace ended; `ended` a monthly server the customer cancelled, stopped at the
 * end of its paid period.
 */
export const SUSPENSION_REASONS = ['credits', 'renewal', 'ended'] as const;
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number];

export const ownedServerAddon = z.object({
  addon_id: z.number().int(),
  addon_name: z.string(),
  addon_type: z.enum(ADDON_TYPES),
  addon_quantity: z.number().int(),
});

/**
 * One owned server. Credit figures are credits, euro figures euro. Resource totals include add-ons.
 * `websocketUrl` and `token` are null in the list: the card asks `/websocket-token` for a fresh credential
 * when it opens its socket, so listing servers costs the panel nothing.
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
  /** the server's package (the details overlay offers the other packages of its game) */
  package_id: z.number().int(),
  package_name: z.string(),
  game_id: z.number().int(),
  /** true when on-hours schedules decide when it runs (hourly servers) */
  scheduled: z.boolean(),
  /**
   * ISO 8601: when a scheduled server outside its hours next starts (the first active hour ahead in the
   * customer's schedule time zone, docs/decisions/445); null while in its hours, unscheduled or suspended
   */
  next_start: z.string().nullable(),
  /**
   * An hourly server on a schedule: the credits of an average month of its scheduled hours
   * (scheduledMonthlyUnits, docs/decisions/445); null when unscheduled or monthly
   */
  scheduled_credits_monthly: z.number().nullable(),
  /** ISO 8601: when a suspended server is deleted, null otherwise */
  delete_at: z.string().nullable(),
  /** ISO 8601, monthly servers: the end of the paid period (the next renewal), null for hourly */
  paid_until: z.string().nullable(),
  /**
   * Monthly servers: true when no payment mandate renews it and its price is above 0 (product.md
   * "States and transitions": shown as cancelled, cancel disabled); the server runs to `paid_until`, then is
   * suspended.
   */
  cancelled: z.boolean(),
  /**
   * Monthly servers whose renewal failed and is being retried (docs/decisions/420): the next try (ISO
   * 8601, null while one runs) and when the server stops unless paid; null when not in grace. The card
   * offers to pay the month with another card (POST pay-renewal).
   */
  grace: z.object({ next_try_at: z.string().nullable(), stops_at: z.string() }).nullable(),
  /** why a suspended server stopped (SUSPENSION_REASONS); null unless suspended */
  suspension_reason: z.enum(SUSPENSION_REASONS).nullable(),
});
export type OwnedServer = z.infer<typeof ownedServer>;

/** `?id=<user_package_id>` of the available-for-change lists (product.md "API calls"). */
export const userPackageQuery = z.object({ id });

/** POST /api/private/addons/buy-addon and DELETE /remove-addon (product.md "API calls"). */
export const addonChangeBody = z.object({ addonId: jsonId, userPackageId: jsonId });
export type AddonChangeBody = z.infer<typeof addonChangeBody>;

/** POST /api/private/packages/change-package (product.md "API calls"). */
export const changePackageBody = z.object({ newPackageId: jsonId, userPackageId: jsonId });
export type ChangePackageBody = z.infer<typeof changePackageBody>;

/** POST unsuspend-server and cancel-server: `{ id }` = user package id (product.md "API calls"). */
export const serverIdBody = z.object({ id: jsonId });

/** POST /api/private/servers/power: a power signal through the panel's Client API. */
export const powerBody = z.object({ id: jsonId, signal: z.enum(POWER_SIGNALS) });
export type PowerBody = z.infer<typeof powerBody>;

/**
 * One schedule of a server (product.md "Entities and fields" ("Schedule")): the active hours of one day,
 * 0-23.
 */
export const schedule = z.object({
  id: z.number().int(),
  day_of_week: z.enum(DAYS),
  active_hours: z.array(z.number().int().min(0).max(SCHEDULE_HOUR_MAX)),
});
export type Schedule = z.infer<typeof schedule>;

/** GET /api/private/servers/schedule?user_packages_id= : the schedules and the time zone they are in. */
export const scheduleQuery = z.object({ user_packages_id: id });
export const scheduleAnswer = z.object({ timeZone: z.string(), schedules: z.array(schedule) });
export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;

/**
 * The hour-range rule's own message (product.md "Error catalogue" ("Range of hours is invalid")); the API
 * answers it as invalid-hours.
 */
export const HOUR_RANGE = 'hour-range';

const dayName = z
  .string({ error: REASONS.invalidInput })
  .transform((d) => DAYS.find((day) => day.toLowerCase() === d.toLowerCase()) ?? d)
  .pipe(z.enum(DAYS, { error: REASONS.invalidInput }));
const wholeHour = z.number({ error: REASONS.invalidInput }).int(REASONS.invalidInput);
const hourOfDay = z.number().min(0, HOUR_RANGE).max(SCHEDULE_HOUR_MAX, HOUR_RANGE);

/**
 * A new schedule as the panel's form and the API check it (product.md "Validation rules" ("Schedule"), in its
 * order): day, start and end present (invalid-input; the day a name Monday..Sunday, any case), then both
 * hours within 0 to 23 (hour-range), then start not after end (invalid-hours, on `endHour`). The stages are
 * piped so a later rule is only checked once the earlier ones hold; the first issue is the one to show.
 */
export const scheduleInput = z
  .object({ day: dayName, startHour: wholeHour, endHour: wholeHour })
  .pipe(
    z
      .object({ day: z.enum(DAYS), startHour: hourOfDay, endHour: hourOfDay })
      .refine((v) => v.startHour <= v.endHour, { message: REASONS.invalidHours, path: ['endHour'] }),
  );
export type ScheduleInput = z.output<typeof scheduleInput>;

/**
 * POST /api/private/servers/schedule (product.md "API calls"). The body is read loosely here and its day and
 * hours checked with `scheduleInput`, so a refused body gets product.md "Error catalogue"'s reasons
 * (invalid-input, invalid-hours) rather than a generic validation answer. `timeZone` (IANA, optional) is sent
 * only when the customer chose to move their schedules to that zone
 * (docs/decisions/221-schedule-time-zone.md); without it the stored zone stays.
 */
export const scheduleBody = z.object({
  user_packages_id: jsonId,
  day: z.unknown().optional(),
  startHour: z.unknown().optional(),
  endHour: z.unknown().optional(),
  timeZone: z.string().max(64).optional(),
});
export type ScheduleBody = z.input<typeof scheduleBody>;

/**
 * DELETE /api/private/servers/schedule (product.md "API calls"): `hoursToDelete` is a JSON list of hours (or
 * a list).
 */
export const scheduleDeleteBody = z.object({
  user_packages_id: jsonId,
  id: jsonId,
  hoursToDelete: z.union([z.string().max(200), z.array(z.number().int())]).optional(),
  day: z.enum(DAYS).optional(),
});
export type ScheduleDeleteBody = z.input<typeof scheduleDeleteBody>;

/** The demo clock (demo.md "Contracts the demo must keep"): `now` in ISO 8601. */
export const clockAnswer = z.object({ now: z.string() });
export const clockAdvanceBody = z.object({
  advanceHours: z.number().int().min(1).max(CLOCK_ADVANCE_MAX_HOURS),
});

export const serverCountAnswer = z.object({ count: z.number().int(), monthly: z.number() });

export const websocketQuery = z.object({ id });
/**
 * A fresh credential for our live-stats relay: `socket` is the relay's ws(s) URL, `token` our own
 * one-server credential, never a Wings token (the client asks again on "token expiring", "token expired"
 * or "jwt error").
 */
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
