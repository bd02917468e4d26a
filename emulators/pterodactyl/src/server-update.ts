import { assertValid, notFound, panelError } from './api/errors';
import { storedEnvironment, validateEggVariables } from './egg-variables';
import { normaliseInput, validateFields } from './rules';
import type { ServerRecord } from './state/records';
import type { EmulatorState } from './state/state';

const BUILD_RULES: Record<string, string> = {
  allocation: 'required|integer|exists',
  oom_disabled: 'sometimes|boolean',
  'limits.memory': 'required|numeric|min:0',
  'limits.swap': 'required|numeric|min:-1',
  'limits.disk': 'required|numeric|min:0',
  'limits.io': 'required|numeric|between:10,1000',
  'limits.cpu': 'required|numeric|min:0',
  'limits.threads': 'sometimes|nullable|string',
  feature_limits: 'required|array',
  'feature_limits.databases': 'present|nullable|integer|min:0',
  'feature_limits.allocations': 'sometimes|nullable|integer|min:0',
  'feature_limits.backups': 'present|nullable|integer|min:0',
  add_allocations: 'sometimes|array',
  remove_allocations: 'sometimes|array',
};

const count = (v: unknown) => (v === undefined || v === null ? null : Number(v));

/**
 * Runs `PATCH /servers/{id}/build`. Limits may come in `limits` or as the legacy top-level fields; omitted
 * optional ones (threads, oom_disabled) keep their value. `add_allocations` takes free allocations of the server's node,
 * `remove_allocations` frees the server's own (not those also added); removing the requested default
 * `allocation` makes the first added one the default. `allocation` must then be the server's.
 * @throws PanelError 422 on validation, 400 DisplayException for a removed default without a fallback or
 *   an allocation not the server's, or a queued failure
 */
export function updateServerBuild(state: EmulatorState, server: ServerRecord, rawBody: unknown): void {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const legacy = Object.fromEntries(
    ['memory', 'swap', 'disk', 'io', 'cpu', 'threads'].filter((k) => k in body).map((k) => [k, body[k]]),
  );
  const limits = { ...legacy, ...((body.limits as Record<string, unknown> | undefined) ?? {}) };
  const input = { ...body, limits };
  const { allocations } = state.db;
  assertValid(
    validateFields(input, BUILD_RULES, {
      allocation: { exists: (v) => allocations.some((a) => a.id === Number(v)) },
    }),
  );
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  const addIds = ids(body.add_allocations);
  // Only free allocations of the server's node are added (BuildModificationService::processAllocations).
  const add = allocations.filter(
    (a) => addIds.includes(a.id) && a.server_id === null && a.node_id === server.node_id,
  );
  const remove = ids(body.remove_allocations);
  let primary = Number(body.allocation);
  if (remove.includes(primary)) {
    // Removing the requested default makes the first allocation just added the default.
    const fallback = add[0];
    if (!fallback) {
      throw panelError(
        400,
        'DisplayException',
        'You are attempting to delete the default allocation for this server but there is no fallback allocation to use.',
      );
    }
    primary = fallback.id;
  }
  const owned = (id: number) =>
    add.some((a) => a.id === id) || allocations.some((a) => a.id === id && a.server_id === server.id);
  if (primary !== server.allocation_id && !owned(primary)) {
    throw panelError(
      400,
      'DisplayException',
      'The requested default allocation is not currently assigned to this server.',
    );
  }
  const failure = state.takeFailure('updateServerBuild');
  if (failure) throw failure;
  for (const a of add) a.server_id = server.id;
  // An allocation both added and removed stays added; a removed one loses its notes.
  const removed = allocations.filter(
    (a) => a.server_id === server.id && remove.includes(a.id) && !addIds.includes(a.id),
  );
  for (const a of removed) {
    a.server_id = null;
    a.notes = null;
  }
  const features = body.feature_limits as Record<string, unknown>;
  server.allocation_id = primary;
  server.limits = {
    memory: Number(limits.memory),
    swap: Number(limits.swap),
    disk: Number(limits.disk),
    io: Number(limits.io),
    cpu: Number(limits.cpu),
    // Only given fields change (BuildModificationService takes Arr::only of the validated input).
    threads: 'threads' in limits ? ((limits.threads as string | null) ?? null) : server.limits.threads,
    oom_disabled:
      body.oom_disabled === undefined
        ? server.limits.oom_disabled
        : [true, 1, '1'].includes(body.oom_disabled as never),
  };
  // As the panel's update stores them: a null or omitted backup limit becomes 0, the others null.
  server.feature_limits = {
    databases: count(features.databases),
    allocations: count(features.allocations),
    backups: count(features.backups) ?? 0,
  };
  server.updated_at = state.timestamp();
  state.changed({ servers: [server], allocations: [...add, ...removed] });
}

/**
 * Runs `PATCH /servers/{id}/details`: `name` and `user` required; omitted `external_id` becomes null,
 * omitted `description` becomes ''.
 * @throws PanelError 422 on validation (unknown user "The selected User ID is invalid.", external_id taken
 *   by another server "The external id has already been taken.") or a queued failure
 */
export function updateServerDetails(state: EmulatorState, server: ServerRecord, rawBody: unknown): void {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { db } = state;
  assertValid(
    validateFields(
      body,
      {
        external_id: 'sometimes|nullable|string|between:1,191|unique',
        name: 'required|string|min:1|max:191',
        user: 'required|integer|exists',
        description: 'sometimes|nullable|string',
      },
      {
        external_id: {
          unique: (v) =>
            !db.servers.some(
              (s) => s.id !== server.id && s.external_id?.toLowerCase() === String(v).toLowerCase(),
            ),
        },
        user: { exists: (v) => db.users.some((u) => u.id === Number(v)) },
      },
      // UpdateServerDetailsRequest::attributes()
      { user: 'User ID', name: 'Server Name' },
    ),
  );
  const failure = state.takeFailure('updateServerDetails');
  if (failure) throw failure;
  server.name = String(body.name);
  server.user_id = Number(body.user);
  server.external_id = (body.external_id as string | null | undefined) ?? null;
  server.description = (body.description as string | null | undefined) ?? '';
  server.updated_at = state.timestamp();
  state.changed({ servers: [server] });
}

/**
 * Runs `PATCH /servers/{id}/startup` at the admin level (StartupController, UpdateServerStartupRequest,
 * StartupModificationService): `startup`, `egg` and `image` required (the model's rules for an update),
 * `environment` present and `skip_scripts` present (not kept: no answer shows it). A non-empty `environment` is checked against every
 * variable of the egg (the new one when `egg` changes it) and every variable's value is written, '' for one
 * not given, as the service's `updateOrCreate` does; the installed flag is kept.
 * @throws PanelError 422 on validation (an unknown egg: "The selected egg is invalid.") or a queued failure
 */
export function updateServerStartup(state: EmulatorState, server: ServerRecord, rawBody: unknown): void {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { db } = state;
  assertValid(
    validateFields(
      body,
      {
        startup: 'required|string',
        environment: 'present|array',
        egg: 'required|exists',
        image: 'required|string|max:191|regex:/^~?[\\w\\.\\/\\-:@ ]*$/',
        skip_scripts: 'present|boolean',
      },
      { egg: { exists: (v) => db.eggs.some((e) => e.id === Number(v)) } },
    ),
  );
  const egg = db.eggs.find((e) => e.id === Number(body.egg));
  if (!egg) throw notFound();
  const environment = (body.environment ?? {}) as Record<string, unknown>;
  if (Object.keys(environment).length > 0) assertValid(validateEggVariables(egg, environment));
  const failure = state.takeFailure('updateServerStartup');
  if (failure) throw failure;
  if (Object.keys(environment).length > 0) server.environment = storedEnvironment(egg, environment);
  server.egg_id = egg.id;
  server.nest_id = egg.nest_id;
  server.startup = String(body.startup);
  server.image = String(body.image);
  server.updated_at = state.timestamp();
  state.changed({ servers: [server] });
}
