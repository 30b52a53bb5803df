/**
 * Values that come at once or later (a tool's outcome, a step's reply, an executor's result):
 * handled at once when they are there, through a promise only when they are one, so a synchronous
 * path costs no microtask turns it does not need.
 */

/** Whether a value is a promise (or any thenable) to wait for. */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * `onValue(value)` at once, or once `value` settles when it is a promise (`onError` then takes its
 * rejection). On the synchronous path a throw of `onValue` is thrown.
 */
export function thenOrNow<T, R>(value: T | PromiseLike<T>, onValue: (value: T) => R, onError?: (error: unknown) => R): R | Promise<Awaited<R>> {
  return isThenable(value) ? (Promise.resolve(value).then(onValue, onError) as Promise<Awaited<R>>) : onValue(value);
}
