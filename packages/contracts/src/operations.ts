/**
 * GET /api/health and GET /api/ready (issue 11 "Operations"; docs/operations.md): the liveness and
 * readiness answers a container health check, a load balancer or a monitor reads.
 */
import { z } from 'zod';

/** GET /api/health: 200 while the process serves requests; it reads nothing else. */
export const healthBody = z.object({ status: z.literal('ok') });
export type HealthBody = z.infer<typeof healthBody>;

/** One readiness check: ok, failed (an error answered) or timeout (no answer in time). */
export const readinessCheck = z.enum(['ok', 'failed', 'timeout']);
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/**
 * GET /api/ready: 200 `status: ok` when every check is ok, else 503 `status: unavailable`; `checks` names
 * each check's state (the errors are logged, never sent).
 */
export const readinessBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({
    /** the database answers a query */
    database: readinessCheck,
    /** every migration of this version has run */
    migrations: readinessCheck,
    /** the Pterodactyl application API answers (list of locations) */
    panel: readinessCheck,
    /** the Mollie API answers (list of payments, one item) */
    mollie: readinessCheck,
  }),
});
export type ReadinessBody = z.infer<typeof readinessBody>;
