/**
 * The axe walk (a11y.spec.ts) on its own, against the same demo the e2e suite starts:
 * `npx playwright test -c e2e/walk/a11y.config.ts`. Not yet part of `npm test`: its account setup does not
 * finish within its time on a loaded machine (issue 30's closing note).
 */
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

export default defineConfig({ ...base, testDir: '.', testMatch: 'a11y.spec.ts' });
