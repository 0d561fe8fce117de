import type { LlmFetch } from '../src/llm/index.js';
import { isRecord } from './conversation.js';

/**
 * The key of the replayed test models (`/api/test/model/<kind>`): the tests check it reaches the provider request
 * and never the page.
 */
export const REPLAY_API_KEY = 'sk-replay-test-key-0123456789abcdef';

/** One scripted provider answer, sent by a test in `RunAgentInput.forwardedProps.llmReplay` (one per request, in order). */
export interface ReplayAnswer {
  /** HTTP status. Default 200. */
  status?: number;
  /** The body, e.g. a fixture of tests/fixtures/llm/ (sent as `text/event-stream` for a 2xx, else JSON). */
  body?: string;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** After the body, keep the connection open until the request is aborted (a model still thinking). */
  hang?: boolean;
}

/** A provider request a replay received. */
export interface UpstreamRequest {
  url: string;
  /** Request headers, lower-case names (the test key's `Authorization` / `x-api-key` included). */
  headers: Record<string, string>;
  /** The JSON body the provider package sent. */
  body: unknown;
  /** Whether the request's signal has been aborted (read when listed). */
  aborted: boolean;
}

const CHUNK_BYTES = 64;
const MAX_THREADS = 100;

function abortError(): Error {
  return new DOMException('This operation was aborted', 'AbortError');
}

/** The `llmReplay` answers of a run's `forwardedProps` (invalid entries are dropped). */
export function replayAnswers(forwardedProps: unknown): ReplayAnswer[] {
  const answers = isRecord(forwardedProps) ? forwardedProps.llmReplay : undefined;
  return Array.isArray(answers) ? answers.filter(isRecord).map((answer) => answer as ReplayAnswer) : [];
}

/**
 * The provider requests of the replayed test models, per thread (bounded: the oldest thread is forgotten past 100),
 * and the `fetch` that answers them from a run's scripted answers.
 */
export class ModelReplay {
  readonly #threads = new Map<string, { request: Omit<UpstreamRequest, 'aborted'>; signal?: AbortSignal }[]>();

  /** A `fetch` answering `answers` in order (HTTP 599 past them), recording each request under `threadId`. */
  fetchFor(threadId: string, answers: readonly ReplayAnswer[]): LlmFetch {
    let calls = 0;
    const replay = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
      const signal = init.signal ?? undefined;
      this.#record(threadId, {
        request: {
          url: String(input),
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
        },
        signal,
      });
      if (signal?.aborted) throw abortError();
      const answer = answers[calls++];
      if (!answer) return new Response(JSON.stringify({ error: { message: 'No scripted answer for this request' } }), { status: 599 });
      const status = answer.status ?? 200;
      return new Response(replayBody(answer, signal), {
        status,
        headers: { 'content-type': status < 300 ? 'text/event-stream' : 'application/json', ...answer.headers },
      });
    };
    return replay as LlmFetch;
  }

  /** The provider requests of `threadId`, oldest first. */
  requests(threadId: string): UpstreamRequest[] {
    return (this.#threads.get(threadId) ?? []).map(({ request, signal }) => ({ ...request, aborted: signal?.aborted ?? false }));
  }

  #record(threadId: string, entry: { request: Omit<UpstreamRequest, 'aborted'>; signal?: AbortSignal }): void {
    const list = this.#threads.get(threadId) ?? [];
    this.#threads.delete(threadId);
    this.#threads.set(threadId, [...list, entry]);
    while (this.#threads.size > MAX_THREADS) this.#threads.delete(this.#threads.keys().next().value!);
  }
}

/** The body in small chunks (SSE frames split mid-line, as on a real connection); errors with an AbortError on abort. */
function replayBody(answer: ReplayAnswer, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(answer.body ?? '');
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(abortError()), { once: true });
    },
    async pull(controller) {
      if (signal?.aborted) return;
      if (offset < bytes.length) {
        controller.enqueue(bytes.slice(offset, offset + CHUNK_BYTES));
        offset += CHUNK_BYTES;
        return;
      }
      if (answer.hang) await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
      else controller.close();
    },
  });
}
