import type { BaseEvent, Context, Interrupt, Message, RunAgentInput, State } from '@ag-ui/client';
import type { Observable } from 'rxjs';
import type { ToolEffect, ToolExecution, ToolExecutionManager, ToolError, ToolExecutionStatus, ToolProgress, ToolRegistry } from '../tools/index.js';

/**
 * What `AgentRunLoop` and `<ag-ui-agent>` need of an agent: the part of `@ag-ui/client`'s `AbstractAgent` they use.
 * Every `AbstractAgent` (`HttpAgent`, a custom subclass) is one, and so is `SseHttpAgent`. The loop calls `run(input)`
 * for every run, through the middlewares `agent.use()` added (outermost first, as `runAgent()` chains them), and subscribes to it (unsubscribing to stop), calls `abortRun()` on Stop, and mirrors the
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
  /**
   * Runs the tools. Default: a new `ToolExecutionManager` with a `ValidatingToolExecutor`; it records each call's
   * statistics in the registry that registered the tool (`registry`, or its parent for a page-wide tool).
   */
  manager?: ToolExecutionManager;
  /** Follow-up runs allowed per user message before the loop stops with `max_tool_iterations`. Default 5. */
  maxToolIterations?: number;
  /** AG-UI `context` entries sent with every run (follow-ups included). */
  context?: Context[];
  /** AG-UI `forwardedProps` sent with every run. */
  forwardedProps?: Record<string, unknown>;
  /**
   * Longest silence allowed on a run's event stream, in ms (before the first event and between events); past it the
   * run is aborted and the turn ends with `run-error` code `stream_stalled`. Default 60000 (one minute); 0 or
   * `Infinity`: no limit.
   */
  streamIdleTimeoutMs?: number;
  /**
   * What to do with a call of a tool this page has not registered: `'ignore'` (default) leaves it to the agent's
   * server (a backend call: shown, never run or answered); `'answer'` answers it, once its run finished without a
   * result for it, with `{"ok":false,"errorCode":"unknown_tool",...}` and runs the agent again (a tool round, counted
   * by `maxToolIterations`), for agents that expect the client to answer every call.
   */
  unknownTools?: UnknownToolsMode;
  /** Makes frontend executions durable and exclusive (see `AgentRunLoop.journal`). Default: none. */
  journal?: ToolCallJournal;
}

/**
 * A thread to put back into a loop (`AgentRunLoop.restore()`): what a `ThreadStore` saved. Plain data.
 */
export interface RestoredThread {
  threadId: string;
  messages: Message[];
  /** Default `{}`. */
  state?: State;
  /** The tool-call records as `AgentRunLoop.toolCalls` held them (calls in `messages` without one get a fresh record). */
  toolCalls?: readonly ToolCallRecord[];
  /** The interrupts the thread's last run finished with, still waiting for an answer. */
  interrupts?: readonly Interrupt[];
  /** The error that ended the thread's last turn (its banner comes back; `cause` is not kept). */
  lastError?: RunErrorDetail;
}

/**
 * Makes a frontend call's execution durable and exclusive (`AgentRunLoop.journal`; the element sets one when it
 * persists its thread). `claim()` is awaited right before the tool runs; `settle()` once it has its answer.
 */
export interface ToolCallJournal {
  /**
   * Claims the call for this page: resolves `{ status: 'run' }` once no other page (tab) runs it and the record, with
   * `timing.startedAt` set, is durable; or `{ status: 'settled', record }` when another page already answered it (its
   * record, to be adopted rather than run again). Rejections are treated as `'run'` (the call is not lost).
   */
  claim(record: ToolCallRecord, signal: AbortSignal): Promise<ToolCallClaim>;
  /** The claimed call has its answer (`record`): make it durable, then let other pages claim it. Never rejects. */
  settle(record: ToolCallRecord): Promise<void>;
  /**
   * Optional: a person asked to remember an approval (`approveToolCall(id, { remember })`): keep it (the element's
   * journal writes it to its `ThreadStore`). Called synchronously; must not throw (report failures elsewhere).
   */
  rememberApproval?(approval: StoredApproval): void;
  /** Optional: remembered approvals were forgotten (`forgetApprovals(toolName?)`): forget them where they are kept. */
  forgetApprovals?(toolName?: string): void;
  /**
   * Optional: make what the loop holds durable now. `sendMessage()` awaits it after appending the user message and
   * before the run's request, so a page that goes away once the request is out keeps the message. Never rejects.
   */
  flush?(): Promise<void>;
}

/** What `ToolCallJournal.claim()` resolves with. */
export type ToolCallClaim = { status: 'run' } | { status: 'settled'; record: ToolCallRecord };

/** `AgentRunLoopOptions.unknownTools`: leave calls of unregistered tools to the server, or answer them `unknown_tool`. */
export type UnknownToolsMode = 'ignore' | 'answer';

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
  /** The event stream sent nothing for `streamIdleTimeoutMs` before the run finished; the loop aborted the run. */
  STREAM_STALLED: 'stream_stalled',
  /** Anything else. */
  UNKNOWN: 'unknown',
} as const;
export type RunErrorCode = (typeof RunErrorCode)[keyof typeof RunErrorCode];

/** Where a tool call is answered: `frontend` (a tool registered in this page) or `backend` (the agent's server). */
export type ToolCallKind = 'frontend' | 'backend';

/**
 * Where a tool call stands. `streaming` while TOOL_CALL_ARGS arrive. Frontend: `pending` from TOOL_CALL_END until
 * its run ends, then the execution's status (`pending` again while a retry waits, see `retry`); `awaiting_approval`
 * while a person decides (see `approval`); `failed` for invalid JSON arguments or a call the policy denies;
 * `cancelled` when stopped, denied by the person, or not run (also when the agent answered the call itself: `error.code`
 * `answered_by_agent`, `result` the agent's claim); `uncertain` when a tool whose effect is not
 * `read_only` was stopped (timeout, Stop) after it started, so the action may have completed. Backend: `executing` from TOOL_CALL_END (the server
 * runs it), `succeeded` once TOOL_CALL_RESULT arrives, `awaiting_approval` while an AG-UI interrupt with reason
 * `tool_call` asks about it, `unanswered` when its run finished without a result for it (a later result still
 * counts), `cancelled` if the run was stopped or failed first.
 */
export type ToolCallStatus = 'streaming' | 'awaiting_approval' | 'unanswered' | ToolExecutionStatus;

/** A `ToolError` as a tool-call record keeps it: plain data (no `cause`), redacted for a tool with a `redaction`. */
export type ToolCallError = Omit<ToolError, 'cause'>;

/**
 * One tool call of the thread (frontend or backend), keyed by `toolCallId` in `AgentRunLoop.toolCalls`: the one
 * record the loop writes as the stream and the tools progress, and that the element's cards, the loop's events and
 * the tool messages sent back are derived from. Plain, JSON-serializable data (no functions, class instances or
 * signals), so it can be saved and restored as is.
 *
 * The fields the page sees (`argsText`, `args`, `result`, `error`, `retry.error`, `approval.args`) are redacted for a
 * tool with a `redaction` config in force (see `ToolRedaction`), computed once when the record is written; what the
 * agent is sent is in `answer` (and in the conversation's tool message), unredacted.
 */
export interface ToolCallRecord {
  readonly toolCallId: string;
  toolCallName: string;
  kind: ToolCallKind;
  /** The assistant message that holds the call. */
  parentMessageId?: string;
  status: ToolCallStatus;
  /** Arguments text as streamed so far (the whole JSON once ended); redacted for a redacted tool once it ended. */
  argsText: string;
  /** The parsed arguments (once the call ran or was asked about). */
  args?: unknown;
  /** The result content: what the tool returned, or what the server sent for a backend call. */
  result?: string;
  /** Why it failed or did not run. */
  error?: ToolCallError;
  /** Set while a retry backoff is pending. `delayMs` in ms; `retryAt` in ms since the epoch. */
  retry?: { attemptNumber: number; maxAttempts: number; delayMs: number; retryAt: number; error: ToolCallError };
  /** Set while the call waits for its turn under the tool's rate limit (`pending`); `startAt` in ms since the epoch. */
  rateLimit?: { startAt: number };
  /** What the running attempt last reported of its progress (`ToolExecutionContext.reportProgress()`). */
  progress?: ToolProgress;
  /** The current (or last) attempt, 1-based, and how many are allowed; set once the call started running here. */
  attempts?: { attemptNumber: number; maxAttempts: number };
  /** Set while `awaiting_approval`: what the person is asked to approve. */
  approval?: ToolApprovalView;
  /** The `ToolExecutionManager` execution that ran it (see `manager.getExecution()`). */
  executionId?: string;
  /** The call ran without asking because a person had approved its tool for this thread or always. */
  approvedBy?: ApprovalScope;
  /** A person edited the arguments before approving: `args` and `argsText` are what ran (the agent is told). */
  argsEdited?: boolean;
  /**
   * What an attempt the runtime had abandoned (timed out, stopped) did when it settled afterwards: its result or error
   * (redacted like `result` and `error`). Only recorded: the agent is told nothing more. `at`: ms since the epoch.
   */
  lateCompletion?: { attemptNumber: number; at: number; result?: string; error?: ToolCallError };
  /**
   * Where a call that did not come from the agent came from (`AgentRunLoop.runToolCall()`): `'webmcp'` for a browser's
   * agent calling a tool the page exposed through WebMCP. Such a call has no `parentMessageId` and no message in the
   * conversation: the agent is not told of it.
   */
  origin?: string;
  /** ms since the epoch: when the call started streaming, started running here, and got its final status. */
  timing: { createdAt: number; startedAt?: number; completedAt?: number };
  /**
   * The tool message this page sent the agent for the call (frontend calls, and calls the loop answered as not run):
   * its id, content and `error`, unredacted, and whether it asks for a follow-up run.
   */
  answer?: { messageId: string; content: string; error?: string; followUp: boolean };
}

/** A call waiting for a person's approval (`ToolCallRecord.approval`). */
export interface ToolApprovalView {
  /** The tool's effect; absent for a backend call (an interrupt with reason `tool_call`). */
  effect?: ToolEffect;
  /** The arguments as the agent sent them (JSON-parsed, not yet validated), redacted per the tool's `redaction.args`. */
  args: unknown;
  /**
   * A listener of the request (`tool-approval-requested`, `interrupt`) called `preventDefault()`: the page asks the
   * person in its own UI, so a default UI (the element's approval card) stays hidden.
   */
  defaultPrevented: boolean;
  /**
   * Why a person is asked: `'policy'` (absent: the same), the policy wants the call approved; `'recovery'`, the call was
   * running when the page went away and its outcome is unknown: approving runs it again, denying marks it failed.
   */
  reason?: ApprovalReason;
  /**
   * Whether the person may approve all of this tool's calls at once (`thread`, `always`): not for a tool that the
   * page's policy or the tool itself says needs approval on every call.
   */
  rememberable?: boolean;
  /**
   * Whether the person may edit the arguments before approving (`approveToolCall(id, { args })`): a frontend call
   * whose arguments are shown whole (no redaction in force), asked by the policy.
   */
  editable?: boolean;
  /**
   * The agent's question, when an AG-UI `tool_call` interrupt asks about the call (its `message`, e.g. "Approve
   * deleting the cache files?"): the agent's words as it wrote them, shown as plain text (never markdown).
   */
  message?: string;
}

/** Why a call waits for a person (`ToolApprovalView.reason`, `PendingDecision.reason`). */
export type ApprovalReason = 'policy' | 'recovery';

/**
 * How long a person's approval of a tool holds (`approveToolCall(id, { remember })`): `thread`, the calls of that
 * tool in this thread; `always`, every call of it (this page, until the loop goes; across reloads too when the loop's
 * `journal` keeps approvals, as the element's does with a `ThreadStore` that has the approval methods). Either lapses
 * when the tool is registered again with another description, effect or schema.
 */
export type ApprovalScope = 'thread' | 'always';

/**
 * How a call run by `AgentRunLoop.runToolCall()` ended: its id, final status, and the tool message content the agent
 * would have been sent (`{"ok":false,"errorCode":...}` JSON for a call that failed or did not run; unredacted).
 */
export interface ExternalToolCallOutcome {
  toolCallId: string;
  status: 'succeeded' | 'failed' | 'cancelled' | 'uncertain';
  /** The tool message content: the result (succeeded), or the error JSON. */
  content: string;
  /** The error's stable code (`validation_failed`, `policy_denied`, `approval_denied`, ...) when it did not succeed. */
  errorCode?: string;
}

/** An approval a person asked to remember (`AgentRunLoop.rememberedApprovals`). */
export interface RememberedApproval {
  toolName: string;
  scope: ApprovalScope;
  /** The thread, for `scope: 'thread'`. */
  threadId?: string;
}

/**
 * A remembered approval as a `ThreadStore` keeps it (`AgentRunLoop.restoreApprovals()`): plain data, with the
 * `fingerprint` of the tool as it was defined when approved (an opaque string of its name, description, effect and
 * JSON Schema): a tool defined otherwise when the approval is read back is asked about again.
 */
export interface StoredApproval extends RememberedApproval {
  fingerprint: string;
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
  /**
   * Why the model stopped, when the agent says: `result.finishReason` when `result` is an object holding that string.
   * The agents of `ag-ui-lit/llm` send the AI SDK's reasons: `stop`, `tool-calls`, `length` (hit `maxTokens` or the
   * context window), `content-filter` (the model declined, or the provider's filter stopped it; `<ag-ui-agent>` then
   * shows a notice), `error`, `other`. Absent when the agent sends none.
   */
  finishReason?: string;
  /** Interrupts the run finished with (AG-UI `outcome: { type: 'interrupt' }`); empty otherwise. */
  interrupts: Interrupt[];
}
export interface RunErrorDetail {
  code: RunErrorCode;
  message: string;
  threadId: string;
  runId?: string;
  status?: number;
  /**
   * For `code: 'run_error'`: the `code` the agent put on its `RUN_ERROR` event, when it sent one. The provider agents
   * of `ag-ui-lit/llm` send an `LlmErrorCode` (`auth_failed`, `rate_limited`, `provider_unavailable`,
   * `context_too_long`, `model_not_found`, `network_error`, `bad_request`, `invalid_response`, `abort`, `unknown`);
   * other AG-UI agents send their own strings. Plain data, so it is kept when the thread is saved (`cause` is not).
   */
  agentCode?: string;
  cause?: unknown;
}
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
/** A frontend tool succeeded. For a tool with a `redaction` config, `toolCallArgs`, `result`, `value` and `execution` are redacted. */
export interface ToolCallEndDetail {
  toolCallId: string;
  toolCallName: string;
  toolCallArgs: unknown;
  /**
   * The text sent to the agent as the tool's result: a string the handler returned as is, `''` for `undefined`, any
   * other value as JSON (`{"id":1}` for `{ id: 1 }`; an MCP tool's, its text content).
   */
  result: string;
  /**
   * What the handler returned, before it became `result` (a string, an object, `undefined`...): redacted per
   * `redaction.result` like `result` (`'[redacted]'` leaves). For a result the handler did not return here (from the
   * tool's result cache, or a custom `ToolExecutor` that gives text only), `result` parsed as JSON, else `result`.
   */
  value: unknown;
  execution: ToolExecution;
}
export interface ToolCallErrorDetail { toolCallId: string; toolCallName: string; error: ToolError; execution?: ToolExecution }
/**
 * A call's `status` changed; or, with `progress` set, the running call reported how far it has come (status
 * `executing`, unchanged), e.g. from an MCP server's progress notifications.
 */
export interface ToolStatusChangedDetail { toolCallId: string; toolCallName: string; status: ToolCallStatus; progress?: ToolProgress }
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
  /**
   * `'policy'`: the policy wants this call approved. `'recovery'`: the call was running when the page went away (a
   * restored thread) and may have completed; `approve()` runs it again, `deny()` tells the agent its outcome is unknown.
   */
  reason: ApprovalReason;
}

/** Where a pending decision stands: open for an answer, answered (`resolved`, `cancelled`), or past its `expiresAt`. */
export type DecisionState = 'open' | 'resolved' | 'cancelled' | 'expired';

/**
 * One thing the loop waits for a person (or the page) to decide, in `AgentRunLoop.decisions`:
 * - `kind: 'tool-approval'`: a frontend call the policy wants approved. Answer `{ approved: true }` to run it,
 *   `{ approved: false, reason? }` to deny it (the agent gets `approval_denied`), or `cancel()`.
 * - `kind: 'interrupt'`: an AG-UI interrupt the last run finished with (`interrupt`). Answer with the payload its
 *   `responseSchema` describes, or `cancel()`. One with `reason: 'tool_call'` and a `toolCallId` is an approval of
 *   the server's own call: answer `{ approved: boolean }` (AG-UI: "denials are expressed inside the payload").
 *   When every interrupt of the batch is answered, the loop resumes the agent once (`RunAgentInput.resume`).
 * - `kind: 'ui-tool-answer'`: a running call of a UI tool (`defineUiTool()`) waits for the person's answer (its card
 *   renders the question). `answer(value)` is the call's result (refused, `false`, when it does not match the tool's
 *   `result` schema); `cancel()` declines (the call ends `cancelled`). It leaves the list when the call ends.
 */
export interface PendingDecision {
  /** The toolCallId of an approval or a UI tool's question; the interrupt's id. */
  readonly id: string;
  readonly kind: 'tool-approval' | 'interrupt' | 'ui-tool-answer';
  readonly state: DecisionState;
  /** The tool call it is about (an approval, a UI tool's question, or a `tool_call` interrupt). */
  readonly toolCallId?: string;
  readonly toolCallName?: string;
  /** An approval's (or a UI tool question's) arguments, as the page may see them (redacted). */
  readonly args?: unknown;
  /** Why an approval is asked (`'recovery'`: the call may already have run before a reload); absent for interrupts. */
  readonly reason?: ApprovalReason;
  /** The interrupt as the agent sent it. */
  readonly interrupt?: Interrupt;
  /** What is asked, in words. */
  readonly message: string;
  /** JSON Schema of an answer's payload (approvals: `{ approved: boolean, reason?: string }`). */
  readonly responseSchema?: Record<string, unknown>;
  /** When it stops being answerable (an interrupt's `expiresAt`, ISO 8601). */
  readonly expiresAt?: string;
  /** A listener of its request event called `preventDefault()`: the page asks in its own UI; default UIs stay hidden. */
  readonly handledByPage: boolean;
  /** Aborted once it is answered, cancelled, expired or dropped: close your own prompt then. */
  readonly signal: AbortSignal;
  /**
   * Answers it (`payload` as `responseSchema` says; not validated here beyond `approved` being a boolean for approvals).
   * @returns `false` when not taken: already answered, no longer pending, expired, or not an approval's shape
   */
  answer(payload?: unknown): boolean;
  /** Declines it (a call is not run; an interrupt resumes as `cancelled`). @returns `false` when already answered */
  cancel(): boolean;
}

/**
 * Detail of `interrupt`: one interrupt a run finished with (AG-UI `outcome: { type: 'interrupt' }`), and how to
 * answer it. When every interrupt of the run is answered, the loop resumes the agent once, with one `resume` entry
 * per interrupt (`buildResumeArray`).
 * @example
 * ```ts
 * agent.addEventListener('ag-ui-interrupt', (e) => {
 *   e.preventDefault(); // no built-in card: this page asks in its own UI
 *   myDialog.ask(e.detail.interrupt.message).then((ok) => (ok ? e.detail.resolve({ approved: true }) : e.detail.cancel()));
 * });
 * ```
 */
export interface InterruptDetail {
  /** The interrupt as the agent sent it (`id`, `reason`, `message?`, `toolCallId?`, `responseSchema?`, `expiresAt?`). */
  interrupt: Interrupt;
  /** The same decision as in `AgentRunLoop.decisions`. */
  decision: PendingDecision;
  /**
   * Answers it: resume entry `{ status: 'resolved', payload }` (no `payload` when `undefined`).
   * @returns `false` when not taken: already answered, no longer pending, or expired
   */
  resolve(payload?: unknown): boolean;
  /** Declines it: resume entry `{ status: 'cancelled' }`. @returns `false` when already answered or no longer pending */
  cancel(): boolean;
}

/** Detail of `activity-changed`: an activity message (AG-UI `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`) as it is now. */
export interface ActivityChangedDetail {
  messageId: string;
  /** The activity's kind, as the agent names it (e.g. `PLAN`, `a2ui-surface`). */
  activityType: string;
  /** The activity's content after the event (a JSON Patch of `ACTIVITY_DELTA` applied). */
  content: Record<string, unknown>;
}

/** Detail of `decisions-changed`. */
export interface DecisionsChangedDetail {
  decisions: readonly PendingDecision[];
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
  /**
   * An interrupt the last run finished with asks for an answer (cancelable: `preventDefault()` says the listener asks
   * the person itself, so default UIs stay hidden). One per interrupt, after `run-finished`, once the turn is over.
   */
  interrupt: CustomEvent<InterruptDetail>;
  /** `decisions` changed: a decision opened, was answered or expired, or left the list. */
  'decisions-changed': CustomEvent<DecisionsChangedDetail>;
  /** An activity message was created or changed (`ACTIVITY_SNAPSHOT`, `ACTIVITY_DELTA`); one event per stream event. */
  'activity-changed': CustomEvent<ActivityChangedDetail>;
  /** `running` flipped: the loop (all runs and tools of one user message) started or ended. */
  'running-changed': CustomEvent<{ running: boolean }>;
}

/**
 * The loop's events as a runtime list, in the order of `AgentRunLoopEventMap` (the element re-fires each as
 * `ag-ui-<name>`). `satisfies` keeps it in step with the map: a name the map lacks does not compile, and
 * `LoopEventsComplete` below fails to compile when the map has a name this list lacks.
 */
export const AGENT_RUN_LOOP_EVENTS = [
  'run-started',
  'run-finished',
  'run-error',
  'messages-changed',
  'state-changed',
  'tool-call-start',
  'tool-call-args',
  'tool-call-end',
  'tool-call-error',
  'tool-status-changed',
  'tool-retrying',
  'tool-approval-requested',
  'interrupt',
  'decisions-changed',
  'activity-changed',
  'running-changed',
] as const satisfies readonly (keyof AgentRunLoopEventMap)[];

/** The name of one of the loop's events. */
export type AgentRunLoopEventName = (typeof AGENT_RUN_LOOP_EVENTS)[number];
type LoopEventsComplete = Exclude<keyof AgentRunLoopEventMap, AgentRunLoopEventName> extends never ? true : never;
const loopEventsComplete: LoopEventsComplete = true;
void loopEventsComplete;
