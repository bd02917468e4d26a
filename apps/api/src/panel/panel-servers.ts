/** The customer's server on the panel: created, removed on failure, limits set (reference/pterodactyl.md). */
import { isValidationError } from '@falkenhost/pterodactyl/errors';
import type { Server } from '@falkenhost/pterodactyl/types';
import type { AppContext } from '../platform/context';
import { packageValues, serverEnvironment } from './egg-variables';
import { forgetPanelEggs, panelEgg } from './nests';
import { forgetPanelReading } from './placement';
import { type ServerBuild, slotsMatch } from './server-build';
import { slotValues, slotVariableFor } from './slot-variables';

/**
 * Creates the server on the panel with the egg's image and startup, and its variables (`serverEnvironment`,
 * the package's slots in the egg's slot variable).
 * @throws PterodactylError as the panel answers (NoViableNodeException, 422 ValidationException ...)
 */
export async function createPanelServer(
  ctx: AppContext,
  input: {
    name: string;
    panelUserId: number;
    eggId: number;
    gameId: number;
    variables: Record<string, string>;
    externalId: string;
    build: ServerBuild;
    allocationId: number;
  },
): Promise<{ id: number; uuid: string; identifier: string }> {
  const egg = await panelEgg(ctx, input.eggId);
  if (!egg) throw new Error(`the panel has no egg ${input.eggId}`);
  const environment = serverEnvironment(
    egg,
    await packageValues(ctx, { game_id: input.gameId, slots: input.build.slots }, egg),
    input.variables,
  );
  // A refusal (an allocation taken meanwhile, a node full, an egg changed) means a reading is out of date.
  const server = await ctx.panel
    .createServer({
      name: input.name,
      user: input.panelUserId,
      egg: input.eggId,
      docker_image: egg.docker_image,
      startup: egg.startup,
      environment,
      limits: {
        memory: input.build.memory,
        swap: input.build.swap,
        disk: input.build.disk,
        io: input.build.io,
        cpu: input.build.cpu,
      },
      feature_limits: {
        databases: input.build.databases,
        backups: input.build.backups,
        allocations: input.build.allocations,
      },
      allocation: { default: input.allocationId },
      external_id: input.externalId,
      start_on_completion: true,
    })
    .catch((error: unknown) => {
      forgetPanelReading(ctx);
      // A 422 may name the egg's image, startup or variables, which a reading of the eggs gave.
      if (isValidationError(error)) forgetPanelEggs(ctx);
      throw error;
    });
  return { id: server.id, uuid: server.uuid, identifier: server.identifier };
}

/** Deletes the server with this external id if the panel has one (clean-up after a failure). */
export async function removePanelServer(ctx: AppContext, externalId: string): Promise<void> {
  const server = await ctx.panel.getServerByExternalId(externalId);
  if (server) await ctx.panel.deleteServer(server.id, { force: true });
}

/**
 * Sets a panel server's limits to `build`, keeping its allocation (PATCH /servers/{id}/build), then its
 * slot variable to the build's slots when it differs (PATCH /servers/{id}/startup, which must be given
 * every variable of the egg: the others keep the values the panel holds).
 * @param current the panel's server as just read and confirmed ours (panel/panel-ownership.ts)
 * @throws the panel client's errors as they are (404 when the server is gone, 422 slots its egg refuses)
 */
export async function pushBuild(
  ctx: AppContext,
  current: Pick<Server, 'id' | 'allocation' | 'egg' | 'container'>,
  build: ServerBuild,
): Promise<void> {
  await ctx.panel.updateServerBuild(current.id, {
    allocation: current.allocation,
    limits: { memory: build.memory, swap: build.swap, disk: build.disk, io: build.io, cpu: build.cpu },
    feature_limits: { databases: build.databases, backups: build.backups, allocations: build.allocations },
  });
  const variable = await slotVariableFor(ctx, build.gameId, current.egg);
  if (slotsMatch(current, variable, build.slots)) return;
  const egg = await panelEgg(ctx, current.egg);
  if (!egg) return;
  const held = current.container.environment;
  const environment: Record<string, string> = {};
  for (const v of egg.variables) environment[v.env_variable] = String(held[v.env_variable] ?? '');
  await ctx.panel.updateServerStartup(current.id, {
    startup: current.container.startup_command,
    egg: current.egg,
    image: current.container.image,
    environment: { ...environment, ...slotValues(variable, build.slots) },
    skip_scripts: false,
  });
}
