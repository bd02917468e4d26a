/** Helmet's security headers computed once, not per request (docs/decisions/008-security-headers.md). */
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

/** Adds helmet's headers for `options` to every reply of this scope (an onRequest hook). */
export function securityHeaders(scope: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The API answers' headers: OWASP REST Security's that apply (docs/decisions/008-security-headers.md). */
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

/** The CSP `form-action` source of Mollie's checkout (docs/decisions/133-csp-form-action.md). */
export function mollieCheckoutSource(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === 'api.mollie.com') return 'https://www.mollie.com';
  return `${url.origin}${url.pathname.replace(/\/*$/, '/')}`;
}
