/**
 * Security headers worked out once are those @fastify/helmet sets per request; API answers carry the few
 * that apply to them, pages the ones about documents.
 */
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, helmetHeaders } from '../../src/platform/requests/security-headers';
import { startProduct } from '../harness';

describe('security headers worked out once', () => {
  it('are the headers @fastify/helmet sets for the same options; API answers carry the API set', async () => {
    const probe = Fastify();
    await probe.register(fastifyHelmet, { contentSecurityPolicy: false, global: true });
    probe.get('/', async () => ({}));
    const res = await probe.inject('/');
    await probe.close();
    const fromPlugin = Object.fromEntries(
      Object.entries(res.headers).filter(
        ([name]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name),
      ),
    );
    const once = helmetHeaders({ contentSecurityPolicy: false });
    expect(once).toEqual(fromPlugin);
    expect(once['x-content-type-options']).toBe('nosniff');

    const product = await startProduct('sqlite', { seed: false });
    try {
      const answer = await fetch(`${product.url}/api/public/store/games`);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
        expect(answer.headers.get(name)).toBe(value);
      }
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      // The headers about documents are the pages' (web/index.ts), not the JSON answers'.
      for (const name of ['referrer-policy', 'origin-agent-cluster', 'cross-origin-opener-policy']) {
        expect(answer.headers.get(name)).toBeNull();
      }
      const page = await fetch(`${product.url}/hosting`);
      expect(page.headers.get('referrer-policy')).toBe(once['referrer-policy']);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await product.close();
    }
  });
});
