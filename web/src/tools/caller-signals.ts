import type { ExecutionRecord } from './tool-execution-record.js';

/**
 * The caller signals a `ToolExecutionManager` watches (`execute(..., { signal })`), with the running executions each
 * one cancels (internal). One `abort` listener per signal, shared by the batch of executions it covers (removing one
 * of n listeners from a signal is O(n)).
 * @internal
 */
export class CallerSignals {
  readonly #watches = new WeakMap<AbortSignal, { records: Set<ExecutionRecord>; onAbort: () => void }>();
  readonly #cancel: (record: ExecutionRecord, reason: unknown) => void;

  /** @param cancel - cancels one running execution with the signal's `reason` */
  constructor(cancel: (record: ExecutionRecord, reason: unknown) => void) {
    this.#cancel = cancel;
  }

  /** Cancels `record` when `signal` aborts (and sets `record.caller`). */
  watch(record: ExecutionRecord, signal: AbortSignal): void {
    let watch = this.#watches.get(signal);
    if (watch === undefined) {
      const records = new Set<ExecutionRecord>();
      const onAbort = (): void => {
        this.#watches.delete(signal);
        for (const each of records) this.#cancel(each, signal.reason);
      };
      watch = { records, onAbort };
      this.#watches.set(signal, watch);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    watch.records.add(record);
    record.caller = signal;
  }

  /** Stops watching for `record` (it settled); the signal's listener goes with its last execution. */
  unwatch(record: ExecutionRecord): void {
    const signal = record.caller!;
    record.caller = undefined;
    const watch = this.#watches.get(signal);
    if (watch === undefined) return;
    watch.records.delete(record);
    if (watch.records.size === 0) {
      this.#watches.delete(signal);
      signal.removeEventListener('abort', watch.onAbort);
    }
  }
}
