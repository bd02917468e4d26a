import type { Millis } from './columns';

/** The last clock hour (start, epoch ms) a once-an-hour job ran for. */
export interface JobRunsTable {
  name: string;
  last_hour: Millis;
}
