/** Answers finished in one event-loop turn are written together (docs/decisions/007-turn-writes.md). */

/** Fastify's onSend `done`: called again with the error when it throws (as Fastify's hook runner does). */
type Done = (error: Error | null, payload?: unknown) => void;

export interface HeldReply {
  statusCode: number;
  code(status: number): unknown;
}

interface Held {
  reply: HeldReply;
  done: Done;
  payload: unknown;
  status: number;
}

export class TurnWrites {
  #held: Held[] = [];
  readonly #waiting = new WeakSet<HeldReply>();
  #scheduled = false;
  readonly #onError: (error: unknown) => void;

  /** @param onError what is done with an error thrown while answering an answer's error (logged) */
  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  /** Holds a reply's answer until the turn ends: call from the first onSend hook instead of `done`. */
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
        // As Fastify's onSend runner: the error goes to `done`, and so to the route's error handling.
        try {
          done(error as Error);
        } catch (again) {
          this.#onError(again);
        }
      }
    }
  };
}
