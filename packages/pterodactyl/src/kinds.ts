/**
 * The two panels the client speaks to, and what tells them apart before the first request: their API keys'
 * prefixes and their default rate limits (reference/pterodactyl.md, reference/pelican.md).
 */

/** The panels the product drives: Pterodactyl, and Pelican, its successor. */
export const PANEL_KINDS = ['pterodactyl', 'pelican'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

/**
 * Key prefixes: Pterodactyl's `ptla_` / `ptlc_` (app/Models/ApiKey.php), Pelican's `papp_` / `pacc_`
 * (`ApiKey::getPrefixForType`). Both are the prefix and 43 letters or digits.
 */
export const PANEL_KEY_PREFIXES = {
  pterodactyl: { application: 'ptla_', client: 'ptlc_' },
  pelican: { application: 'papp_', client: 'pacc_' },
} as const satisfies Record<PanelKind, { application: string; client: string }>;

/**
 * Requests a minute per key (Pterodactyl: `APP_API_APPLICATION_RATELIMIT` 240, `APP_API_CLIENT_RATELIMIT`
 * 720) or per user (Pelican: config/http.php, 256 and 256, changeable in its settings).
 */
export const PANEL_LIMITS = {
  pterodactyl: { applicationPerMinute: 240, clientPerMinute: 720 },
  pelican: { applicationPerMinute: 256, clientPerMinute: 256 },
} as const satisfies Record<PanelKind, { applicationPerMinute: number; clientPerMinute: number }>;

/** Each panel's own name, for people. */
export const PANEL_NAMES: Record<PanelKind, string> = { pterodactyl: 'Pterodactyl', pelican: 'Pelican' };

/**
 * What is wrong with `key` as the `role` key of a `kind` panel, in words for the operator, or null when
 * it is well formed. A key of the other panel is named as such, so a PANEL_KIND left at its default is
 * found at start-up rather than by the first 401.
 */
export function panelKeyProblem(kind: PanelKind, role: 'application' | 'client', key: string): string | null {
  const prefix = PANEL_KEY_PREFIXES[kind][role];
  if (key.startsWith(prefix) && /^\w{43}$/.test(key.slice(prefix.length))) return null;
  const other = PANEL_KINDS.find((k) => k !== kind) as PanelKind;
  for (const r of ['application', 'client'] as const)
    if (key.startsWith(PANEL_KEY_PREFIXES[other][r]))
      return `is a ${PANEL_NAMES[other]} ${r} key (${PANEL_KEY_PREFIXES[other][r]}...), but PANEL_KIND is ${kind}: set PANEL_KIND=${other}, or give a ${PANEL_NAMES[kind]} ${role} key (${prefix}...)`;
  if (key.startsWith(PANEL_KEY_PREFIXES[kind][role === 'application' ? 'client' : 'application']))
    return `is a ${PANEL_NAMES[kind]} ${role === 'application' ? 'client' : 'application'} key; give the ${role} key (${prefix}...)`;
  return `must be a ${PANEL_NAMES[kind]} ${role} key (${prefix}...)`;
}
