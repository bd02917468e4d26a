/** The tables of jobs (the hours a once-an-hour job ran for), written only by apps/api/src/jobs. */
import type { Millis } from './columns';

/** The last clock hour (start, epoch ms) a once-an-hour job ran for. */
export interface JobRunsTable {
  name: string;
  last_hour: Millis;
}
