import { openDB, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { StoredApproval, ToolCallRecord } from '../agent/types.js';
import { ChangeFeed, monotonicClock } from './change-feed.js';
import {
  ALL_STORES,
  approvalRange,
  checkRow,
  THREAD_DB_SCHEMA_VERSION,
  threadToolCallRange,
  upgradeThreadDb,
  type ApprovalRow,
  type ConversationRow,
  type ThreadDb,
  type ThreadRow,
  type ToolCallRow,
} from './indexed-db-schema.js';
import type { ThreadSnapshot, ThreadSnapshotInput, ThreadStore, ThreadStoreChange, ThreadStoreListener, ThreadSummary } from './thread-store.js';
import { ThreadStoreError, ThreadStoreErrorCode, toThreadStoreError } from './thread-store-error.js';
import { compareNewestFirst, deriveThreadTitle } from './thread-summary.js';

/** Options of `IndexedDbThreadStore`. */
export interface IndexedDbThreadStoreOptions {
  /** The IndexedDB database name. Default `'ag-ui-lit'`. */
  name?: string;
  /**
   * The `BroadcastChannel` that carries changes between tabs (and between stores of one page) on the same database.
   * Default `` `ag-ui-lit:threads:${name}` ``.
   */
  channelName?: string;
  /**
   * Called with each record `list()` or `load()` skipped because it cannot be read (`version_unsupported`, `corrupt`):
   * the rest still loads. Default: `console.warn`.
   */
  onError?: (error: ThreadStoreError) => void;
  /** The clock for `createdAt`/`updatedAt`, in ms since the epoch (made strictly increasing). Default `Date.now`. */
  now?: () => number;
}

/** What one store posts on its `BroadcastChannel` after each write. */
interface ChannelMessage {
  type: ThreadStoreChange['type'];
  threadId: string;
}

type WriteTransaction = IDBPTransaction<ThreadDb, StoreNames<ThreadDb>[], 'readwrite'>;

/**
 * A `ThreadStore` in the browser's IndexedDB (through `idb`), so threads survive a reload. Layout (schema version
 * `THREAD_DB_SCHEMA_VERSION`): `threads` (one summary row per thread, all `list()` reads), `conversations` (a
 * thread's messages and state in one record, written whole by `save()`), `toolCalls` (one record per tool call, key
 * `[threadId, toolCallId]`), `approvals` (remembered approvals, key `[scope, threadId, toolName]`; `threadId` is `''`
 * for "always allow"). Every record carries `v`, the schema version that wrote it. A database of an older layout is
 * upgraded on open (layout 2 to 3 adds `approvals`).
 *
 * The database opens on first use. Each write is one transaction, then is posted on a `BroadcastChannel`, so stores
 * of other tabs (or of this page) on the same database tell their `subscribe()` listeners with `origin: 'remote'`.
 * When another tab needs to upgrade the database, this store closes its connection and reopens on its next call.
 *
 * Every method rejects with a `ThreadStoreError`: `unavailable` (no IndexedDB, opening failed, blocked by another
 * tab's connection of an older version, or `close()`d), `quota_exceeded`, `version_unsupported` (the database or the
 * thread's record is newer than this code), `corrupt`, `failed`. A tool-call record that cannot be read is skipped
 * and reported to `onError`, and the rest of its thread loads; so is a thread row in `list()`.
 * @example
 * ```ts
 * const store = new IndexedDbThreadStore();
 * const stop = store.subscribe((change) => { if (change.origin === 'remote') refresh(change.threadId); });
 * const thread = await store.load(threadId);
 * ```
 */
export class IndexedDbThreadStore implements ThreadStore {
  /** The database name. */
  readonly name: string;
  #feed = new ChangeFeed();
  #now: () => number;
  #onError: (error: ThreadStoreError) => void;
  #channel?: BroadcastChannel;
  #opening?: Promise<IDBPDatabase<ThreadDb>>;
  #closed = false;

  constructor(options: IndexedDbThreadStoreOptions = {}) {
    this.name = options.name ?? 'ag-ui-lit';
    this.#now = monotonicClock(options.now);
    this.#onError = options.onError ?? ((error) => console.warn(error));
    if (typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(options.channelName ?? `ag-ui-lit:threads:${this.name}`);
      this.#channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
        const { type, threadId } = event.data ?? {};
        if ((type === 'saved' || type === 'deleted' || type === 'renamed') && typeof threadId === 'string') {
          this.#feed.emit({ type, threadId, origin: 'remote' });
        }
      };
    }
  }

  async list(): Promise<ThreadSummary[]> {
    return this.#run('Listing threads', undefined, async (db) => {
      const summaries: ThreadSummary[] = [];
      for (const row of await db.getAll('threads')) {
        const problem = checkRow('thread', row, String((row as Partial<ThreadRow> | undefined)?.threadId));
        if (problem) {
          this.#onError(problem);
          continue;
        }
        const { threadId, title, derivedTitle, createdAt, updatedAt, messageCount } = row;
        summaries.push({ threadId, title: title || derivedTitle || '', createdAt, updatedAt, messageCount });
      }
      return summaries.sort(compareNewestFirst);
    });
  }

  async load(threadId: string): Promise<ThreadSnapshot | undefined> {
    return this.#run(`Loading thread "${threadId}"`, threadId, async (db) => {
      const tx = db.transaction(ALL_STORES, 'readonly');
      const [row, conversation, callRows] = await Promise.all([
        tx.objectStore('threads').get(threadId),
        tx.objectStore('conversations').get(threadId),
        tx.objectStore('toolCalls').getAll(threadToolCallRange(threadId)),
        tx.done,
      ]);
      if (!row) return undefined;
      const problem = checkRow('thread', row, threadId) ?? checkRow('conversation', conversation, threadId);
      if (problem) throw problem;
      const toolCalls: ToolCallRecord[] = [];
      for (const callRow of callRows) {
        const skipped = checkRow('tool call', callRow, threadId);
        if (skipped) this.#onError(skipped);
        else toolCalls.push(callRow.record);
      }
      toolCalls.sort((a, b) => a.timing.createdAt - b.timing.createdAt);
      const snapshot: ThreadSnapshot = {
        threadId,
        messages: conversation!.messages,
        state: conversation!.state,
        toolCalls,
        interrupts: conversation!.interrupts ?? [],
        ...(conversation!.lastError && { lastError: conversation!.lastError }),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
      if (row.title) snapshot.title = row.title;
      return snapshot;
    });
  }

  async save(snapshot: ThreadSnapshotInput): Promise<void> {
    const { threadId, messages } = snapshot;
    await this.#write(`Saving thread "${threadId}"`, threadId, 'saved', ALL_STORES, async (tx, queue) => {
      const previous = await this.#writableRow(tx, threadId);
      const now = this.#now();
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
      const toolCalls = tx.objectStore('toolCalls');
      queue(tx.objectStore('threads').put(row));
      const conversation: ConversationRow = { v: THREAD_DB_SCHEMA_VERSION, threadId, messages, state: snapshot.state ?? {} };
      if (snapshot.interrupts?.length) conversation.interrupts = snapshot.interrupts;
      if (snapshot.lastError) conversation.lastError = snapshot.lastError;
      queue(tx.objectStore('conversations').put(conversation));
      queue(toolCalls.delete(threadToolCallRange(threadId)));
      for (const record of snapshot.toolCalls ?? []) queue(toolCalls.put(toolCallRow(threadId, record)));
    });
  }

  async saveToolCalls(threadId: string, records: readonly ToolCallRecord[]): Promise<void> {
    await this.#write(`Saving tool calls of thread "${threadId}"`, threadId, 'saved', ALL_STORES, async (tx, queue) => {
      const previous = await this.#writableRow(tx, threadId);
      const now = this.#now();
      if (previous) {
        queue(tx.objectStore('threads').put({ ...previous, v: THREAD_DB_SCHEMA_VERSION, updatedAt: now }));
      } else {
        queue(tx.objectStore('threads').put({ v: THREAD_DB_SCHEMA_VERSION, threadId, derivedTitle: '', createdAt: now, updatedAt: now, messageCount: 0 }));
        queue(tx.objectStore('conversations').put({ v: THREAD_DB_SCHEMA_VERSION, threadId, messages: [], state: {} }));
      }
      for (const record of records) queue(tx.objectStore('toolCalls').put(toolCallRow(threadId, record)));
    });
  }

  async loadToolCall(threadId: string, toolCallId: string): Promise<ToolCallRecord | undefined> {
    return this.#run(`Loading tool call "${toolCallId}" of thread "${threadId}"`, threadId, async (db) => {
      const row = await db.get('toolCalls', [threadId, toolCallId]);
      if (!row) return undefined;
      const problem = checkRow('tool call', row, threadId);
      if (problem) throw problem;
      return row.record;
    });
  }

  async rename(threadId: string, title: string): Promise<boolean> {
    let found = false;
    await this.#write(`Renaming thread "${threadId}"`, threadId, 'renamed', ['threads'], async (tx, queue) => {
      const previous = await this.#writableRow(tx, threadId);
      found = previous !== undefined;
      if (!previous) return;
      const row: ThreadRow = { ...previous, updatedAt: this.#now() };
      if (title) row.title = title;
      else delete row.title;
      queue(tx.objectStore('threads').put(row));
    }, () => found);
    return found;
  }

  async delete(threadId: string): Promise<boolean> {
    let found = false;
    await this.#write(`Deleting thread "${threadId}"`, threadId, 'deleted', [...ALL_STORES, 'approvals'], async (tx, queue) => {
      // Approvals may have been kept for a thread never saved.
      queue(tx.objectStore('approvals').delete(approvalRange('thread', threadId)));
      // A row of any version counts, so a thread written by a newer version can still be deleted.
      found = (await tx.objectStore('threads').getKey(threadId)) !== undefined;
      if (!found) return;
      queue(tx.objectStore('threads').delete(threadId));
      queue(tx.objectStore('conversations').delete(threadId));
      queue(tx.objectStore('toolCalls').delete(threadToolCallRange(threadId)));
    }, () => found);
    return found;
  }

  async loadApprovals(threadId: string): Promise<StoredApproval[]> {
    return this.#run(`Loading the remembered approvals of thread "${threadId}"`, threadId, async (db) => {
      const tx = db.transaction('approvals', 'readonly');
      const [always, own] = await Promise.all([tx.store.getAll(approvalRange('always')), tx.store.getAll(approvalRange('thread', threadId)), tx.done]);
      const approvals: StoredApproval[] = [];
      for (const row of [...always, ...own]) {
        const skipped = checkRow('approval', row, row.threadId);
        if (skipped) {
          this.#onError(skipped);
          continue;
        }
        const approval: StoredApproval = { toolName: row.toolName, scope: row.scope, fingerprint: row.fingerprint };
        if (row.scope === 'thread') approval.threadId = row.threadId;
        approvals.push(approval);
      }
      return approvals;
    });
  }

  async saveApproval(approval: StoredApproval): Promise<void> {
    const { toolName, scope, fingerprint } = approval;
    const threadId = scope === 'thread' ? approval.threadId : undefined;
    const row: ApprovalRow = { v: THREAD_DB_SCHEMA_VERSION, scope, threadId: threadId ?? '', toolName, fingerprint };
    await this.#write(`Saving the approval of tool "${toolName}"`, threadId, undefined, ['approvals'], async (tx, queue) => {
      queue(tx.objectStore('approvals').put(row));
    });
  }

  async deleteApprovals(toolName?: string): Promise<number> {
    let count = 0;
    await this.#write(`Deleting remembered approvals${toolName === undefined ? '' : ` of tool "${toolName}"`}`, undefined, undefined, ['approvals'], async (tx, queue) => {
      const approvals = tx.objectStore('approvals');
      if (toolName === undefined) {
        count = await approvals.count();
        queue(approvals.clear());
        return;
      }
      const keys = await approvals.index('toolName').getAllKeys(toolName);
      count = keys.length;
      for (const key of keys) queue(approvals.delete(key));
    });
    return count;
  }

  subscribe(listener: ThreadStoreListener): () => void {
    return this.#feed.subscribe(listener);
  }

  /** Closes the database connection and the channel; later calls reject with `unavailable`. */
  close(): void {
    this.#closed = true;
    this.#channel?.close();
    this.#channel = undefined;
    const opening = this.#opening;
    this.#opening = undefined;
    opening?.then((db) => db.close(), () => undefined);
  }

  /** The thread's current row, or `undefined`; rejects when it was written by a newer version (never overwrite it). */
  async #writableRow(tx: WriteTransaction, threadId: string): Promise<ThreadRow | undefined> {
    const row = await tx.objectStore('threads').get(threadId);
    if (!row) return undefined;
    const problem = checkRow('thread', row, threadId);
    if (problem?.code === ThreadStoreErrorCode.VERSION_UNSUPPORTED) throw problem;
    // A corrupt row is replaced by the write.
    return problem ? undefined : row;
  }

  /**
   * One read-write transaction: `body` makes its requests, handing each one's promise to `queue`; all of them and
   * the transaction must succeed, else it is aborted (nothing of it is kept). Then tells listeners here and in other tabs,
   * unless `changed()` says nothing changed or there is no `type` (not a change of a thread).
   */
  async #write(
    what: string,
    threadId: string | undefined,
    type: ThreadStoreChange['type'] | undefined,
    stores: readonly StoreNames<ThreadDb>[],
    body: (tx: WriteTransaction, queue: (request: Promise<unknown>) => void) => Promise<void>,
    changed: () => boolean = () => true,
  ): Promise<void> {
    await this.#run(what, threadId, async (db) => {
      const tx = db.transaction([...stores], 'readwrite');
      // Every request promise is observed, so aborting (which fails the pending ones) leaves no unhandled rejection.
      const pending: Promise<unknown>[] = [tx.done];
      const queue = (request: Promise<unknown>) => void pending.push(request);
      try {
        await body(tx, queue);
        await Promise.all(pending);
      } catch (error) {
        for (const request of pending) request.catch(() => undefined);
        // When the browser aborted the transaction (a full quota), its error says why, better than the
        // InvalidStateError a later request of `body` may have met.
        let cause = error;
        try {
          cause = tx.error ?? error;
          tx.abort();
        } catch {
          // Already finished or aborted.
        }
        throw cause;
      }
    });
    if (type === undefined || threadId === undefined || !changed()) return;
    this.#feed.emit({ type, threadId, origin: 'local' });
    this.#channel?.postMessage({ type, threadId } satisfies ChannelMessage);
  }

  async #run<T>(what: string, threadId: string | undefined, body: (db: IDBPDatabase<ThreadDb>) => Promise<T>): Promise<T> {
    try {
      return await body(await this.#open());
    } catch (error) {
      throw toThreadStoreError(error, what, ThreadStoreErrorCode.FAILED, threadId);
    }
  }

  #open(): Promise<IDBPDatabase<ThreadDb>> {
    if (this.#closed) {
      return Promise.reject(new ThreadStoreError(`The thread store "${this.name}" is closed`, ThreadStoreErrorCode.UNAVAILABLE));
    }
    this.#opening ??= this.#connect();
    return this.#opening;
  }

  #connect(): Promise<IDBPDatabase<ThreadDb>> {
    const opening = new Promise<IDBPDatabase<ThreadDb>>((resolve, reject) => {
      let settled = false;
      // A failed migration aborts the upgrade, so the open fails with AbortError: report the migration's own error.
      let upgradeError: unknown;
      const fail = (error: unknown) => {
        settled = true;
        reject(toThreadStoreError(upgradeError ?? error, `Opening IndexedDB "${this.name}"`, ThreadStoreErrorCode.UNAVAILABLE));
      };
      try {
        if (typeof indexedDB === 'undefined' || !indexedDB) throw new DOMException('IndexedDB is not available here', 'NotSupportedError');
        openDB<ThreadDb>(this.name, THREAD_DB_SCHEMA_VERSION, {
          upgrade: (db, oldVersion, _newVersion, transaction) => {
            // Its failure reaches us as the open's; observed here so an aborted upgrade leaves no unhandled rejection.
            transaction.done.catch(() => undefined);
            upgradeThreadDb(db, oldVersion, transaction).catch((error: unknown) => (upgradeError = error));
          },
          // A connection of an older version (another tab) did not close: fail now rather than wait for that tab.
          blocked: () => fail(new DOMException('another connection of an older version blocks the upgrade', 'BlockedError')),
          // Another tab upgrades the database: let it; the next call here reopens (and meets the new version).
          blocking: () => this.#drop(opening),
          terminated: () => this.#drop(opening),
        }).then(
          (db) => {
            if (settled || this.#closed) db.close();
            else resolve(db);
          },
          fail,
        );
      } catch (error) {
        fail(error);
      }
    });
    opening.catch(() => this.#drop(opening));
    return opening;
  }

  /** Forgets (and closes) the connection `opening` made, so the next call opens a new one. */
  #drop(opening: Promise<IDBPDatabase<ThreadDb>>): void {
    if (this.#opening === opening) this.#opening = undefined;
    opening.then((db) => db.close(), () => undefined);
  }
}

function toolCallRow(threadId: string, record: ToolCallRecord): ToolCallRow {
  return { v: THREAD_DB_SCHEMA_VERSION, threadId, toolCallId: record.toolCallId, record };
}
