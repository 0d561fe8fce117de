/**
 * The framework-free tool runtime: no Lit, no DOM beyond EventTarget/AbortSignal.
 * Its public surface, by name; everything else in this folder is internal and imported from its own file.
 * @module
 */

// Tool definitions, results, statistics
export {
  CircuitState,
  DEFAULT_CIRCUIT_BREAKER_CONFIG,
  DEFAULT_RETRY_CONFIG,
  DEFAULT_TOOL_TIMEOUT_MS,
  ToolEffect,
  ToolRecovery,
  ToolErrorCategory,
  ToolExecutionStatus,
} from './types.js';
export type {
  AgUiToolDescription,
  CircuitBreakerConfig,
  JSONSchema,
  RegisteredTool,
  RetryConfig,
  RetryConfigOverrides,
  ToolDefinition,
  ToolError,
  ToolExecution,
  ToolExecutionContext,
  ToolExecutionOutcome,
  ToolExecutionResult,
  ToolLateCompletion,
  ToolProgress,
  ToolMetadata,
  ToolRateLimit,
  ToolRedaction,
  ToolRenderContext,
  ToolStats,
  ToolValidationIssue,
} from './types.js';
export { isToolEffect } from './tool-effect.js';
export { defineTool, type SchemaToolDefinition } from './define-tool.js';

// Errors
export {
  categorizeError,
  categoryForStatus,
  HttpToolError,
  parseRetryAfter,
  PermanentToolError,
  ToolErrorCode,
  ToolHandlerError,
  ToolRegistrationError,
  ToolRegistrationErrorCode,
  TransientToolError,
} from './errors.js';
export type { ToolHandlerErrorOptions } from './errors.js';

// Events
export { TypedEventTarget } from './typed-event-target.js';
export { TOOL_EXECUTION_EVENT_TYPES, ToolRegistryChangeAction } from './tool-events.js';
export type {
  CircuitStateChangedDetail,
  ToolExecutionCancelledDetail,
  ToolExecutionEvent,
  ToolExecutionEventBase,
  ToolExecutionEventType,
  ToolExecutionExecutingDetail,
  ToolExecutionProgressDetail,
  ToolExecutionFailedDetail,
  ToolExecutionLateCompletionDetail,
  ToolExecutionManagerEventMap,
  ToolExecutionRateLimitedDetail,
  ToolExecutionRetryingDetail,
  ToolExecutionStartedDetail,
  ToolExecutionSucceededDetail,
  ToolExecutionUncertainDetail,
  ToolExecutionValidatingDetail,
  ToolRegistryChangeDetail,
  ToolRegistryEventMap,
} from './tool-events.js';

// Registry
export { globalToolRegistry, TOOL_NAME_PATTERN, ToolRegistry } from './tool-registry.js';
export type { ToolRegistryOptions } from './tool-registry.js';
export {
  coreToolId,
  MAX_TOOL_ID_LENGTH,
  mcpToolId,
  parseToolId,
  TOOL_ID_SEPARATOR,
  ToolIdError,
  ToolIdErrorCode,
  ToolNamespace,
} from './tool-namespace.js';
export type { ParsedToolId } from './tool-namespace.js';

// Policy, budgets, redaction
export {
  budgetsFor,
  decide,
  DEFAULT_APPROVAL_EFFECTS,
  DEFAULT_TOOL_POLICY,
  isToolDenied,
  ToolDecision,
  ToolPolicyError,
} from './tool-policy.js';
export type { ToolBudgets, ToolDecisionContext, ToolPolicy, ToolPolicyToolSettings } from './tool-policy.js';
export { ResultTooLargeError, withToolBudgets } from './tool-budgets.js';
export { REDACTED, redactionInForce, redactJsonText, redactValue } from './tool-redaction.js';

// Running tools
export { DefaultToolExecutor, ValidatingToolExecutor } from './tool-executor.js';
export type { ToolExecutor } from './tool-executor.js';
export { computeRetryDelay, isRetryableCategory } from './retry.js';
export { ToolExecutionManager } from './tool-execution-manager.js';
export type { ToolExecuteOptions, ToolExecutionManagerOptions } from './tool-execution-manager.js';
export { defineUiTool, type UiToolDefinition, type UiToolRenderContext } from './ui-tool.js';
