/**
 * A server's power state as its Wings socket tells it live, for the panel queue's start and restart
 * (panel/panel-queue.ts), which must not reach Wings while a stop is still in progress.
 */
import WebSocket from 'ws';
import type { AppContext } from '../platform/context';

/** How long a start or restart waits for a stop in progress to end. */
const SETTLE_WAIT_MS = 15_000;

/**
 * Waits (real time, at most SETTLE_WAIT_MS) while the server is `stopping`. The panel passes a power signal
 * to Wings without `wait_seconds`, and Wings drops a signal that arrives while another power action holds
 * the server's lock, a stop holding it until the process has stopped (wings server/power.go,
 * HandlePowerAction): a start sent then would be answered 204 and never happen. A schedule's start can
 * follow its stop that closely (the demo clock's hours pass in milliseconds). The state is read from the
 * server's Wings socket, which reports it live; the panel's resources answer is cached for 20 s.
 * @throws Error when the server is still stopping at the end (the panel queue retries its task later)
 */
export async function untilStopped(ctx: AppContext, uuid: string): Promise<void> {
  const { socket, token } = await ctx.pterodactyl.getWebsocketCredentials(uuid);
  await new Promise<void>((resolve, reject) => {
    // Wings accepts the panel's own origin (its `remote`), as the stats relay sends it.
    const ws = new WebSocket(socket, { origin: new URL(ctx.config.pterodactyl.panelUrl).origin });
    const finish = (error?: Error) => {
      clearTimeout(timer);
      ws.terminate();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => finish(new Error('the server is still stopping')), SETTLE_WAIT_MS);
    ws.on('open', () => ws.send(JSON.stringify({ event: 'auth', args: [token] })));
    ws.on('message', (data) => {
      let frame: { event?: string; args?: string[] };
      try {
        frame = JSON.parse(String(data));
      } catch {
        return;
      }
      let state: string | undefined;
      if (frame.event === 'status') state = frame.args?.[0];
      else if (frame.event === 'stats') {
        try {
          state = (JSON.parse(frame.args?.[0] ?? '{}') as { state?: string }).state;
        } catch {
          state = undefined;
        }
      } else if (frame.event === 'jwt error' || frame.event === 'daemon error')
        finish(new Error(`Wings: ${frame.event} ${frame.args?.join(' ') ?? ''}`));
      if (state !== undefined && state !== 'stopping') finish();
    });
    ws.on('error', (error) => finish(error));
    ws.on('close', () => finish(new Error('the Wings socket closed before telling the state')));
  });
}
