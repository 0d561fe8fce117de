import { AbstractAgent, EventType, randomUUID, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { Observable } from 'rxjs';
import { CREDENTIAL_HEADER, LlmConfigError, classifyLlmError, redact, secretsOf, type LlmFailure } from './llm-errors.js';
import { StreamEvents, usageEntry } from './stream-events.js';
import { toPrompt, toTools } from './to-prompt.js';
import { LlmErrorCode, type LlmAgentOptions } from './types.js';

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_DELAY_MS = 30_000;
const DEFAULT_BASE_DELAY_MS = 1000;

/** True in a page or a worker (where whoever runs the code can read the key), false in Node. */
function inBrowser(): boolean {
  const scope = globalThis as { document?: unknown; importScripts?: unknown };
  return typeof scope.document !== 'undefined' || typeof scope.importScripts === 'function';
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error the stream reader surfaced, or the `error` stream part's payload: both end the attempt. */
class StreamPartError {
  constructor(readonly error: unknown) {}
}

/**
 * An AG-UI agent over a provider's language model (the AI SDK's `LanguageModelV3`), the base of `OpenAIChatAgent` and
 * `AnthropicAgent`. `run(input)` sends the conversation, the `context` and the page's tools to the model with
 * `doStream()` and emits AG-UI events while it streams: `RUN_STARTED`; text as `TEXT_MESSAGE_*`, reasoning as
 * `REASONING_*`, each tool call as `TOOL_CALL_START/ARGS/END` with the provider's call id; then `RUN_FINISHED` with
 * `result: { finishReason, rawFinishReason }` and `usage: [{ provider, model, inputTokens, outputTokens, ... }]`, or
 * `RUN_ERROR` with a stable `code` (`LlmErrorCode`). It never runs tools: the page does (`<ag-ui-agent>`'s loop) and
 * calls `run()` again with the results.
 *
 * Requests that fail with 429, 5xx/overloaded or a connection error before anything streamed are retried up to
 * `retry.maxRetries` times, waiting the provider's `Retry-After` (bounded by `retry.maxDelayMs`) or a doubling
 * backoff. `abortRun()` (and unsubscribing) aborts the HTTP request and any wait; the run then ends with a
 * `RUN_ERROR` whose `code` is `'abort'`. Credentials are never logged or put in events: messages are redacted.
 */
export abstract class LlmAgent extends AbstractAgent {
  /** The model id the agent sends. */
  readonly model: string;
  /** The system prompt sent before the conversation, if any. */
  system: string | undefined;
  /** Sampling temperature; `undefined` for the provider's default. */
  temperature: number | undefined;
  /** Most output tokens per run; `undefined` for the provider's default. */
  maxTokens: number | undefined;
  /** Controllers of the requests in flight (`abortRun()` aborts them all). */
  readonly #inFlight = new Set<AbortController>();
  readonly #secrets: readonly string[];
  readonly #retry: Required<NonNullable<LlmAgentOptions['retry']>>;
  #languageModel: LanguageModelV3 | undefined;
  readonly #hasKey: boolean;
  readonly #customFetch: boolean;
  #configError: LlmConfigError | undefined;

  /**
   * Does not throw for options that cannot work: it records the first problem in `configError` (no `model`; a key,
   * in `apiKey` or a credential header, in a browser without `dangerouslyAllowBrowser: true`), and every run then
   * ends with `RUN_ERROR` code `config_error` before any request. (A non-object `options` throws a `TypeError`.)
   */
  constructor(options: LlmAgentOptions) {
    const { model, apiKey, headers, system, temperature, maxTokens, dangerouslyAllowBrowser, retry, fetch: customFetch, ...config } = options;
    super(config);
    this.#hasKey = Boolean(apiKey) || Object.keys(headers ?? {}).some((name) => CREDENTIAL_HEADER.test(name));
    this.#customFetch = customFetch !== undefined;
    if (typeof model !== 'string' || model === '') this.reportConfigError(`${new.target.name} needs a model id (options.model)`);
    if (this.#hasKey && dangerouslyAllowBrowser !== true && inBrowser()) {
      this.reportConfigError(
        `${new.target.name} was given an API key in a browser, where anyone who can open the page can read it. ` +
          'Keep the key on a server (and point baseUrl at it), or pass dangerouslyAllowBrowser: true if exposing it is fine ' +
          "(your own key, an internal tool, a local model).",
      );
    }
    this.model = typeof model === 'string' ? model : '';
    this.system = system;
    this.temperature = temperature;
    this.maxTokens = maxTokens;
    this.#secrets = secretsOf(apiKey, headers);
    this.#retry = {
      maxRetries: retry?.maxRetries ?? DEFAULT_MAX_RETRIES,
      maxDelayMs: retry?.maxDelayMs ?? DEFAULT_MAX_DELAY_MS,
      baseDelayMs: retry?.baseDelayMs ?? DEFAULT_BASE_DELAY_MS,
    };
  }

  /**
   * What is wrong with the options, when something is (the first problem found); `undefined` when they can work.
   * While it is set, every run ends with `RUN_ERROR` code `config_error` (its message) and sends nothing.
   */
  get configError(): LlmConfigError | undefined {
    return this.#configError;
  }

  /** The provider's name in messages and usage entries (`openai-compatible`, `anthropic`). */
  protected abstract readonly providerName: string;

  /** The API root requests go to (named in the message when it cannot be reached). */
  abstract readonly baseUrl: string;

  /** Records a problem with the options in `configError` (the first one wins). For the subclasses' constructors. */
  protected reportConfigError(message: string): void {
    this.#configError ??= new LlmConfigError(message);
  }

  /**
   * For the subclasses' constructors: `baseUrl` is a hosted API (one of `hosts`) that needs a key, and none was given
   * (in `apiKey` or a credential header) nor a custom `fetch` (which may add one): record it in `configError`.
   */
  protected requireKeyFor(baseUrl: string, hosts: readonly string[]): void {
    if (this.#hasKey || this.#customFetch) return;
    let host: string;
    try {
      host = new URL(baseUrl).hostname;
    } catch {
      return;
    }
    if (hosts.includes(host)) {
      this.reportConfigError(`${this.constructor.name}: ${baseUrl} needs an API key (options.apiKey), or point baseUrl at a proxy that adds it`);
    }
  }

  /** Builds the provider package's language model (called once, on the first run). */
  protected abstract createLanguageModel(): LanguageModelV3;

  /** Provider-specific call options merged into every `doStream()` call (e.g. Anthropic's `providerOptions`). */
  protected callOptions(): Partial<LanguageModelV3CallOptions> {
    return {};
  }

  /** The language model the runs call (created on first use). */
  protected get languageModel(): LanguageModelV3 {
    return (this.#languageModel ??= this.createLanguageModel());
  }

  /**
   * One run: a cold observable of AG-UI events. It starts the request when subscribed, aborts it when unsubscribed,
   * never errors (failures are a `RUN_ERROR` event), and completes after `RUN_FINISHED` or `RUN_ERROR`.
   */
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const controller = new AbortController();
      this.#inFlight.add(controller);
      const emit = (event: BaseEvent) => {
        if (!subscriber.closed) subscriber.next(event);
      };
      void this.#runOnce(input, controller.signal, emit).then(() => subscriber.complete());
      return () => {
        controller.abort();
        this.#inFlight.delete(controller);
      };
    });
  }

  /** Aborts every request in flight; their runs end with a `RUN_ERROR` whose `code` is `'abort'`. */
  override abortRun(): void {
    for (const controller of this.#inFlight) controller.abort();
    super.abortRun();
  }

  async #runOnce(input: RunAgentInput, signal: AbortSignal, emit: (event: BaseEvent) => void): Promise<void> {
    const { threadId, runId } = input;
    emit({ type: EventType.RUN_STARTED, threadId, runId } as BaseEvent);
    const who = `${this.providerName} model ${this.model}`;
    if (this.#configError) {
      emit({ type: EventType.RUN_ERROR, message: redact(this.#configError.message, this.#secrets), code: LlmErrorCode.CONFIG_ERROR } as BaseEvent);
      return;
    }
    let options: LanguageModelV3CallOptions;
    try {
      const tools = toTools(input.tools);
      options = {
        ...this.callOptions(),
        prompt: toPrompt(input, this.system),
        ...(tools.length > 0 && { tools, toolChoice: { type: 'auto' } }),
        ...(this.temperature !== undefined && { temperature: this.temperature }),
        ...(this.maxTokens !== undefined && { maxOutputTokens: this.maxTokens }),
        abortSignal: signal,
      };
    } catch (error) {
      this.#fail(emit, classifyLlmError(error, who, this.baseUrl));
      return;
    }
    for (let attempt = 0; ; attempt++) {
      const events = new StreamEvents(randomUUID);
      try {
        await this.#stream(options, events, emit);
        if (!events.finish) throw new StreamPartError(new TypeError('The connection closed before the model finished'));
        for (const event of events.close()) emit(event);
        emit({
          type: EventType.RUN_FINISHED,
          threadId,
          runId,
          result: events.finish.result,
          usage: [usageEntry(events.finish.usage, this.providerName, this.model)],
        } as BaseEvent);
        return;
      } catch (thrown) {
        if (signal.aborted) {
          emit({ type: EventType.RUN_ERROR, message: 'The run was stopped', code: LlmErrorCode.ABORT } as BaseEvent);
          return;
        }
        const failure = classifyLlmError(thrown instanceof StreamPartError ? thrown.error : thrown, who, this.baseUrl);
        const delay = this.#retryDelay(failure, attempt);
        if (events.emittedContent || delay === undefined) {
          this.#fail(emit, failure, attempt);
          return;
        }
        try {
          await sleep(delay, signal);
        } catch {
          emit({ type: EventType.RUN_ERROR, message: 'The run was stopped', code: LlmErrorCode.ABORT } as BaseEvent);
          return;
        }
      }
    }
  }

  async #stream(options: LanguageModelV3CallOptions, events: StreamEvents, emit: (event: BaseEvent) => void): Promise<void> {
    const { stream } = await this.languageModel.doStream(options);
    const reader = stream.getReader();
    try {
      for (;;) {
        let next: ReadableStreamReadResult<LanguageModelV3StreamPart>;
        try {
          next = await reader.read();
        } catch (error) {
          throw new StreamPartError(error);
        }
        if (next.done) return;
        const out = events.push(next.value);
        if (!Array.isArray(out)) throw new StreamPartError(out.error);
        for (const event of out) emit(event);
      }
    } finally {
      // Stops the provider's pipeline (and its body read) when the attempt ends early; ignored once it has ended.
      reader.cancel().catch(() => undefined);
    }
  }

  /** How long to wait before retrying `failure` after attempt `attempt` (0-based), or `undefined` not to retry. */
  #retryDelay(failure: LlmFailure, attempt: number): number | undefined {
    if (!failure.retryable || attempt >= this.#retry.maxRetries) return undefined;
    const delay = failure.retryAfterMs ?? this.#retry.baseDelayMs * 2 ** attempt;
    return delay <= this.#retry.maxDelayMs ? delay : undefined;
  }

  #fail(emit: (event: BaseEvent) => void, failure: LlmFailure, retries = 0): void {
    let message = failure.message;
    if (retries > 0) message += ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})`;
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.#retry.maxDelayMs) {
      message += `; the provider asks to wait ${Math.ceil(failure.retryAfterMs / 1000)} s`;
    }
    emit({ type: EventType.RUN_ERROR, message: redact(message, this.#secrets), code: failure.code } as BaseEvent);
  }
}
