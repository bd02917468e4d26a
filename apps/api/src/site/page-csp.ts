/** The pages' security headers: helmet's, with the pages' CSP (decisions/008-security-headers.md, 133). */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config';
import { mollieCheckoutSource, securityHeaders } from '../platform/requests/security-headers';
import type { Template } from './template';

/**
 * Sets helmet's headers on every answer of the `pages` scope, with a CSP that allows the page's own
 * scripts, the template's inline start script by its hash, Turnstile when it is the captcha, and forms
 * sent only to us or to Mollie's checkout.
 */
export function pageSecurityHeaders(pages: FastifyInstance, config: Config, template: Template): void {
  const turnstile = config.captcha.provider === 'turnstile' ? ['https://challenges.cloudflare.com'] : [];
  // helmet's headers with the pages' CSP, worked out once (platform/requests/security-headers.ts).
  securityHeaders(pages, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        // Cloudflare Turnstile's widget is a script and an iframe from its own host.
        // The inline start script by its hash (template.ts startScript).
        scriptSrc: ["'self'", template.startScriptSource, "'wasm-unsafe-eval'", ...turnstile],
        frameSrc: ["'self'", ...turnstile],
        // Forms go to us or to Mollie's checkout, nowhere else (an injected form cannot post out).
        formAction: ["'self'", mollieCheckoutSource(config.mollie.apiUrl)],
      },
    },
  });
}
