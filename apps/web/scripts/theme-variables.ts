/** Writes src/app/theme-variables.css from theme.ts (see src/app/theme-variables.ts). */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { themeVariablesCss } from '../src/app/theme-variables';

writeFileSync(resolve(import.meta.dirname, '../src/app/theme-variables.css'), themeVariablesCss());
