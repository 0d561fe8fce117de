import type { AgentRunLoop } from '../agent/agent-run-loop.js';
import type { RunErrorDetail, StoredApproval, ToolCallClaim, ToolCallJournal, ToolCallRecord } from '../agent/types.js';
import type { ThreadSnapshotInput, ThreadStore } from './thread-store.js';
import { toThreadStoreError, type ThreadStoreError } from './thread-store-error.js';

/** Whether `store` keeps remembered approvals: it has all three optional approval methods of `ThreadStore`. */
export function keepsApprovals(store: ThreadStore): store is ThreadStore & Required<Pick<ThreadStore, 'loadApprovals' | 'saveApproval' | 'deleteApprovals'>> {
  return typeof store.loadApprovals === 'function' && typeof store.saveApproval === 'function' && typeof store.deleteApprovals === 'function';
}

/** Default of `ThreadJournalOptions.saveIntervalMs`. */
export const DEFAULT_SAVE_INTERVAL_MS = 1000;

/** Options of `ThreadJournal`. */
export interface ThreadJournalOptions {
  /**
   * Told about each failed write or read (a `ThreadStoreError` with its `code`), once per failure streak: after a
   * failure, the next report comes only after a write succeeded again. The journal keeps going either way; the
   * conversation stays in memory.
   */
  onError?: (error: ThreadStoreError) => void;
  /** Longest time, in ms, the messages of a streaming run go unsaved. Default 1000. */
  saveIntervalMs?: number;
}

/** Prefix of the Web Lock (`navigator.locks`) taken per tool call, so that one call runs in one tab only. */
const TOOL_CALL_LOCK_PREFIX = 'ag-ui-lit:tool-call';

interface Held {
  threadId: string;
  release: () => void;
  /** The claim wrote the record (its thread is kept). */
  written: boolean;
}

/**
 * Keeps an `AgentRunLoop`'s thread in a `ThreadStore` as it changes, and makes its tool calls crash-safe.
 *
 * - Tool-call records are written as they change (`saveToolCalls`, coalesced per task), not only at the end of a run.
 * - Messages, state and pending interrupts are written whole (`save`) after each change while idle, at most every
 *   `saveIntervalMs` while a run streams, at once when the turn ends (`running-changed`), and before a sent
 *   message's request (the loop awaits `flush()`). A tool-call record is never written before the message that holds
 *   its call. A thread without a message is not written (a `reset()` leaves nothing behind, and calls through WebMCP
 *   alone list no thread): its tool-call records are written with its first message.
 * - `flush({ keepalive: true })` is for a page going away: the element calls it on `pagehide` and when the page is
 *   hidden.
 * - As the loop's `journal`, it claims each frontend call before its handler runs: it takes the call's Web Lock (a
 *   tab holding it is running the call), reads the stored record (another tab may have answered it: that answer is
 *   adopted, nothing runs twice), and writes the record with `timing.startedAt` set, so a reload knows the call may
 *   have run. The lock is released once the answered record is written.
 * - Approvals a person asked to remember, and forgetting them, are written as they happen, when the store has the
 *   optional approval methods (`saveApproval`, `deleteApprovals`); else they stay in the loop's memory only.
 *
 * Writes are serialized, in the order they were made; every failure goes to `onError` and never rejects.
 * @example
 * ```ts
 * const journal = new ThreadJournal(loop, new IndexedDbThreadStore(), { onError: (e) => console.warn(e.code) });
 * loop.journal = journal;
 * // ... later, before switching threads:
 * await journal.flush();
 * journal.dispose();
 * ```
 */
export class ThreadJournal implements ToolCallJournal {
  readonly loop: AgentRunLoop;
  readonly store: ThreadStore;
  readonly #onError: (error: ThreadStoreError) => void;
  readonly #interval: number;
  readonly #listeners = new AbortController();
  readonly #held = new Map<string, Held>();
  #dirtyCalls = new Set<string>();
  #callsScheduled = false;
  #messagesDirty = false;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #saveQueued = false;
  #queue: Promise<void> = Promise.resolve();
  /** Counts the writes made (their order); see `#supersededBefore`. */
  #writes = 0;
  /** threadId -> the order of its last `keepalive` save: background writes of it queued before that one are skipped. */
  #supersededBefore = new Map<string, number>();
  /** The thread whose messages were last written (or restored), and the tool calls of those messages. */
  #writtenCalls: { threadId: string; toolCallIds: Set<string> } = { threadId: '', toolCallIds: new Set() };
  #failing = false;
  #disposed = false;

  constructor(loop: AgentRunLoop, store: ThreadStore, options: ThreadJournalOptions = {}) {
    this.loop = loop;
    this.store = store;
    this.#onError = options.onError ?? (() => undefined);
    const interval = options.saveIntervalMs;
    this.#interval = typeof interval === 'number' && interval >= 0 ? interval : DEFAULT_SAVE_INTERVAL_MS;
    const signal = this.#listeners.signal;
    const callChanged = (event: CustomEvent<{ toolCallId: string }>): void => this.#callChanged(event.detail.toolCallId);
    loop.addEventListener('tool-status-changed', callChanged, { signal });
    loop.addEventListener('tool-retrying', callChanged, { signal });
    loop.addEventListener('tool-call-end', callChanged, { signal });
    loop.addEventListener('tool-call-error', callChanged, { signal });
    loop.addEventListener('messages-changed', () => this.#messagesChanged(), { signal });
    loop.addEventListener('state-changed', () => this.#messagesChanged(), { signal });
    loop.addEventListener('decisions-changed', () => this.#messagesChanged(), { signal });
    // The thread keeps its last run error (its banner comes back after a reload).
    loop.addEventListener('run-error', () => this.#messagesChanged(), { signal });
    loop.addEventListener('running-changed', (event) => {
      if (!event.detail.running) void this.flush();
    }, { signal });
  }

  /**
   * Writes now whatever changed and is not yet written; resolves when every write made so far has settled (never
   * rejects).
   * @param options - `keepalive`: the page is going away (`pagehide`, or hidden): the whole thread is written at
   *   once, with the store's `keepalive` (`ThreadSaveOptions`), without waiting for the writes queued before it (a
   *   write that waits for another's completion would never start); those of them not yet started are not made
   */
  flush(options: { keepalive?: boolean } = {}): Promise<void> {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    if (options.keepalive) {
      if (this.#messagesDirty || this.#dirtyCalls.size > 0) this.#saveAtOnce();
    } else if (this.#messagesDirty) this.#enqueueSave();
    else if (this.#dirtyCalls.size > 0) this.#enqueueCalls();
    return this.#queue;
  }

  /** Writes the whole thread as the loop holds it now (a thread begun before the journal was bound), then flushes. */
  saveAll(): Promise<void> {
    if (this.loop.messages.length > 0) this.#messagesDirty = true;
    return this.flush();
  }

  /**
   * Says that what the loop holds now is what the store holds (the loop was just restored from it, e.g. another tab's
   * copy): the changes seen so far are not written back, so two tabs showing one thread never echo each other's writes.
   */
  markSaved(): void {
    this.#messagesDirty = false;
    this.#dirtyCalls.clear();
    this.#writtenCalls = { threadId: this.loop.threadId, toolCallIds: new Set(this.loop.toolCalls.keys()) };
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
  }

  /** Stops listening to the loop (call `flush()` first to keep the last changes). Locks still held are released. */
  dispose(): void {
    this.#disposed = true;
    this.#listeners.abort();
    clearTimeout(this.#saveTimer);
    for (const held of this.#held.values()) held.release();
    this.#held.clear();
  }

  async claim(record: ToolCallRecord, signal: AbortSignal): Promise<ToolCallClaim> {
    if (this.#disposed) return { status: 'run' };
    const threadId = this.loop.threadId;
    const { toolCallId } = record;
    const release = await this.#lock(`${TOOL_CALL_LOCK_PREFIX}:${threadId}:${toolCallId}`, signal);
    const held: Held = { threadId, release, written: false };
    try {
      const stored = await this.#loadToolCall(threadId, toolCallId);
      if (stored?.answer !== undefined) {
        release();
        return { status: 'settled', record: stored };
      }
      if (this.#disposed) {
        release();
        return { status: 'run' };
      }
      this.#held.set(toolCallId, held);
      // A call of a thread with no message yet (a WebMCP call) is not written: a record alone would list an empty
      // thread. The thread's first save holds it.
      if (!this.#kept(threadId)) return { status: 'run' };
      // Durable before the handler runs, with the message that holds the call: a reload from here on knows the
      // call may have run.
      if (this.#messagesDirty) this.#enqueueSave();
      held.written = true;
      await this.#enqueue(() => this.store.saveToolCalls(threadId, [record]));
      return { status: 'run' };
    } catch (error) {
      this.#report(error, threadId);
      this.#held.set(toolCallId, held);
      return { status: 'run' };
    }
  }

  async settle(record: ToolCallRecord): Promise<void> {
    const held = this.#held.get(record.toolCallId);
    this.#held.delete(record.toolCallId);
    const threadId = held?.threadId ?? this.loop.threadId;
    this.#dirtyCalls.delete(record.toolCallId);
    try {
      if (held?.written || this.#kept(threadId)) await this.#enqueue(() => this.store.saveToolCalls(threadId, [record]));
    } catch (error) {
      this.#report(error, threadId);
    } finally {
      held?.release();
    }
  }

  rememberApproval(approval: StoredApproval): void {
    const store = this.store;
    if (!keepsApprovals(store)) return;
    const threadId = approval.threadId ?? this.loop.threadId;
    void this.#enqueue(() => store.saveApproval(approval)).catch((error) => this.#report(error, threadId));
  }

  forgetApprovals(toolName?: string): void {
    const store = this.store;
    if (!keepsApprovals(store)) return;
    const threadId = this.loop.threadId;
    void this.#enqueue(async () => void (await store.deleteApprovals(toolName))).catch((error) => this.#report(error, threadId));
  }

  #callChanged(toolCallId: string): void {
    if (this.#disposed) return;
    this.#dirtyCalls.add(toolCallId);
    if (this.#callsScheduled) return;
    this.#callsScheduled = true;
    queueMicrotask(() => {
      this.#callsScheduled = false;
      if (this.#dirtyCalls.size > 0) this.#enqueueCalls();
    });
  }

  #messagesChanged(): void {
    if (this.#disposed) return;
    this.#messagesDirty = true;
    if (this.#saveTimer !== undefined || this.#saveQueued) return;
    if (!this.loop.running) {
      this.#saveQueued = true;
      queueMicrotask(() => {
        this.#saveQueued = false;
        if (this.#messagesDirty) this.#enqueueSave();
      });
      return;
    }
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = undefined;
      if (this.#messagesDirty) this.#enqueueSave();
    }, this.#interval);
  }

  /**
   * Writes the dirty tool-call records, captured now (a thread switch after this cannot mix threads); the whole
   * thread instead when one of them is of a call whose message is not written yet, so that no record is kept without
   * the message that holds its call.
   */
  #enqueueCalls(): void {
    const threadId = this.loop.threadId;
    if (!this.#kept(threadId)) {
      // No message yet: the thread is not written, and its first save holds these records.
      this.#dirtyCalls.clear();
      return;
    }
    const written = this.#writtenCalls.threadId === threadId ? this.#writtenCalls.toolCallIds : undefined;
    if (this.#messagesDirty && [...this.#dirtyCalls].some((id) => !written?.has(id))) {
      this.#enqueueSave();
      return;
    }
    const records = [...this.#dirtyCalls].flatMap((id) => this.loop.toolCalls.get(id) ?? []);
    this.#dirtyCalls.clear();
    if (records.length === 0) return;
    const order = ++this.#writes;
    void this.#enqueue(() => (this.#superseded(threadId, order) ? undefined : this.store.saveToolCalls(threadId, records))).catch((error) =>
      this.#report(error, threadId),
    );
  }

  /** Writes the whole thread as it is now (captured now: the messages array is copied, not the messages). */
  #enqueueSave(): void {
    const snapshot = this.#snapshot();
    if (!snapshot) return;
    const { threadId } = snapshot;
    const order = ++this.#writes;
    void this.#enqueue(() => (this.#superseded(threadId, order) ? undefined : this.store.save(snapshot))).catch((error) =>
      this.#report(error, threadId),
    );
  }

  /**
   * `flush({ keepalive: true })`: writes the whole thread now, ahead of the writes queued (the store orders it after
   * those already made). Those queued of this thread that have not started are skipped: this write holds what they
   * hold, or newer. Later writes queue after it.
   */
  #saveAtOnce(): void {
    if (this.#disposed) return;
    const snapshot = this.#snapshot();
    if (!snapshot) return;
    const { threadId } = snapshot;
    this.#supersededBefore.set(threadId, ++this.#writes);
    let write: Promise<void>;
    try {
      write = this.store.save(snapshot, { keepalive: true });
    } catch (error) {
      write = Promise.reject(error);
    }
    const done = write.then(
      () => void (this.#failing = false),
      (error: unknown) => this.#report(error, threadId),
    );
    this.#queue = Promise.all([this.#queue, done]).then(() => undefined);
  }

  /**
   * Whether `threadId` is kept in the store: a thread is written from its first message on. Tool-call records of a
   * thread without one (calls through WebMCP) wait for its first save, which holds every record.
   */
  #kept(threadId: string): boolean {
    return threadId !== this.loop.threadId || this.loop.messages.length > 0;
  }

  /** Whether a `keepalive` save of `threadId` was made after the background write number `order` was queued. */
  #superseded(threadId: string, order: number): boolean {
    return (this.#supersededBefore.get(threadId) ?? 0) > order;
  }

  /** The whole thread as the loop holds it now, marked written; `undefined` for an empty thread (never written). */
  #snapshot(): ThreadSnapshotInput | undefined {
    const loop = this.loop;
    this.#messagesDirty = false;
    this.#dirtyCalls.clear();
    const messages = [...loop.messages];
    if (messages.length === 0) return undefined;
    const toolCalls = [...loop.toolCalls.values()];
    // A record streams in with the message that holds its call: these calls are in `messages`.
    this.#writtenCalls = { threadId: loop.threadId, toolCallIds: new Set(toolCalls.map((record) => record.toolCallId)) };
    return {
      threadId: loop.threadId,
      messages,
      state: loop.state,
      toolCalls,
      interrupts: [...loop.pendingInterrupts],
      ...(loop.lastError && { lastError: plainError(loop.lastError) }),
    };
  }

  /** Runs `write` after every write queued before it; the returned promise rejects with its failure. */
  #enqueue(write: () => Promise<void> | undefined): Promise<void> {
    // After dispose() nothing is written: what the page went away with stays as it was last written.
    if (this.#disposed) return Promise.resolve();
    const run = this.#queue.then(() => (this.#disposed ? undefined : write()));
    this.#queue = run.then(
      () => {
        this.#failing = false;
      },
      () => undefined,
    );
    return run;
  }

  async #loadToolCall(threadId: string, toolCallId: string): Promise<ToolCallRecord | undefined> {
    // After the writes made so far: a record this tab wrote a moment ago is read back as written.
    await this.#queue;
    if (this.store.loadToolCall) return this.store.loadToolCall(threadId, toolCallId);
    const thread = await this.store.load(threadId);
    return thread?.toolCalls.find((record) => record.toolCallId === toolCallId);
  }

  /**
   * Takes the exclusive Web Lock `name`, waiting while another tab holds it (`signal` aborts the wait).
   * @returns the function that releases it; a no-op where Web Locks are missing (one tab cannot race itself)
   */
  #lock(name: string, signal: AbortSignal): Promise<() => void> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return Promise.resolve(() => undefined);
    return new Promise<() => void>((resolve, reject) => {
      let release!: () => void;
      const held = new Promise<void>((done) => (release = done));
      locks
        .request(name, { signal }, () => {
          resolve(release);
          return held;
        })
        .catch(reject);
    });
  }

  #report(error: unknown, threadId: string): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#onError(toThreadStoreError(error, `Keeping thread "${threadId}"`, undefined, threadId));
  }
}

/** A run error as a thread keeps it: plain data, without `cause` (an Error, a Response: not data). */
function plainError(error: RunErrorDetail): RunErrorDetail {
  const { cause: _cause, ...plain } = error;
  return plain;
}
