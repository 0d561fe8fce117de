/**
 * The IndexedDB store of `<ag-ui-agent persist>`: its module (and `idb`) is loaded on first use, not by every page,
 * and the store opened in the database `persist-name`; it is closed (after the journal's last writes) when
 * `persist`, `persist-name` or `store` change, or the element leaves.
 * @module
 * @internal
 */
import { emitAgentEvent } from '../ag-ui-agent.events.js';
import type { IndexedDbThreadStore } from '../../../persistence/indexed-db-thread-store.js';
import { toThreadStoreError, type PersistenceErrorDetail, type ThreadStoreError } from '../../../persistence/thread-store-error.js';

/** What the store needs from the element. */
export interface PersistentStoreOptions {
  /** The database `persist` asks for now (`persist-name`, default `'ag-ui-lit'`), or `undefined` when it asks for none. */
  wanted(): string | undefined;
  /** Settles once what the element still writes is written (before a store is closed). */
  flush(): Promise<void>;
}

/**
 * Opens, keeps and closes one element's IndexedDB store, and reports the failures of every store the element uses
 * (`report()`: `ag-ui-persistence-error`, a console warning, and an update that shows the notice).
 */
export class PersistentStore {
  readonly #host: HTMLElement & { requestUpdate(): void };
  readonly #options: PersistentStoreOptions;
  #store: IndexedDbThreadStore | undefined;
  /** The store's module, loading. */
  #opening: Promise<void> | undefined;

  constructor(host: HTMLElement & { requestUpdate(): void }, options: PersistentStoreOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** A thread store failed: fires `ag-ui-persistence-error` (the conversation carries on in memory). */
  report(error: ThreadStoreError): void {
    console.warn('<ag-ui-agent>: the thread could not be kept:', error);
    emitAgentEvent(this.#host, 'ag-ui-persistence-error', persistenceErrorDetail(error));
    this.#host.requestUpdate();
  }

  /** The open store when one is wanted (starting to open it if need be), else `undefined`. */
  get store(): IndexedDbThreadStore | undefined {
    if (this.#options.wanted() === undefined) return undefined;
    if (!this.#store) this.#open();
    return this.#store;
  }

  /** Closes the open store unless it is still the one wanted. */
  sync(): void {
    if (this.#store && this.#store.name !== this.#options.wanted()) this.close();
  }

  /** Closes the store (after the element's last writes); a later `store` opens it anew. */
  close(): void {
    const store = this.#store;
    this.#store = undefined;
    this.#opening = undefined;
    if (store) void this.#options.flush().finally(() => store.close());
  }

  #open(): void {
    if (this.#opening) return;
    const name = this.#options.wanted();
    const opening = import('../../../persistence/indexed-db-thread-store.js').then(
      ({ IndexedDbThreadStore }) => {
        if (this.#opening !== opening) return;
        this.#opening = undefined;
        if (name === undefined || this.#options.wanted() !== name) return;
        this.#store = new IndexedDbThreadStore({ name, onError: (error) => this.report(error) });
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        if (this.#opening === opening) this.#opening = undefined;
        this.report(toThreadStoreError(error, 'Loading the thread store', 'unavailable'));
      },
    );
    this.#opening = opening;
  }
}

/** The detail of `ag-ui-persistence-error` for a store's `error`. */
export function persistenceErrorDetail(error: ThreadStoreError): PersistenceErrorDetail {
  const detail: PersistenceErrorDetail = { code: error.code, message: error.message, cause: error };
  if (error.threadId !== undefined) detail.threadId = error.threadId;
  return detail;
}
