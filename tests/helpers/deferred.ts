/** A promise with its `resolve` and `reject` exposed, for steering a handler or a server from the test. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/**
 * A new pending `Deferred`. `T` defaults to `void` so that a bare `deferred()` is a signal: `started.resolve()`.
 *
 * @example
 * ```ts
 * const gate = deferred<string>();
 * registry.register({ ...tool, handler: () => gate.promise });
 * gate.resolve('done');
 * ```
 */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
