/// <reference types="node" />
/**
 * `ag-ui-lit/server` (Node 20+, Bun, Deno; no browser code): the thread store's HTTP API on PostgreSQL, for
 * `HttpThreadStore`. See docs/thread-api.md.
 */
export { createThreadStoreHandler } from './thread-store-handler.js';
export type {
  ThreadApiErrorCode,
  ThreadStoreHandler,
  ThreadStoreHandlerOptions,
  ThreadStoreLimits,
} from './thread-store-handler.js';
export { pgliteStorage } from './pglite-storage.js';
export type { PgliteLike, PgliteStorageOptions } from './pglite-storage.js';
export { postgresStorage } from './postgres-storage.js';
export type { PgPoolLike, PostgresStorageOptions } from './postgres-storage.js';
export { migrate, SCHEMA_VERSION } from './migrations.js';
export type { SqlExecutor, SqlResult, SqlStorage } from './sql-storage.js';
export { toNodeListener } from './node-listener.js';
