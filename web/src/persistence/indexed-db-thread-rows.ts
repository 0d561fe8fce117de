/**
 * The rows `IndexedDbThreadStore` writes for one thread, and what it knows of them from its own writes, so that a
 * `keepalive` save can write without reading first.
 * @module
 * @internal
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { ToolCallRecord } from '../agent/types.js';
import { THREAD_DB_SCHEMA_VERSION, type ConversationRow, type ThreadDb, type ThreadRow, type ToolCallRow } from './indexed-db-schema.js';
import type { ThreadSnapshotInput } from './thread-store.js';
import { deriveThreadTitle } from './thread-summary.js';

/** A read-write transaction of the thread database. */
export type WriteTransaction = IDBPTransaction<ThreadDb, StoreNames<ThreadDb>[], 'readwrite'>;

/** What a save must know of a thread's stored rows to write over them. */
export interface StoredRows {
  /** The thread's row, when it has one this version may write over. */
  row: ThreadRow | undefined;
  /** `toolCallId` -> the `v` of its stored record (`0`: a record without one, replaced like an old one). */
  calls: Map<string, number>;
}

/**
 * Makes the requests that write `snapshot` over the thread's rows as `stored` describes them (nothing is read): the
 * thread row (keeping `createdAt` and a caller's title), the conversation, and the tool-call records, replaced,
 * except those a newer version wrote, which are neither overwritten nor deleted.
 * @param now - `updatedAt` (and `createdAt` of a new thread), ms since the epoch
 * @returns what is stored once the transaction commits
 */
export function putThreadRows(
  tx: WriteTransaction,
  queue: (request: Promise<unknown>) => void,
  snapshot: ThreadSnapshotInput,
  stored: StoredRows,
  now: number,
): StoredRows {
  const { threadId, messages } = snapshot;
  const previous = stored.row;
  const row: ThreadRow = {
    v: THREAD_DB_SCHEMA_VERSION,
    threadId,
    derivedTitle: deriveThreadTitle(messages),
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    messageCount: messages.length,
  };
  const title = snapshot.title || previous?.title;
  if (title) row.title = title;
  queue(tx.objectStore('threads').put(row));
  const conversation: ConversationRow = { v: THREAD_DB_SCHEMA_VERSION, threadId, messages, state: snapshot.state ?? {} };
  if (snapshot.interrupts?.length) conversation.interrupts = snapshot.interrupts;
  if (snapshot.lastError) conversation.lastError = snapshot.lastError;
  queue(tx.objectStore('conversations').put(conversation));
  const toolCalls = tx.objectStore('toolCalls');
  const records = new Map((snapshot.toolCalls ?? []).map((record) => [record.toolCallId, record]));
  const calls = new Map<string, number>();
  for (const [toolCallId, v] of stored.calls) {
    if (v > THREAD_DB_SCHEMA_VERSION) calls.set(toolCallId, v);
    else if (!records.has(toolCallId)) queue(toolCalls.delete([threadId, toolCallId]));
  }
  for (const record of records.values()) {
    if (calls.has(record.toolCallId)) continue;
    queue(toolCalls.put(toolCallRow(threadId, record)));
    calls.set(record.toolCallId, THREAD_DB_SCHEMA_VERSION);
  }
  return { row, calls };
}

/**
 * What one store's committed writes left stored, thread by thread, while no other store (another tab, another
 * store of the page) is known to have changed that thread since: each change heard on the channel `forget()`s it. A
 * write takes a `stamp()` before it starts, and what it learnt is kept only if nothing was forgotten meanwhile.
 */
export class KnownRows {
  readonly #threads = new Map<string, StoredRows>();
  #epoch = 0;

  get(threadId: string): StoredRows | undefined {
    return this.#threads.get(threadId);
  }

  /** The stamp a write takes before it starts. */
  stamp(): number {
    return this.#epoch;
  }

  /** `rows` are what a whole-thread write (begun at `stamp`) left. */
  set(threadId: string, rows: StoredRows, stamp: number): void {
    if (stamp === this.#epoch) this.#threads.set(threadId, rows);
  }

  /** A partial write (begun at `stamp`) wrote the thread's row `row` and the records `written`, at this version. */
  update(threadId: string, stamp: number, row: ThreadRow, written: Iterable<string> = []): void {
    const known = this.#threads.get(threadId);
    if (!known || stamp !== this.#epoch) return;
    known.row = row;
    for (const toolCallId of written) known.calls.set(toolCallId, THREAD_DB_SCHEMA_VERSION);
  }

  /** Forgets `threadId` (else every thread): another store may have changed it. */
  forget(threadId?: string): void {
    this.#epoch++;
    if (threadId === undefined) this.#threads.clear();
    else this.#threads.delete(threadId);
  }
}

/** Whether `row` (a stored record, or `undefined`) was written by a newer version of this library. */
export function isNewer(row: { v?: unknown } | undefined): boolean {
  return typeof row?.v === 'number' && row.v > THREAD_DB_SCHEMA_VERSION;
}

/** The `toolCalls` row of `record`, at this version. */
export function toolCallRow(threadId: string, record: ToolCallRecord): ToolCallRow {
  return { v: THREAD_DB_SCHEMA_VERSION, threadId, toolCallId: record.toolCallId, record };
}
