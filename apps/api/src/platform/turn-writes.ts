/**
 * The answers finished during one turn of the event loop are written together when the turn ends
 * (setImmediate), instead of each at once (issue 11, part 4; docs/decisions/007-turn-writes.md).
 *
 * Every answer written to a socket wakes the peer reading it (the reverse proxy, the load generator)
 * when that peer is asleep, waiting for input. On a virtual machine the wake-up is an interrupt sent to
 * another CPU, which the sending process pays for: under ten concurrent logged-in requests the product
 * sent 0.4 to 0.6 of them per answer, each worth several microseconds, because the peer, faster than
 * the product, fell asleep again between two answers. Written together, the answers of a turn wake the
 * peer once: 0.15 interrupts per answer, 55 → 45 µs of CPU per answer and a third more answers a second
 * on `GET /api/private/credits`, p99 latency unchanged. An answer waits at most for the rest of its turn
 * (the other requests read in the same turn); a lone request goes out in the same turn's check phase,
 * about 20 µs later than it would have.
 */

/** Fastify's onSend `done`: called again with the error when it throws (as Fastify's hook runner does). */
type Done = (error: Error | null, payload?: unknown) => void;

/** The part of Fastify's reply that holding reads: its status when held, set again if changed since. */
export interface HeldReply {
  statusCode: number;
  code(status: number): unknown;
}

/** An answer held until its turn ends, with the reply's status when it was held. */
interface Held {
  reply: HeldReply;
  done: Done;
  payload: unknown;
  status: number;
}

export class TurnWrites {
  /** the answers held in this turn, in the order they were finished */
  #held: Held[] = [];
  /** the replies whose answer is held */
  readonly #waiting = new WeakSet<HeldReply>();
  #scheduled = false;
  readonly #onError: (error: unknown) => void;

  /**
   * @param onError what is done with an error thrown while an answer's error was being answered (logged);
   * an error thrown while writing an answer goes to Fastify's error handling, as without holding
   */
  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  /**
   * Holds a reply's answer until the turn ends: call from the first onSend hook with the hook's `done`
   * and payload, instead of calling `done` itself. The answers of a turn are released in the order they
   * were held.
   *
   * Fastify takes a reply as sent once Node has ended its response (`reply.sent`), which a held answer
   * has not: a handler whose promise resolves after `reply.send` without returning `reply` has Fastify
   * send the reply again (wrap-thenable.js), and a handler that rejects after sending has its error
   * answered. Such a second answer of a held reply is dropped, and the first one written with the status
   * it had, as it would have been without holding (the error is logged by the error handler).
   */
  hold(reply: HeldReply, done: Done, payload: unknown): void {
    if (this.#waiting.has(reply)) return;
    this.#waiting.add(reply);
    this.#held.push({ reply, done, payload, status: reply.statusCode });
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#release);
    }
  }

  readonly #release = (): void => {
    this.#scheduled = false;
    const held = this.#held;
    this.#held = [];
    for (const { reply, done, payload, status } of held) {
      // No longer held: an answer of the reply's error handling (below) goes on at once.
      this.#waiting.delete(reply);
      if (reply.statusCode !== status) reply.code(status);
      try {
        done(null, payload);
      } catch (error) {
        // What Fastify's onSend runner does when the rest of the chain throws (a header it cannot
        // write, say): the error goes to `done`, and so to the route's error handling.
        try {
          done(error as Error);
        } catch (again) {
          this.#onError(again);
        }
      }
    }
  };
}
