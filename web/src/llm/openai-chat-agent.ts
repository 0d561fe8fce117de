import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { LlmAgent } from './llm-agent.js';
import type { LlmAgentOptions } from './types.js';

/** Hosts of hosted OpenAI-compatible APIs, which always need a key. */
const HOSTED = ['api.openai.com', 'openrouter.ai'];

/** Options of `OpenAIChatAgent`. */
export interface OpenAIChatAgentOptions extends LlmAgentOptions {
  /**
   * The API root that `/chat/completions` is appended to, e.g. `https://api.openai.com/v1`,
   * `http://localhost:11434/v1` (Ollama), `http://localhost:8080/v1` (llama.cpp server), `http://localhost:8000/v1`
   * (vLLM), `http://localhost:1234/v1` (LM Studio), `https://openrouter.ai/api/v1`.
   */
  baseUrl: string;
  /**
   * Asks for token usage in the stream (`stream_options.include_usage`), reported in `RUN_FINISHED.usage`. Turn it
   * off for a server that rejects the field. Default `true`.
   */
  includeUsage?: boolean;
}

/**
 * An AG-UI agent for any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio,
 * OpenRouter), over the AI SDK's `@ai-sdk/openai-compatible` provider. The page's tools are sent as function tools;
 * tool results go back as `role: "tool"` messages with their `tool_call_id`. See `LlmAgent` for the events and errors.
 *
 * The constructor does not throw for options that cannot work: it sets `configError` (an `LlmConfigError`) for no
 * `model`, no `baseUrl`, a key in a browser without `dangerouslyAllowBrowser: true`, or no key for a hosted API
 * (`api.openai.com`, `openrouter.ai`; a local server needs none), and every run then ends with `RUN_ERROR` code
 * `config_error`, sending nothing.
 * @example
 * import { OpenAIChatAgent } from 'ag-ui-lit/llm';
 * const agent = new OpenAIChatAgent({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' }); // Ollama, no key
 * document.querySelector('ag-ui-agent').agent = agent;
 */
export class OpenAIChatAgent extends LlmAgent {
  protected readonly providerName = 'openai-compatible';
  /** The API root requests go to. */
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #headers: Record<string, string> | undefined;
  readonly #fetch: LlmAgentOptions['fetch'];
  readonly #includeUsage: boolean;

  constructor(options: OpenAIChatAgentOptions) {
    const { baseUrl, includeUsage, ...rest } = options;
    super(rest);
    if (typeof baseUrl !== 'string' || baseUrl === '') this.reportConfigError('OpenAIChatAgent needs a baseUrl (e.g. https://api.openai.com/v1)');
    this.baseUrl = typeof baseUrl === 'string' ? baseUrl : '';
    this.requireKeyFor(this.baseUrl, HOSTED);
    this.#apiKey = options.apiKey;
    this.#headers = options.headers;
    this.#fetch = options.fetch;
    this.#includeUsage = includeUsage ?? true;
  }

  protected createLanguageModel(): LanguageModelV3 {
    const provider = createOpenAICompatible({
      name: this.providerName,
      baseURL: this.baseUrl,
      includeUsage: this.#includeUsage,
      ...(this.#apiKey && { apiKey: this.#apiKey }),
      ...(this.#headers && { headers: this.#headers }),
      ...(this.#fetch && { fetch: this.#fetch }),
    });
    return provider.chatModel(this.model);
  }
}
