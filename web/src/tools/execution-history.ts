import type { ExecutionRecord } from './tool-execution-record.js';

/**
 * Where `ToolExecutionManager` keeps its executions (internal): every running one, and the finished ones up to
 * `limit` (the one that finished first is evicted first; running ones never are).
 * @internal
 */
export class ExecutionHistory {
  /** Finished executions kept. */
  readonly limit: number;
  /** Running and kept executions by id, in the order they started. */
  #byId = new Map<string, ExecutionRecord>();
  /** Kept finished executions, in the order they finished. */
  #finished = new Set<ExecutionRecord>();

  /** @param limit - finished executions kept (integer >= 0) */
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Adds a new, running execution. */
  add(record: ExecutionRecord): void {
    this.#byId.set(record.id, record);
  }

  /** Marks a settled execution finished, evicting the oldest finished ones beyond `limit`. */
  finish(record: ExecutionRecord): void {
    this.#finished.add(record);
    for (const oldest of this.#finished) {
      if (this.#finished.size <= this.limit) break;
      this.#finished.delete(oldest);
      this.#byId.delete(oldest.id);
    }
  }

  /** A running or kept execution by id. */
  get(id: string): ExecutionRecord | undefined {
    return this.#byId.get(id);
  }

  /** The running executions, oldest first. */
  running(): ExecutionRecord[] {
    return [...this.#byId.values()].filter((record) => !record.settled);
  }

  /** The kept finished executions, oldest finished first. */
  finished(): ExecutionRecord[] {
    return [...this.#finished];
  }

  /** The running and kept executions of a tool call, oldest first. */
  forToolCall(toolCallId: string): ExecutionRecord[] {
    return [...this.#byId.values()].filter((record) => record.toolCallId === toolCallId);
  }
}
