/** The product's clock; the demo and the tests move it forward, and every part reads the same one. */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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
