/// <reference types="node" />
/** A row set as both PGlite and `pg` return it. */
export interface SqlResult<Row> {
  rows: Row[];
}

/** Runs parameterized SQL (`$1`, `$2`, ...): the one way the thread store's server code reaches its database. */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<SqlResult<Row>>;
}

/**
 * Where `createThreadStoreHandler()` keeps threads: a PostgreSQL database, embedded (`pgliteStorage()`) or a server
 * (`postgresStorage()`). Both speak the same SQL and run the same migrations (`migrate()`).
 */
export interface SqlStorage extends SqlExecutor {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it rejects (with its rejection). */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Closes the database (PGlite) or ends the pool (`pg`) when the storage opened it; otherwise does nothing. */
  close(): Promise<void>;
  /**
   * Calls `onPayload` with the payload of each PostgreSQL `NOTIFY` on `channel` (from any connection, any process),
   * until the returned function is called. The change feed uses it to hear other processes' writes.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** `'pglite'` or `'postgres'`: for messages and tests. */
  readonly kind: 'pglite' | 'postgres';
}
