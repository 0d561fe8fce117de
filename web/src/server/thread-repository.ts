/// <reference types="node" />
import type { Message } from '@ag-ui/client';
import type { StoredApproval, ToolCallRecord } from '../agent/types.js';
import { monotonicClock } from '../persistence/change-feed.js';
import { deriveThreadTitle } from '../persistence/thread-summary.js';
import type { ThreadSnapshot, ThreadSummary } from '../persistence/thread-store.js';
import type { SqlExecutor, SqlStorage } from './sql-storage.js';
import type { SaveThreadBody } from './thread-api-schemas.js';

/** The PostgreSQL `NOTIFY` channel a committed change is announced on (the payload: the user id). */
export const CHANGES_CHANNEL = 'ag_ui_lit_changes';

/** A thread as the API returns it: the snapshot plus its `version` (raised by every write). */
export type VersionedThread = ThreadSnapshot & { version: number };

/** A change of the feed: `saved`, `renamed` or `deleted`, with its feed id (the SSE event id). */
export interface FeedChange {
  id: number;
  type: 'saved' | 'renamed' | 'deleted';
  threadId: string;
  at: number;
}

/** The outcome of a write that may meet a deleted thread or a newer version. */
export type WriteOutcome = { status: 'saved'; version: number; changeId: number } | { status: 'deleted' } | { status: 'conflict'; version: number };

interface ThreadRow {
  thread_id: string;
  title: string | null;
  derived_title: string;
  messages: Message[];
  state: Record<string, unknown>;
  interrupts: ThreadSnapshot['interrupts'];
  last_error: ThreadSnapshot['lastError'] | null;
  message_count: number;
  version: string | number;
  created_at: string | number;
  updated_at: string | number;
}

const summaryOf = (row: ThreadRow): ThreadSummary => ({
  threadId: row.thread_id,
  title: row.title ?? row.derived_title,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  messageCount: row.message_count,
});

/** `GET /threads` paging: the position after the last summary of a page, opaque to clients. */
const encodeCursor = (row: ThreadRow) =>
  Buffer.from(JSON.stringify([Number(row.updated_at), Number(row.created_at), row.thread_id])).toString('base64url');

function decodeCursor(cursor: string): [number, number, string] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3 && Number.isFinite(value[0]) && Number.isFinite(value[1]) && typeof value[2] === 'string') {
      return value as [number, number, string];
    }
  } catch {
    // not ours: answered as a bad request
  }
  return undefined;
}

/**
 * The thread store's SQL, every statement parameterized and scoped by `userId`: a user never reads nor writes another
 * user's rows, whatever ids a request names.
 */
export class ThreadRepository {
  /** `updatedAt` of this process's writes: strictly increasing, so two threads saved in one ms still list in order. */
  readonly #now = monotonicClock();

  constructor(private readonly db: SqlStorage) {}

  /** One page of the user's threads, newest `updatedAt` first. @returns `undefined` for a cursor that is not ours */
  async list(userId: string, limit: number, cursor?: string): Promise<{ threads: ThreadSummary[]; nextCursor?: string } | undefined> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && !after) return undefined;
    const params: unknown[] = [userId, limit + 1];
    let where = 'user_id = $1';
    if (after) {
      params.push(...after);
      where += ' AND (updated_at, created_at, thread_id) < ($3, $4, $5)';
    }
    const { rows } = await this.db.query<ThreadRow>(
      `SELECT thread_id, title, derived_title, message_count, created_at, updated_at FROM ag_ui_threads
       WHERE ${where} ORDER BY updated_at DESC, created_at DESC, thread_id DESC LIMIT $2`,
      params,
    );
    const page = rows.slice(0, limit);
    return { threads: page.map(summaryOf), ...(rows.length > limit ? { nextCursor: encodeCursor(page[page.length - 1]!) } : {}) };
  }

  async load(userId: string, threadId: string): Promise<VersionedThread | undefined> {
    const { rows } = await this.db.query<ThreadRow>(`SELECT * FROM ag_ui_threads WHERE user_id = $1 AND thread_id = $2`, [userId, threadId]);
    const row = rows[0];
    if (!row) return undefined;
    const records = await this.db.query<{ record: ToolCallRecord }>(
      `SELECT record FROM ag_ui_tool_calls WHERE user_id = $1 AND thread_id = $2 ORDER BY created_at, tool_call_id`,
      [userId, threadId],
    );
    return {
      threadId,
      messages: row.messages,
      state: row.state,
      toolCalls: records.rows.map(({ record }) => record),
      interrupts: row.interrupts,
      ...(row.last_error ? { lastError: row.last_error } : {}),
      ...(row.title !== null ? { title: row.title } : {}),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      version: Number(row.version),
    };
  }

  /** `ThreadStore.save()`: replaces messages, state, interrupts and records (records' claims are kept). */
  save(userId: string, threadId: string, body: SaveThreadBody): Promise<WriteOutcome> {
    return this.db.transaction(async (tx) => {
      const current = await this.#lockThread(tx, userId, threadId);
      if (current === 'deleted') return { status: 'deleted' };
      if (body.baseVersion !== undefined && current !== undefined && body.baseVersion !== current) {
        return { status: 'conflict', version: current };
      }
      const now = this.#now();
      const { rows } = await tx.query<{ version: string }>(
        `INSERT INTO ag_ui_threads (user_id, thread_id, title, derived_title, messages, state, interrupts, last_error, message_count, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
         ON CONFLICT (user_id, thread_id) DO UPDATE SET
           title = COALESCE(EXCLUDED.title, ag_ui_threads.title), derived_title = EXCLUDED.derived_title,
           messages = EXCLUDED.messages, state = EXCLUDED.state, interrupts = EXCLUDED.interrupts,
           last_error = EXCLUDED.last_error, message_count = EXCLUDED.message_count,
           updated_at = GREATEST(EXCLUDED.updated_at, ag_ui_threads.updated_at + 1), version = ag_ui_threads.version + 1
         RETURNING version`,
        [
          userId,
          threadId,
          body.title === undefined ? null : body.title === '' ? null : body.title,
          deriveThreadTitle(body.messages as Message[]),
          JSON.stringify(body.messages),
          JSON.stringify(body.state ?? {}),
          JSON.stringify(body.interrupts ?? []),
          body.lastError ? JSON.stringify(body.lastError) : null,
          body.messages.length,
          now,
        ],
      );
      const records = (body.toolCalls ?? []) as unknown as ToolCallRecord[];
      await tx.query(
        `DELETE FROM ag_ui_tool_calls WHERE user_id = $1 AND thread_id = $2 AND NOT (tool_call_id = ANY($3::text[]))`,
        [userId, threadId, records.map((record) => record.toolCallId)],
      );
      await this.#upsertRecords(tx, userId, threadId, records);
      const changeId = await this.appendChange(tx, userId, threadId, 'saved');
      return { status: 'saved', version: Number(rows[0]!.version), changeId };
    });
  }

  /** `ThreadStore.saveToolCalls()`: writes these records by id, creating the thread when new. */
  saveToolCalls(userId: string, threadId: string, records: readonly ToolCallRecord[]): Promise<WriteOutcome> {
    return this.db.transaction(async (tx) => {
      const current = await this.#lockThread(tx, userId, threadId);
      if (current === 'deleted') return { status: 'deleted' };
      const now = this.#now();
      const { rows } = await tx.query<{ version: string }>(
        `INSERT INTO ag_ui_threads (user_id, thread_id, created_at, updated_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (user_id, thread_id) DO UPDATE SET
           updated_at = GREATEST(EXCLUDED.updated_at, ag_ui_threads.updated_at + 1), version = ag_ui_threads.version + 1
         RETURNING version`,
        [userId, threadId, now],
      );
      await this.#upsertRecords(tx, userId, threadId, records);
      const changeId = await this.appendChange(tx, userId, threadId, 'saved');
      return { status: 'saved', version: Number(rows[0]!.version), changeId };
    });
  }

  async loadToolCall(userId: string, threadId: string, toolCallId: string): Promise<{ record: ToolCallRecord; claimedBy: string | null } | undefined> {
    const { rows } = await this.db.query<{ record: ToolCallRecord; claimed_by: string | null }>(
      `SELECT record, claimed_by FROM ag_ui_tool_calls WHERE user_id = $1 AND thread_id = $2 AND tool_call_id = $3`,
      [userId, threadId, toolCallId],
    );
    return rows[0] && { record: rows[0].record, claimedBy: rows[0].claimed_by };
  }

  /**
   * Claims a recorded tool call for `owner` (a device): compare-and-set, so of two devices that claim one call, one
   * gets it. @returns `claimed` (also when `owner` held it already), `taken` with the holder, or `missing`
   */
  async claimToolCall(userId: string, threadId: string, toolCallId: string, owner: string): Promise<
    { status: 'claimed' } | { status: 'taken'; owner: string; record: ToolCallRecord } | { status: 'missing' }
  > {
    const { rows } = await this.db.query(
      `UPDATE ag_ui_tool_calls SET claimed_by = $4
       WHERE user_id = $1 AND thread_id = $2 AND tool_call_id = $3 AND (claimed_by IS NULL OR claimed_by = $4) RETURNING tool_call_id`,
      [userId, threadId, toolCallId, owner],
    );
    if (rows.length > 0) return { status: 'claimed' };
    const existing = await this.loadToolCall(userId, threadId, toolCallId);
    return existing?.claimedBy ? { status: 'taken', owner: existing.claimedBy, record: existing.record } : { status: 'missing' };
  }

  /** @returns the feed id of the change, `undefined` when the user has no such thread */
  rename(userId: string, threadId: string, title: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE ag_ui_threads SET title = $3, version = version + 1, updated_at = GREATEST($4, updated_at + 1)
         WHERE user_id = $1 AND thread_id = $2 RETURNING thread_id`,
        [userId, threadId, title === '' ? null : title, this.#now()],
      );
      if (rows.length === 0) return undefined;
      return this.appendChange(tx, userId, threadId, 'renamed');
    });
  }

  /**
   * Deletes the thread, its records and its approvals in one transaction, and keeps its id from being written again.
   * @returns the feed id of the change, `undefined` when the user had no such thread
   */
  delete(userId: string, threadId: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      await lockThreadId(tx, userId, threadId);
      const { rows } = await tx.query(`DELETE FROM ag_ui_threads WHERE user_id = $1 AND thread_id = $2 RETURNING thread_id`, [userId, threadId]);
      await tx.query(`DELETE FROM ag_ui_approvals WHERE user_id = $1 AND scope = 'thread' AND thread_id = $2`, [userId, threadId]);
      await tx.query(
        `INSERT INTO ag_ui_deleted_threads (user_id, thread_id, deleted_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [userId, threadId, Date.now()],
      );
      if (rows.length === 0) return undefined;
      return this.appendChange(tx, userId, threadId, 'deleted');
    });
  }

  async loadApprovals(userId: string, threadId: string): Promise<StoredApproval[]> {
    const { rows } = await this.db.query<{ approval: StoredApproval }>(
      `SELECT approval FROM ag_ui_approvals WHERE user_id = $1 AND (scope = 'always' OR (scope = 'thread' AND thread_id = $2))`,
      [userId, threadId],
    );
    return rows.map(({ approval }) => approval);
  }

  /** Keeps `approval`, replacing the one of the same tool, scope and thread; a deleted thread's is not kept. */
  async saveApproval(userId: string, approval: StoredApproval): Promise<void> {
    const threadId = approval.scope === 'thread' ? (approval.threadId ?? '') : '';
    await this.db.query(
      `INSERT INTO ag_ui_approvals (user_id, tool_name, scope, thread_id, approval)
       SELECT $1, $2, $3, $4, $5
       WHERE NOT EXISTS (SELECT 1 FROM ag_ui_deleted_threads WHERE user_id = $1 AND thread_id = $4 AND $3 = 'thread')
       ON CONFLICT (user_id, tool_name, scope, thread_id) DO UPDATE SET approval = EXCLUDED.approval`,
      [userId, approval.toolName, approval.scope, threadId, JSON.stringify(approval)],
    );
  }

  async deleteApprovals(userId: string, toolName?: string): Promise<number> {
    const { rows } = await this.db.query(
      `DELETE FROM ag_ui_approvals WHERE user_id = $1 AND ($2::text IS NULL OR tool_name = $2) RETURNING tool_name`,
      [userId, toolName ?? null],
    );
    return rows.length;
  }

  /** The user's changes after feed id `afterId`, oldest first, at most `limit`. */
  async changesSince(userId: string, afterId: number, limit = 1000): Promise<FeedChange[]> {
    const { rows } = await this.db.query<{ id: string; type: FeedChange['type']; thread_id: string; at: string }>(
      `SELECT id, type, thread_id, at FROM ag_ui_changes WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [userId, afterId, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), type: row.type, threadId: row.thread_id, at: Number(row.at) }));
  }

  /** The feed id of the user's newest change, `0` when none. */
  async latestChangeId(userId: string): Promise<number> {
    const { rows } = await this.db.query<{ id: string | null }>(`SELECT max(id) AS id FROM ag_ui_changes WHERE user_id = $1`, [userId]);
    return Number(rows[0]?.id ?? 0);
  }

  /**
   * Records a change for the feed, in the writing transaction (so a rolled-back write announces nothing).
   * @returns its feed id
   */
  async appendChange(tx: SqlExecutor, userId: string, threadId: string, type: FeedChange['type']): Promise<number> {
    // A user's changes commit in feed-id order: a feed sends ids above the last it sent, so an id that committed
    // after a higher one (two connections of a PostgreSQL server) would never be sent. Held until commit; taken after
    // the thread's lock by every writer, so the two never deadlock.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('ag_ui_lit.changes:' || $1))`, [userId]);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO ag_ui_changes (user_id, thread_id, type, at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [userId, threadId, type, Date.now()],
    );
    // Delivered at commit, to every process listening on the database (the change feeds of `ChangeFeedStreams`).
    await tx.query(`SELECT pg_notify($1, $2)`, [CHANGES_CHANNEL, userId]);
    return Number(rows[0]!.id);
  }

  /** Locks the thread's row for this transaction. @returns its version, `undefined` when new, `deleted` for a tombstone */
  async #lockThread(tx: SqlExecutor, userId: string, threadId: string): Promise<number | undefined | 'deleted'> {
    // One writer a thread at a time, new threads included (a row lock cannot cover a row that does not exist yet), so
    // a save racing a delete cannot bring the thread back.
    await lockThreadId(tx, userId, threadId);
    const tomb = await tx.query(`SELECT 1 FROM ag_ui_deleted_threads WHERE user_id = $1 AND thread_id = $2`, [userId, threadId]);
    if (tomb.rows.length > 0) return 'deleted';
    const { rows } = await tx.query<{ version: string }>(
      `SELECT version FROM ag_ui_threads WHERE user_id = $1 AND thread_id = $2 FOR UPDATE`,
      [userId, threadId],
    );
    return rows[0] ? Number(rows[0].version) : undefined;
  }

  async #upsertRecords(tx: SqlExecutor, userId: string, threadId: string, records: readonly ToolCallRecord[]): Promise<void> {
    for (const record of records) {
      await tx.query(
        `INSERT INTO ag_ui_tool_calls (user_id, thread_id, tool_call_id, record, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, thread_id, tool_call_id) DO UPDATE SET record = EXCLUDED.record, created_at = EXCLUDED.created_at`,
        [userId, threadId, record.toolCallId, JSON.stringify(record), record.timing.createdAt],
      );
    }
  }
}

/** Takes the transaction-scoped advisory lock of one user's thread id. */
const lockThreadId = (tx: SqlExecutor, userId: string, threadId: string) =>
  tx.query(`SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))`, [userId, threadId]);
