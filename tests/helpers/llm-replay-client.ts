// The client side of the LLM provider replay servers (web/server/llm-replay/), for tests in Chromium and in Node:
// scripts a session, builds a provider agent whose baseUrl is the session, and reads back what the server received.
// No test framework imports here, so Node's test runner can use it too.
import { AnthropicAgent, OpenAIChatAgent, type LlmAgent, type LlmAgentOptions } from '../../web/src/llm/index.js';
import type { ReplayRequest, ReplaySessionCreated, ReplaySessionReport, ReplayStep } from '../../web/server/llm-replay/index.js';

export type { ReplayStep };

/** A request the replay server received, its JSON body as an object. */
export type ReplayedRequest = Omit<ReplayRequest, 'body'> & { body: Record<string, unknown> };

export type Provider = 'openai' | 'anthropic';
export const PROVIDERS: readonly Provider[] = ['openai', 'anthropic'];

/** The key the test agents are given (asserted absent from every event, message, DOM node and log). */
export const TEST_KEY = 'sk-test-0123456789abcdefwxyz';

/** Each provider's fixtures (tests/fixtures/llm/<provider>/), by what they show. */
export const FIXTURES: Record<
  Provider,
  Record<'text' | 'toolCallSplit' | 'parallel' | 'afterTool' | 'refusal' | 'e401' | 'e429' | 'e5xx' | 'contextLength' | 'modelNotFound', string> & {
    /** The status of `e5xx`. */
    status5xx: number;
    /** The 5xx answers a retry gets past: [status, fixture]. */
    retried5xx: ReadonlyArray<readonly [number, string]>;
  }
> = {
  openai: {
    text: 'openai/text.sse',
    toolCallSplit: 'openai/tool-call-split.sse',
    parallel: 'openai/parallel-tool-calls.sse',
    afterTool: 'openai/after-tool.sse',
    refusal: 'openai/refusal.sse',
    e401: 'openai/401.json',
    e429: 'openai/429.json',
    e5xx: 'openai/500.json',
    status5xx: 500,
    retried5xx: [[500, 'openai/500.json']],
    contextLength: 'openai/400-context-length.json',
    modelNotFound: 'openai/404-model.json',
  },
  anthropic: {
    text: 'anthropic/text.sse',
    toolCallSplit: 'anthropic/tool-use-split.sse',
    parallel: 'anthropic/parallel-tool-use.sse',
    afterTool: 'anthropic/after-tool.sse',
    refusal: 'anthropic/refusal.sse',
    e401: 'anthropic/401.json',
    e429: 'anthropic/429.json',
    e5xx: 'anthropic/529.json',
    status5xx: 529,
    retried5xx: [
      [500, 'anthropic/500.json'],
      [529, 'anthropic/529.json'],
    ],
    contextLength: 'anthropic/400-context-length.json',
    modelNotFound: 'anthropic/404-model.json',
  },
};

/** The id of the one tool call in each provider's `toolCallSplit` fixture. */
export const SPLIT_CALL_ID: Record<Provider, string> = { openai: 'call_Wz7d1pQk', anthropic: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6' };

/** The ids of the three calls of each provider's `parallel` fixture, in order. */
export const PARALLEL_IDS: Record<Provider, readonly string[]> = {
  openai: ['call_A1', 'call_B2', 'call_C3'],
  anthropic: ['toolu_call_A1', 'toolu_call_B2', 'toolu_call_C3'],
};

/** The arguments of the three calls of the parallel fixtures, in order. */
export const PARALLEL_ARGS = ['{"city":"Paris"}', '{"city":"Tokyo"}', '{"timezone":"Asia/Tokyo"}'] as const;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`LLM replay server: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** One scripted session of the replay server at `origin`. */
export class LlmReplay {
  private constructor(
    readonly origin: string,
    readonly sessionId: string,
    /** The absolute base URL to give the agent (`<origin>/llm-replay/<session>/v1`). */
    readonly baseUrl: string,
  ) {}

  /** Scripts a session on the server at `origin` (e.g. `location.origin`, `http://127.0.0.1:<port>`). */
  static async create(origin: string, steps: readonly ReplayStep[]): Promise<LlmReplay> {
    const created = await json<ReplaySessionCreated>(
      await fetch(`${origin}/llm-replay/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ steps }) }),
    );
    return new LlmReplay(origin, created.sessionId, `${origin}${created.baseUrl}`);
  }

  /** The requests the session received so far, oldest first. */
  async requests(): Promise<ReplayedRequest[]> {
    return (await this.#report('')).requests as ReplayedRequest[];
  }

  /** Resolves with the requests once at least `count` arrived (rejects if they do not within the server's wait). */
  async received(count: number): Promise<ReplayedRequest[]> {
    return (await this.#report(`?received=${count}`, `${count} requests`)).requests as ReplayedRequest[];
  }

  /** Resolves with request `index` once its response ended (completed, cut, or closed by the client). */
  async ended(index: number): Promise<ReplayedRequest> {
    return (await this.#report(`?received=${index + 1}&ended=${index}`, `the end of request ${index}`)).requests[index] as ReplayedRequest;
  }

  /** Cuts the session's responses still open (the server destroys their sockets); resolves with how many. */
  async cut(): Promise<number> {
    return (await json<{ cut: number }>(await fetch(`${this.origin}/llm-replay/sessions/${this.sessionId}/cut`, { method: 'POST' }))).cut;
  }

  async #report(query: string, what = ''): Promise<ReplaySessionReport> {
    const report = await json<ReplaySessionReport>(await fetch(`${this.origin}/llm-replay/sessions/${this.sessionId}${query}`));
    if (report.timedOut) throw new Error(`LLM replay session ${this.sessionId}: waited in vain for ${what}; it holds ${JSON.stringify(report.requests)}`);
    return report;
  }
}

/**
 * A provider agent pointed at a new replay session on `origin` answering `steps`, with `TEST_KEY`, the browser opt-in
 * and a 10 ms first backoff.
 */
export async function replayAgent(
  origin: string,
  provider: Provider,
  steps: readonly ReplayStep[],
  options: Partial<LlmAgentOptions> = {},
): Promise<{ agent: LlmAgent; replay: LlmReplay }> {
  const replay = await LlmReplay.create(origin, steps);
  const config = {
    baseUrl: replay.baseUrl,
    model: provider === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5',
    apiKey: TEST_KEY,
    dangerouslyAllowBrowser: true,
    retry: { baseDelayMs: 10 },
    ...options,
  };
  return { agent: provider === 'openai' ? new OpenAIChatAgent(config) : new AnthropicAgent(config), replay };
}
