/**
 * The panel the product drives, whichever it is (docs/decisions/410-one-panel-port.md): Pterodactyl or
 * Pelican, chosen by PANEL_KIND. Both dialects of `@falkenhost/pterodactyl` answer one interface,
 * `PanelClient` (`ctx.panel`); the modules above this one take the panel's types and errors from here and
 * never import the client package, so none of them knows which panel it is (lint checks it).
 */
import { createPterodactylClient, type PterodactylClientOptions } from '@falkenhost/pterodactyl/client';
import type { PanelKind } from '@falkenhost/pterodactyl/kinds';
import { createPelicanClient } from '@falkenhost/pterodactyl/pelican';
import type { AppContext } from '../platform/context';

export {
  isNoCapacityError,
  isNotFound,
  isStateConflict,
  isValidationError,
} from '@falkenhost/pterodactyl/errors';
export type { PanelKind } from '@falkenhost/pterodactyl/kinds';
export { inBackground } from '@falkenhost/pterodactyl/limiter';
export type { Location as PanelLocation, Server as PanelServer } from '@falkenhost/pterodactyl/types';

/** The panel's API as the product uses it; `ctx.panel`. */
export type PanelClient = AppContext['panel'];

/**
 * The client of the configured panel: Pterodactyl's API, or Pelican's mapped onto the same interface
 * (node tags as locations, egg tags as nests; docs/decisions/409-pelican-dialect.md).
 * @param kind PANEL_KIND
 */
export function createPanelClient(kind: PanelKind, options: PterodactylClientOptions): PanelClient {
  return kind === 'pelican' ? createPelicanClient(options) : createPterodactylClient(options);
}
