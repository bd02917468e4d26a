/**
 * The panel's part of the configuration (decisions/410-one-panel-port.md): PANEL_KIND, its keys judged by
 * the kind's prefixes, the PTERODACTYL_* names read before PANEL_* existed, the demo emulator's limits.
 */
import { PANEL_KINDS, type PanelKind, panelKeyProblem } from '@falkenhost/pterodactyl/kinds';

/** PANEL_EMULATOR_RATE_LIMIT (or PTERODACTYL_EMULATOR_RATE_LIMIT): unset or `on` keeps the limits. @throws Error for another value */
export function emulatorRateLimit(value: string | undefined): boolean {
  const v = (value ?? 'on').trim().toLowerCase();
  if (v === 'on' || v === '') return true;
  if (v === 'off') return false;
  throw new Error(`Invalid configuration:\n  PANEL_EMULATOR_RATE_LIMIT: must be on or off, got ${value}`);
}

/** PANEL_KIND of the demo: unset is pterodactyl. @throws Error for another value */
export function panelKind(value: string | undefined): PanelKind {
  const v = (value ?? '').trim() || 'pterodactyl';
  if ((PANEL_KINDS as readonly string[]).includes(v)) return v as PanelKind;
  throw new Error(`Invalid configuration:\n  PANEL_KIND: must be pterodactyl or pelican, got ${value}`);
}

/** The panel's variables before PANEL_KIND: PTERODACTYL_URL and the like still work where PANEL_* is unset. */
const PANEL_ALIASES = {
  PANEL_URL: 'PTERODACTYL_URL',
  PANEL_APP_KEY: 'PTERODACTYL_APP_KEY',
  PANEL_CLIENT_KEY: 'PTERODACTYL_CLIENT_KEY',
  PANEL_PUBLIC_URL: 'PTERODACTYL_PANEL_URL',
} as const;

/** `  PANEL_APP_KEY: <problem>` lines for keys that are not of PANEL_KIND's panel (none for an unknown kind). */
export function panelKeyLines(env: Record<string, string | undefined>): string[] {
  const kind = (env.PANEL_KIND ?? 'pterodactyl') as PanelKind;
  if (!PANEL_KINDS.includes(kind)) return [];
  const lines: string[] = [];
  for (const [name, role] of [
    ['PANEL_APP_KEY', 'application'],
    ['PANEL_CLIENT_KEY', 'client'],
  ] as const) {
    const key = env[name];
    const problem = key === undefined ? null : panelKeyProblem(kind, role, key);
    if (problem) lines.push(`  ${name}: ${problem}`);
  }
  return lines;
}

export function withPanelAliases(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const out = { ...env };
  for (const [name, alias] of Object.entries(PANEL_ALIASES)) out[name] ??= env[alias];
  return out;
}
