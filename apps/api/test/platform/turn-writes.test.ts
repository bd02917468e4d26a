/**
 * Answers held to the end of their event loop's turn are written as Fastify writes them unheld: once,
 * with their status, an unwritable one answered 500.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { TurnWrites } from '../../src/platform/requests/turn-writes';

describe("answers written at the end of their event loop's turn", () => {
  /** A server holding its answers as the product does (server.ts), on a real port. */
  async function holdingServer(hold: boolean) {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    const errors: unknown[] = [];
    const turnWrites = new TurnWrites((error) => errors.push(error));
    if (hold)
      app.addHook('onSend', (_request, reply, payload, done) => turnWrites.hold(reply, done, payload));
    const seen: { inTurn: boolean; afterTurn: boolean }[] = [];
    app.get('/answer/:n', (request, reply) => {
      reply.send({ n: Number((request.params as { n: string }).n) });
      const written = { inTurn: reply.raw.writableEnded, afterTurn: false };
      seen.push(written);
      setImmediate(() => {
        written.afterTurn = reply.raw.writableEnded;
      });
    });
    // Fastify's rule is `return reply` after `reply.send` in an async handler; these two break it.
    app.get('/send-then-resolve', async (_request, reply) => {
      reply.send({ sent: 'once' });
      await Promise.resolve();
    });
    app.get('/send-then-throw', async (_request, reply) => {
      reply.send({ sent: 'first' });
      await Promise.resolve();
      throw new Error('after sending');
    });
    app.get('/bad-header', (_request, reply) => {
      // Node refuses to write this value (ERR_INVALID_CHAR) when the answer is written.
      reply.header('x-bad', 'a\u0001b').send('never');
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url, seen, errors, logged };
  }

  /** Runs `check` against a fresh server (holding or not) and closes it. */
  async function withServer(
    hold: boolean,
    check: (server: Awaited<ReturnType<typeof holdingServer>>) => Promise<void>,
  ): Promise<void> {
    const server = await holdingServer(hold);
    try {
      await check(server);
    } finally {
      await server.app.close();
    }
  }

  it('holds an answer until its turn ends, then writes it', () =>
    withServer(true, async ({ url, seen }) => {
      const answer = await fetch(`${url}/answer/7`);
      expect(await answer.json()).toEqual({ n: 7 });
      expect(seen).toEqual([{ inTurn: false, afterTurn: true }]);
    }));

  it('answers many requests at once, each with its own answer', () =>
    withServer(true, async ({ url }) => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) => fetch(`${url}/answer/${n}`).then((r) => r.json())),
      );
      expect(answers).toEqual(Array.from({ length: 40 }, (_, n) => ({ n })));
    }));

  it('writes the first answer of a handler that goes on after sending, as without holding', async () => {
    for (const hold of [false, true]) {
      await withServer(hold, async ({ url, logged }) => {
        const once = await fetch(`${url}/send-then-resolve`);
        expect([once.status, await once.json()]).toEqual([200, { sent: 'once' }]);
        const first = await fetch(`${url}/send-then-throw`);
        expect([first.status, await first.json()]).toEqual([200, { sent: 'first' }]);
        // The late error is logged; nothing about headers written twice.
        expect(logged.join('')).toMatch(/"message":"after sending"/);
        expect(logged.join('')).not.toMatch(/headers after they are sent/i);
      });
    }
  });

  it('answers an answer that cannot be written as Fastify does without holding (500)', async () => {
    for (const hold of [false, true]) {
      await withServer(hold, async ({ url, errors }) => {
        const answer = await fetch(`${url}/bad-header`);
        expect(answer.status).toBe(500);
        expect(answer.headers.get('x-bad')).toBeNull();
        // The server goes on answering.
        expect(await (await fetch(`${url}/answer/1`)).json()).toEqual({ n: 1 });
        expect(errors).toEqual([]);
      });
    }
  });
});
