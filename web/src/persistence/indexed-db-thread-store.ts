import { openDB, type IDBPDatabase, type StoreNames } from 'idb';
import type { StoredApproval, ToolCallRecord } from '../agent/types.js';
import { ChangeFeed, monotonicClock } from './change-feed.js';
import {
  ALL_STORES,
  approvalRange,
  checkRow,
  THREAD_DB_SCHEMA_VERSION,
  threadToolCallRange,
  upgradeThreadDb,
  WRITE_STORES,
  type ApprovalRow,
  type ThreadDb,
  type ThreadRow,
} from './indexed-db-schema.js';
import { isNewer, KnownRows, putThreadRows, toolCallRow, type StoredRows, type WriteTransaction } from './indexed-db-thread-rows.js';
import type {
  ThreadSaveOptions,
  ThreadSnapshot,
  ThreadSnapshotInput,
  ThreadStore,
  ThreadStoreChange,
  ThreadStoreListener,
  ThreadSummary,
} from './thread-store.js';
import { ThreadStoreError, ThreadStoreErrorCode, toThreadStoreError } from './thread-store-error.js';
import { compareNewestFirst } from './thread-summary.js';

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

/**
 * A `ThreadStore` in the browser's IndexedDB (through `idb`), so threads survive a reload. Layout (schema version
 * `THREAD_DB_SCHEMA_VERSION`): `threads` (one summary row per thread, all `list()` reads), `conversations` (a
 * thread's messages and state in one record, written whole by `save()`), `toolCalls` (one record per tool call, key
 * `[threadId, toolCallId]`), `approvals` (remembered approvals, key `[scope, threadId, toolName]`; `threadId` is `''`
 * for "always allow"), `deletedThreads` (a tombstone per deleted thread: it is never written again, by any tab).
 * Every record carries `v`, the schema version that wrote it; one of a newer version is never overwritten nor deleted
 * by a save. A database of an older layout is upgraded on open (layout 2 to 3 adds `approvals`, 3 to 4
 * `deletedThreads`).
 *
 * The database opens on first use. Each write is one transaction, then is posted on a `BroadcastChannel`, so stores
 * of other tabs (or of this page) on the same database tell their `subscribe()` listeners with `origin: 'remote'`.
 * When another tab needs to upgrade the database, this store closes its connection and reopens on its next call.
 *
 * Every method rejects with a `ThreadStoreError`: `unavailable` (no IndexedDB, opening failed, blocked by another
 * tab's connection of an older version, or `close()`d), `quota_exceeded`, `version_unsupported` (the database or the
 * thread's record is newer than this code), `corrupt`, `failed`. A tool-call record that cannot be read is skipped
 * and reported to `onError`, and the rest of its thread loads; so is a thread row in `list()`. `save()` and
 * `saveToolCalls()` of a deleted thread write nothing; a `keepalive` save (`ThreadSaveOptions`) makes all its
 * requests at once from what this store's own last write of the thread left (no other store having changed it since).
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
  /** The open connection, once `#opening` has resolved (a `keepalive` save cannot wait for it). */
  #db?: IDBPDatabase<ThreadDb>;
  #closed = false;
  /** What this store's own writes left stored: what a `keepalive` save writes over without reading. */
  #known = new KnownRows();

  constructor(options: IndexedDbThreadStoreOptions = {}) {
    this.name = options.name ?? 'ag-ui-lit';
    this.#now = monotonicClock(options.now);
    this.#onError = options.onError ?? ((error) => console.warn(error));
    if (typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(options.channelName ?? `ag-ui-lit:threads:${this.name}`);
      this.#channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
        const { type, threadId } = event.data ?? {};
        if ((type === 'saved' || type === 'deleted' || type === 'renamed') && typeof threadId === 'string') {
          this.#known.forget(threadId);
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

  async save(snapshot: ThreadSnapshotInput, options: ThreadSaveOptions = {}): Promise<void> {
    const { threadId } = snapshot;
    const what = `Saving thread "${threadId}"`;
    const known = this.#known.get(threadId);
    if (options.keepalive && known && this.#db) return this.#saveAtOnce(what, snapshot, known);
    const stamp = this.#known.stamp();
    let stored: StoredRows | undefined;
    await this.#write(what, threadId, 'saved', WRITE_STORES, async (tx, queue) => {
      const [deleted, row, callRows] = await Promise.all([
        tx.objectStore('deletedThreads').getKey(threadId),
        this.#writableRow(tx, threadId),
        tx.objectStore('toolCalls').getAll(threadToolCallRange(threadId)),
      ]);
      if (deleted !== undefined) return false;
      const calls = new Map(callRows.map((callRow) => [callRow.toolCallId, typeof callRow.v === 'number' ? callRow.v : 0]));
      stored = putThreadRows(tx, queue, snapshot, { row, calls }, this.#now());
      return true;
    });
    if (stored) this.#known.set(threadId, stored, stamp);
  }

  async saveToolCalls(threadId: string, records: readonly ToolCallRecord[]): Promise<void> {
    const stamp = this.#known.stamp();
    let row: ThreadRow | undefined;
    const written = new Set<string>();
    await this.#write(`Saving tool calls of thread "${threadId}"`, threadId, 'saved', WRITE_STORES, async (tx, queue) => {
      const toolCalls = tx.objectStore('toolCalls');
      const [deleted, previous, stored] = await Promise.all([
        tx.objectStore('deletedThreads').getKey(threadId),
        this.#writableRow(tx, threadId),
        Promise.all(records.map((record) => toolCalls.get([threadId, record.toolCallId]))),
      ]);
      if (deleted !== undefined) return false;
      const now = this.#now();
      row = previous
        ? { ...previous, v: THREAD_DB_SCHEMA_VERSION, updatedAt: now }
        : { v: THREAD_DB_SCHEMA_VERSION, threadId, derivedTitle: '', createdAt: now, updatedAt: now, messageCount: 0 };
      queue(tx.objectStore('threads').put(row));
      if (!previous) queue(tx.objectStore('conversations').put({ v: THREAD_DB_SCHEMA_VERSION, threadId, messages: [], state: {} }));
      records.forEach((record, index) => {
        // A record written by a newer version is never overwritten.
        if (!isNewer(stored[index])) {
          queue(toolCalls.put(toolCallRow(threadId, record)));
          written.add(record.toolCallId);
        }
      });
      return true;
    });
    if (row) this.#known.update(threadId, stamp, row, written);
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
    const stamp = this.#known.stamp();
    let row: ThreadRow | undefined;
    await this.#write(`Renaming thread "${threadId}"`, threadId, 'renamed', ['threads'], async (tx, queue) => {
      const previous = await this.#writableRow(tx, threadId);
      if (!previous) return false;
      row = { ...previous, updatedAt: this.#now() };
      if (title) row.title = title;
      else delete row.title;
      queue(tx.objectStore('threads').put(row));
      return true;
    });
    if (!row) return false;
    this.#known.update(threadId, stamp, row);
    return true;
  }

  async delete(threadId: string): Promise<boolean> {
    let found = false;
    this.#known.forget(threadId);
    await this.#write(`Deleting thread "${threadId}"`, threadId, 'deleted', [...WRITE_STORES, 'approvals'], async (tx, queue) => {
      // The tombstone, and the approvals, even for a thread never saved: a journal may be about to write it.
      queue(tx.objectStore('deletedThreads').put({ v: THREAD_DB_SCHEMA_VERSION, threadId, deletedAt: this.#now() }));
      queue(tx.objectStore('approvals').delete(approvalRange('thread', threadId)));
      // A row of any version counts, so a thread written by a newer version can still be deleted.
      found = (await tx.objectStore('threads').getKey(threadId)) !== undefined;
      if (!found) return false;
      queue(tx.objectStore('threads').delete(threadId));
      queue(tx.objectStore('conversations').delete(threadId));
      queue(tx.objectStore('toolCalls').delete(threadToolCallRange(threadId)));
      return true;
    });
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
    await this.#write(`Saving the approval of tool "${toolName}"`, threadId, undefined, ['approvals', 'deletedThreads'], async (tx, queue) => {
      if (threadId !== undefined && (await tx.objectStore('deletedThreads').getKey(threadId)) !== undefined) return false;
      queue(tx.objectStore('approvals').put(row));
      return true;
    });
  }

  async deleteApprovals(toolName?: string): Promise<number> {
    let count = 0;
    await this.#write(`Deleting remembered approvals${toolName === undefined ? '' : ` of tool "${toolName}"`}`, undefined, undefined, ['approvals'], async (tx, queue) => {
      const approvals = tx.objectStore('approvals');
      if (toolName === undefined) {
        count = await approvals.count();
        queue(approvals.clear());
        return true;
      }
      const keys = await approvals.index('toolName').getAllKeys(toolName);
      count = keys.length;
      for (const key of keys) queue(approvals.delete(key));
      return true;
    });
    return count;
  }

  subscribe(listener: ThreadStoreListener): () => void {
    return this.#feed.subscribe(listener);
  }

  /** Closes the database connection and the channel; later calls reject with `unavailable`. */
  close(): void {
    this.#closed = true;
    this.#known.forget();
    this.#channel?.close();
    this.#channel = undefined;
    const opening = this.#opening;
    this.#opening = undefined;
    this.#db = undefined;
    opening?.then((db) => db.close(), () => undefined);
  }

  /**
   * A `keepalive` save: every request made now and the transaction committed, so that it completes even if the page
   * goes away at once (a request made after a read would never be made). The thread's rows are as `known` says
   * (this store's last write of it, and no other store has changed it since, as far as it heard). A thread deleted
   * meanwhile, in any tab, fails the `add` of its tombstone's key, which aborts the whole transaction: nothing is
   * written. (The transient row is deleted by the next request when there is no tombstone.)
   */
  async #saveAtOnce(what: string, snapshot: ThreadSnapshotInput, known: StoredRows): Promise<void> {
    const { threadId } = snapshot;
    const stamp = this.#known.stamp();
    let stored: StoredRows | undefined;
    try {
      await this.#write(what, threadId, 'saved', WRITE_STORES, async (tx, queue) => {
        const tombstones = tx.objectStore('deletedThreads');
        queue(tombstones.add({ v: THREAD_DB_SCHEMA_VERSION, threadId, deletedAt: 0 }));
        queue(tombstones.delete(threadId));
        stored = putThreadRows(tx, queue, snapshot, known, this.#now());
        // Without `commit()` (older browsers) it commits once idle, if the page still lives.
        if (typeof tx.commit === 'function') tx.commit();
        return true;
      });
    } catch (error) {
      if (error instanceof ThreadStoreError && (error.cause as Error | undefined)?.name === 'ConstraintError') return;
      throw error;
    }
    if (stored) this.#known.set(threadId, stored, stamp);
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
   * One read-write transaction: `body` makes its requests, handing each one's promise to `queue`, and resolves whether
   * it changed anything; all of them and the transaction must succeed, else it is aborted (nothing of it is kept).
   * Then tells listeners here and in other tabs, unless nothing changed or there is no `type` (not a change of a
   * thread).
   */
  async #write(
    what: string,
    threadId: string | undefined,
    type: ThreadStoreChange['type'] | undefined,
    stores: readonly StoreNames<ThreadDb>[],
    body: (tx: WriteTransaction, queue: (request: Promise<unknown>) => void) => Promise<boolean>,
  ): Promise<void> {
    const changed = await this.#run(what, threadId, async (db) => {
      const tx = db.transaction([...stores], 'readwrite');
      // Every request promise is observed, so aborting (which fails the pending ones) leaves no unhandled rejection.
      const pending: Promise<unknown>[] = [tx.done];
      const queue = (request: Promise<unknown>) => void pending.push(request);
      try {
        const changed = await body(tx, queue);
        await Promise.all(pending);
        return changed;
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
    if (type === undefined || threadId === undefined || !changed) return;
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
            else {
              this.#db = db;
              resolve(db);
            }
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

  /**
   * Forgets (and closes) the connection `opening` made, so the next call opens a new one, and what this store knew of
   * the rows (another version may be about to change them).
   */
  #drop(opening: Promise<IDBPDatabase<ThreadDb>>): void {
    if (this.#opening === opening) {
      this.#opening = undefined;
      this.#db = undefined;
      this.#known.forget();
    }
    opening.then((db) => db.close(), () => undefined);
  }
}
