/**
 * Keeping threads across reloads: the `ThreadStore` interface and its two stores.
 * @module
 */
export { IndexedDbThreadStore, type IndexedDbThreadStoreOptions } from './indexed-db-thread-store.js';
export { THREAD_DB_SCHEMA_VERSION } from './indexed-db-schema.js';
export { DEFAULT_SAVE_INTERVAL_MS, ThreadJournal, type ThreadJournalOptions } from './thread-journal.js';
export { MemoryThreadStore, type MemoryThreadStoreOptions } from './memory-thread-store.js';
export type {
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
