import type { RunAgentInput } from '@ag-ui/core';

/** One run request received by a scripted test agent (`POST /api/test/<scenario>`). */
export interface RecordedRequest {
  /** 0-based position of this request in its thread (0 = the first run, 1 = the first follow-up, ...). */
  index: number;
  /** The scenario that answered, e.g. `'tool'`. */
  scenario: string;
  /** Path and query string of the request, e.g. `'/api/test/tool?tool=echo&args=%7B%7D'`. */
  url: string;
  /** Request headers (lower-case names; repeated headers joined with `', '`). */
  headers: Record<string, string>;
  /** The body as the client sent it (validated as a `RunAgentInput`): messages, tools, context, state, resume... */
  input: RunAgentInput;
  /** When it arrived, ms since the epoch. */
  receivedAt: number;
}

/** Limits of a {@link RequestRecorder}. */
export interface RequestRecorderOptions {
  /** Threads kept; the least recently used thread is forgotten beyond this. Default 200. */
  maxThreads?: number;
  /** Requests kept per thread; the oldest are dropped beyond this (indexes keep counting). Default 100. */
  maxRequestsPerThread?: number;
}

/**
 * Keeps the run requests the scripted test agents receive, per `threadId`, so a browser test can check what the
 * client sent ("exactly one follow-up, carrying these tool messages"). Memory is bounded by
 * {@link RequestRecorderOptions}.
 */
export class RequestRecorder {
  readonly maxThreads: number;
  readonly maxRequestsPerThread: number;
  readonly #threads = new Map<string, { count: number; requests: RecordedRequest[] }>();

  constructor(options: RequestRecorderOptions = {}) {
    this.maxThreads = Math.max(1, options.maxThreads ?? 200);
    this.maxRequestsPerThread = Math.max(1, options.maxRequestsPerThread ?? 100);
  }

  /** Records a request; returns the stored record. */
  record(request: Omit<RecordedRequest, 'index'>): RecordedRequest {
    const threadId = request.input.threadId;
    const thread = this.#threads.get(threadId) ?? { count: 0, requests: [] };
    // Re-inserting moves the thread to the end of the Map's order: the first key is the least recently used.
    this.#threads.delete(threadId);
    this.#threads.set(threadId, thread);
    const recorded: RecordedRequest = { index: thread.count++, ...request };
    thread.requests.push(recorded);
    if (thread.requests.length > this.maxRequestsPerThread) thread.requests.shift();
    while (this.#threads.size > this.maxThreads) this.#threads.delete(this.#threads.keys().next().value!);
    return recorded;
  }

  /** The requests of a thread, oldest first (empty if unknown). */
  get(threadId: string): RecordedRequest[] {
    return [...(this.#threads.get(threadId)?.requests ?? [])];
  }

  /** Every thread kept, least recently used first, with its request count. */
  threads(): { threadId: string; count: number }[] {
    return [...this.#threads].map(([threadId, thread]) => ({ threadId, count: thread.requests.length }));
  }

  /** Forgets one thread, or every thread when `threadId` is omitted. Returns how many requests were dropped. */
  clear(threadId?: string): number {
    if (threadId === undefined) {
      let dropped = 0;
      for (const thread of this.#threads.values()) dropped += thread.requests.length;
      this.#threads.clear();
      return dropped;
    }
    const dropped = this.#threads.get(threadId)?.requests.length ?? 0;
    this.#threads.delete(threadId);
    return dropped;
  }
}
