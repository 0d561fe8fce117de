import type { Interrupt, State, Message } from '@ag-ui/client';
import type { RunErrorDetail, StoredApproval, ToolCallRecord } from '../agent/types.js';
import { ChangeFeed, monotonicClock } from './change-feed.js';
import type { ThreadSnapshot, ThreadSnapshotInput, ThreadStore, ThreadStoreListener, ThreadSummary } from './thread-store.js';
import { toThreadStoreError } from './thread-store-error.js';
import { compareNewestFirst, deriveThreadTitle } from './thread-summary.js';

/** Options of `MemoryThreadStore`. */
export interface MemoryThreadStoreOptions {
  /** The clock for `createdAt`/`updatedAt`, in ms since the epoch (made strictly increasing). Default `Date.now`. */
  now?: () => number;
}

interface MemoryThread {
  createdAt: number;
  updatedAt: number;
  title?: string;
  messages: Message[];
  state: State;
  interrupts: Interrupt[];
  lastError?: RunErrorDetail;
  toolCalls: Map<string, ToolCallRecord>;
}

/**
 * A `ThreadStore` that keeps threads in this page's memory: for tests, and for pages that opt out of keeping threads
 * across reloads. Values are `structuredClone`d on the way in and out (no shared references; a value that cannot be
 * cloned rejects with `failed`); `subscribe()` listeners are called synchronously after each change, always with
 * `origin: 'local'`. A deleted thread's id is remembered, so that it is never written again.
 * @example
 * ```ts
 * const store = new MemoryThreadStore();
 * await store.save({ threadId: 't1', messages: [{ id: 'm1', role: 'user', content: 'Hi' }] });
 * (await store.list())[0].title; // 'Hi'
 * ```
 */
export class MemoryThreadStore implements ThreadStore {
  #threads = new Map<string, MemoryThread>();
  /** Remembered approvals by `approvalKey()`; a thread's are kept apart from it (they may come before it). */
  #approvals = new Map<string, StoredApproval>();
  /** The threads deleted: never written again. */
  #deleted = new Set<string>();
  #feed = new ChangeFeed();
  #now: () => number;

  constructor(options: MemoryThreadStoreOptions = {}) {
    this.#now = monotonicClock(options.now);
  }

  async list(): Promise<ThreadSummary[]> {
    return [...this.#threads].map(([threadId, thread]) => ({
      threadId,
      title: thread.title || deriveThreadTitle(thread.messages),
      createdAt: thread.createdAt,
      updatedAt: thread.updatedAt,
      messageCount: thread.messages.length,
    })).sort(compareNewestFirst);
  }

  async load(threadId: string): Promise<ThreadSnapshot | undefined> {
    const thread = this.#threads.get(threadId);
    if (!thread) return undefined;
    const toolCalls = [...thread.toolCalls.values()].sort((a, b) => a.timing.createdAt - b.timing.createdAt);
    const snapshot: ThreadSnapshot = {
      threadId,
      messages: thread.messages,
      state: thread.state,
      toolCalls,
      interrupts: thread.interrupts,
      createdAt: thread.createdAt,
      updatedAt: thread.updatedAt,
    };
    if (thread.title) snapshot.title = thread.title;
    if (thread.lastError) snapshot.lastError = thread.lastError;
    return clone(snapshot, 'load', threadId);
  }

  async save(snapshot: ThreadSnapshotInput): Promise<void> {
    const { threadId } = snapshot;
    if (this.#deleted.has(threadId)) return;
    const copy = clone(
      {
        messages: snapshot.messages,
        state: snapshot.state ?? {},
        toolCalls: snapshot.toolCalls ?? [],
        interrupts: snapshot.interrupts ?? [],
        lastError: snapshot.lastError,
      },
      'save',
      threadId,
    );
    const previous = this.#threads.get(threadId);
    const now = this.#now();
    const thread: MemoryThread = {
      createdAt: previous?.createdAt ?? now,
      updatedAt: now,
      messages: copy.messages,
      state: copy.state,
      interrupts: copy.interrupts,
      toolCalls: new Map(copy.toolCalls.map((record) => [record.toolCallId, record])),
    };
    const title = snapshot.title || previous?.title;
    if (title) thread.title = title;
    if (copy.lastError) thread.lastError = copy.lastError;
    this.#threads.set(threadId, thread);
    this.#feed.emit({ type: 'saved', threadId, origin: 'local' });
  }

  async saveToolCalls(threadId: string, records: readonly ToolCallRecord[]): Promise<void> {
    if (this.#deleted.has(threadId)) return;
    const copy = clone([...records], 'saveToolCalls', threadId);
    const now = this.#now();
    let thread = this.#threads.get(threadId);
    if (!thread) {
      thread = { createdAt: now, updatedAt: now, messages: [], state: {}, interrupts: [], toolCalls: new Map() };
      this.#threads.set(threadId, thread);
    }
    thread.updatedAt = now;
    for (const record of copy) thread.toolCalls.set(record.toolCallId, record);
    this.#feed.emit({ type: 'saved', threadId, origin: 'local' });
  }

  async loadToolCall(threadId: string, toolCallId: string): Promise<ToolCallRecord | undefined> {
    const record = this.#threads.get(threadId)?.toolCalls.get(toolCallId);
    return record && clone(record, 'loadToolCall', threadId);
  }

  async rename(threadId: string, title: string): Promise<boolean> {
    const thread = this.#threads.get(threadId);
    if (!thread) return false;
    if (title) thread.title = title;
    else delete thread.title;
    thread.updatedAt = this.#now();
    this.#feed.emit({ type: 'renamed', threadId, origin: 'local' });
    return true;
  }

  async delete(threadId: string): Promise<boolean> {
    this.#deleted.add(threadId);
    for (const [key, approval] of this.#approvals) {
      if (approval.scope === 'thread' && approval.threadId === threadId) this.#approvals.delete(key);
    }
    if (!this.#threads.delete(threadId)) return false;
    this.#feed.emit({ type: 'deleted', threadId, origin: 'local' });
    return true;
  }

  async loadApprovals(threadId: string): Promise<StoredApproval[]> {
    const approvals = [...this.#approvals.values()].filter((approval) => approval.scope === 'always' || approval.threadId === threadId);
    return clone(approvals, 'loadApprovals', threadId);
  }

  async saveApproval(approval: StoredApproval): Promise<void> {
    const { toolName, scope, threadId, fingerprint } = approval;
    if (scope === 'thread' && threadId !== undefined && this.#deleted.has(threadId)) return;
    const copy: StoredApproval = { toolName, scope, fingerprint };
    if (scope === 'thread') copy.threadId = threadId;
    this.#approvals.set(approvalKey(copy), clone(copy, 'saveApproval', threadId ?? ''));
  }

  async deleteApprovals(toolName?: string): Promise<number> {
    let count = 0;
    for (const [key, approval] of this.#approvals) {
      if (toolName !== undefined && approval.toolName !== toolName) continue;
      this.#approvals.delete(key);
      count++;
    }
    return count;
  }

  subscribe(listener: ThreadStoreListener): () => void {
    return this.#feed.subscribe(listener);
  }
}

function clone<T>(value: T, what: string, threadId: string): T {
  try {
    return structuredClone(value);
  } catch (error) {
    throw toThreadStoreError(error, `${what} of thread "${threadId}"`, undefined, threadId);
  }
}

function approvalKey({ scope, threadId, toolName }: StoredApproval): string {
  return JSON.stringify([scope, scope === 'thread' ? threadId : '', toolName]);
}
