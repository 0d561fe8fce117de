import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ThreadStore, ThreadSummary } from '../../persistence/thread-store.js';
import { toThreadStoreError, type ThreadStoreError } from '../../persistence/thread-store-error.js';

/** Options of `ThreadStoreController`. */
export interface ThreadStoreControllerOptions {
  /** Called with each failed `list()` (as a `ThreadStoreError`); the controller keeps the threads it had. */
  onError: (error: ThreadStoreError) => void;
  /** Called after each `list()` that succeeded. */
  onListed?: () => void;
}

/**
 * Keeps a host's copy of a `ThreadStore`'s `list()`: subscribed to the store while the host is connected, it lists
 * again after every change. Bursts of changes are coalesced: one `list()` at a time, and one more after it when
 * changes came while it ran. A failed `list()` never throws out: it goes to `onError` and the threads stay as they were.
 * @example
 * ```ts
 * readonly #threads = new ThreadStoreController(this, { onError: (error) => this.#report(error) });
 * // willUpdate: this.#threads.store = this.store;  render: this.#threads.threads.map(...)
 * ```
 */
export class ThreadStoreController implements ReactiveController {
  /** The threads of the last `list()` that succeeded, newest first; `[]` before one did. */
  threads: readonly ThreadSummary[] = [];
  /** Whether a `list()` of the current store has succeeded (before that, an empty `threads` means "not yet"). */
  loaded = false;

  readonly #host: ReactiveControllerHost;
  readonly #options: ThreadStoreControllerOptions;
  #store: ThreadStore | undefined;
  #unsubscribe: (() => void) | undefined;
  #connected = false;
  #pending: Promise<void> | undefined;
  #again = false;
  /** Bumped when the store changes, so that a `list()` of the previous store is not shown. */
  #generation = 0;

  constructor(host: ReactiveControllerHost, options: ThreadStoreControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The store listed; setting another one drops the threads shown, subscribes to it and lists it. */
  get store(): ThreadStore | undefined {
    return this.#store;
  }

  set store(store: ThreadStore | undefined) {
    if (store === this.#store) return;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#store = store;
    this.#generation++;
    this.threads = [];
    this.loaded = false;
    this.#host.requestUpdate();
    if (this.#connected) this.#start();
  }

  /** The `list()` in flight and any one queued after it, or `undefined` when none is. Never rejects. */
  get pending(): Promise<void> | undefined {
    return this.#pending;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#start();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /**
   * Lists the store again (after the `list()` in flight, if one is). Never rejects.
   * @returns a promise that settles once `threads` holds the result (or the failure was reported)
   */
  refresh(): Promise<void> {
    this.#again = true;
    this.#pending ??= this.#run();
    return this.#pending;
  }

  #start(): void {
    const store = this.#store;
    if (!store) return;
    if (!this.#unsubscribe) {
      try {
        this.#unsubscribe = store.subscribe(() => void this.refresh());
      } catch (error) {
        this.#options.onError(toThreadStoreError(error, 'Subscribing to the thread store'));
      }
    }
    void this.refresh();
  }

  async #run(): Promise<void> {
    try {
      while (this.#again) {
        this.#again = false;
        await this.#listOnce();
      }
    } finally {
      // Cleared in the same turn as the last check of #again, so a refresh() after it starts a new run.
      this.#pending = undefined;
    }
  }

  async #listOnce(): Promise<void> {
    const store = this.#store;
    const generation = this.#generation;
    if (!store) return;
    try {
      const threads = await store.list();
      if (generation !== this.#generation) return;
      this.threads = threads;
      this.loaded = true;
      this.#options.onListed?.();
    } catch (error) {
      if (generation !== this.#generation) return;
      this.#options.onError(toThreadStoreError(error, 'Listing threads'));
    }
    this.#host.requestUpdate();
  }
}
