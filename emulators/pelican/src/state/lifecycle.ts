import type { ProcessManager } from '@falkenhost/pterodactyl-emulator/process';
import type { PelicanDatabase, ServerRecord } from './records';

/** The server operations of the state: rows, allocations, install timers and the process runtime. */
export interface ServerLifecycle {
  /** inserts a server, claims its allocation (if any) and starts its install timer */
  addServer(server: ServerRecord): void;
  /** removes a server, frees its allocations and ends its process (its sockets close) */
  removeServer(server: ServerRecord): void;
  /** status `suspended`, process killed; no-op when already suspended */
  suspendServer(server: ServerRecord): void;
  /** status null; no-op when not suspended */
  unsuspendServer(server: ServerRecord): void;
  /** status `installing`, process killed, install timer started again */
  reinstallServer(server: ServerRecord): void;
  /** stops every timer */
  close(): void;
  /** forgets every timer and process, then installs or starts each server of the tables again */
  restart(): void;
}

/**
 * Server rows over time: an install timer per installing server (start on completion when asked), the
 * process killed on suspension and reinstall, allocations freed on removal.
 */
export function serverLifecycle(
  db: PelicanDatabase,
  process: ProcessManager,
  installSeconds: number,
  timestamp: () => string,
  installed: () => void,
): ServerLifecycle {
  const installTimers = new Map<number, NodeJS.Timeout>();
  const startInstall = (server: ServerRecord, start: boolean) => {
    clearTimeout(installTimers.get(server.id));
    const timer = setTimeout(() => {
      installTimers.delete(server.id);
      if (server.status !== 'installing') return;
      server.status = null;
      server.updated_at = timestamp();
      if (start) process.signal(server.uuid, 'start');
      installed();
    }, installSeconds * 1000);
    installTimers.set(server.id, timer);
  };
  return {
    addServer(server) {
      db.servers.push(server);
      const allocation = db.allocations.find((a) => a.id === server.allocation_id);
      if (allocation) allocation.server_id = server.id;
      startInstall(server, server.start_on_completion);
    },
    removeServer(server) {
      clearTimeout(installTimers.get(server.id));
      installTimers.delete(server.id);
      for (const allocation of db.allocations)
        if (allocation.server_id === server.id) allocation.server_id = null;
      db.servers.splice(db.servers.indexOf(server), 1);
      process.remove(server.uuid);
    },
    suspendServer(server) {
      if (server.status === 'suspended') return;
      server.status = 'suspended';
      server.updated_at = timestamp();
      process.signal(server.uuid, 'kill');
    },
    unsuspendServer(server) {
      if (server.status !== 'suspended') return;
      server.status = null;
      server.updated_at = timestamp();
    },
    reinstallServer(server) {
      server.status = 'installing';
      server.updated_at = timestamp();
      process.signal(server.uuid, 'kill');
      startInstall(server, false);
    },
    close() {
      for (const timer of installTimers.values()) clearTimeout(timer);
      installTimers.clear();
      process.close();
    },
    restart() {
      for (const timer of installTimers.values()) clearTimeout(timer);
      installTimers.clear();
      for (const server of db.servers) {
        process.remove(server.uuid);
        if (server.status === 'installing') startInstall(server, server.start_on_completion);
        else if (server.status === null) process.signal(server.uuid, 'start');
      }
    },
  };
}
