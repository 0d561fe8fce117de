import type { AgentConfig } from '@ag-ui/client';

/** `fetch` as the provider agents call it (the global `fetch`'s signature). */
export type LlmFetch = typeof globalThis.fetch;

/**
 * Why a provider run failed: the `code` of its `RUN_ERROR` event. On `<ag-ui-agent>` (and `AgentRunLoop`'s
 * `run-error`) it is `detail.agentCode`, beside `detail.code: 'run_error'`, and it stays in the saved thread's
 * `lastError`. Stable strings; the message beside them is for people and may change.
 */
export const LlmErrorCode = {
  /** The provider refused the key or token (HTTP 401/403). */
  AUTH_FAILED: 'auth_failed',
  /** Too many requests (HTTP 429), still refused after the bounded retries, or a `Retry-After` past `retry.maxDelayMs`. */
  RATE_LIMITED: 'rate_limited',
  /** The provider is down or overloaded (HTTP 5xx, Anthropic's 529 `overloaded_error`), still after the retries. */
  PROVIDER_UNAVAILABLE: 'provider_unavailable',
  /** The conversation (plus tools) is longer than the model's context window. */
  CONTEXT_TOO_LONG: 'context_too_long',
  /** The model does not exist at this endpoint (or the key may not use it); also a `baseUrl` that answers 404. */
  MODEL_NOT_FOUND: 'model_not_found',
  /** The connection failed, or dropped before the model finished. */
  NETWORK_ERROR: 'network_error',
  /** The provider rejected the request (another HTTP 4xx), or the provider package cannot express it. */
  BAD_REQUEST: 'bad_request',
  /** The provider answered something that is not its documented stream format. */
  INVALID_RESPONSE: 'invalid_response',
  /**
   * The agent's options cannot work (`LlmAgent.configError`): no model, no `baseUrl`, a key in a browser without
   * `dangerouslyAllowBrowser`, or no key for a hosted API. Nothing was sent.
   */
  CONFIG_ERROR: 'config_error',
  /** The run was stopped (`abortRun()`); as `@ag-ui/client`'s `HttpAgent` reports it. */
  ABORT: 'abort',
  /** Anything else. */
  UNKNOWN: 'unknown',
} as const;
export type LlmErrorCode = (typeof LlmErrorCode)[keyof typeof LlmErrorCode];

/** How failed requests are retried (only before the model sent anything, so nothing is shown twice). */
export interface LlmRetryOptions {
  /** Retries after the first attempt, for 429 and 5xx/overloaded answers and connection failures. Default 2. */
  maxRetries?: number;
  /**
   * Longest wait before one retry, in ms. A `Retry-After` (or `retry-after-ms`) longer than this is not waited for:
   * the run fails at once with `rate_limited`/`provider_unavailable`, its message saying when to try again.
   * Default 30000.
   */
  maxDelayMs?: number;
  /** First backoff when the provider gives no `Retry-After`, in ms; doubled per retry. Default 1000. */
  baseDelayMs?: number;
}

/** Options shared by `OpenAIChatAgent` and `AnthropicAgent`. */
export interface LlmAgentOptions extends Omit<AgentConfig, 'debug'> {
  /** The model id, e.g. `gpt-4.1-mini`, `llama3.2`, `claude-sonnet-4-5`. */
  model: string;
  /**
   * The API key, sent as the provider expects (`Authorization: Bearer` / `x-api-key`). Never logged and never put in
   * events or messages. In a browser it needs `dangerouslyAllowBrowser: true`. Leave it out for a local model or a
   * proxy that adds the key; a hosted API (`https://api.openai.com`, `https://openrouter.ai`, `https://api.anthropic.com`)
   * without a key (here or in `headers`) and without a custom `fetch` is a `config_error` (nothing is sent).
   */
  apiKey?: string;
  /** Extra request headers (a proxy's token, an organization header). Header values that hold credentials count as a key. */
  headers?: Record<string, string>;
  /** A system prompt sent before the conversation (AG-UI `system`/`developer` messages follow it, in place). */
  system?: string;
  /** Sampling temperature (provider's range, usually 0-2 for OpenAI, 0-1 for Anthropic). Default: the provider's. */
  temperature?: number;
  /** Most tokens the model may write per run. Default: the provider's (Anthropic: the package's per-model default). */
  maxTokens?: number;
  /** Replaces the global `fetch` (tests, proxies). It receives the run's `AbortSignal` in `init.signal`. */
  fetch?: LlmFetch;
  /**
   * Must be `true` to run in a browser with a key (`apiKey`, or an `Authorization`/`x-api-key`/`api-key` header):
   * whoever can open the page can read the key. Fine for a person's own key, an internal tool, or a local model;
   * otherwise keep the key on a server. Without it, in a browser, a key given makes `configError` set and every run
   * end with `RUN_ERROR` code `config_error` before any request (the constructor does not throw).
   */
  dangerouslyAllowBrowser?: boolean;
  /** Retry bounds for 429, 5xx/overloaded and connection failures. */
  retry?: LlmRetryOptions;
}
