/**
 * Servers' power states as the panel last told them, cached per instance by the server's uuid (a cache
 * only: losing it costs panel calls; decisions/085-staff-servers-list.md). A power signal we send forgets
 * the server's entry, so a list read after a scheduled stop or a customer's start asks the panel again
 * instead of showing the state from before it for up to STATE_TTL_MS.
 */
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../platform/context';
import { isStateConflict } from './port';

const STATE_TTL_MS = 30_000;
const PASSING_STATE_TTL_MS = 3_000;

const states = new LRUCache<string, string>({ max: 20_000, ttl: STATE_TTL_MS });

/**
 * The panel's power state of a server (`running`, `offline`, `starting`, `stopping`, or `installing` while
 * the panel refuses its resources with 409), from the cache when fresh: a settled state for 30 s, a passing
 * one for 3 s.
 * @returns the state, or null when the panel could not be read (logged)
 */
export async function powerStateOf(
  ctx: AppContext,
  server: { uuid: string; identifier: string },
): Promise<string | null> {
  const cached = states.get(server.uuid);
  if (cached) return cached;
  try {
    const resources = await ctx.panel.getResources(server.identifier);
    const settled = resources.current_state === 'running' || resources.current_state === 'offline';
    states.set(server.uuid, resources.current_state, { ttl: settled ? STATE_TTL_MS : PASSING_STATE_TTL_MS });
    return resources.current_state;
  } catch (error) {
    if (isStateConflict(error)) {
      states.set(server.uuid, 'installing', { ttl: PASSING_STATE_TTL_MS });
      return 'installing';
    }
    ctx.log.warn({ err: error, identifier: server.identifier }, 'panel state of a server could not be read');
    return null;
  }
}

/**
 * Sends a power signal to the panel server of full uuid `uuid` and forgets its cached state.
 * @throws PterodactylError as the panel client's sendPowerSignal
 */
export async function sendPowerSignal(
  ctx: Pick<AppContext, 'panel'>,
  uuid: string,
  signal: Parameters<AppContext['panel']['sendPowerSignal']>[1],
): Promise<void> {
  states.delete(uuid);
  try {
    await ctx.panel.sendPowerSignal(uuid, signal);
  } finally {
    // Also after it: a list read while the signal was on its way cached the state from before it.
    states.delete(uuid);
  }
}
