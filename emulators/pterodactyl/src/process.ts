import type { ServerLimitsRecord } from './state/records';
import {
  createWalk,
  type ProcessState,
  resetWalk,
  type StatsWalk,
  stepWalk,
  toWingsStats,
  type WingsStats,
} from './stats-walk';

/** What a server's process tells its websocket subscribers. */
export type ProcessEvent =
  | { event: 'status'; state: ProcessState }
  | { event: 'stats'; stats: WingsStats }
  | { event: 'console output'; line: string }
  | { event: 'deleted' };

export type PowerSignal = 'start' | 'stop' | 'restart' | 'kill';

interface Runtime {
  state: ProcessState;
  startedAt: number;
  walk: StatsWalk;
  lastStepAt: number;
  logs: string[];
  timers: Set<NodeJS.Timeout>;
  listeners: Set<(event: ProcessEvent) => void>;
}

/** Runs the emulated containers: power state machine, moving stats, console lines, subscribers. */
export interface ProcessManager {
  /** current state; `offline` for unknown servers */
  state(uuid: string): ProcessState;
  /** applies a power signal; transitions take `transitionMs` each */
  signal(uuid: string, signal: PowerSignal): void;
  /** current stats, advancing the walk when at least half a stats interval passed */
  sample(uuid: string): WingsStats;
  /** the last (up to 150) console lines */
  logs(uuid: string): string[];
  /** a console command typed into the server (Wings' `send command`): echoed as `> command` */
  command(uuid: string, line: string): void;
  /** listens to one server's events; returns the unsubscribe function */
  subscribe(uuid: string, listener: (event: ProcessEvent) => void): () => void;
  /** forgets a server and tells its subscribers it was deleted */
  remove(uuid: string): void;
  /** stops every timer */
  close(): void;
}

const MAX_LOG_LINES = 150;

/**
 * @param transitionMs duration of `starting` and `stopping`
 * @param stepMs minimum time between two steps of the stats walk
 * @param limitsOf the current limits of a server (read at each step, so build changes apply)
 * @param doneLine the console line that marks a server as started (the egg's `done` string)
 */
export function createProcessManager(options: {
  transitionMs: number;
  stepMs: number;
  limitsOf: (uuid: string) => ServerLimitsRecord | undefined;
  doneLine: (uuid: string) => string;
}): ProcessManager {
  const runtimes = new Map<string, Runtime>();
  const fallbackLimits: ServerLimitsRecord = {
    memory: 0,
    swap: 0,
    disk: 0,
    io: 500,
    cpu: 0,
    threads: null,
    oom_disabled: true,
  };
  const limits = (uuid: string) => options.limitsOf(uuid) ?? fallbackLimits;

  function runtime(uuid: string): Runtime {
    let rt = runtimes.get(uuid);
    if (!rt) {
      rt = {
        state: 'offline',
        startedAt: 0,
        walk: createWalk(limits(uuid)),
        lastStepAt: 0,
        logs: [],
        timers: new Set(),
        listeners: new Set(),
      };
      runtimes.set(uuid, rt);
    }
    return rt;
  }

  function emit(rt: Runtime, event: ProcessEvent): void {
    for (const listener of rt.listeners) listener(event);
  }

  function log(rt: Runtime, line: string): void {
    rt.logs.push(line);
    if (rt.logs.length > MAX_LOG_LINES) rt.logs.shift();
    emit(rt, { event: 'console output', line });
  }

  function later(rt: Runtime, fn: () => void): void {
    const timer = setTimeout(() => {
      rt.timers.delete(timer);
      fn();
    }, options.transitionMs);
    rt.timers.add(timer);
  }

  function setState(uuid: string, rt: Runtime, state: ProcessState): void {
    rt.state = state;
    emit(rt, { event: 'status', state });
    if (state === 'offline') {
      resetWalk(rt.walk);
      emit(rt, { event: 'stats', stats: toWingsStats(rt.walk, limits(uuid), 'offline', 0) });
    }
  }

  function start(uuid: string, rt: Runtime): void {
    if (rt.state !== 'offline') return;
    setState(uuid, rt, 'starting');
    log(rt, '[Pterodactyl Daemon]: Updating process configuration files...');
    log(rt, 'container@pterodactyl~ Server marked as starting...');
    later(rt, () => {
      if (rt.state !== 'starting') return;
      rt.startedAt = Date.now();
      stepWalk(rt.walk, limits(uuid));
      log(rt, `[Server thread/INFO]: Done (2.841s)${options.doneLine(uuid)}`);
      setState(uuid, rt, 'running');
    });
  }

  function stop(uuid: string, rt: Runtime, then?: () => void): void {
    if (rt.state === 'offline' || rt.state === 'stopping') return;
    setState(uuid, rt, 'stopping');
    log(rt, 'container@pterodactyl~ Server marked as stopping...');
    later(rt, () => {
      setState(uuid, rt, 'offline');
      log(rt, 'container@pterodactyl~ Server marked as offline...');
      then?.();
    });
  }

  function clearTimers(rt: Runtime): void {
    for (const timer of rt.timers) clearTimeout(timer);
    rt.timers.clear();
  }

  return {
    state: (uuid) => runtimes.get(uuid)?.state ?? 'offline',
    signal(uuid, signal) {
      const rt = runtime(uuid);
      if (signal === 'start') start(uuid, rt);
      else if (signal === 'stop') stop(uuid, rt);
      else if (signal === 'restart') {
        if (rt.state === 'offline') start(uuid, rt);
        else stop(uuid, rt, () => start(uuid, rt));
      } else if (rt.state !== 'offline') {
        clearTimers(rt);
        setState(uuid, rt, 'offline');
        log(rt, 'container@pterodactyl~ Server marked as offline...');
      }
    },
    sample(uuid) {
      const rt = runtime(uuid);
      const now = Date.now();
      if (rt.state !== 'offline' && now - rt.lastStepAt >= options.stepMs) {
        stepWalk(rt.walk, limits(uuid));
        rt.lastStepAt = now;
      }
      const uptime = rt.state === 'running' || rt.state === 'stopping' ? now - rt.startedAt : 0;
      return toWingsStats(rt.walk, limits(uuid), rt.state, uptime);
    },
    logs: (uuid) => [...(runtimes.get(uuid)?.logs ?? [])],
    command(uuid, line) {
      const rt = runtimes.get(uuid);
      if (rt && rt.state !== 'offline') log(rt, `> ${line}`);
    },
    subscribe(uuid, listener) {
      const rt = runtime(uuid);
      rt.listeners.add(listener);
      return () => rt.listeners.delete(listener);
    },
    remove(uuid) {
      const rt = runtimes.get(uuid);
      if (!rt) return;
      clearTimers(rt);
      emit(rt, { event: 'deleted' });
      rt.listeners.clear();
      runtimes.delete(uuid);
    },
    close() {
      for (const rt of runtimes.values()) clearTimers(rt);
    },
  };
}
