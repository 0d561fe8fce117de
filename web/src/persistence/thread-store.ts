import type { Interrupt, Message, State } from '@ag-ui/client';
import type { RunErrorDetail, StoredApproval, ToolCallRecord } from '../agent/types.js';

/** One thread as `ThreadStore.list()` describes it: enough to show it in a list without loading its messages. */
export interface ThreadSummary {
  threadId: string;
  /** The title set by `rename()` or `save({ title })`; else the first user message's text, trimmed to 80 characters; `''` while there is none. */
  title: string;
  /** ms since the epoch: when the store first saved the thread. */
  createdAt: number;
  /** ms since the epoch: when the store last saved it (messages, tool-call records or title). */
  updatedAt: number;
  messageCount: number;
}

/** One whole thread as saved and loaded: the AG-UI conversation plus the tool-call records of `AgentRunLoop.toolCalls`. */
export interface ThreadSnapshot {
  threadId: string;
  messages: Message[];
  state: State;
  /** The thread's tool-call records (plain data, as `AgentRunLoop.toolCalls` holds them), in `timing.createdAt` order. */
  toolCalls: ToolCallRecord[];
  /** The AG-UI interrupts the thread's last run finished with, still waiting for an answer (`[]` when none). */
  interrupts: Interrupt[];
  /** The error that ended the thread's last turn, if it ended with one (plain data: no `cause`). */
  lastError?: RunErrorDetail;
  /** The caller-set title, if any (see `ThreadSummary.title`). */
  title?: string;
  /** ms since the epoch, set by the store. */
  createdAt: number;
  /** ms since the epoch, set by the store. */
  updatedAt: number;
}

/** What `ThreadStore.save()` takes: a snapshot without the times the store sets (a loaded snapshot fits as is). */
export type ThreadSnapshotInput = Omit<ThreadSnapshot, 'createdAt' | 'updatedAt' | 'state' | 'toolCalls' | 'interrupts'> & {
  /** Default `{}`. */
  state?: State;
  /** Default `[]`. */
  toolCalls?: ToolCallRecord[];
  /** Default `[]`. */
  interrupts?: Interrupt[];
};

/** Options of `ThreadStore.save()`. */
export interface ThreadSaveOptions {
  /**
   * The page is going away (`pagehide`, or hidden and maybe discarded): the write must be under way before `save()`
   * returns to the event loop, as `fetch(url, { keepalive: true })` outlives its page. `IndexedDbThreadStore` then
   * makes every request of its transaction at once and commits it, without reading first, using what it knows of
   * the thread from its own last write (without that, or before its database is open, it writes as usual). A page's
   * store may use `fetch`'s `keepalive` or ignore it. Default `false`.
   */
  keepalive?: boolean;
}

/** What changed in a `ThreadStore`, as its `subscribe()` listeners hear it. */
export interface ThreadStoreChange {
  /** `saved`: `save()` or `saveToolCalls()`; `renamed`: `rename()`; `deleted`: `delete()` of an existing thread. */
  type: 'saved' | 'deleted' | 'renamed';
  threadId: string;
  /** `local`: this store object made the change; `remote`: another one did (another tab on the same database). */
  origin: 'local' | 'remote';
}

/** A `subscribe()` listener. */
export type ThreadStoreListener = (change: ThreadStoreChange) => void;

/**
 * Where threads are kept between page loads: `IndexedDbThreadStore` (the browser's IndexedDB), `MemoryThreadStore`
 * (this page only: tests, pages that opt out), or a page's own (for example one backed by its server).
 *
 * Every method returns a promise that rejects with a `ThreadStoreError` (a stable `code`), never anything else; stored
 * data is copied on the way in and out, so a caller never shares an object with the store.
 *
 * A store may also keep the approvals a person asked to remember ("allow for this thread", "always allow this
 * tool"): the optional `loadApprovals()`, `saveApproval()` and `deleteApprovals()` (both built-in stores have them).
 * A store that has all three lets them survive a reload: a thread's with that thread (deleted with it), "always" ones
 * for every thread of the store. A store without them still works: approvals are then remembered in memory only.
 * @example
 * ```ts
 * const store = new IndexedDbThreadStore();
 * await store.save({ threadId: loop.threadId, messages: loop.messages, state: loop.state, toolCalls: [...loop.toolCalls.values()] });
 * const stop = store.subscribe((change) => { if (change.origin === 'remote') refreshList(); });
 * for (const thread of await store.list()) console.log(thread.title, new Date(thread.updatedAt));
 * ```
 */
export interface ThreadStore {
  /** Every thread, newest `updatedAt` first. */
  list(): Promise<ThreadSummary[]>;
  /** The thread, or `undefined` when the store has none by that id. */
  load(threadId: string): Promise<ThreadSnapshot | undefined>;
  /**
   * Replaces the thread's messages, state and tool-call records (creating the thread if new); `updatedAt` is set by
   * the store. A `title` sets the caller's title; without one, a title set earlier is kept. A thread deleted before
   * (by `delete()` of any store on the same storage, e.g. in another tab) is not written: it resolves, and nothing
   * changes.
   */
  save(snapshot: ThreadSnapshotInput, options?: ThreadSaveOptions): Promise<void>;
  /**
   * Writes these tool-call records (by `toolCallId`; others of the thread are kept) without rewriting the messages,
   * creating the thread if new (unless it was deleted: then nothing is written). For journalling records as they
   * change.
   */
  saveToolCalls(threadId: string, records: readonly ToolCallRecord[]): Promise<void>;
  /**
   * One tool-call record of a thread, or `undefined`. Optional: without it, `load()` is used (slower on long threads).
   * The element reads it under a tool call's Web Lock, to see whether another tab already answered the call.
   */
  loadToolCall?(threadId: string, toolCallId: string): Promise<ToolCallRecord | undefined>;
  /** Sets the caller's title (`''` goes back to the derived one). Resolves `false` when the thread does not exist. */
  rename(threadId: string, title: string): Promise<boolean>;
  /**
   * Deletes the thread and everything of it (its remembered approvals too), for good: the store writes nothing of it
   * again (`save()`, `saveToolCalls()`, `saveApproval()` of it write nothing), even when it did not exist yet.
   * Resolves `false` when it did not exist.
   */
  delete(threadId: string): Promise<boolean>;
  /**
   * Optional (with `saveApproval` and `deleteApprovals`): the remembered approvals that hold in `threadId`: every
   * `scope: 'always'` one and that thread's `scope: 'thread'` ones, in no particular order.
   */
  loadApprovals?(threadId: string): Promise<StoredApproval[]>;
  /**
   * Optional: keeps a remembered approval, replacing the one of the same tool, scope and (for `'thread'`) thread. The
   * thread need not exist yet (a deleted one's is not kept). Not a change `subscribe()` listeners hear of.
   */
  saveApproval?(approval: StoredApproval): Promise<void>;
  /**
   * Optional: deletes the remembered approvals of `toolName` (else of every tool), in every scope and thread. Not a
   * change `subscribe()` listeners hear of. @returns how many were deleted
   */
  deleteApprovals?(toolName?: string): Promise<number>;
  /** Calls `listener` after each change. @returns a function that unsubscribes it */
  subscribe(listener: ThreadStoreListener): () => void;
}
