/// <reference types="node" />
import type { SqlStorage } from './sql-storage.js';

/**
 * The thread store's schema, one entry a version, applied in order and never edited once released: a change is a new
 * entry. Every table is keyed by `user_id` first, so each query is scoped by user.
 */
export const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE ag_ui_threads (
        user_id text NOT NULL,
        thread_id text NOT NULL,
        title text,
        derived_title text NOT NULL DEFAULT '',
        messages jsonb NOT NULL DEFAULT '[]',
        state jsonb NOT NULL DEFAULT '{}',
        interrupts jsonb NOT NULL DEFAULT '[]',
        last_error jsonb,
        message_count integer NOT NULL DEFAULT 0,
        version bigint NOT NULL DEFAULT 1,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (user_id, thread_id)
      );
      CREATE INDEX ag_ui_threads_newest ON ag_ui_threads (user_id, updated_at DESC, created_at DESC, thread_id);
      CREATE TABLE ag_ui_deleted_threads (
        user_id text NOT NULL,
        thread_id text NOT NULL,
        deleted_at bigint NOT NULL,
        PRIMARY KEY (user_id, thread_id)
      );
      CREATE TABLE ag_ui_tool_calls (
        user_id text NOT NULL,
        thread_id text NOT NULL,
        tool_call_id text NOT NULL,
        record jsonb NOT NULL,
        created_at double precision NOT NULL,
        claimed_by text,
        PRIMARY KEY (user_id, thread_id, tool_call_id),
        FOREIGN KEY (user_id, thread_id) REFERENCES ag_ui_threads (user_id, thread_id) ON DELETE CASCADE
      );
      CREATE TABLE ag_ui_approvals (
        user_id text NOT NULL,
        tool_name text NOT NULL,
        scope text NOT NULL,
        thread_id text NOT NULL DEFAULT '',
        approval jsonb NOT NULL,
        PRIMARY KEY (user_id, tool_name, scope, thread_id)
      );
      CREATE TABLE ag_ui_changes (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        thread_id text NOT NULL,
        type text NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX ag_ui_changes_by_user ON ag_ui_changes (user_id, id);
    `,
  },
];

/** The schema version this library writes. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/**
 * Brings the database to `SCHEMA_VERSION`: applies the migrations it lacks in one transaction (all or none), under an
 * advisory lock so two processes starting together apply each once. Idempotent.
 * @returns the version the database had before
 * @throws Error when the database was written by a newer version of this library (its version is above
 *   `SCHEMA_VERSION`): nothing is changed
 */
export async function migrate(storage: SqlStorage): Promise<number> {
  return storage.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('ag_ui_lit.migrations'))`);
    await tx.query(`CREATE TABLE IF NOT EXISTS ag_ui_schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)`);
    const { rows } = await tx.query<{ version: number | null }>(`SELECT max(version) AS version FROM ag_ui_schema_migrations`);
    const before = Number(rows[0]?.version ?? 0);
    if (before > SCHEMA_VERSION) {
      throw new Error(`The thread database has schema version ${before}, newer than this version of ag-ui-lit knows (${SCHEMA_VERSION}): upgrade ag-ui-lit`);
    }
    for (const migration of MIGRATIONS) {
      if (migration.version <= before) continue;
      for (const statement of migration.sql.split(/;\s*(?:\n|$)/).map((text) => text.trim()).filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query(`INSERT INTO ag_ui_schema_migrations (version, applied_at) VALUES ($1, $2)`, [migration.version, Date.now()]);
    }
    return before;
  });
}
