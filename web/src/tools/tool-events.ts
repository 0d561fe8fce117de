import type { CircuitState, ToolError, ToolExecution, ToolLateCompletion, ToolProgress } from './types.js';

/**
 * Fields every execution event carries, so a listener (e.g. the AG-UI run loop) can map any event back to its
 * tool call without keeping its own index.
 */
export interface ToolExecutionEventBase {
  executionId: string;
  /** AG-UI `toolCallId` the execution answers. */
  toolCallId: string;
  toolName: string;
}

/**
 * `tool-execution-started`: the execution was queued (`execution.status` is `pending`). Always the first event
 * of an execution.
 */
export interface ToolExecutionStartedDetail extends ToolExecutionEventBase {
  /** Frozen snapshot of the record at this moment. */
  execution: ToolExecution;
}

/**
 * `tool-execution-rate-limited`: the tool's rate limit (`metadata.rateLimit`) holds the execution back; it starts
 * (its first attempt validates) after `delayMs`, unless cancelled meanwhile. Fires at most once, after `started`.
 */
export interface ToolExecutionRateLimitedDetail extends ToolExecutionEventBase {
  /** Wait before the execution starts, in ms. */
  delayMs: number;
  /** When it starts, ms since the epoch. */
  startAt: number;
  /** Frozen snapshot of the record (status `pending`). */
  execution: ToolExecution;
}

/** `tool-execution-validating`: an attempt is about to validate `args` (fires once per attempt). */
export interface ToolExecutionValidatingDetail extends ToolExecutionEventBase {
  /** The arguments as given to `execute()` (the caller's value, not a copy). */
  args: unknown;
  /** 1-based number of the attempt. */
  attemptNumber: number;
}

/** `tool-execution-executing`: an attempt starts (validation, then the handler). Fires once per attempt. */
export interface ToolExecutionExecutingDetail extends ToolExecutionEventBase {
  /** 1-based number of the attempt. */
  attemptNumber: number;
  maxAttempts: number;
}

/**
 * `tool-execution-progress`: the running attempt's handler reported how far it has come
 * (`ToolExecutionContext.reportProgress()`). Fires between `executing` and the attempt's outcome, any number of times.
 */
export interface ToolExecutionProgressDetail extends ToolExecutionEventBase {
  /** 1-based number of the attempt that reported it. */
  attemptNumber: number;
  progress: ToolProgress;
}

/** `tool-execution-succeeded`: the execution finished with a result. */
export interface ToolExecutionSucceededDetail extends ToolExecutionEventBase {
  /** Frozen snapshot of the finished record. */
  execution: ToolExecution;
  /** The result string sent to the agent. */
  result: string;
  /** `true` when the result came from the tool's result cache (`metadata.cache`): the handler did not run. */
  cached?: boolean;
}

/** `tool-execution-retrying`: an attempt failed with a retryable error; the next attempt starts after `delayMs`. */
export interface ToolExecutionRetryingDetail extends ToolExecutionEventBase {
  /** 1-based number of the NEXT attempt (the one that runs after the delay). */
  attemptNumber: number;
  maxAttempts: number;
  /** Error of the attempt that just failed. */
  error: ToolError;
  /** Wait before the next attempt, in ms. */
  delayMs: number;
  /** When the next attempt starts, ms since the epoch. */
  retryAt: number;
  /** Frozen snapshot of the record (status `pending`; the failed attempt's error is in `retry.previousErrors`). */
  execution: ToolExecution;
}

/** `tool-execution-failed`: the execution finished with an error (last attempt failed, or it failed fast). */
export interface ToolExecutionFailedDetail extends ToolExecutionEventBase {
  /** Frozen snapshot of the finished record. */
  execution: ToolExecution;
  error: ToolError;
}

/** `tool-execution-cancelled`: the execution was cancelled; a late result of its handler is ignored. */
export interface ToolExecutionCancelledDetail extends ToolExecutionEventBase {
  /** Frozen snapshot of the finished record (status `cancelled`, `error.category` `cancelled`). */
  execution: ToolExecution;
}

/**
 * `tool-execution-uncertain`: a tool whose effect is not `read_only` was stopped (its attempt timed out, or the
 * execution was cancelled) after its handler started; the action may have completed. Final, like `failed`.
 */
export interface ToolExecutionUncertainDetail extends ToolExecutionEventBase {
  /** Frozen snapshot of the finished record (status `uncertain`). */
  execution: ToolExecution;
  /** Category `uncertain`, code `uncertain_outcome`; `cause` is the timeout or abort reason. */
  error: ToolError;
}

/**
 * `tool-execution-late-completion`: an attempt the runtime had abandoned (timed out, cancelled) settled afterwards.
 * Its outcome changes nothing (the execution may already be over, or a later attempt running); it is recorded in
 * `execution.lateCompletion` so that nobody loses it.
 */
export interface ToolExecutionLateCompletionDetail extends ToolExecutionEventBase, ToolLateCompletion {
  /** Frozen snapshot of the record, `lateCompletion` included. */
  execution: ToolExecution;
}

/** `circuit-state-changed`: a tool's circuit breaker changed state. */
export interface CircuitStateChangedDetail {
  toolName: string;
  state: CircuitState;
  previousState: CircuitState;
  /** When `state` is `open`: ms until the circuit goes half-open. */
  retryAfter?: number;
}

/**
 * Events of `ToolExecutionManager`. Per execution they come in this order: `started`, `rate-limited` (when it
 * waits for its turn), then per attempt
 * `validating`, `executing` (with any number of `progress`), then `succeeded` | `retrying` (and the next attempt) | `failed` | `uncertain`;
 * `cancelled` (or `uncertain`, for a write whose handler started) can end the sequence at any point, and
 * `late-completion` can follow, even after the end, for an abandoned attempt that settles later. An execution rejected by an open circuit fires `started` then `failed`.
 */
export interface ToolExecutionManagerEventMap {
  'tool-execution-started': CustomEvent<ToolExecutionStartedDetail>;
  'tool-execution-rate-limited': CustomEvent<ToolExecutionRateLimitedDetail>;
  'tool-execution-validating': CustomEvent<ToolExecutionValidatingDetail>;
  'tool-execution-executing': CustomEvent<ToolExecutionExecutingDetail>;
  'tool-execution-progress': CustomEvent<ToolExecutionProgressDetail>;
  'tool-execution-succeeded': CustomEvent<ToolExecutionSucceededDetail>;
  'tool-execution-retrying': CustomEvent<ToolExecutionRetryingDetail>;
  'tool-execution-failed': CustomEvent<ToolExecutionFailedDetail>;
  'tool-execution-cancelled': CustomEvent<ToolExecutionCancelledDetail>;
  'tool-execution-uncertain': CustomEvent<ToolExecutionUncertainDetail>;
  'tool-execution-late-completion': CustomEvent<ToolExecutionLateCompletionDetail>;
  'circuit-state-changed': CustomEvent<CircuitStateChangedDetail>;
}

/** The manager's events that belong to one execution (all but `circuit-state-changed`). */
export type ToolExecutionEventType = Exclude<keyof ToolExecutionManagerEventMap, 'circuit-state-changed'>;

/**
 * Every `ToolExecutionEventType` as a runtime list, for code that follows every execution (the tool inspector). The
 * `satisfies` and the check below keep it in step with the event map.
 */
export const TOOL_EXECUTION_EVENT_TYPES = [
  'tool-execution-started',
  'tool-execution-rate-limited',
  'tool-execution-validating',
  'tool-execution-executing',
  'tool-execution-progress',
  'tool-execution-succeeded',
  'tool-execution-retrying',
  'tool-execution-failed',
  'tool-execution-cancelled',
  'tool-execution-uncertain',
  'tool-execution-late-completion',
] as const satisfies readonly ToolExecutionEventType[];
type ExecutionEventTypesComplete = Exclude<ToolExecutionEventType, (typeof TOOL_EXECUTION_EVENT_TYPES)[number]> extends never ? true : never;
const executionEventTypesComplete: ExecutionEventTypesComplete = true;
void executionEventTypesComplete;

/**
 * One execution event as `ToolExecuteOptions.onEvent` receives it: the manager event's `type` and `detail` (frozen),
 * as a union discriminated by `type`.
 */
export type ToolExecutionEvent = {
  [K in ToolExecutionEventType]: { type: K; detail: ToolExecutionManagerEventMap[K]['detail'] };
}[ToolExecutionEventType];

/** What changed in a `ToolRegistry`. */
export const ToolRegistryChangeAction = {
  REGISTERED: 'registered',
  UNREGISTERED: 'unregistered',
  CLEARED: 'cleared',
  /** `setPolicy()` replaced the policy. */
  POLICY_CHANGED: 'policy-changed',
} as const;
export type ToolRegistryChangeAction = (typeof ToolRegistryChangeAction)[keyof typeof ToolRegistryChangeAction];

/** `tool-registry-change` detail. */
export interface ToolRegistryChangeDetail {
  action: ToolRegistryChangeAction;
  /** The tool registered or unregistered; absent for `cleared` and `policy-changed`. */
  toolName?: string;
  /** Names registered after the change, in registration order. */
  toolNames: string[];
  /** For `cleared`: the names that were removed. */
  removedToolNames?: string[];
}

/** Events of `ToolRegistry`. */
export interface ToolRegistryEventMap {
  'tool-registry-change': CustomEvent<ToolRegistryChangeDetail>;
}
