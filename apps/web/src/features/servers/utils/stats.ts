/**
 * Gauge percentages from a Wings `stats` event (product.md "Live server stats").
 */
import type { WingsStats } from '@falkenhost/contracts/servers';

export interface Gauges {
  /** 0 to 100 for the ring */
  cpu: number;
  memory: number;
  disk: number;
  /** CPU use as Wings reports it (100 = one core), for the label */
  cpuAbsolute: number;
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

const clamp = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

/**
 * CPU % = cpu_absolute / vcpu x 100, where vcpu is the package's CPU limit in percent (200 = 2 cores).
 * Memory % = memory_bytes / memory_limit_bytes x 100 (the package RAM when Wings reports no limit).
 * Disk % = disk_bytes / (storage GB x 1024^3) x 100. Everything is clamped to 0-100.
 *
 * Unlimited resources (0 in the package) have no denominator. Our choice: an unlimited CPU is drawn
 * against one core (cpu_absolute itself, 100 = one full core, clamped), and its label shows the raw
 * cpu_absolute; unlimited memory or disk shows 0 %.
 */
export function gaugesFrom(
  stats: WingsStats,
  limits: { vcpu: number; ram_size: number; storage_size: number },
): Gauges {
  const cpu = limits.vcpu > 0 ? (stats.cpu_absolute / limits.vcpu) * 100 : stats.cpu_absolute;
  const memoryLimit = stats.memory_limit_bytes > 0 ? stats.memory_limit_bytes : limits.ram_size * MIB;
  const memory = memoryLimit > 0 ? (stats.memory_bytes / memoryLimit) * 100 : 0;
  const diskLimit = limits.storage_size * GIB;
  const disk = diskLimit > 0 ? (stats.disk_bytes / diskLimit) * 100 : 0;
  return { cpu: clamp(cpu), memory: clamp(memory), disk: clamp(disk), cpuAbsolute: stats.cpu_absolute };
}
