/**
 * `ag-ui-lit/persistence`: keeping threads across reloads. The `ThreadStore` interface, its stores (IndexedDB,
 * memory, and HTTP for the thread API of `ag-ui-lit/server`) and `ThreadJournal`, which saves an `AgentRunLoop`'s
 * thread into a store. Its own entry so that a page that keeps no threads ships no store: `<ag-ui-agent persist>`
 * loads the IndexedDB store on first use without it.
 *
 * @example
 * ```ts
 * import { MemoryThreadStore } from 'ag-ui-lit/persistence';
 *
 * document.querySelector('ag-ui-agent')!.store = new MemoryThreadStore();
 * ```
 * @module
 */
export { IndexedDbThreadStore, type IndexedDbThreadStoreOptions } from './indexed-db-thread-store.js';
export { THREAD_DB_SCHEMA_VERSION } from './indexed-db-schema.js';
export { ThreadJournal, type ThreadJournalOptions } from './thread-journal.js';
export { readableThread, type ReadableThread } from './readable-thread.js';
export { MemoryThreadStore, type MemoryThreadStoreOptions } from './memory-thread-store.js';
export {
  HttpThreadStore,
  type HttpFeedErrorDetail,
  type HttpThreadStoreEventMap,
  type HttpThreadStoreHeaders,
  type HttpThreadStoreOptions,
  type ToolCallClaimOutcome,
} from './http-thread-store.js';
export type { FeedReconnectOptions } from './http-change-feed.js';
export type {
  ThreadSaveOptions,
  ThreadSnapshot,
  ThreadSnapshotInput,
  ThreadStore,
  ThreadStoreChange,
  ThreadStoreListener,
  ThreadSummary,
} from './thread-store.js';
export type { StoredApproval } from '../agent/types.js';
export { ThreadStoreError, ThreadStoreErrorCode, type PersistenceErrorDetail } from './thread-store-error.js';
export { deriveThreadTitle, MAX_THREAD_TITLE_LENGTH } from './thread-summary.js';
