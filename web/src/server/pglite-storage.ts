/// <reference types="node" />
import { mkdir } from 'node:fs/promises';
import type { SqlExecutor, SqlStorage } from './sql-storage.js';

/** Options of `pgliteStorage()`. */
export interface PgliteStorageOptions {
  /**
   * The folder PGlite keeps its database in (created with its parents when missing), e.g. `'./.data/threads'`; `undefined` keeps it in
   * memory (gone when the process ends: tests, demos). Ignored when `db` is given.
   */
  dataDir?: string;
  /** An open PGlite instance to use instead (the storage does not close it). */
  db?: PgliteLike;
}

/** What the storage uses of a `PGlite` instance (`@electric-sql/pglite`). */
export interface PgliteLike extends SqlExecutor {
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Threads in PGlite: PostgreSQL compiled to WebAssembly, in this process, no server to run. Needs the optional peer
 * `@electric-sql/pglite` (imported on first call). One process only: two processes must not open one `dataDir`.
 * @throws Error when `@electric-sql/pglite` is not installed
 * @example
 * ```ts
 * const handler = createThreadStoreHandler({ storage: await pgliteStorage({ dataDir: '.data/threads' }), authenticate });
 * ```
 */
export async function pgliteStorage(options: PgliteStorageOptions = {}): Promise<SqlStorage> {
  let db = options.db;
  const owned = !db;
  if (!db) {
    const { PGlite } = await import('@electric-sql/pglite').catch((cause: unknown) => {
      throw new Error('pgliteStorage() needs the package @electric-sql/pglite: npm install @electric-sql/pglite', { cause });
    });
    // PGlite makes the last folder of the path only.
    if (options.dataDir && !/^[a-z][a-z0-9+.-]*:\/\//i.test(options.dataDir)) await mkdir(options.dataDir, { recursive: true });
    db = (await PGlite.create(options.dataDir)) as unknown as PgliteLike;
  }
  const pglite = db;
  return {
    kind: 'pglite',
    query: (sql, params) => pglite.query(sql, params ? [...params] : undefined) as never,
    transaction: (work) => pglite.transaction((tx) => work(tx)),
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      return () => stop();
    },
    close: async () => {
      if (owned) await pglite.close();
    },
  };
}
