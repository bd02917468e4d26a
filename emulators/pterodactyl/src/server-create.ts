import { randomUUID } from 'node:crypto';
import { assertValid, panelError } from './api/errors';
import { nodeFits, pickAllocation, viableNodes } from './deploy';
import { storedEnvironment, validateEggVariables } from './egg-variables';
import { normaliseInput, validateFields } from './rules';
import type { AllocationRecord, ServerRecord } from './state/records';
import type { EmulatorState } from './state/state';

const RULES: Record<string, string> = {
  external_id: 'sometimes|nullable|string|between:1,191|unique',
  name: 'required|string|min:1|max:191',
  description: 'sometimes|nullable|string',
  user: 'required|integer|exists',
  egg: 'required|integer|exists',
  docker_image: 'required|string|max:191',
  startup: 'required|string',
  environment: 'present|array',
  skip_scripts: 'sometimes|boolean',
  oom_disabled: 'sometimes|boolean',
  start_on_completion: 'sometimes|boolean',
  limits: 'required|array',
  'limits.memory': 'required|numeric|min:0',
  'limits.swap': 'required|numeric|min:-1',
  'limits.disk': 'required|numeric|min:0',
  'limits.io': 'required|numeric|between:10,1000',
  'limits.threads': 'sometimes|nullable|string',
  'limits.cpu': 'required|numeric|min:0',
  feature_limits: 'required|array',
  'feature_limits.databases': 'present|nullable|integer|min:0',
  'feature_limits.allocations': 'sometimes|nullable|integer|min:0',
  'feature_limits.backups': 'present|nullable|integer|min:0',
};

const DEPLOY_RULES: Record<string, string> = {
  deploy: 'required|array',
  'deploy.locations': 'required|array',
  'deploy.dedicated_ip': 'required|boolean',
  'deploy.port_range': 'sometimes|array',
};

type Body = Record<string, unknown> & {
  limits: Record<string, unknown>;
  feature_limits: Record<string, unknown>;
  environment: Record<string, unknown>;
};

function validateRequest(state: EmulatorState, body: Record<string, unknown>): void {
  const { db } = state;
  const usesDeploy = body.deploy !== undefined && body.deploy !== null;
  const issues = validateFields(
    body,
    // StoreServerRequest: the allocation must exist and be free (one `exists` rule, after `bail`).
    { ...RULES, ...(usesDeploy ? DEPLOY_RULES : { 'allocation.default': 'required|integer|bail|exists' }) },
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
  const deploy = body.deploy as Record<string, unknown> | undefined;
  if (usesDeploy && Array.isArray(deploy?.locations)) {
    deploy.locations.forEach((loc, i) => {
      if (!/^[1-9]\d*$/.test(String(loc))) {
        issues.push({
          field: `deploy.locations.${i}`,
          rule: 'integer',
          detail: `The deploy.locations.${i} must be an integer.`,
        });
      }
    });
  }
  assertValid(issues);
}

function chooseAllocation(state: EmulatorState, body: Body, memory: number, disk: number): AllocationRecord {
  const { db } = state;
  const deploy = body.deploy as
    | { locations: unknown[]; dedicated_ip: unknown; port_range?: unknown[] }
    | undefined;
  if (deploy) {
    const nodes = viableNodes(db, deploy.locations.map(Number), memory, disk);
    const dedicated =
      deploy.dedicated_ip === true || deploy.dedicated_ip === 1 || deploy.dedicated_ip === '1';
    return pickAllocation(db, nodes, dedicated, (deploy.port_range ?? []).map(String));
  }
  const allocationId = Number((body.allocation as Record<string, unknown>).default);
  const allocation = db.allocations.find((a) => a.id === allocationId);
  const node = db.nodes.find((n) => n.id === allocation?.node_id);
  if (!allocation || !node)
    throw panelError(422, 'ValidationException', 'The selected allocation.default is invalid.');
  // The panel itself only checks capacity in deploy mode; refusing here keeps a node from being overfilled.
  if (!nodeFits(db, node, memory, disk)) {
    throw panelError(
      400,
      'NoViableNodeException',
      'The node of the selected allocation does not have enough free memory or disk for this server.',
    );
  }
  return allocation;
}

/**
 * Gives the server the free allocations of its node listed in `allocation.additional` (the panel's
 * storeAssignedAllocations; it would also take them from another server, which we never ask for).
 */
function claimAdditionalAllocations(state: EmulatorState, server: ServerRecord, allocation: unknown): void {
  const additional = (allocation as { additional?: unknown } | null | undefined)?.additional;
  if (!Array.isArray(additional)) return;
  const ids = new Set(additional.map(Number));
  const claimed = state.db.allocations.filter(
    (a) => ids.has(a.id) && a.server_id === null && a.node_id === server.node_id,
  );
  for (const a of claimed) a.server_id = server.id;
  if (claimed.length > 0) state.changed({ allocations: claimed });
}

const asBool = (v: unknown, fallback: boolean) =>
  v === undefined || v === null ? fallback : v === true || v === 1 || v === '1';
const asCount = (v: unknown) => (v === undefined || v === null ? null : Number(v));

/**
 * Runs `POST /api/application/servers`: validates the request and the egg variables, picks the node and
 * allocation (deploy mode or `allocation.default`), and inserts the server with status `installing`.
 * @returns the new row
 * @throws PanelError 422 (validation), 400 NoViableNodeException / NoViableAllocationException, or a failure
 *   queued with `failNext('createServer')` (then nothing is left behind)
 */
export function createServer(state: EmulatorState, rawBody: unknown): ServerRecord {
  const body = normaliseInput(rawBody ?? {}) as Body;
  validateRequest(state, body);
  const egg = state.db.eggs.find((e) => e.id === Number(body.egg));
  if (!egg) throw panelError(422, 'ValidationException', 'The selected egg is invalid.');
  const environment = (body.environment ?? {}) as Record<string, unknown>;
  assertValid(validateEggVariables(egg, environment));
  const memory = Number(body.limits.memory);
  const disk = Number(body.limits.disk);
  const allocation = chooseAllocation(state, body, memory, disk);
  const failure = state.takeFailure('createServer');
  if (failure) throw failure;
  const at = state.timestamp();
  const server: ServerRecord = {
    id: state.nextId('servers'),
    uuid: randomUUID(),
    external_id: (body.external_id as string | null | undefined) ?? null,
    name: String(body.name),
    description: (body.description as string | null | undefined) ?? '',
    status: 'installing',
    installed: false,
    limits: {
      memory,
      swap: Number(body.limits.swap),
      disk,
      io: Number(body.limits.io),
      cpu: Number(body.limits.cpu),
      threads: (body.limits.threads as string | null | undefined) ?? null,
      oom_disabled: asBool(body.oom_disabled ?? body.limits.oom_disabled, true),
    },
    // ServerCreationService stores each omitted or null feature limit as 0.
    feature_limits: {
      databases: asCount(body.feature_limits.databases) ?? 0,
      allocations: asCount(body.feature_limits.allocations) ?? 0,
      backups: asCount(body.feature_limits.backups) ?? 0,
    },
    user_id: Number(body.user),
    node_id: allocation.node_id,
    allocation_id: allocation.id,
    nest_id: egg.nest_id,
    egg_id: egg.id,
    startup: String(body.startup),
    image: String(body.docker_image),
    environment: storedEnvironment(egg, environment),
    start_on_completion: asBool(body.start_on_completion, false),
    created_at: at,
    updated_at: at,
  };
  state.addServer(server);
  claimAdditionalAllocations(state, server, body.allocation);
  return server;
}
