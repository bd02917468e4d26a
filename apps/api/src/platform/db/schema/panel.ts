/** The tables of the panel (its task queue and allocation claims), written only by apps/api/src/panel. */
import type { Generated } from 'kysely';
import type { Millis } from './columns';

/** One panel call to make: suspend | unsuspend | power | delete (panel/panel-queue.ts). */
export interface PanelTasksTable {
  id: Generated<number>;
  user_package_id: number;
  kind: string;
  /** JSON: `{ signal }` for power */
  payload: Generated<string>;
  status: string;
  attempts: Generated<number>;
  /** not before; also the lease of a task being run */
  next_attempt_at: Millis;
  last_error: string | null;
  created_at: Millis;
  done_at: Millis | null;
}

/** An allocation held by an order, counted as taken until the panel's node figures include its server. */
export interface AllocationClaimsTable {
  allocation_id: number;
  node_id: number;
  user_package_id: number;
  memory: number;
  disk: number;
  created_at: Millis;
  /** when the panel made the server; null while in flight */
  done_at: Millis | null;
}
