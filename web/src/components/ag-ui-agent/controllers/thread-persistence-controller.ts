import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { StoredApproval } from '../../../agent/types.js';
import { readableThread } from '../../../persistence/readable-thread.js';
import { keepsApprovals, ThreadJournal } from '../../../persistence/thread-journal.js';
import type { ThreadSnapshot, ThreadStore, ThreadStoreChange } from '../../../persistence/thread-store.js';
import { toThreadStoreError, type ThreadStoreError } from '../../../persistence/thread-store-error.js';

/** Options of `ThreadPersistenceController`. */
export interface ThreadPersistenceOptions {
  /** The loop whose thread is kept (the host's current one). */
  loop: () => AgentRunLoop | undefined;
  /** The store threads are kept in, or `undefined` (nothing is kept). */
  store: () => ThreadStore | undefined;
  /** The thread the page asked for (`thread-id`); `undefined`: the store's most recently updated thread. */
  threadId: () => string | undefined;
  /** The loop now shows another thread (`restored`: it came from the store), or another tab's copy of its own. */
  onThreadChanged: (threadId: string, restored: boolean, fromOtherTab: boolean) => void;
  /** The store is bound and had nothing to restore: the thread shown is now kept in it (no re-render needed). */
  onKept: (threadId: string) => void;
  /** A store failure; the conversation carries on in memory. */
  onError: (error: ThreadStoreError) => void;
}

/**
 * Keeps the host's thread in its store: binds a `ThreadJournal` to the (loop, store) pair in force, restores the
 * thread the page asked for (or the latest one) when that pair changes, switches threads, shows another tab's changes
 * to the same thread while this one is idle, and writes what is pending when the page is hidden or the host leaves.
 * With each thread it loads, it restores the approvals the store remembers (see `ThreadStore.loadApprovals`). What
 * of a stored thread cannot be read is left out and reported (`readableThread()`).
 */
export class ThreadPersistenceController implements ReactiveController {
  readonly #options: ThreadPersistenceOptions;
  #journal: ThreadJournal | undefined;
  /** The last writes of journals unbound (a loop or store replaced, the host removed), until they are done. */
  readonly #draining = new Set<Promise<void>>();
  #unsubscribe: (() => void) | undefined;
  /** Incremented by each load and switch: an older one that finishes later changes nothing. */
  #generation = 0;
  #refreshing = false;
  #refreshAgain = false;
  #error: ThreadStoreError | undefined;

  constructor(host: ReactiveControllerHost, options: ThreadPersistenceOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** The last store failure since the thread was loaded, shown as a notice; `undefined` when none. */
  get error(): ThreadStoreError | undefined {
    return this.#error;
  }

  /** The store the current thread is kept in. */
  get store(): ThreadStore | undefined {
    return this.#journal?.store;
  }

  hostConnected(): void {
    window.addEventListener('pagehide', this.#flush);
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  hostDisconnected(): void {
    window.removeEventListener('pagehide', this.#flush);
    document.removeEventListener('visibilitychange', this.#onVisibility);
    void this.#journal?.flush();
  }

  hostUpdate(): void {
    this.sync();
  }

  /** Binds to the current (loop, store) pair when it changed, and then loads the thread. */
  sync(): void {
    const loop = this.#options.loop();
    const store = this.#options.store();
    const journal = this.#journal;
    if (journal?.loop === loop && journal?.store === store) return;
    this.#unbind();
    if (!loop || !store) return;
    const bound = new ThreadJournal(loop, store, { onError: (error) => this.#report(error) });
    this.#journal = bound;
    loop.journal = bound;
    this.#unsubscribe = store.subscribe((change) => this.#onStoreChange(change));
    void this.#load(bound, this.#options.threadId());
  }

  /**
   * Writes what is pending now, and waits for the last writes of journals unbound before (a store may be closed once
   * this settles).
   */
  flush(): Promise<void> {
    const current = this.#journal?.flush();
    if (this.#draining.size === 0) return current ?? Promise.resolve();
    return Promise.all([current, ...this.#draining]).then(() => undefined);
  }

  /**
   * Shows `threadId`: what was running stops and is written, then the thread is loaded from the store (a thread the
   * store does not have starts empty under that id).
   */
  switchTo(threadId: string): void {
    const journal = this.#journal;
    if (!journal) return;
    journal.loop.stop();
    void journal.flush();
    void this.#load(journal, threadId, true);
  }

  /**
   * The element's `thread-id` became `threadId`: a kept thread is loaded from the store (`switchTo()`, asynchronously);
   * without a store, the loop starts an empty conversation on it at once. Nothing happens without a loop, or when the
   * loop is on that thread already.
   */
  show(threadId: string): void {
    const loop = this.#options.loop();
    if (!loop || threadId === loop.threadId) return;
    if (this.store) {
      this.switchTo(threadId);
      return;
    }
    loop.reset(threadId);
    this.#options.onThreadChanged(threadId, false, false);
  }

  /** Starts a new thread: what was running stops and is written first. */
  reset(): void {
    const journal = this.#journal;
    if (!journal) return;
    this.#generation++;
    journal.loop.stop();
    void journal.flush();
    this.#error = undefined;
  }

  #unbind(): void {
    this.#generation++;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    const journal = this.#journal;
    this.#journal = undefined;
    if (!journal) return;
    if (journal.loop.journal === journal) journal.loop.journal = undefined;
    const draining = journal.flush().finally(() => {
      journal.dispose();
      this.#draining.delete(draining);
    });
    this.#draining.add(draining);
  }

  /**
   * Loads `threadId` (default: the latest thread, if any) into the journal's loop, unless the person started
   * something meanwhile (a message sent before the load finished wins over the saved thread).
   */
  async #load(journal: ThreadJournal, threadId: string | undefined, switching = false): Promise<void> {
    const generation = ++this.#generation;
    const { loop, store } = journal;
    const version = loop.version;
    // A page's store may throw rather than reject: either way it is reported below, where the listing is awaited.
    const listing = threadId === undefined ? Promise.resolve().then(() => store.list()) : undefined;
    listing?.catch(() => undefined);
    this.#restoreApprovals(journal, listing ? listing.then((list) => list[0]?.threadId ?? loop.threadId) : Promise.resolve(threadId!));
    let snapshot: ThreadSnapshot | undefined;
    try {
      const id = threadId ?? (await listing!)[0]?.threadId;
      if (id !== undefined) snapshot = await store.load(id);
      if (generation !== this.#generation) return;
      if (!snapshot) {
        if (id !== undefined && switching) {
          loop.reset(id);
          this.#error = undefined;
          this.#options.onThreadChanged(id, false, false);
        } else if (!switching) {
          // Nothing to restore: the element keeps its thread, now kept in this store (with what it already holds:
          // the store may open after a first message, see `persist`).
          void journal.saveAll();
          this.#options.onKept(loop.threadId);
        }
        return;
      }
    } catch (error) {
      if (generation === this.#generation) this.#report(toThreadStoreError(error, 'Loading the thread'));
      return;
    }
    if (!switching && (loop.version !== version || loop.running)) {
      // The person started before the saved thread came: theirs is the thread now, kept from here on.
      void journal.saveAll();
      return;
    }
    this.#error = undefined;
    const { thread, error } = readableThread(snapshot);
    // What was just loaded is not written back (a long thread is megabytes), unless restoring resolved a call.
    let resolved = false;
    const onResolved = (): void => void (resolved = true);
    loop.addEventListener('tool-status-changed', onResolved);
    try {
      loop.restore(thread);
    } finally {
      loop.removeEventListener('tool-status-changed', onResolved);
    }
    if (!resolved) journal.markSaved();
    if (error) this.#report(error);
    this.#options.onThreadChanged(thread.threadId, true, false);
  }

  /**
   * Hands the loop the approvals the store remembers for the thread `threadId` resolves to (its own and the "always"
   * ones), when the store keeps approvals: calls wait for them before asking. A failure is reported; the approvals
   * in memory still hold.
   */
  #restoreApprovals(journal: ThreadJournal, threadId: Promise<string>): void {
    const { loop, store } = journal;
    if (!keepsApprovals(store)) return;
    const load = async (): Promise<StoredApproval[]> => {
      let id: string;
      try {
        id = await threadId;
      } catch {
        return []; // listing failed: reported by the thread's load
      }
      try {
        return await store.loadApprovals(id);
      } catch (error) {
        if (this.#journal === journal) this.#report(toThreadStoreError(error, 'Loading the remembered approvals', undefined, id));
        return [];
      }
    };
    loop.restoreApprovals(load());
  }

  /**
   * Another tab changed the thread shown here: show its copy, and take up the approvals the store remembers for it,
   * while this tab is idle and has nothing to decide.
   */
  #onStoreChange(change: ThreadStoreChange): void {
    const journal = this.#journal;
    // A deleted thread's approvals went with it (in this tab or another).
    if (journal && change.type === 'deleted') journal.loop.dropThreadApprovals(change.threadId);
    if (!journal || change.origin !== 'remote' || change.type !== 'saved' || change.threadId !== journal.loop.threadId) return;
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    void this.#refresh(journal);
  }

  async #refresh(journal: ThreadJournal): Promise<void> {
    this.#refreshing = true;
    try {
      do {
        this.#refreshAgain = false;
        const { loop, store } = journal;
        const generation = this.#generation;
        const version = loop.version;
        const threadId = loop.threadId;
        let snapshot: ThreadSnapshot | undefined;
        try {
          snapshot = await store.load(threadId);
        } catch (error) {
          this.#report(toThreadStoreError(error, 'Loading the thread'));
          return;
        }
        if (!snapshot || this.#journal !== journal || generation !== this.#generation) return;
        if (loop.running || loop.decisions.length > 0 || loop.version !== version || loop.threadId !== threadId) continue;
        const { thread, error } = readableThread(snapshot);
        loop.restore(thread, { recover: false });
        journal.markSaved();
        if (error) this.#report(error);
        // With the thread, what the other tab remembered for it (added to this tab's; a revocation there is not seen).
        this.#restoreApprovals(journal, Promise.resolve(threadId));
        this.#options.onThreadChanged(threadId, true, true);
      } while (this.#refreshAgain);
    } finally {
      this.#refreshing = false;
    }
  }

  #report(error: ThreadStoreError): void {
    this.#error = error;
    this.#options.onError(error);
  }

  /** The page is going away, or hidden (it may be discarded without another event): written at once. */
  #flush = (): void => {
    void this.#journal?.flush({ keepalive: true });
  };

  #onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.#flush();
  };
}
