/**
 * Sessions live by the wall clock (issue 30, docs/decisions/244): moving the demo clock a month ahead
 * (past the 30-day refresh token) logs nobody out, while the product's own dates (codes) still move.
 */

import { REFRESH_TOKEN_DAYS } from '@falkenhost/contracts/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../src/platform/clock';
import { DATABASES, type Product, registerVerified, startProduct } from '../harness';

describe.each(DATABASES)('sessions on the wall clock on %s', (kind) => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(kind, { seed: false });
  });
  afterAll(async () => product?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the customer logged in when the demo clock moves more than 30 days', async () => {
    const { session } = await registerVerified(product);
    const before = Date.parse((await session.get('/api/dev/clock')).body.now);
    // Most of the month at once (the route runs every job hour by hour), the rest through the demo's route.
    product.advance(REFRESH_TOKEN_DAYS * DAY_MS);
    const moved = await session.post('/api/dev/clock', { advanceHours: 48 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(Date.parse(moved.body.now) - before).toBeGreaterThan((REFRESH_TOKEN_DAYS + 1) * DAY_MS);

    // The access token and the refresh token still hold, and the refresh gives a working pair.
    expect((await session.get('/api/auth/me')).status).toBe(200);
    expect((await session.post('/api/auth/refresh-token')).status).toBe(200);
    expect((await session.get('/api/private/users/me')).status).toBe(200);
  });

  it('still ends a session 30 wall-clock days after login', async () => {
    const { session } = await registerVerified(product);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (REFRESH_TOKEN_DAYS + 1) * DAY_MS);
    expect((await session.get('/api/auth/me')).status).not.toBe(200);
    expect((await session.post('/api/auth/refresh-token')).status).toBe(401);
  });
});
