/// <reference types="node" />
import type { SqlExecutor, SqlResult, SqlStorage } from './sql-storage.js';

/** What the storage uses of a `pg` `Pool`. */
export interface PgPoolLike {
  query(sql: string, params?: unknown[]): Promise<SqlResult<never>>;
  connect(): Promise<PgClientLike>;
  end(): Promise<void>;
}

/** What the storage uses of a pooled `pg` client. */
export interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<SqlResult<never>>;
  release(error?: Error | boolean): void;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
}

/** Options of `postgresStorage()`: a `connectionString` (the storage makes and ends its pool) or your own `pool`. */
export type PostgresStorageOptions =
  | { connectionString: string; /** Connections of the pool the storage makes. Default 10. */ max?: number; pool?: undefined }
  | { pool: PgPoolLike; connectionString?: undefined };

/**
 * Threads in a PostgreSQL server (13 or newer), through the `pg` package (an optional peer, imported on first call).
 * Several processes may share one database: migrations take an advisory lock, and tool-call claims are compare-and-set
 * in SQL.
 * @throws Error when `pg` is not installed (with a `connectionString`)
 * @example
 * ```ts
 * const storage = await postgresStorage({ connectionString: process.env.DATABASE_URL! });
 * ```
 */
export async function postgresStorage(options: PostgresStorageOptions): Promise<SqlStorage> {
  let pool = options.pool;
  const owned = !pool;
  if (!pool) {
    const pg = await import('pg').catch((cause: unknown) => {
      throw new Error('postgresStorage() needs the package pg: npm install pg', { cause });
    });
    const Pool = (pg.default ?? pg).Pool;
    pool = new Pool({ connectionString: options.connectionString, max: (options as { max?: number }).max ?? 10 }) as unknown as PgPoolLike;
  }
  const shared = pool;
  const run = (executor: Pick<PgPoolLike, 'query'>): SqlExecutor => ({
    query: (sql, params) => executor.query(sql, params ? [...params] : undefined) as never,
  });
  return {
    kind: 'postgres',
    ...run(shared),
    async transaction(work) {
      const client = await shared.connect();
      try {
        await client.query('BEGIN');
        const result = await work(run(client));
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // A failed ROLLBACK means a broken connection: drop it from the pool.
        const rolledBack = await client.query('ROLLBACK').then(() => true, () => false);
        client.release(!rolledBack);
        throw error;
      }
    },
    // A pooled connection of its own, held while listening (LISTEN is per connection).
    async listen(channel, onPayload) {
      const client = await shared.connect();
      const onNotification = (message: { channel: string; payload?: string }) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      client.on('notification', onNotification);
      client.on('error', () => {}); // a dropped connection: the feed then wakes on this process's writes and on reconnects
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      return async () => {
        client.off('notification', onNotification);
        const ok = await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).then(() => true, () => false);
        client.release(!ok);
      };
    },
    close: async () => {
      if (owned) await shared.end();
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
