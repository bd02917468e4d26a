import WebSocket from 'ws';

export interface Frame {
  event: string;
  args?: string[];
}

/** A real `ws` client that records every frame it receives. */
export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  send(event: string, args?: string[]): void;
  /** resolves with the `count`-th frame (from now) of this event */
  next(event: string, count?: number, timeoutMs?: number): Promise<Frame>;
  /** resolves with the first frame (from now) with this event and first argument */
  nextWith(event: string, arg: string, timeoutMs?: number): Promise<Frame>;
  /** resolves with the close code and reason */
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a socket with an Origin header; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string, origin?: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    const frames: Frame[] = [];
    const waiters: Array<() => void> = [];
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of [...waiters]) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: String(reason) })),
    );
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        send: (event, args) => ws.send(JSON.stringify(args ? { event, args } : { event })),
        next(event, count = 1, timeoutMs = 3000) {
          return waitFrame((f) => f.event === event, count, timeoutMs);
        },
        nextWith(event, arg, timeoutMs = 3000) {
          return waitFrame((f) => f.event === event && f.args?.[0] === arg, 1, timeoutMs);
        },
      }),
    );

    function waitFrame(match: (f: Frame) => boolean, count: number, timeoutMs: number): Promise<Frame> {
      const start = frames.length;
      return new Promise((done, fail) => {
        const timer = setTimeout(
          () => fail(new Error(`no ${count}x match; got ${JSON.stringify(frames.slice(start))}`)),
          timeoutMs,
        );
        const check = () => {
          const matching = frames.slice(start).filter(match);
          const found = matching[count - 1];
          if (!found) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          done(found);
        };
        waiters.push(check);
      });
    }
  });
}
