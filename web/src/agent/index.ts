/**
 * The AG-UI run loop over `@ag-ui/client`, with browser-side tools from `../tools/`. No Lit, no DOM beyond
 * `EventTarget`.
 * @module
 */
export { AgentRunLoop, DEFAULT_MAX_TOOL_ITERATIONS, DEFAULT_STREAM_IDLE_TIMEOUT_MS } from './agent-run-loop.js';
export { Conversation, type ConversationChange, type ToolCallEntry } from './conversation.js';
export { APPROVAL_RESPONSE_SCHEMA } from './decisions.js';
export { parsePartialJson } from './partial-json.js';
export { SseHttpAgent, type SseHttpAgentConfig, type SseHttpAgentFetch } from './sse-http-agent.js';
export {
  APPROVAL_DENIED_MESSAGE,
  CANCELLED_BY_USER_MESSAGE,
  INVALID_JSON_MESSAGE,
  parseToolArguments,
  toolErrorContent,
} from './tool-results.js';
export {
  AGENT_RUN_LOOP_EVENTS,
  RunErrorCode,
  type ActivityChangedDetail,
  type AgentRunLoopEventMap,
  type AgentRunLoopEventName,
  type AgentRunLoopOptions,
  type ApprovalReason,
  type ApprovalScope,
  type RememberedApproval,
  type StoredApproval,
  type DecisionState,
  type DecisionsChangedDetail,
  type ExternalToolCallOutcome,
  type InterruptDetail,
  type MessagesChangedDetail,
  type PendingDecision,
  type RestoredThread,
  type RunErrorDetail,
  type RunFinishedDetail,
  type RunStartedDetail,
  type RunnableAgent,
  type StateChangedDetail,
  type ToolApprovalRequestedDetail,
  type ToolApprovalView,
  type ToolCallArgsDetail,
  type ToolCallClaim,
  type ToolCallEndDetail,
  type ToolCallJournal,
  type ToolCallError,
  type ToolCallErrorDetail,
  type ToolCallKind,
  type ToolCallRecord,
  type ToolCallStartDetail,
  type ToolCallStatus,
  type ToolRetryingDetail,
  type ToolStatusChangedDetail,
  type UnknownToolsMode,
} from './types.js';
