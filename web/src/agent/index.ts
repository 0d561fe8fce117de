/**
 * The AG-UI run loop over `@ag-ui/client`, with browser-side tools from `../tools/`. No Lit, no DOM beyond
 * `EventTarget`.
 * @module
 */
export * from './types.js';
export { AgentRunLoop, DEFAULT_MAX_TOOL_ITERATIONS } from './agent-run-loop.js';
export { Conversation, type ConversationChange, type ToolCallEntry } from './conversation.js';
export { parsePartialJson } from './partial-json.js';
export { SseHttpAgent, type SseHttpAgentConfig, type SseHttpAgentFetch } from './sse-http-agent.js';
export {
  APPROVAL_DENIED_MESSAGE,
  CANCELLED_BY_USER_MESSAGE,
  INVALID_JSON_MESSAGE,
  ToolResultErrorCode,
  parseToolArguments,
  toolErrorContent,
} from './tool-results.js';
