/**
 * RequestDurations (lib/metrics.ts) must expose exactly what prom-client's own Histogram exposes for the
 * same observations: Prometheus reads one format, whichever code made it.
 */
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../../src/platform/metrics';

describe('RequestDurations', () => {
  it('writes the same exposition text as prom-client for the same requests', async () => {
    const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
    const ours = new Registry();
    const durations = new RequestDurations(buckets, ours);
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests in seconds by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets,
      registers: [theirs],
    });
    const requests: [string, string, number, number][] = [
      ['GET', '/api/public/store/games', 200, 0.0004],
      ['GET', '/api/public/store/games', 200, 0.005],
      ['GET', '/api/public/store/games', 200, 0.0051],
      ['GET', '/api/public/store/games', 304, 0.2],
      ['POST', '/api/auth/login', 401, 0.75],
      ['GET', 'unmatched', 404, 12],
      ['GET', '/api/private/credits', 200, 10],
      ['GET', '/a "quoted"\\route', 200, 1],
    ];
    for (const [method, route, status, seconds] of requests) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/public/store/games",status_code="200"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1',
    );
    // Merged with another registry, as a scrape does.
    expect(await Registry.merge([new Registry(), ours]).metrics()).toBe(text);
  });
});
