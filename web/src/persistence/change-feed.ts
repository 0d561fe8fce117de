import type { ThreadStoreChange, ThreadStoreListener } from './thread-store.js';

/**
 * The listeners of one store's `subscribe()`, called synchronously in subscription order. A listener that throws is
 * reported (`reportError`) and the others still run.
 */
export class ChangeFeed {
  #listeners = new Set<ThreadStoreListener>();

  subscribe(listener: ThreadStoreListener): () => void {
    // A wrapper per subscription, so subscribing one function twice gives two independent subscriptions.
    const entry: ThreadStoreListener = (change) => listener(change);
    this.#listeners.add(entry);
    return () => void this.#listeners.delete(entry);
  }

  emit(change: ThreadStoreChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener({ ...change });
      } catch (error) {
        globalThis.reportError?.(error);
      }
    }
  }
}

/** A clock for `updatedAt`: `now()`, but strictly increasing per store, so two saves in one ms still order. */
export function monotonicClock(now: () => number = Date.now): () => number {
  let last = 0;
  return () => (last = Math.max(now(), last + 1));
}
