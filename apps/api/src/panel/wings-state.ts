/** A server's live power state from Wings (decisions/032-queued-start-waits-for-stop.md). */
import WebSocket from 'ws';
import type { AppContext } from '../platform/context';

const SETTLE_WAIT_MS = 15_000;

/**
 * Waits (real time, at most SETTLE_WAIT_MS) while the server is `stopping`: Wings drops a power signal
 * that arrives while a stop holds the server's lock, so a start sent then would never happen.
 * @throws Error when the server is still stopping at the end (the panel queue retries its task later)
 */
export async function untilStopped(ctx: AppContext, uuid: string): Promise<void> {
  const { socket, token } = await ctx.panel.getWebsocketCredentials(uuid);
  await new Promise<void>((resolve, reject) => {
    // Wings accepts the panel's own origin (its `remote`), as the stats relay sends it.
    const ws = new WebSocket(socket, { origin: new URL(ctx.config.panel.panelUrl).origin });
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
