import { createAnthropic } from '@ai-sdk/anthropic';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { LlmAgent } from './llm-agent.js';
import type { LlmAgentOptions } from './types.js';

/** Options of `AnthropicAgent`. */
export interface AnthropicAgentOptions extends LlmAgentOptions {
  /** The API root that `/messages` is appended to. Default `https://api.anthropic.com/v1`. */
  baseUrl?: string;
}

/**
 * An AG-UI agent for Anthropic's Messages API, over the AI SDK's `@ai-sdk/anthropic` provider. The page's tools are
 * sent as `tools` with their JSON Schema; tool results go back as `tool_result` blocks with their `tool_use_id`, and
 * `is_error: true` for a tool message that has `error`. With `dangerouslyAllowBrowser` it also sends
 * `anthropic-dangerous-direct-browser-access: true`, which the API needs to answer a page's CORS request. See
 * `LlmAgent` for the events and errors.
 *
 * The constructor does not throw for options that cannot work: it sets `configError` (an `LlmConfigError`) for no
 * `model`, a key in a browser without `dangerouslyAllowBrowser: true`, or no key (in `apiKey` or an `x-api-key`
 * header) for the hosted API (`api.anthropic.com`; another `baseUrl`, such as a proxy that adds the key, needs none),
 * and every run then ends with `RUN_ERROR` code `config_error`, sending nothing.
 * @example
 * import { AnthropicAgent } from 'ag-ui-lit/llm';
 * const agent = new AnthropicAgent({ apiKey: myOwnKey, model: 'claude-sonnet-4-5', dangerouslyAllowBrowser: true });
 * document.querySelector('ag-ui-agent').agent = agent;
 */
export class AnthropicAgent extends LlmAgent {
  protected readonly providerName = 'anthropic';
  /** The API root requests go to. */
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #headers: Record<string, string>;
  readonly #fetch: LlmAgentOptions['fetch'];

  constructor(options: AnthropicAgentOptions) {
    const { baseUrl, ...rest } = options;
    super(rest);
    this.baseUrl = baseUrl ?? 'https://api.anthropic.com/v1';
    this.requireKeyFor(this.baseUrl, ['api.anthropic.com']);
    this.#apiKey = options.apiKey;
    this.#headers = {
      ...(options.dangerouslyAllowBrowser === true && { 'anthropic-dangerous-direct-browser-access': 'true' }),
      ...options.headers,
    };
    this.#fetch = options.fetch;
  }

  protected createLanguageModel(): LanguageModelV3 {
    const provider = createAnthropic({
      baseURL: this.baseUrl,
      // The package requires a key; without one (a proxy that adds it, from `headers` or on its side) it sends an
      // empty `x-api-key`, which `headers` may replace.
      apiKey: this.#apiKey ?? '',
      headers: this.#headers,
      ...(this.#fetch && { fetch: this.#fetch }),
    });
    return provider.messages(this.model);
  }
}
