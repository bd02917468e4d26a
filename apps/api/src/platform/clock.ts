/**
 * The product's clock; the demo and the tests move it forward, and every part reads the same one.
 *
 * Also the one place for the lengths of time (MINUTE_MS, HOUR_MS, DAY_MS) and the clock hour (`hourStart`):
 * every module takes them from here, none defines its own.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One minute in milliseconds. */
export const MINUTE_MS = 60_000;
/** One hour in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day of 24 hours in milliseconds (no time zone: a calendar day may be 23 or 25 hours). */
export const DAY_MS = 24 * HOUR_MS;

/**
 * Start of the clock hour containing `t`: hours are counted from the epoch (UTC hours).
 * @param t epoch ms
 * @returns epoch ms, a multiple of HOUR_MS, at most `t`
 */
export function hourStart(t: number): number {
  return t - (t % HOUR_MS);
}

export interface Clock {
  now(): number;
  advance(ms: number): void;
}

/** @param base the time source (default `Date.now`). @throws RangeError from `advance` for a bad `ms` */
export function createClock(base: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offset += ms;
    },
  };
}

/**
 * The demo's clock, its offset kept in `file` across restarts (docs/decisions/135-demo-clock-offset.md).
 * @throws RangeError as createClock; the file system's error when the offset cannot be written
 */
export function createPersistentClock(file: string, base: () => number = Date.now): Clock {
  let offset = readOffset(file);
  return {
    now: () => base() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      writeOffset(file, offset + ms);
      offset += ms;
    },
  };
}

function readOffset(file: string): number {
  try {
    const { offsetMs } = JSON.parse(readFileSync(file, 'utf8')) as { offsetMs?: unknown };
    return typeof offsetMs === 'number' && Number.isFinite(offsetMs) && offsetMs > 0 ? offsetMs : 0;
  } catch {
    return 0;
  }
}

/** A temporary file renamed over the old one: a crash leaves the old offset or the new, never half. */
function writeOffset(file: string, offsetMs: number): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ offsetMs }));
  renameSync(temp, file);
}
