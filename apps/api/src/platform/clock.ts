/**
 * The product's clock. Production reads the system time; the demo and the tests can move it forward
 * (architecture.md "Contracts the demo must keep": `POST /api/dev/clock`), and every part of the product
 * and both emulators read the same one, so a month of billing can be seen in a minute.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
  /** moves the clock forward by `ms` milliseconds (never back) */
  advance(ms: number): void;
}

/**
 * @param base the underlying time source (default `Date.now`)
 * @throws RangeError from `advance` when `ms` is negative or not finite
 */
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
 * The demo's clock (docs/decisions/135-demo-clock-offset.md): as createClock, with its offset kept in
 * `file` (JSON `{ "offsetMs": n }`), read at start and written, atomically, on every advance, so a restart
 * goes on from where the clock was instead of the wall clock, behind the change locks, renewals and
 * jobs the database already holds. A missing or unreadable file is an offset of 0.
 * @param file where the offset is kept (created with its folder on the first advance)
 * @param base the underlying time source (default `Date.now`)
 * @throws RangeError from `advance` as createClock; the file system's error when the offset cannot be
 *   written (the clock has not moved then)
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
