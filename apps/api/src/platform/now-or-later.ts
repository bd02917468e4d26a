/**
 * A value at once, or a promise of it when it has to wait: the hot path of a logged-in request (a token
 * checked before, the session read outside a transaction) runs in the caller's own call, without promises
 * and the event-loop turns they take (issue 11, part 4). Callers that `await` take either.
 */
export type NowOrLater<T> = T | Promise<T>;

/** `next` of the value: at once when the value is there, else once its promise resolves. */
export function whenReady<T, U>(value: NowOrLater<T>, next: (value: T) => NowOrLater<U>): NowOrLater<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
