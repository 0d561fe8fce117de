import type { ExecutionRecord } from './tool-execution-record.js';

/**
 * Where `ToolExecutionManager` keeps its executions (internal): running ones in an intrusive linked list (O(1)
 * add and remove, no hashing), finished ones in a ring buffer of `limit` entries (the oldest finished one is
 * evicted first; running ones never are).
 *
 * Lookups by id and by `toolCallId` use indexes that are built on the first lookup and then maintained (and
 * pruned on eviction). A page that never looks executions up, or a benchmark, pays for no `Map` at all; one
 * that does gets O(1) lookups.
 */
export class ExecutionHistory {
  /** Finished executions kept. */
  readonly limit: number;
  #head: ExecutionRecord | undefined;
  #tail: ExecutionRecord | undefined;
  #ring: ExecutionRecord[] = [];
  /** Index of the oldest entry once the ring is full. */
  #ringStart = 0;
  #byId: Map<string, ExecutionRecord> | undefined;
  #byToolCall: Map<string, ExecutionRecord | ExecutionRecord[]> | undefined;

  /** @param limit - finished executions kept (integer >= 0) */
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Adds a new, running execution. */
  add(record: ExecutionRecord): void {
    record.prev = this.#tail;
    record.next = undefined;
    if (this.#tail) this.#tail.next = record;
    else this.#head = record;
    this.#tail = record;
    if (this.#byId) this.#index(record);
  }

  /** Moves a settled execution from the running list to the finished ring, evicting the oldest beyond `limit`. */
  finish(record: ExecutionRecord): void {
    const { prev, next } = record;
    if (prev) prev.next = next;
    else if (this.#head === record) this.#head = next;
    if (next) next.prev = prev;
    else if (this.#tail === record) this.#tail = prev;
    record.prev = record.next = undefined;

    if (this.limit === 0) {
      this.#unindex(record);
    } else if (this.#ring.length < this.limit) {
      this.#ring.push(record);
    } else {
      const evicted = this.#ring[this.#ringStart]!;
      this.#ring[this.#ringStart] = record;
      this.#ringStart = this.#ringStart + 1 === this.limit ? 0 : this.#ringStart + 1;
      this.#unindex(evicted);
    }
  }

  /** The running execution with that id (a scan of the running ones, which are few), or `undefined`. */
  findRunning(id: string): ExecutionRecord | undefined {
    if (this.#byId) {
      const record = this.#byId.get(id);
      return record && !record.settled ? record : undefined;
    }
    for (let r = this.#head; r; r = r.next) if (r.id === id) return r;
    return undefined;
  }

  /** The running executions, oldest first. */
  running(): ExecutionRecord[] {
    const out: ExecutionRecord[] = [];
    for (let r = this.#head; r; r = r.next) out.push(r);
    return out;
  }

  /** The finished executions kept, oldest finished first. */
  finished(): ExecutionRecord[] {
    const n = this.#ring.length;
    const out: ExecutionRecord[] = [];
    for (let i = 0; i < n; i++) out.push(this.#ring[(this.#ringStart + i) % n]!);
    return out;
  }

  /** A running or kept execution by id. */
  get(id: string): ExecutionRecord | undefined {
    return this.#indexes().byId.get(id);
  }

  /** The running and kept executions of a tool call, oldest first. */
  forToolCall(toolCallId: string): ExecutionRecord[] {
    const entry = this.#indexes().byToolCall.get(toolCallId);
    if (entry === undefined) return [];
    return Array.isArray(entry) ? [...entry] : [entry];
  }

  #indexes(): { byId: Map<string, ExecutionRecord>; byToolCall: Map<string, ExecutionRecord | ExecutionRecord[]> } {
    if (!this.#byId || !this.#byToolCall) {
      this.#byId = new Map();
      this.#byToolCall = new Map();
      const all = [...this.finished(), ...this.running()].sort((a, b) => a.seq - b.seq);
      for (const record of all) this.#index(record);
    }
    return { byId: this.#byId, byToolCall: this.#byToolCall };
  }

  #index(record: ExecutionRecord): void {
    this.#byId!.set(record.id, record);
    const byToolCall = this.#byToolCall!;
    const entry = byToolCall.get(record.toolCallId);
    if (entry === undefined) byToolCall.set(record.toolCallId, record);
    else if (Array.isArray(entry)) entry.push(record);
    else byToolCall.set(record.toolCallId, [entry, record]);
  }

  #unindex(record: ExecutionRecord): void {
    if (!this.#byId || !this.#byToolCall) return;
    this.#byId.delete(record.id);
    const entry = this.#byToolCall.get(record.toolCallId);
    if (entry === record) {
      this.#byToolCall.delete(record.toolCallId);
    } else if (Array.isArray(entry)) {
      const i = entry.indexOf(record);
      if (i !== -1) entry.splice(i, 1);
      if (entry.length === 1) this.#byToolCall.set(record.toolCallId, entry[0]!);
      else if (entry.length === 0) this.#byToolCall.delete(record.toolCallId);
    }
  }
}
