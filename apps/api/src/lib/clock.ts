/**
 * The product's clock. Production reads the system time; the demo and the tests can move it forward
 * (architecture.md "Contracts the demo must keep": `POST /api/dev/clock`), and every part of the product
 * and both emulators read the same one, so a month of billing can be seen in a minute.
 */
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
