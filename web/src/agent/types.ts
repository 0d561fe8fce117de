import type { BaseEvent, Context, Interrupt, Message, RunAgentInput, State } from '@ag-ui/client';
import type { Observable } from 'rxjs';
import type { ToolEffect, ToolExecution, ToolExecutionManager, ToolError, ToolExecutionStatus, ToolRegistry } from '../tools/index.js';

/**
 * What `AgentRunLoop` and `<ag-ui-agent>` need of an agent: the part of `@ag-ui/client`'s `AbstractAgent` they use.
 * Every `AbstractAgent` (`HttpAgent`, a custom subclass) is one, and so is `SseHttpAgent`. The loop calls `run(input)`
 * for every run and subscribes to it (unsubscribing to stop), calls `abortRun()` on Stop, and mirrors the
 * conversation back after each change (`threadId`, `setMessages()`, `setState()`, `pendingInterrupts`, `isRunning`).
 */
export interface RunnableAgent {
  threadId: string;
  messages: Message[];
  state: State;
  isRunning: boolean;
  pendingInterrupts?: Interrupt[];
  /** One run: the AG-UI events of `input`'s run, in order (`@ag-ui/client`'s `AbstractAgent.run`). */
  run(input: RunAgentInput): Observable<BaseEvent>;
  abortRun(): void;
  setMessages(messages: Message[]): void;
  setState(state: State): void;
}

/** Options of `AgentRunLoop`. */
export interface AgentRunLoopOptions {
  /** The AG-UI agent to run (an `SseHttpAgent`, an `HttpAgent` or any `AbstractAgent`). Its `threadId`, `messages` and `state` seed the loop. */
  agent: RunnableAgent;
  /** Where frontend tools are looked up (a tool call whose name is not registered here is a backend tool). */
  registry: ToolRegistry;
  /** Runs the tools. Default: a new `ToolExecutionManager` with a `ValidatingToolExecutor` that updates `registry`'s stats. */
  manager?: ToolExecutionManager;
  /** Follow-up runs allowed per user message before the loop stops with `max_tool_iterations`. Default 5. */
  maxToolIterations?: number;
  /** AG-UI `context` entries sent with every run (follow-ups included). */
  context?: Context[];
  /** AG-UI `forwardedProps` sent with every run. */
  forwardedProps?: Record<string, unknown>;
}

/** Codes of `run-error`. */
export const RunErrorCode = {
  /** The server answered with a non-2xx status. */
  HTTP_ERROR: 'http_error',
  /** The connection failed or dropped mid-stream. */
  NETWORK_ERROR: 'network_error',
  /** The agent sent `RUN_ERROR`. */
  RUN_ERROR: 'run_error',
  /** The event stream broke the AG-UI protocol (`verifyEvents`) or was not parseable. */
  PROTOCOL_ERROR: 'protocol_error',
  /** The loop guard stopped a run that kept calling tools (`maxToolIterations`). */
  MAX_TOOL_ITERATIONS: 'max_tool_iterations',
  /** Anything else. */
  UNKNOWN: 'unknown',
} as const;
export type RunErrorCode = (typeof RunErrorCode)[keyof typeof RunErrorCode];

/** Where a tool call is answered. */
export type ToolCallKind = 'frontend' | 'backend';

/**
 * Live UI state of one tool call (frontend or backend), keyed by `toolCallId` in `AgentRunLoop.toolCalls`.
 * The AG-UI message list holds the call itself (`AssistantMessage.toolCalls`) and its result (`ToolMessage`); this
 * holds what the protocol does not carry: status, retries, the execution record.
 */
export interface ToolCallView {
  toolCallId: string;
  toolCallName: string;
  kind: ToolCallKind;
  /** Raw arguments text as streamed so far. */
  argsText: string;
  /**
   * `streaming` while TOOL_CALL_ARGS arrive. Frontend: `pending` from TOOL_CALL_END until the run ends, then the
   * execution's status (`pending` again while a retry waits, see `retry`); `failed` for invalid JSON arguments;
   * `cancelled` when stopped or not run. Backend: `executing` from TOOL_CALL_END (the server runs it), `succeeded`
   * once TOOL_CALL_RESULT arrives, `cancelled` if the run was stopped or failed first. A frontend call the policy
   * wants approved is `awaiting_approval` (see `approval`) until a person decides: then it runs, or is `cancelled`
   * (denied, Stop); a call the policy denies is `failed` without running.
   */
  status: 'streaming' | 'awaiting_approval' | ToolExecutionStatus;
  /** Set while `awaiting_approval`: what the person is asked to approve. */
  approval?: ToolApprovalView;
  /** Set while a retry backoff is pending. `delayMs` in ms; `retryAt` in ms since the epoch. */
  retry?: { attemptNumber: number; maxAttempts: number; delayMs: number; retryAt: number; error: ToolError };
  /**
   * Tool result content (as sent to the agent, or as received from the server for a backend tool). For a tool with a
   * `redaction` config, this and `argsText`, `error` and `execution` are redacted (see `ToolRedaction`).
   */
  result?: string;
  error?: ToolError;
  execution?: ToolExecution;
}

/** A call waiting for a person's approval (`ToolCallView.approval`). */
export interface ToolApprovalView {
  /** The tool's effect. */
  effect: ToolEffect;
  /** The arguments as the agent sent them (JSON-parsed, not yet validated), redacted per the tool's `redaction.args`. */
  args: unknown;
  /**
   * A `tool-approval-requested` listener called `preventDefault()`: the page asks the person in its own UI, so a
   * default UI (the element's approval card) stays hidden.
   */
  defaultPrevented: boolean;
}

export interface RunStartedDetail { threadId: string; runId: string; /** 0 for the user's run, n for the n-th follow-up. */ iteration: number }
export interface RunFinishedDetail {
  threadId: string;
  runId: string;
  iteration: number;
  /** Whether a follow-up run comes next (frontend tools ran and asked for one). */
  followUp: boolean;
  /** AG-UI `RUN_FINISHED.result`, if any. */
  result?: unknown;
  /** Interrupts the run finished with (AG-UI `outcome: { type: 'interrupt' }`); empty otherwise. */
  interrupts: Interrupt[];
}
export interface RunErrorDetail { code: RunErrorCode; message: string; threadId: string; runId?: string; status?: number; cause?: unknown }
export interface MessagesChangedDetail {
  /** The conversation (the loop's own array, mutated in place between events). */
  messages: readonly Message[];
  /** `AgentRunLoop.version` after this batch; differs from the previous event's. */
  version: number;
  /** Ids of the messages created or changed in this batch, in first-touch order. */
  changedMessageIds: readonly string[];
}
export interface StateChangedDetail { state: State }
export interface ToolCallStartDetail { toolCallId: string; toolCallName: string; parentMessageId?: string; kind: ToolCallKind }
export interface ToolCallArgsDetail {
  toolCallId: string;
  /** The chunk as streamed; `'[redacted]'` for a tool with a `redaction` config (a fragment cannot be redacted). */
  delta: string;
  /**
   * Best-effort parse of the arguments so far (`parsePartialJson`), `undefined` when nothing can be recovered.
   * A lazy getter: computed on first read (O(length of the arguments)), so listeners that only read `delta` pay nothing.
   */
  partialArgs: unknown;
}
/** A frontend tool succeeded. For a tool with a `redaction` config, `toolCallArgs`, `result` and `execution` are redacted. */
export interface ToolCallEndDetail { toolCallId: string; toolCallName: string; toolCallArgs: unknown; result: string; execution: ToolExecution }
export interface ToolCallErrorDetail { toolCallId: string; toolCallName: string; error: ToolError; execution?: ToolExecution }
export interface ToolStatusChangedDetail { toolCallId: string; toolCallName: string; status: ToolCallView['status']; execution?: ToolExecution }
export interface ToolRetryingDetail {
  toolCallId: string;
  toolCallName: string;
  /** The attempt that comes next (2 for the first retry). */
  attemptNumber: number;
  maxAttempts: number;
  error: ToolError;
  /** Wait before that attempt, in ms. */
  delayMs: number;
}

/**
 * Detail of `tool-approval-requested`: a frontend call the policy wants approved (see `decide()`), and how to answer
 * it. Exactly one of `approve()`/`deny()` counts (later calls return `false`); Stop answers it `cancelled`. Until then
 * the call waits, from its run's RUN_FINISHED on, while the calls that need no approval run.
 */
export interface ToolApprovalRequestedDetail {
  toolCallId: string;
  toolCallName: string;
  /** The tool's effect. */
  effect: ToolEffect;
  /**
   * The arguments as the agent sent them (JSON-parsed, not yet validated), redacted per the tool's `redaction.args`
   * (the tool still gets the real ones).
   */
  args: unknown;
  /**
   * Runs the call.
   * @returns `false` when it was already answered (approved, denied, cancelled)
   */
  approve(): boolean;
  /**
   * Does not run it: the agent gets `{"ok":false,"errorCode":"approval_denied","message":...}` (the message names the
   * reason when given) and the follow-up run happens.
   * @returns `false` when it was already answered
   */
  deny(reason?: string): boolean;
  /** Aborted once the request is answered (by anyone) or cancelled (Stop): close your own prompt then. */
  signal: AbortSignal;
}

/** Events of `AgentRunLoop` (a `TypedEventTarget`); the element re-fires each as `ag-ui-<name>`. */
export interface AgentRunLoopEventMap {
  'run-started': CustomEvent<RunStartedDetail>;
  /** A run ended with RUN_FINISHED and its tool round (if any) settled; fires before the follow-up's `run-started`. */
  'run-finished': CustomEvent<RunFinishedDetail>;
  'run-error': CustomEvent<RunErrorDetail>;
  'messages-changed': CustomEvent<MessagesChangedDetail>;
  'state-changed': CustomEvent<StateChangedDetail>;
  'tool-call-start': CustomEvent<ToolCallStartDetail>;
  'tool-call-args': CustomEvent<ToolCallArgsDetail>;
  'tool-call-end': CustomEvent<ToolCallEndDetail>;
  'tool-call-error': CustomEvent<ToolCallErrorDetail>;
  'tool-status-changed': CustomEvent<ToolStatusChangedDetail>;
  'tool-retrying': CustomEvent<ToolRetryingDetail>;
  /**
   * A frontend call needs a person's approval (cancelable: `preventDefault()` says the listener asks the person
   * itself, so default UIs stay hidden). Fired after the run's stream ended, after `tool-status-changed` to
   * `awaiting_approval`.
   */
  'tool-approval-requested': CustomEvent<ToolApprovalRequestedDetail>;
  /** `running` flipped: the loop (all runs and tools of one user message) started or ended. */
  'running-changed': CustomEvent<{ running: boolean }>;
}
