import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from '../src/app/theme-variables';

// The theme's CSS variables are in the stylesheet (src/app/theme-variables.css) so the server-rendered
// page is drawn in the theme's colours and fonts before MantineProvider writes the same variables.
describe('theme variables stylesheet', () => {
  it('holds exactly what MantineProvider writes for theme.ts', () => {
    const file = readFileSync(resolve(import.meta.dirname, '../src/app/theme-variables.css'), 'utf8');
    expect(file, 'run: npx tsx apps/web/scripts/theme-variables.ts').toBe(themeVariablesCss());
  });
});
