/**
 * Go's golang.org/x/time/rate token bucket as Pelican's Wings uses it: `burst` tokens at first, one more
 * every `everyMs`, a frame passes when a whole token is left.
 */
export interface TokenBucket {
  allow(): boolean;
}

/** A bucket refilled by the wall clock (`now`, epoch ms). */
export function tokenBucket(everyMs: number, burst: number, now: () => number = Date.now): TokenBucket {
  let tokens = burst;
  let last = now();
  return {
    allow() {
      const t = now();
      tokens = Math.min(burst, tokens + (t - last) / everyMs);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * router/websocket/limiter.go limitValuesFor: `auth` and `send logs` one per 5 s (burst 2) each, `send
 * command` one a second (burst 10), every other event shares one bucket of one a second (burst 4).
 */
export function eventBucketName(event: string): string {
  return event === 'auth' || event === 'send logs' || event === 'send command' ? event : '_default';
}

function bucketFor(name: string): TokenBucket {
  if (name === 'auth' || name === 'send logs') return tokenBucket(5000, 2);
  if (name === 'send command') return tokenBucket(1000, 10);
  return tokenBucket(1000, 4);
}

/**
 * Handler.IsThrottled for one connection: whether a frame of `event` is dropped; the first dropped frame
 * of a throttling period calls `notify(event)` (Wings sends `throttled` with the event's name once).
 */
export function createEventLimiter(notify: (event: string) => void): (event: string) => boolean {
  const buckets = new Map<string, TokenBucket>();
  const throttled = new Map<string, boolean>();
  return (event) => {
    const name = eventBucketName(event);
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = bucketFor(name);
      buckets.set(name, bucket);
    }
    if (bucket.allow()) {
      throttled.set(name, false);
      return false;
    }
    if (!throttled.get(name)) {
      throttled.set(name, true);
      notify(event);
    }
    return true;
  };
}
