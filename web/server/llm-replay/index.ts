/**
 * Local HTTP servers that replay the LLM providers' documented wire formats (OpenAI Chat Completions, Anthropic
 * Messages) from golden fixtures, scripted per test: the server side of ag-ui-lit/llm's tests in Chromium and Node.
 * Importing this module has no side effects.
 */
export {
  createLlmReplayMiddleware,
  type LlmReplayMiddleware,
  type LlmReplayMiddlewareOptions,
  type ReplaySessionCreated,
  type ReplaySessionReport,
} from './llm-replay-middleware.js';
export { ReplaySessionInputSchema, ReplayStepSchema, type ReplayOutcome, type ReplayRequest, type ReplayStep } from './replay-session.js';
