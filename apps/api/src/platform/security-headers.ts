/**
 * Helmet's security headers, worked out once: @fastify/helmet runs `helmet(options)` again on every
 * request, building every header value from the options each time (a tenth of a cached answer's CPU,
 * issue 11 part 4). The options here have no per-request parts (no CSP nonces), so the headers helmet sets
 * are the same for every request and are captured once and set as they are.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** @returns the headers helmet sets for these options, by lower-case name */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as never, res as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once (per-request options are not supported here)');
  return headers;
}

/** Adds helmet's headers for `options` to every reply of this scope (an onRequest hook, as @fastify/helmet). */
export function securityHeaders(scope: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers of the API's answers (JSON, file downloads, the OpenAPI reader): the response headers of
 * OWASP's REST Security Cheat Sheet that apply to them. Helmet's other headers (Referrer-Policy,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, Cross-Origin-Opener-Policy, ...) describe how a browser
 * treats a document and stay on the pages (web/index.ts); on every API answer they only cost time
 * (each header is checked and written per answer: bench/, issue 11 part 4). docs/decisions/008-security-headers.md.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // Another site cannot load the answers (Spectre-style reads, hotlinking); the client is same-origin.
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Adds API_SECURITY_HEADERS to every reply of this scope (an onRequest hook). */
export function apiSecurityHeaders(scope: FastifyInstance): void {
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(API_SECURITY_HEADERS);
    done();
  });
}

/**
 * The CSP source of Mollie's hosted checkout, where a page may send a form (the pages' `form-action`):
 * Mollie's API at api.mollie.com has its checkout at https://www.mollie.com (reference/mollie.md); any
 * other MOLLIE_API_URL (the demo's emulator, mounted on our own origin) serves its checkout under its
 * own path, so that path is the source (docs/decisions/133-csp-form-action.md).
 * @param apiUrl the configured MOLLIE_API_URL (an absolute URL)
 */
export function mollieCheckoutSource(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === 'api.mollie.com') return 'https://www.mollie.com';
  return `${url.origin}${url.pathname.replace(/\/*$/, '/')}`;
}
