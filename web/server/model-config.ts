/** Which agent answers `POST /api/agent`: the scripted demo agent, or a real model through `ag-ui-lit/llm`. */
export const AgentKind = {
  /** The deterministic demo agent (`runDemoAgent`): no model, no key. */
  SCRIPTED: 'scripted',
  /** Any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, llama.cpp, vLLM, LM Studio, OpenRouter). */
  OPENAI_COMPATIBLE: 'openai-compatible',
  /** Anthropic's Messages API. */
  ANTHROPIC: 'anthropic',
} as const;
export type AgentKind = (typeof AgentKind)[keyof typeof AgentKind];

/** A real model the demo server runs (server-side: the key stays here). */
export interface ModelConfig {
  kind: typeof AgentKind.OPENAI_COMPATIBLE | typeof AgentKind.ANTHROPIC;
  /** The model id, e.g. `gpt-4.1-mini`, `llama3.2`, `claude-haiku-4-5`. */
  model: string;
  /** The API root (`/chat/completions` or `/messages` is appended); Anthropic's default when omitted. */
  baseUrl?: string;
  /** The provider key; omitted for a local model. Never sent to the page. */
  apiKey?: string;
}

/** What the page may know about the agent behind `/api/agent` (`GET /api/agent/info`): never a key or a URL. */
export type AgentInfo = { kind: typeof AgentKind.SCRIPTED } | { kind: ModelConfig['kind']; model: string };

/** Thrown by {@link modelConfigFromEnv} for an environment that names a model setup it cannot complete. */
export class ModelConfigError extends Error {
  /** Always `'invalid_model_config'`. */
  readonly code = 'invalid_model_config';
  override readonly name = 'ModelConfigError';
}

/** The OpenAI API root, used when `OPENAI_API_KEY` is set without `OPENAI_BASE_URL`. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Model used on OpenAI's API when `AG_UI_MODEL` is not set: small, cheap, good at tool calls. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';
/** Model used on Anthropic's API when `AG_UI_MODEL` is not set. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

/** Values of `AG_UI_PROVIDER`, which picks the agent when the environment holds several setups. */
const PROVIDERS: Record<string, AgentKind> = {
  scripted: AgentKind.SCRIPTED,
  openai: AgentKind.OPENAI_COMPATIBLE,
  'openai-compatible': AgentKind.OPENAI_COMPATIBLE,
  anthropic: AgentKind.ANTHROPIC,
};

/**
 * Reads the demo server's model setup from environment variables; `undefined` means the scripted demo agent.
 *
 * | Variable            | Meaning                                                                                  |
 * | ------------------- | ---------------------------------------------------------------------------------------- |
 * | `OPENAI_API_KEY`    | an OpenAI-compatible model (OpenAI's API unless `OPENAI_BASE_URL` says otherwise)          |
 * | `OPENAI_BASE_URL`   | an OpenAI-compatible API root; alone (no key) it selects a local model, e.g. Ollama's `http://localhost:11434/v1` |
 * | `ANTHROPIC_API_KEY` | an Anthropic model (`ANTHROPIC_BASE_URL` optional)                                         |
 * | `AG_UI_MODEL`       | the model id; default `gpt-4.1-mini` on OpenAI's API, `claude-haiku-4-5` on Anthropic's; required for another base URL |
 * | `AG_UI_PROVIDER`    | `scripted`, `openai` (or `openai-compatible`) or `anthropic`: which one, when several are set (default: OpenAI first) |
 *
 * Empty values count as unset.
 *
 * @throws ModelConfigError for an unknown `AG_UI_PROVIDER`, a provider forced without its key or URL, or a
 * non-OpenAI base URL without `AG_UI_MODEL` (no model name fits every server). The message never holds a value.
 */
export function modelConfigFromEnv(env: Record<string, string | undefined>): ModelConfig | undefined {
  const get = (name: string) => env[name]?.trim() || undefined;
  const openAiKey = get('OPENAI_API_KEY');
  const openAiBaseUrl = get('OPENAI_BASE_URL');
  const anthropicKey = get('ANTHROPIC_API_KEY');
  const model = get('AG_UI_MODEL');
  const forced = get('AG_UI_PROVIDER');

  let kind: AgentKind;
  if (forced !== undefined) {
    const named = PROVIDERS[forced.toLowerCase()];
    if (!named) throw new ModelConfigError(`AG_UI_PROVIDER must be one of ${Object.keys(PROVIDERS).join(', ')}`);
    kind = named;
  } else if (openAiKey || openAiBaseUrl) {
    kind = AgentKind.OPENAI_COMPATIBLE;
  } else if (anthropicKey) {
    kind = AgentKind.ANTHROPIC;
  } else {
    kind = AgentKind.SCRIPTED;
  }

  if (kind === AgentKind.SCRIPTED) return undefined;
  if (kind === AgentKind.ANTHROPIC) {
    if (!anthropicKey) throw new ModelConfigError('AG_UI_PROVIDER=anthropic needs ANTHROPIC_API_KEY');
    const baseUrl = get('ANTHROPIC_BASE_URL');
    return { kind, model: model ?? DEFAULT_ANTHROPIC_MODEL, apiKey: anthropicKey, ...(baseUrl && { baseUrl }) };
  }
  if (!openAiKey && !openAiBaseUrl) throw new ModelConfigError('AG_UI_PROVIDER=openai needs OPENAI_API_KEY or OPENAI_BASE_URL');
  const baseUrl = openAiBaseUrl ?? OPENAI_BASE_URL;
  if (!model && baseUrl.replace(/\/+$/, '') !== OPENAI_BASE_URL) {
    throw new ModelConfigError(
      'OPENAI_BASE_URL points at a server other than OpenAI: set AG_UI_MODEL to a model it serves (e.g. AG_UI_MODEL=llama3.2 for Ollama), ' +
        'or AG_UI_PROVIDER=scripted for the scripted demo agent',
    );
  }
  return { kind, model: model ?? DEFAULT_OPENAI_MODEL, baseUrl, ...(openAiKey && { apiKey: openAiKey }) };
}

/** The page's view of a setup: its kind and model, nothing else. */
export function agentInfo(config: ModelConfig | undefined): AgentInfo {
  return config ? { kind: config.kind, model: config.model } : { kind: AgentKind.SCRIPTED };
}
