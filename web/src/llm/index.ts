/**
 * `ag-ui-lit/llm`: AG-UI agents that talk to a model provider directly (from the page, or from a server), so
 * `<ag-ui-agent>`'s tool loop runs on a real model. Not part of the main entry: import it only where it is used.
 *
 * @example
 * import { OpenAIChatAgent } from 'ag-ui-lit/llm';
 * el.agent = new OpenAIChatAgent({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' });
 */
export { OpenAIChatAgent, type OpenAIChatAgentOptions } from './openai-chat-agent.js';
export { AnthropicAgent, type AnthropicAgentOptions } from './anthropic-agent.js';
export { LlmAgent } from './llm-agent.js';
export { LlmConfigError } from './llm-errors.js';
export type { LlmRunResult, LlmUsage } from './stream-events.js';
export { LlmErrorCode, type LlmAgentOptions, type LlmFetch, type LlmRetryOptions } from './types.js';
