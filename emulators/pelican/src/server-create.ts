import { randomUUID } from 'node:crypto';
import { assertValid, noViableNode, panelError } from '@falkenhost/pterodactyl-emulator/api/errors';
import {
  failedRules,
  normaliseInput,
  type ValidationIssue,
  validateFields,
} from '@falkenhost/pterodactyl-emulator/rules';
import { nodeIsViable, pickAllocation, viableNodes } from './deploy';
import type { EggRecord, ServerRecord } from './state/records';
import type { PelicanState } from './state/state';

/** StoreServerRequest::rules() with `Server::$validationRules` filled in. */
const RULES: Record<string, string> = {
  external_id: 'sometimes|nullable|string|between:1,255|unique',
  name: 'required|string|min:1|max:255',
  description: 'nullable|string',
  user: 'required|integer|exists',
  egg: 'required|exists',
  docker_image: 'sometimes|string',
  startup: 'sometimes|string',
  environment: 'present|array',
  skip_scripts: 'sometimes|boolean',
  oom_killer: 'sometimes|boolean',
  limits: 'required|array',
  'limits.memory': 'required|numeric|min:0',
  'limits.swap': 'required|numeric|min:-1',
  'limits.disk': 'required|numeric|min:0',
  'limits.io': 'required|numeric|between:0,1000',
  'limits.threads': 'nullable|regex:/^[0-9-,]+$/',
  'limits.cpu': 'required|numeric|min:0',
  feature_limits: 'required|array',
  'feature_limits.databases': 'present|nullable|integer|min:0',
  'feature_limits.allocations': 'sometimes|nullable|integer|min:0',
  'feature_limits.backups': 'present|nullable|integer|min:0',
};

/** The deploy rules, `present` on tags and port range added by withValidator() when `deploy` is given. */
const DEPLOY_RULES: Record<string, string> = {
  deploy: 'sometimes|required|array',
  'deploy.tags': 'present|array',
  'deploy.dedicated_ip': 'required_with:deploy|boolean',
  'deploy.port_range': 'present|array',
  start_on_completion: 'sometimes|boolean',
};

type Body = Record<string, unknown> & {
  limits: Record<string, unknown>;
  feature_limits: Record<string, unknown>;
};
type Deploy = { tags: unknown[]; dedicated_ip: unknown; port_range: unknown[] };

/** `deploy.tags.*` (`string|min:1`) and `deploy.port_range.*` (`string`), expanded per index. */
function deployItemIssues(deploy: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [name, rules] of [
    ['tags', 'required_with:deploy.tags|string|min:1'],
    ['port_range', 'string'],
  ] as const) {
    const items = deploy[name];
    if (!Array.isArray(items)) continue;
    items.forEach((value, i) => {
      const field = `deploy.${name}.${i}`;
      for (const failed of failedRules(value, true, rules, field)) issues.push({ field, ...failed });
    });
  }
  return issues;
}

function validateRequest(state: PelicanState, body: Body): void {
  const { db } = state;
  const deploy = body.deploy as Record<string, unknown> | null | undefined;
  const usesDeploy = deploy !== undefined && deploy !== null;
  const allocationRules: Record<string, string> = usesDeploy
    ? DEPLOY_RULES
    : { 'allocation.default': 'required|integer|bail|exists' };
  const issues = validateFields(
    body,
    { ...RULES, ...allocationRules },
    {
      // MySQL's case-insensitive collation decides `unique` on the panel.
      external_id: {
        unique: (v) => !db.servers.some((s) => s.external_id?.toLowerCase() === String(v).toLowerCase()),
      },
      user: { exists: (v) => db.users.some((u) => u.id === Number(v)) },
      egg: { exists: (v) => db.eggs.some((e) => e.id === Number(v)) },
      'allocation.default': {
        exists: (v) => db.allocations.some((a) => a.id === Number(v) && a.server_id === null),
      },
    },
  );
  if (usesDeploy && typeof deploy === 'object') issues.push(...deployItemIssues(deploy));
  assertValid(issues);
}

/**
 * VariableValidatorService at admin level: every variable of the egg, a missing value validated as the
 * variable's default (a blank one fails `required`), under the attribute "<variable name> variable".
 */
export function eggVariableIssues(egg: EggRecord, environment: Record<string, unknown>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const variable of egg.variables) {
    // A blank default is Laravel's empty string: only implicit rules (`required`) look at it.
    const fallback = variable.default_value.trim() === '' ? undefined : variable.default_value;
    const value = environment[variable.env_variable] ?? fallback;
    const field = `environment.${variable.env_variable}`;
    for (const failed of failedRules(value, true, variable.rules, `${variable.name} variable`))
      issues.push({ field, ...failed });
  }
  return issues;
}

/** Node and allocation: deploy by tags (no allocation when the port range is empty), else `allocation.default`. */
function placement(state: PelicanState, body: Body): { nodeId: number; allocationId: number | null } {
  const { db } = state;
  const deploy = body.deploy as Deploy | undefined | null;
  if (!deploy) {
    const allocation = db.allocations.find(
      (a) => a.id === Number((body.allocation as Record<string, unknown>).default),
    );
    const node = db.nodes.find((n) => n.id === allocation?.node_id);
    if (!allocation || !node)
      throw panelError(422, 'ValidationException', 'The selected allocation.default is invalid.');
    // Pelican checks no capacity here, as Pterodactyl; refusing keeps the demo's nodes from being overfilled.
    if (
      !nodeIsViable(db, node, Number(body.limits.memory), Number(body.limits.disk), Number(body.limits.cpu))
    )
      throw panelError(
        400,
        'NoViableNodeException',
        'The node of the selected allocation does not have enough free memory or disk for this server.',
      );
    return { nodeId: allocation.node_id, allocationId: allocation.id };
  }
  const nodes = viableNodes(
    db,
    Number(body.limits.memory),
    Number(body.limits.disk),
    Number(body.limits.cpu),
    deploy.tags.map(String),
  );
  const first = nodes[0];
  if (!first) throw noViableNode();
  const ports = deploy.port_range.map(String);
  if (ports.length === 0) return { nodeId: first.id, allocationId: null };
  const dedicated = deploy.dedicated_ip === true || deploy.dedicated_ip === 1 || deploy.dedicated_ip === '1';
  const allocation = pickAllocation(db, nodes, dedicated, ports);
  return { nodeId: allocation.node_id, allocationId: allocation.id };
}

const asBool = (v: unknown) => v === true || v === 1 || v === '1';

/**
 * Runs `POST /api/application/servers` as StoreServerRequest and ServerCreationService do: validates,
 * checks the egg variables, places the server (deploy by `deploy.tags`, or `allocation.default`), fills a
 * missing image and startup from the egg's first, ignores `oom_disabled` (only `oom_killer`, default
 * false), and inserts the server with status `installing`.
 * @returns the new row
 * @throws PanelError 422 (validation; `deploy.locations` alone lacks `deploy.tags`), 400
 *   NoViableNodeException / NoViableAllocationException, or a failure queued with `failNext('createServer')`
 */
export function createServer(state: PelicanState, rawBody: unknown): ServerRecord {
  const body = normaliseInput(rawBody ?? {}) as Body;
  validateRequest(state, body);
  const egg = state.db.eggs.find((e) => e.id === Number(body.egg));
  if (!egg) throw panelError(422, 'ValidationException', 'The selected egg is invalid.');
  const environment = (body.environment ?? {}) as Record<string, unknown>;
  assertValid(eggVariableIssues(egg, environment));
  const { nodeId, allocationId } = placement(state, body);
  const failure = state.takeFailure('createServer');
  if (failure) throw failure;
  const at = state.timestamp();
  const count = (v: unknown) => (v === undefined || v === null ? 0 : Number(v));
  const oomKiller = asBool(body.oom_killer);
  const server: ServerRecord = {
    id: state.nextId('servers'),
    uuid: randomUUID(),
    external_id: (body.external_id as string | null | undefined) ?? null,
    name: String(body.name),
    description: (body.description as string | null | undefined) ?? '',
    status: 'installing',
    limits: {
      memory: Number(body.limits.memory),
      swap: Number(body.limits.swap),
      disk: Number(body.limits.disk),
      io: Number(body.limits.io),
      cpu: Number(body.limits.cpu),
      threads: (body.limits.threads as string | null | undefined) ?? null,
      oom_disabled: !oomKiller,
      oom_killer: oomKiller,
    },
    // createModel stores each omitted or null feature limit as 0.
    feature_limits: {
      databases: count(body.feature_limits.databases),
      allocations: count(body.feature_limits.allocations),
      backups: count(body.feature_limits.backups),
    },
    user_id: Number(body.user),
    node_id: nodeId,
    allocation_id: allocationId,
    egg_id: egg.id,
    startup: typeof body.startup === 'string' ? body.startup : (Object.values(egg.startup_commands)[0] ?? ''),
    image:
      typeof body.docker_image === 'string' ? body.docker_image : (Object.values(egg.docker_images)[0] ?? ''),
    environment: Object.fromEntries(
      egg.variables.map((v) => {
        const value = environment[v.env_variable];
        return [v.env_variable, value === undefined || value === null ? '' : String(value)];
      }),
    ),
    start_on_completion: asBool(body.start_on_completion),
    created_at: at,
    updated_at: at,
  };
  state.addServer(server);
  claimAdditional(state, server, body.allocation);
  return server;
}

/** storeAssignedAllocations: `allocation.additional` ids that are free (any node, as the panel's query). */
function claimAdditional(state: PelicanState, server: ServerRecord, allocation: unknown): void {
  if (server.allocation_id === null) return;
  const additional = (allocation as { additional?: unknown } | null | undefined)?.additional;
  if (!Array.isArray(additional)) return;
  const ids = new Set(additional.map(Number));
  for (const a of state.db.allocations) if (ids.has(a.id) && a.server_id === null) a.server_id = server.id;
}
