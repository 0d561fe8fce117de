import type { ToolExecution } from '../../tools/types.js';

/** Who asked for a call the inspector shows. */
export const CallOrigin = {
  /** The agent (a tool call of an AG-UI run). */
  AGENT: 'agent',
  /** The inspector's playground (`toolCallId` starting with `playground-`). */
  PLAYGROUND: 'playground',
} as const;
export type CallOrigin = (typeof CallOrigin)[keyof typeof CallOrigin];

/** The `toolCallId` prefix of the playground's calls. */
export const PLAYGROUND_CALL_PREFIX = 'playground-';

/**
 * One execution as the inspector shows it: the manager's latest frozen snapshot of it, plus what the manager does not
 * keep (the backoff delay before each retry, who asked).
 */
export interface InspectorCall {
  /** The manager's latest snapshot (`ToolExecution`, frozen). */
  readonly execution: ToolExecution;
  /** Who asked: the agent or the playground. */
  readonly origin: CallOrigin;
  /** The wait before each retry, in ms, in order (attempt 2 first). */
  readonly backoffDelaysMs: readonly number[];
}

/** A new `toolCallId` for a playground call (`playground-<uuid>`). */
export function newPlaygroundCallId(): string {
  const uuid = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return PLAYGROUND_CALL_PREFIX + uuid;
}

/** The origin of a call, from its `toolCallId`. */
export function originOf(toolCallId: string): CallOrigin {
  return toolCallId.startsWith(PLAYGROUND_CALL_PREFIX) ? CallOrigin.PLAYGROUND : CallOrigin.AGENT;
}

/**
 * The executions the inspector has seen, oldest first, at most `limit` (the oldest dropped first). Keyed by
 * execution id, so the same execution seen from two sources (a manager's event, the element's event) is one entry.
 */
export class CallLog {
  /** Most entries kept. */
  readonly limit: number;
  #byId = new Map<string, InspectorCall>();
  /** Backoff delays seen before the execution's snapshot (the element's `ag-ui-tool-retrying` has no execution id). */
  #delaysByToolCall = new Map<string, number[]>();
  #version = 0;
  /** The last `filtered()` answer, for the log's version and the filters it was given. */
  #filtered: { key: string; calls: InspectorCall[] } | undefined;

  /** @param limit - most entries kept (default 10000) */
  constructor(limit = 10_000) {
    this.limit = Math.max(1, Math.floor(limit));
  }

  /** Changes on every change (for memoizing views of the log). */
  get version(): number {
    return this.#version;
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Entries, oldest first (a new array). */
  get all(): InspectorCall[] {
    return [...this.#byId.values()];
  }

  /**
   * The entries of tool `toolName` with status `status` (`''`: any), newest first; the same array while the log and
   * the filters are unchanged (the Calls panel asks on every render).
   */
  filtered(toolName: string, status: string): InspectorCall[] {
    const key = `${this.#version}\u0000${toolName}\u0000${status}`;
    if (this.#filtered?.key === key) return this.#filtered.calls;
    const calls: InspectorCall[] = [];
    const all = this.all;
    for (let i = all.length - 1; i >= 0; i--) {
      const { execution } = all[i]!;
      if (toolName && execution.toolName !== toolName) continue;
      if (status && execution.status !== status) continue;
      calls.push(all[i]!);
    }
    this.#filtered = { key, calls };
    return calls;
  }

  get(executionId: string): InspectorCall | undefined {
    return this.#byId.get(executionId);
  }

  /** Adds an execution, or replaces the entry's snapshot with a newer one. */
  upsert(execution: ToolExecution): void {
    const existing = this.#byId.get(execution.id);
    const pending = this.#delaysByToolCall.get(execution.toolCallId);
    const delays = existing?.backoffDelaysMs ?? pending ?? [];
    if (pending) this.#delaysByToolCall.delete(execution.toolCallId);
    const entry: InspectorCall = { execution, origin: originOf(execution.toolCallId), backoffDelaysMs: delays };
    if (existing) this.#byId.set(execution.id, entry);
    else {
      this.#byId.set(execution.id, entry);
      for (const id of this.#byId.keys()) {
        if (this.#byId.size <= this.limit) break;
        this.#byId.delete(id);
      }
    }
    this.#version++;
  }

  /**
   * Records the backoff delay before a retry: on the execution when known, else held for the tool call's execution.
   */
  addBackoff(delayMs: number, executionId: string | undefined, toolCallId: string): void {
    const entry = executionId === undefined ? undefined : this.#byId.get(executionId);
    if (entry) {
      this.#byId.set(executionId!, { ...entry, backoffDelaysMs: [...entry.backoffDelaysMs, delayMs] });
    } else {
      const held = this.#delaysByToolCall.get(toolCallId) ?? [];
      held.push(delayMs);
      this.#delaysByToolCall.set(toolCallId, held);
    }
    this.#version++;
  }

  /**
   * Replaces the snapshot of every entry (of tool `toolName` only, when given) by `map(snapshot)`: how the entries
   * are redacted again when the redaction in force changed.
   */
  remap(map: (execution: ToolExecution) => ToolExecution, toolName?: string): void {
    for (const [id, entry] of this.#byId) {
      if (toolName === undefined || entry.execution.toolName === toolName) this.#byId.set(id, { ...entry, execution: map(entry.execution) });
    }
    this.#version++;
  }

  clear(): void {
    this.#byId.clear();
    this.#delaysByToolCall.clear();
    this.#version++;
  }
}
