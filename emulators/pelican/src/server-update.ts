import { assertValid, notFound, panelError } from '@falkenhost/pterodactyl-emulator/api/errors';
import { normaliseInput, type ValidationIssue, validateFields } from '@falkenhost/pterodactyl-emulator/rules';
import { eggVariableIssues } from './server-create';
import type { ServerRecord } from './state/records';
import type { PelicanState } from './state/state';

/** UpdateServerBuildConfigurationRequest::rules(): limits are `required_with:limits`, no top-level limits. */
const BUILD_RULES: Record<string, string> = {
  allocation: 'sometimes|nullable|unique|exists',
  oom_killer: 'sometimes|boolean',
  limits: 'sometimes|array',
  'limits.memory': 'required_with:limits|numeric|min:0',
  'limits.swap': 'required_with:limits|numeric|min:-1',
  'limits.io': 'required_with:limits|numeric|between:0,1000',
  'limits.cpu': 'required_with:limits|numeric|min:0',
  'limits.threads': 'nullable|regex:/^[0-9-,]+$/',
  'limits.disk': 'required_with:limits|numeric|min:0',
  add_allocations: 'bail|array',
  remove_allocations: 'bail|array',
  feature_limits: 'required|array',
  'feature_limits.databases': 'present|nullable|integer|min:0',
  'feature_limits.allocations': 'sometimes|nullable|integer|min:0',
  'feature_limits.backups': 'present|nullable|integer|min:0',
};

const BUILD_ATTRIBUTES = {
  add_allocations: 'allocations to add',
  remove_allocations: 'allocations to remove',
  'feature_limits.databases': 'Database Limit',
  'feature_limits.allocations': 'Allocation Limit',
  'feature_limits.backups': 'Backup Limit',
};

const UNEXPECTED = 'An unexpected error was encountered while processing this request, please try again.';

/** `add_allocations.*` and `remove_allocations.*` must be integers. */
function itemIssues(body: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [name, attribute] of [
    ['add_allocations', 'allocation to add'],
    ['remove_allocations', 'allocation to remove'],
  ] as const) {
    const items = body[name];
    if (!Array.isArray(items)) continue;
    items.forEach((v, i) => {
      if (!(Number.isInteger(v) || (typeof v === 'string' && /^[+-]?\d+$/.test(v))))
        issues.push({
          field: `${name}.${i}`,
          rule: 'integer',
          detail: `The ${attribute} must be an integer.`,
        });
    });
  }
  return issues;
}

/** BuildModificationService::processAllocations: claims free ones of the node, releases the server's own. */
function processAllocations(
  state: PelicanState,
  server: ServerRecord,
  body: Record<string, unknown>,
): number | null | undefined {
  const add = Array.isArray(body.add_allocations) ? body.add_allocations.map(Number) : [];
  const remove = Array.isArray(body.remove_allocations) ? body.remove_allocations.map(Number) : [];
  let primary: number | null | undefined;
  for (const a of state.db.allocations)
    if (add.includes(a.id) && a.node_id === server.node_id && a.server_id === null) a.server_id = server.id;
  const released = state.db.allocations.filter(
    (a) => a.server_id === server.id && remove.includes(a.id) && !add.includes(a.id),
  );
  if (released.some((a) => a.id === server.allocation_id)) {
    const kept = state.db.allocations.find((a) => a.server_id === server.id && !remove.includes(a.id));
    primary = kept?.id ?? add[0] ?? null;
  }
  // Allocation::RELEASE_ATTRIBUTES: a released allocation loses its server and its notes.
  for (const a of released) {
    a.server_id = null;
    a.notes = null;
  }
  return primary;
}

/**
 * `PATCH /servers/{id}/build` as Pelican's request and BuildModificationService do. `allocation` must be
 * sent: the request's validated() reads it unconditionally, so the panel fails with a 500 without it; a null
 * one leaves the server without a default allocation. Feature limits sent as null stay null (backups: 0).
 * @throws PanelError 422 (validation), 404 when `allocation` is not one of the server's, 500 without
 *   `allocation`, or a failure queued with `failNext('updateServerBuild')`
 */
export function updateServerBuild(state: PelicanState, server: ServerRecord, rawBody: unknown): void {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { db } = state;
  assertValid([
    ...validateFields(
      body,
      BUILD_RULES,
      {
        allocation: {
          unique: (v) => !db.servers.some((s) => s.id !== server.id && s.allocation_id === Number(v)),
          exists: (v) => db.allocations.some((a) => a.id === Number(v)),
        },
      },
      BUILD_ATTRIBUTES,
    ),
    ...itemIssues(body),
  ]);
  if (!('allocation' in body)) throw panelError(500, 'ErrorException', UNEXPECTED);
  const failure = state.takeFailure('updateServerBuild');
  if (failure) throw failure;
  const primary = processAllocations(state, server, body);
  const wanted = primary !== undefined ? primary : (body.allocation as number | string | null);
  const allocationId = wanted === null ? null : Number(wanted);
  if (allocationId !== null && allocationId !== server.allocation_id) {
    if (!db.allocations.some((a) => a.id === allocationId && a.server_id === server.id)) throw notFound();
  }
  const limits = body.limits as Record<string, unknown> | undefined;
  if (limits) {
    for (const key of ['memory', 'swap', 'io', 'cpu', 'disk'] as const)
      if (limits[key] !== undefined) server.limits[key] = Number(limits[key]);
    if ('threads' in limits) server.limits.threads = (limits.threads as string | null) ?? null;
  }
  if (body.oom_killer !== undefined) {
    server.limits.oom_killer = body.oom_killer === true || body.oom_killer === 1 || body.oom_killer === '1';
    server.limits.oom_disabled = !server.limits.oom_killer;
  }
  server.allocation_id = allocationId;
  const features = body.feature_limits as Record<string, unknown>;
  const asCount = (v: unknown) => (v === undefined || v === null ? null : Number(v));
  server.feature_limits = {
    databases: asCount(features.databases),
    allocations: asCount(features.allocations),
    backups: asCount(features.backups) ?? 0,
  };
  server.updated_at = state.timestamp();
}

/**
 * `PATCH /servers/{id}/details` as UpdateServerDetailsRequest and DetailsModificationService do: name and
 * user are required; external_id and description are replaced by what is sent (absent = null / '').
 * @throws PanelError 422 (validation) or a failure queued with `failNext('updateServerDetails')`
 */
export function updateServerDetails(state: PelicanState, server: ServerRecord, rawBody: unknown): void {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { db } = state;
  assertValid(
    validateFields(
      body,
      {
        external_id: 'sometimes|nullable|string|between:1,255|unique',
        name: 'required|string|min:1|max:255',
        user: 'required|integer|exists',
        description: 'nullable|string',
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
      { user: 'User ID', name: 'Server Name' },
    ),
  );
  const failure = state.takeFailure('updateServerDetails');
  if (failure) throw failure;
  server.external_id = (body.external_id as string | null | undefined) ?? null;
  server.name = String(body.name);
  server.user_id = Number(body.user);
  server.description = (body.description as string | null | undefined) ?? '';
  server.updated_at = state.timestamp();
}

/**
 * UpdateServerStartupRequest::rules(): `egg` is the model's `egg_id` rule (required), `startup` and
 * `image` only `sometimes|string`, `environment` and `skip_scripts` must be present.
 */
const STARTUP_RULES: Record<string, string> = {
  startup: 'sometimes|string',
  environment: 'present|array',
  egg: 'required|exists',
  image: 'sometimes|string',
  skip_scripts: 'present|boolean',
};

/**
 * Runs `PATCH /servers/{id}/startup` at the admin level (StartupController, UpdateServerStartupRequest,
 * StartupModificationService, VariableValidatorService). A non-empty `environment` is checked against
 * every variable of the egg sent (a missing value checked as the variable's default) and then every
 * variable is written, '' for one not sent, as the service's `updateOrCreate` with `value ?? ''` does.
 * A new egg drops the old egg's values and fills an image or startup not sent from its first ones;
 * otherwise what is not sent is kept. `skip_scripts` is validated but not kept: no answer shows it.
 * @throws PanelError 422 on validation (an unknown egg: "The selected egg is invalid.") or a failure
 *   queued with `failNext('updateServerStartup')`
 */
export function updateServerStartup(state: PelicanState, server: ServerRecord, rawBody: unknown): void {
  const body = normaliseInput(rawBody ?? {}) as Record<string, unknown>;
  const { db } = state;
  assertValid(
    validateFields(body, STARTUP_RULES, { egg: { exists: (v) => db.eggs.some((e) => e.id === Number(v)) } }),
  );
  const egg = db.eggs.find((e) => e.id === Number(body.egg));
  if (!egg) throw notFound();
  const environment = (body.environment ?? {}) as Record<string, unknown>;
  const given = Object.keys(environment).length > 0;
  if (given) assertValid(eggVariableIssues(egg, environment));
  const failure = state.takeFailure('updateServerStartup');
  if (failure) throw failure;
  const changesEgg = egg.id !== server.egg_id;
  // server_variables are keyed by the egg's variable ids, so another egg starts with none of its own.
  if (changesEgg) server.environment = {};
  if (given)
    for (const variable of egg.variables) {
      const value = environment[variable.env_variable];
      server.environment[variable.env_variable] = value === undefined || value === null ? '' : String(value);
    }
  const startup = typeof body.startup === 'string' ? body.startup : undefined;
  const image = typeof body.image === 'string' ? body.image : undefined;
  server.egg_id = egg.id;
  server.startup =
    startup ?? (changesEgg ? Object.values(egg.startup_commands)[0] : undefined) ?? server.startup;
  server.image = image ?? (changesEgg ? Object.values(egg.docker_images)[0] : undefined) ?? server.image;
  server.updated_at = state.timestamp();
}
