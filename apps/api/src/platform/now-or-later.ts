/** A value at once, or its promise when it must wait: the hot path of a request runs without awaits. */
export type NowOrLater<T> = T | Promise<T>;

/** `next` of the value: at once when the value is there, else once its promise resolves. */
export function whenReady<T, U>(value: NowOrLater<T>, next: (value: T) => NowOrLater<U>): NowOrLater<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
