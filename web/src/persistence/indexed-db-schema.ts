import type { Interrupt, Message, State } from '@ag-ui/client';
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { RunErrorDetail, ToolCallRecord } from '../agent/types.js';
import { ThreadStoreError, ThreadStoreErrorCode } from './thread-store-error.js';
import { deriveThreadTitle } from './thread-summary.js';

/**
 * The version of `IndexedDbThreadStore`'s database layout, and the `v` of every record this code writes. A record
 * with a higher `v` was written by a newer version of the library: it is skipped and reported
 * (`version_unsupported`), never overwritten.
 */
export const THREAD_DB_SCHEMA_VERSION = 4;

/** `threads` (key `threadId`): what `list()` needs, so listing never reads messages. */
export interface ThreadRow {
  v: number;
  threadId: string;
  /** The caller's title (`rename()`, `save({ title })`). */
  title?: string;
  /** `deriveThreadTitle(messages)`, kept so `list()` need not read the messages. */
  derivedTitle: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
}

/** `conversations` (key `threadId`): the thread's messages and state, one record, written whole by `save()`. */
export interface ConversationRow {
  v: number;
  threadId: string;
  messages: Message[];
  state: State;
  /** Pending AG-UI interrupts; absent in rows written before they were kept (read as `[]`). */
  interrupts?: Interrupt[];
  /** The error that ended the last turn, if any. */
  lastError?: RunErrorDetail;
}

/** `toolCalls` (key `[threadId, toolCallId]`): one record per tool call, so `saveToolCalls()` writes only what changed. */
export interface ToolCallRow {
  v: number;
  threadId: string;
  toolCallId: string;
  record: ToolCallRecord;
}

/**
 * `approvals` (key `[scope, threadId, toolName]`, `threadId` `''` for `'always'`; index `toolName`), since layout 3:
 * one remembered approval each, with the fingerprint of the tool it was given for.
 */
export interface ApprovalRow {
  v: number;
  scope: 'thread' | 'always';
  threadId: string;
  toolName: string;
  fingerprint: string;
}

/**
 * `deletedThreads` (key `threadId`), since layout 4: one tombstone per deleted thread, so that no tab writes it again
 * (a thread id is never reused). Kept for good: a few dozen bytes per deleted thread.
 */
export interface DeletedThreadRow {
  v: number;
  threadId: string;
  /** ms since the epoch (`0` in the transient row of a save's check, see `IndexedDbThreadStore.save`). */
  deletedAt: number;
}

/** The database as `idb` types it. */
export interface ThreadDb extends DBSchema {
  threads: { key: string; value: ThreadRow };
  conversations: { key: string; value: ConversationRow };
  toolCalls: { key: [string, string]; value: ToolCallRow };
  approvals: { key: [string, string, string]; value: ApprovalRow; indexes: { toolName: string } };
  deletedThreads: { key: string; value: DeletedThreadRow };
}

/** The stores of a thread's conversation, for transactions that save or load a whole thread. */
export const ALL_STORES = ['threads', 'conversations', 'toolCalls'] as const satisfies readonly StoreNames<ThreadDb>[];

/** `ALL_STORES` and the tombstones: what a write of a thread reads and writes. */
export const WRITE_STORES = [...ALL_STORES, 'deletedThreads'] as const satisfies readonly StoreNames<ThreadDb>[];

/** Layout 1: one `threads` store (key `threadId`) holding each whole thread in one record, without `v`. */
interface ThreadRowV1 {
  threadId: string;
  title?: string;
  messages?: Message[];
  state?: State;
  toolCalls?: ToolCallRecord[];
  createdAt?: number;
  updatedAt?: number;
}

/** The key range of one thread's `toolCalls` records (arrays sort after strings, so `[threadId, []]` is past them all). */
export function threadToolCallRange(threadId: string): IDBKeyRange {
  return IDBKeyRange.bound([threadId], [threadId, []]);
}

/** The key range of the remembered approvals of `scope` (and, for `'thread'`, of `threadId`). */
export function approvalRange(scope: ApprovalRow['scope'], threadId = ''): IDBKeyRange {
  return IDBKeyRange.bound([scope, threadId], [scope, threadId, []]);
}

/**
 * `openDB`'s `upgrade`: a new database gets the current layout; one of layout 1 is split into the current stores in
 * the same `versionchange` transaction (all or nothing: if a step fails, the database stays at layout 1); layout 2
 * gains the `approvals` store, layout 3 the `deletedThreads` store (their rows are untouched).
 */
export async function upgradeThreadDb(
  db: IDBPDatabase<ThreadDb>,
  oldVersion: number,
  transaction: IDBPTransaction<ThreadDb, StoreNames<ThreadDb>[], 'versionchange'>,
): Promise<void> {
  if (oldVersion < 1) db.createObjectStore('threads', { keyPath: 'threadId' });
  if (oldVersion < 2) {
    db.createObjectStore('conversations', { keyPath: 'threadId' });
    db.createObjectStore('toolCalls', { keyPath: ['threadId', 'toolCallId'] });
  }
  if (oldVersion < 3) db.createObjectStore('approvals', { keyPath: ['scope', 'threadId', 'toolName'] }).createIndex('toolName', 'toolName');
  if (oldVersion < 4) db.createObjectStore('deletedThreads', { keyPath: 'threadId' });
  if (oldVersion === 1) await migrateFromLayout1(transaction);
}

/** Layout 1 -> 2: each whole-thread record becomes a `threads` row, a `conversations` row and its `toolCalls` rows. */
async function migrateFromLayout1(transaction: IDBPTransaction<ThreadDb, StoreNames<ThreadDb>[], 'versionchange'>): Promise<void> {
  const writes: Promise<unknown>[] = [];
  try {
    const threads = transaction.objectStore('threads');
    const rows = (await threads.getAll()) as unknown as ThreadRowV1[];
    for (const old of rows) {
      const messages = Array.isArray(old.messages) ? old.messages : [];
      const updatedAt = typeof old.updatedAt === 'number' ? old.updatedAt : Date.now();
      const row: ThreadRow = {
        v: THREAD_DB_SCHEMA_VERSION,
        threadId: old.threadId,
        derivedTitle: deriveThreadTitle(messages),
        createdAt: typeof old.createdAt === 'number' ? old.createdAt : updatedAt,
        updatedAt,
        messageCount: messages.length,
      };
      if (old.title) row.title = old.title;
      writes.push(threads.put(row));
      writes.push(transaction.objectStore('conversations').put({ v: THREAD_DB_SCHEMA_VERSION, threadId: old.threadId, messages, state: old.state ?? {} }));
      for (const record of Array.isArray(old.toolCalls) ? old.toolCalls : []) {
        // A record without an id cannot be keyed; dropping it beats failing the whole upgrade.
        if (typeof record?.toolCallId !== 'string') continue;
        writes.push(transaction.objectStore('toolCalls').put({ v: THREAD_DB_SCHEMA_VERSION, threadId: old.threadId, toolCallId: record.toolCallId, record }));
      }
    }
    await Promise.all(writes);
  } catch (error) {
    for (const write of writes) write.catch(() => undefined);
    // Aborting fails the open (`unavailable`) and leaves layout 1 as it was.
    transaction.abort();
    throw error;
  }
}

type RowKind = 'thread' | 'conversation' | 'tool call' | 'approval';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a stored record cannot be read (`version_unsupported`, `corrupt`), or `undefined` when it can. */
export function checkRow(kind: RowKind, row: unknown, threadId: string): ThreadStoreError | undefined {
  const where = `The ${kind} record of thread "${threadId}"`;
  if (!isObject(row) || typeof row.v !== 'number') {
    return new ThreadStoreError(`${where} has no schema version`, ThreadStoreErrorCode.CORRUPT, { threadId });
  }
  if (row.v > THREAD_DB_SCHEMA_VERSION) {
    return new ThreadStoreError(
      `${where} has schema version ${row.v}; this version of ag-ui-lit reads up to ${THREAD_DB_SCHEMA_VERSION}`,
      ThreadStoreErrorCode.VERSION_UNSUPPORTED,
      { threadId },
    );
  }
  const fits =
    kind === 'thread'
      ? typeof row.threadId === 'string' && typeof row.createdAt === 'number' && typeof row.updatedAt === 'number' && typeof row.messageCount === 'number'
      : kind === 'conversation'
        ? Array.isArray(row.messages)
        : kind === 'approval'
          ? typeof row.toolName === 'string' && typeof row.fingerprint === 'string' && (row.scope === 'always' || row.scope === 'thread')
          : isObject(row.record) && typeof row.record.toolCallId === 'string' && isObject(row.record.timing);
  return fits ? undefined : new ThreadStoreError(`${where} does not have the shape of version ${row.v}`, ThreadStoreErrorCode.CORRUPT, { threadId });
}
