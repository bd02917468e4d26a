/** Column types shared by the tables (conventions in ./index.ts). */

/** 0 or 1 */
export type Flag = number;
/** milliseconds since the epoch */
export type Millis = number;
