/**
 * zod in the browser without its compiled parsers: building one needs `new Function`, which the pages'
 * CSP refuses (script-src without 'unsafe-eval'), and zod's probe for it alone logs a CSP violation
 * (Lighthouse best practices). Imported first by main.tsx, before any schema is built.
 */
import { config } from 'zod';

config({ jitless: true });
