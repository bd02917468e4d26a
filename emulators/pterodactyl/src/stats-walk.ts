import type { ProcessState } from '@falkenhost/pterodactyl/types';
import type { WingsStats } from '@falkenhost/pterodactyl/wings';
import type { ServerLimitsRecord } from './state/records';

export type { ProcessState, WingsStats };

const MB = 1024 * 1024;

/** The moving figures of one server; advanced by `stepWalk`. */
export interface StatsWalk {
  cpu: number;
  memoryBytes: number;
  diskBytes: number;
  rxBytes: number;
  txBytes: number;
}

function caps(limits: ServerLimitsRecord): { cpu: number; memory: number; disk: number } {
  return {
    cpu: limits.cpu > 0 ? limits.cpu : 400,
    memory: (limits.memory > 0 ? limits.memory : 4096) * MB,
    disk: (limits.disk > 0 ? limits.disk : 10240) * MB,
  };
}

function clamp(value: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, value));
}

/** A fresh walk: idle figures, disk at about 2% of the limit. */
export function createWalk(limits: ServerLimitsRecord): StatsWalk {
  const cap = caps(limits);
  return {
    cpu: 0,
    memoryBytes: 0,
    diskBytes: Math.round(cap.disk * (0.02 + Math.random() * 0.01)),
    rxBytes: 0,
    txBytes: 0,
  };
}

/**
 * Advances the walk one step: cpu and memory drift smoothly around a working level (30% of the cpu
 * limit, 55% of the memory limit) and stay within the limits; disk grows slowly up to 90% of its limit;
 * network counters grow.
 */
export function stepWalk(walk: StatsWalk, limits: ServerLimitsRecord): void {
  const cap = caps(limits);
  const noise = () => Math.random() - 0.5;
  walk.cpu = clamp(
    walk.cpu + (cap.cpu * 0.3 - walk.cpu) * 0.2 + noise() * cap.cpu * 0.08,
    cap.cpu * 0.01,
    cap.cpu,
  );
  const memTarget = cap.memory * 0.55;
  walk.memoryBytes = Math.round(
    clamp(
      walk.memoryBytes + (memTarget - walk.memoryBytes) * 0.15 + noise() * cap.memory * 0.03,
      cap.memory * 0.05,
      cap.memory * 0.95,
    ),
  );
  walk.diskBytes = Math.round(Math.min(cap.disk * 0.9, walk.diskBytes + Math.random() * cap.disk * 0.0002));
  walk.rxBytes += Math.round(20_000 + Math.random() * 60_000);
  walk.txBytes += Math.round(40_000 + Math.random() * 120_000);
}

/** Resets the figures of a stopped process (disk usage stays). */
export function resetWalk(walk: StatsWalk): void {
  walk.cpu = 0;
  walk.memoryBytes = 0;
  walk.rxBytes = 0;
  walk.txBytes = 0;
}

/** The `stats` payload for the walk's current figures. */
export function toWingsStats(
  walk: StatsWalk,
  limits: ServerLimitsRecord,
  state: ProcessState,
  uptimeMs: number,
): WingsStats {
  const offline = state === 'offline';
  return {
    memory_bytes: offline ? 0 : walk.memoryBytes,
    memory_limit_bytes: limits.memory * MB,
    cpu_absolute: offline ? 0 : Math.round(walk.cpu * 1000) / 1000,
    network: { rx_bytes: offline ? 0 : walk.rxBytes, tx_bytes: offline ? 0 : walk.txBytes },
    uptime: offline ? 0 : uptimeMs,
    state,
    disk_bytes: walk.diskBytes,
  };
}
