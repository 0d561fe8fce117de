import { EventType, randomUUID } from '@ag-ui/client';
import type { AssistantMessage, BaseEvent, Context, Interrupt, Message, ResumeEntry, RunAgentInput, State, ToolCall, UserMessage } from '@ag-ui/client';
import { ToolErrorCode, ToolExecutionManager, TypedEventTarget, ValidatingToolExecutor, type ToolRegistry } from '../tools/index.js';
import { toolRecoveryOf } from '../tools/tool-effect.js';
import { decideToolCall } from '../tools/tool-policy.js';
import { Conversation, type ToolCallEntry } from './conversation.js';
import { ApprovalMemory } from './approval-memory.js';
import { Decisions, type DecisionsHost } from './decisions.js';
import { EventDrain } from './event-drain.js';
import { applyRunEvent, runEvents, type RunState } from './run-stream.js';
import { classifyRunError, runFailure, type RunFailure } from './run-errors.js';
import {
  CANCELLED_BY_USER_MESSAGE,
  RELOADED_BEFORE_RUN_MESSAGE,
  contentText,
  parseToolArguments,
} from './tool-results.js';
import { ToolCallStore } from './tool-call-store.js';
import { answerUnanswered, callsToRun, outcomeUnknown, refuse, runToolRound, type RecoveryMode, type ToolRoundContext } from './tool-round.js';
import {
  RunErrorCode,
  type AgentRunLoopEventMap,
  type AgentRunLoopOptions,
  type ExternalToolCallOutcome,
  type InterruptDetail,
  type ApprovalScope,
  type PendingDecision,
  type RememberedApproval,
  type StoredApproval,
  type RestoredThread,
  type RunErrorDetail,
  type RunnableAgent,
  type ToolApprovalRequestedDetail,
  type ToolCallJournal,
  type ToolCallRecord,
  type UnknownToolsMode,
} from './types.js';

/** Default of `AgentRunLoopOptions.maxToolIterations`. */
export const DEFAULT_MAX_TOOL_ITERATIONS = 5;

/** Default of `AgentRunLoopOptions.streamIdleTimeoutMs`: one minute without an event ends the run `stream_stalled`. */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;

/** Message of the tool results the loop adds when a run fails with calls left unanswered. */
const NOT_RUN_MESSAGE = 'Not run: the run ended with an error';
/** Message of the tool results the loop adds for the calls of a run that finished `cancelled`. */
const NOT_RUN_CANCELLED_MESSAGE = 'Not run: the run was cancelled';

/** Everything a user message (or `runAgent()`) sets in motion: runs, their tools, follow-ups. */
interface Turn {
  stopped: boolean;
  run?: RunState;
  /** Aborted by Stop (and when a run fails after its tools started): cancels the round's executions and approvals. */
  tools?: AbortController;
  /** The turn ended with an error while interrupts were pending: they are offered again. */
  failed?: boolean;
  /** The calls of a restored thread's recovery round, while it runs (`restore()`). */
  recovering?: string[];
  /** `forwardedProps` merged over the loop's for the turn's first run only (`runAgent({ forwardedProps })`). */
  forwardedProps?: Record<string, unknown>;
}

/**
 * The AG-UI run loop with browser-side (frontend) tools, over any `RunnableAgent` (an `SseHttpAgent`, or any `@ag-ui/client` `AbstractAgent`), without Lit or
 * the DOM beyond `EventTarget`.
 *
 * One *turn* (`sendMessage()` or `runAgent()`) is: run the agent; when the run finishes, execute every frontend tool
 * call of that run concurrently through the `ToolExecutionManager` (a call is *frontend* when its name is registered
 * in `registry`; otherwise it is a backend call, shown but never run or answered, unless `unknownTools` is
 * `'answer'`: then the loop answers it `unknown_tool` when its run finished without a result), append their results in call
 * order right after the assistant message that owns them, and run the agent again (one follow-up per tool round),
 * until a run calls no frontend tool, up to `maxToolIterations` follow-ups.
 *
 * Safety: every frontend call is decided against `registry.policy` once the run's stream has ended (`decide()`): a
 * denied call is answered `policy_denied` without running; a call that needs approval waits for a person
 * (`tool-approval-requested`, `approveToolCall()` / `denyToolCall()`) while the other calls run; an admitted call
 * runs within the policy's budgets (`withToolBudgets`). Tool events and `toolCalls` carry redacted arguments and
 * results for tools with a `redaction` config; the messages sent to the agent do not.
 *
 * Streaming: the loop uses `agent.run(input)` piped through `@ag-ui/client`'s `transformChunks` (from the first
 * `*_CHUNK` event on: `expandChunks`) and `verifyEvents` (the protocol checks), and applies events itself
 * (`Conversation`) at a cost per event independent of the conversation's length, in time-bounded slices that yield
 * to the event loop (`EventDrain`, 8 ms). It fires one `messages-changed` per slice, never one per token. `messages`
 * is one array mutated in place; `version` (also in the event detail) changes with every batch.
 *
 * State: every tool call of the thread is one plain `ToolCallRecord` (`toolCalls`), written by the stream and by the
 * tool round; the tool events, the element's cards and the tool messages sent back are derived from it. Whatever
 * waits for a person, approvals of frontend calls and AG-UI interrupts, is one list, `decisions`. A run that finishes
 * with interrupts offers them (`interrupt`, cancelable) once the turn is over, and resumes the agent once when all
 * are answered; an interrupt with `reason: 'tool_call'` is an approval of the server's call (`{ approved }`).
 *
 * Errors never reject: HTTP errors, network loss, `RUN_ERROR`, protocol violations, a stream silent for
 * `streamIdleTimeoutMs` (`stream_stalled`; the run is aborted as by Stop) and the loop guard end the turn
 * with a `run-error` event and `lastError`, keeping the conversation; calls of the failed run that have no result get
 * a `{"ok":false,"errorCode":"cancelled",...}` tool message so that the next request is a valid transcript.
 *
 * @fires {CustomEvent<RunStartedDetail>} run-started - a run (request) started; `iteration` 0 for the user's run
 * @fires {CustomEvent<RunFinishedDetail>} run-finished - a run finished and its tool round (if any) settled
 * @fires {CustomEvent<RunErrorDetail>} run-error - the turn ended with an error
 * @fires {CustomEvent<MessagesChangedDetail>} messages-changed - once per applied batch
 * @fires {CustomEvent<StateChangedDetail>} state-changed - once per applied batch that changed the state
 * @fires {CustomEvent<ToolCallStartDetail>} tool-call-start - a tool call started streaming
 * @fires {CustomEvent<ToolCallArgsDetail>} tool-call-args - a chunk of a tool call's arguments arrived
 * @fires {CustomEvent<ToolCallEndDetail>} tool-call-end - a frontend tool succeeded
 * @fires {CustomEvent<ToolCallErrorDetail>} tool-call-error - a frontend tool failed, was cancelled or not run
 * @fires {CustomEvent<ToolStatusChangedDetail>} tool-status-changed - a tool call's `status` changed
 * @fires {CustomEvent<ToolRetryingDetail>} tool-retrying - a frontend tool will be retried after `delayMs`
 * @fires {CustomEvent<ToolApprovalRequestedDetail>} tool-approval-requested - cancelable; a frontend call waits for a
 *   person's approval (the registry's `ToolPolicy`; see `approveToolCall()`)
 * @fires {CustomEvent<InterruptDetail>} interrupt - cancelable; an interrupt of the last run waits for an answer
 * @fires {CustomEvent<DecisionsChangedDetail>} decisions-changed - `decisions` changed
 * @fires {CustomEvent<ActivityChangedDetail>} activity-changed - an activity message was created or changed
 * @fires {CustomEvent<{ running: boolean }>} running-changed - `running` flipped
 *
 * @example
 * ```ts
 * const registry = new ToolRegistry();
 * registry.register({
 *   name: 'get_time',
 *   description: 'Current time',
 *   effect: 'read_only',
 *   schema: z.object({}),
 *   handler: () => new Date().toISOString(),
 * });
 * const loop = new AgentRunLoop({ agent: new SseHttpAgent({ url: '/api/agent' }), registry }); // or an HttpAgent
 * loop.addEventListener('messages-changed', (e) => render(e.detail.messages));
 * loop.addEventListener('run-error', (e) => showBanner(e.detail.message));
 * await loop.sendMessage('What time is it?'); // resolves when the agent has answered (never rejects)
 * ```
 */
export class AgentRunLoop extends TypedEventTarget<AgentRunLoopEventMap> {
  /** The agent that runs. Its `threadId`, `messages`, `state` and `pendingInterrupts` are updated after each run. */
  readonly agent: RunnableAgent;
  /** Where frontend tools are looked up. */
  readonly registry: ToolRegistry;
  /** Runs the frontend tools. */
  readonly manager: ToolExecutionManager;
  /** Follow-up runs allowed per turn; past it the turn ends with `max_tool_iterations`. Default 5. */
  maxToolIterations: number;
  /** AG-UI `context` sent with every run. */
  context: Context[];
  /** AG-UI `forwardedProps` sent with every run (`{}` when unset). */
  forwardedProps?: Record<string, unknown>;
  /**
   * Longest silence of a run's event stream, in ms, before the run is aborted with `stream_stalled`. Default 60000;
   * 0 or `Infinity`: no limit. Read when each run starts.
   */
  streamIdleTimeoutMs: number;
  /** Calls of unregistered tools: left to the server (`'ignore'`, default) or answered `unknown_tool` (`'answer'`). */
  unknownTools: UnknownToolsMode;
  /**
   * Makes each frontend execution durable and exclusive before its handler runs (see `ToolCallJournal`); read per
   * call. The element sets one when it persists its thread. Default: none.
   */
  journal: ToolCallJournal | undefined;

  readonly #conversation: Conversation;
  readonly #store: ToolCallStore;
  readonly #decisions: Decisions;
  readonly #tools: ToolRoundContext;
  /** The calls `runToolCall()` runs (they are in no message), and what aborts them all (`reset()`, `dispose()`). */
  readonly #external = new Map<string, ToolCallEntry>();
  #externalAbort = new AbortController();
  readonly #externalTools: ToolRoundContext;
  readonly #listeners = new AbortController();
  readonly #approvals = new ApprovalMemory({
    remembered: (approval) => this.journal?.rememberApproval?.(approval),
    forgotten: (toolName) => this.journal?.forgetApprovals?.(toolName),
  });
  #threadId: string;
  #lastError: RunErrorDetail | undefined;
  #turn: Turn | undefined;
  #running = false;
  #disposed = false;
  #syncedVersion = -1;

  /**
   * @param options - the agent, the registry, and optionally a manager, `maxToolIterations`, `context` and
   *   `forwardedProps`; the agent's `threadId`, `messages` (copied) and `state` seed the loop
   */
  constructor(options: AgentRunLoopOptions) {
    super();
    this.agent = options.agent;
    this.registry = options.registry;
    this.manager = options.manager ?? new ToolExecutionManager(new ValidatingToolExecutor());
    this.maxToolIterations = options.maxToolIterations ?? DEFAULT_MAX_TOOL_ITERATIONS;
    this.context = options.context ?? [];
    if (options.forwardedProps !== undefined) this.forwardedProps = options.forwardedProps;
    this.streamIdleTimeoutMs = options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS;
    this.unknownTools = options.unknownTools ?? 'ignore';
    this.journal = options.journal;
    this.#threadId = this.agent.threadId || randomUUID();
    this.#conversation = new Conversation(cloneMessages(this.agent.messages ?? []), this.agent.state ?? {});
    this.#store = new ToolCallStore(this.registry, (type, detail) => this.#emit(type, detail));
    this.#store.syncFromMessages(this.#conversation.messages);
    this.#decisions = new Decisions(this.#decisionsHost());
    this.#tools = {
      conversation: this.#conversation,
      registry: this.registry,
      manager: this.manager,
      store: this.#store,
      decisions: this.#decisions,
      journal: () => this.journal,
      approvals: this.#approvals,
      threadId: () => this.#threadId,
    };
    const external = this.#external;
    this.#externalTools = {
      ...this.#tools,
      conversation: {
        getToolCall: (toolCallId) => external.get(toolCallId),
        getToolResult: () => undefined,
        insertToolMessage: () => undefined,
      },
      // The journal makes a thread's calls exclusive across tabs; a call from outside belongs to this page alone.
      journal: () => undefined,
    };
    this.#decisions.setInterrupts(this.agent.pendingInterrupts ?? []);
    // A denial always wins: an approval still open for a tool the policy came to deny is withdrawn (decided anew).
    this.registry.addEventListener('tool-registry-change', () => this.#withdrawDenied(), { signal: this.#listeners.signal });
  }

  /** The AG-UI thread id sent with every run. */
  get threadId(): string {
    return this.#threadId;
  }

  /** The conversation. One array, mutated in place; watch `version` or `messages-changed`. */
  get messages(): readonly Message[] {
    return this.#conversation.messages;
  }

  /** Incremented by every batch of changes to `messages` or `state`. */
  get version(): number {
    return this.#conversation.version;
  }

  /** The AG-UI shared state (replaced, not mutated, by STATE_SNAPSHOT/STATE_DELTA). */
  get state(): State {
    return this.#conversation.state;
  }

  /** True from `sendMessage()`/`runAgent()` until the last run and tool of that turn settle (or `stop()`). */
  get running(): boolean {
    return this.#running;
  }

  /** Every tool call of the thread (streamed, or in restored and snapshot messages) as its record, by toolCallId. */
  get toolCalls(): ReadonlyMap<string, Readonly<ToolCallRecord>> {
    return this.#store.records;
  }

  /**
   * What waits for a person: frontend calls waiting for approval, and the interrupts the last run finished with
   * (each with its `state`). A new array whenever it changes (`decisions-changed`).
   */
  get decisions(): readonly PendingDecision[] {
    return this.#decisions.list;
  }

  /** The error that ended the last turn; cleared when a turn starts and by `reset()`/`setMessages()`. */
  get lastError(): RunErrorDetail | undefined {
    return this.#lastError;
  }

  /** Interrupts of the last run that finished with `outcome.type === 'interrupt'`; answer them with `runAgent({ resume })`. */
  get pendingInterrupts(): Interrupt[] {
    return this.#decisions.interrupts;
  }

  /**
   * Appends a user message and runs the turn. A turn already running is stopped first (as `stop()`). Pending
   * interrupts that the message does not answer are sent back as `cancelled` resume entries.
   * @returns a promise that resolves when the turn is over; it never rejects (failures fire `run-error`)
   */
  async sendMessage(text: string): Promise<void> {
    if (this.#disposed) return;
    this.stop();
    const resume = this.#decisions.interrupts.map(
      (interrupt): ResumeEntry => ({ interruptId: interrupt.id, status: 'cancelled' }),
    );
    this.#decisions.dropInterrupts();
    const turn = this.#beginTurn();
    const message: UserMessage = { id: randomUUID(), role: 'user', content: text };
    this.#conversation.append(message);
    this.#flush();
    await this.#runTurn(turn, resume.length > 0 ? resume : undefined);
  }

  /**
   * Runs a turn without adding a message: to resume after interrupts (`resume`, e.g. from `buildResumeArray`), to
   * retry after an error, or to tell the agent of something the person did (`forwardedProps`, e.g. an A2UI action as
   * `{ a2uiAction: { userAction } }`, merged over the loop's `forwardedProps` for the turn's first run only, so that
   * its follow-ups do not repeat it). A turn already running is stopped first.
   * @returns a promise that resolves when the turn is over; it never rejects
   */
  async runAgent(params: { resume?: ResumeEntry[]; forwardedProps?: Record<string, unknown> } = {}): Promise<void> {
    if (this.#disposed) return;
    this.stop();
    this.#decisions.dropInterrupts();
    const turn = this.#beginTurn();
    if (typeof params.forwardedProps === 'object' && params.forwardedProps !== null) turn.forwardedProps = params.forwardedProps;
    await this.#runTurn(turn, params.resume);
  }

  /**
   * Stops the turn at once: aborts the HTTP run, cancels the tools this loop is running, starts no follow-up, and
   * answers every tool call of the current run that has no result (frontend and backend) with
   * `{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}` (`error` set), keeping the results of
   * tools that had already finished. Fires no `run-error`. No-op when not running.
   */
  stop(): void {
    const turn = this.#turn;
    if (!turn || turn.stopped) return;
    turn.stopped = true;
    const run = turn.run;
    if (run?.drain && !run.drain.finished) {
      run.drain.cancel();
      this.#abortAgentRun();
    }
    turn.tools?.abort(new DOMException(CANCELLED_BY_USER_MESSAGE, 'AbortError'));
    if (turn.recovering) this.#answerRecovering(turn.recovering);
    if (run) answerUnanswered(this.#tools, run.toolCallIds, CANCELLED_BY_USER_MESSAGE);
    this.#flush();
    this.#finishTurn(turn);
  }

  /**
   * Cancels one running frontend tool started by this loop (a tool card's Cancel button), or one waiting for
   * approval. Its result becomes `{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}` and the
   * follow-up still runs.
   * @returns `false` when no execution of this loop is running (or waiting) for `toolCallId`
   */
  cancelToolCall(toolCallId: string): boolean {
    const approval = this.#decisions.approvalFor(toolCallId);
    if (approval?.kind === 'tool-approval') return approval.cancel();
    const record = this.#store.get(toolCallId);
    const running = record?.kind === 'frontend' && record.executionId !== undefined && record.answer === undefined;
    return running && this.manager.cancel(record.executionId!, new DOMException(CANCELLED_BY_USER_MESSAGE, 'AbortError'));
  }

  /**
   * Approves a call that is `awaiting_approval` (the same as its decision's `answer({ approved: true })`): a frontend
   * call runs now; for a `tool_call` interrupt about a server's call, `{ approved: true }` goes into the resume.
   * @param options - `remember`: also approve the tool's later calls, in this thread (`'thread'`) or everywhere this
   *   loop runs (`'always'`); ignored for a tool whose every call needs approval (the tool's `requiresApproval`, the
   *   policy's `tools[name].decision`), and it lapses if the tool is registered again changed (see `forgetApprovals()`);
   *   `args`: run a frontend call with these arguments instead (a person edited them; validated by the tool's schema
   *   and decided by the policy like any arguments; the record shows them, `argsEdited`, and the tool message tells the
   *   agent, `editedArguments`); for a server's call, they go into the resume as `editedArgs` (a full replacement,
   *   AG-UI's "Approve with edits"), offered only when its interrupt's `responseSchema` takes `editedArgs`, and the
   *   record shows them
   * @returns `false` when `toolCallId` is not waiting for approval
   */
  approveToolCall(toolCallId: string, options: { remember?: ApprovalScope; args?: Record<string, unknown> } = {}): boolean {
    const payload: Record<string, unknown> = { approved: true };
    if (options.remember === 'thread' || options.remember === 'always') payload.remember = options.remember;
    if (typeof options.args === 'object' && options.args !== null) payload.editedArgs = options.args;
    return this.#decisions.approvalFor(toolCallId)?.answer(payload) ?? false;
  }

  /** The approvals a person asked to remember (`approveToolCall(id, { remember })`), tool by tool. */
  get rememberedApprovals(): RememberedApproval[] {
    return this.#approvals.list();
  }

  /**
   * Forgets remembered approvals (of `toolName`, else of every tool): their calls are asked about again.
   * @returns how many were forgotten
   */
  forgetApprovals(toolName?: string): number {
    return this.#approvals.forget(toolName);
  }

  /**
   * Adds approvals remembered earlier and kept elsewhere (the element restores those of its `ThreadStore` with each
   * thread it loads), once `approvals` resolves: an approval already in memory for that tool and scope wins, one
   * forgotten meanwhile stays forgotten, and each holds only for the tool defined as its `fingerprint` says. Until it
   * settles, a call that needs approval waits for it before asking. A rejection adds nothing.
   */
  restoreApprovals(approvals: Promise<readonly StoredApproval[]>): void {
    this.#approvals.restore(approvals);
  }

  /** Drops the remembered approvals of `threadId` from memory, not from the journal (that thread was deleted there). */
  dropThreadApprovals(threadId: string): void {
    this.#approvals.dropThread(threadId);
  }

  /**
   * Denies a call that is `awaiting_approval` (the same as its detail's `deny(reason)`): it does not run, the agent
   * gets `{"ok":false,"errorCode":"approval_denied","message":...}` and the follow-up run happens.
   * @returns `false` when `toolCallId` is not waiting for approval
   */
  denyToolCall(toolCallId: string, reason?: string): boolean {
    const decision = this.#decisions.approvalFor(toolCallId);
    if (!decision) return false;
    const trimmed = typeof reason === 'string' ? reason.trim() : '';
    // An interrupt's answer carries a reason only where its schema has one (AG-UI's approval schema has none).
    const withReason = trimmed !== '' && (decision.kind === 'tool-approval' || hasProperty(decision.responseSchema, 'reason'));
    return decision.answer(withReason ? { approved: false, reason: trimmed } : { approved: false });
  }

  /**
   * Runs a call of a registered tool that did not come from the agent (a browser's agent through WebMCP: see
   * `exposeToWebMcp()` in `ag-ui-lit/webmcp`) through the same gate as the agent's calls: the policy, a person's
   * approval when the policy asks for one (`tool-approval-requested`, the card, `approveToolCall()`), then the manager
   * (schema validation, budgets, retries, statistics), with the tool events (`tool-call-start`, `tool-status-changed`,
   * `tool-call-end` / `tool-call-error`). Its record (`toolCalls`) has `origin` and no `parentMessageId`; nothing
   * enters the conversation, so the agent is not told and no run starts. `stop()` does not cancel it; `signal`,
   * `cancelToolCall(toolCallId)`, `reset()` and `dispose()` do.
   * @param origin - where the call came from, kept in the record (e.g. `'webmcp'`); also the id's prefix
   * @returns how it ended; never rejects
   */
  async runToolCall(
    toolCallName: string,
    args: unknown,
    options: { origin: string; signal?: AbortSignal },
  ): Promise<ExternalToolCallOutcome> {
    const toolCallId = `${options.origin}-${randomUUID()}`;
    let argsText: string;
    try {
      argsText = JSON.stringify(args === undefined ? {} : args) ?? '{}';
    } catch {
      argsText = '';
    }
    const toolCall: ToolCall = { id: toolCallId, type: 'function', function: { name: toolCallName, arguments: argsText } };
    const owner: AssistantMessage = { id: toolCallId, role: 'assistant', toolCalls: [toolCall] };
    this.#external.set(toolCallId, { toolCall, owner });
    const controller = new AbortController();
    const abort = (): void => controller.abort(options.signal?.aborted ? options.signal.reason : this.#externalAbort.signal.reason);
    const signals = [options.signal, this.#externalAbort.signal].filter((signal) => signal !== undefined);
    for (const signal of signals) {
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }
    try {
      this.#store.start(toolCallId, toolCallName, undefined, options.origin);
      this.#store.endArgs(toolCallId, argsText);
      const [outcome] = await runToolRound(this.#externalTools, [toolCallId], controller.signal);
      const content = contentText(outcome!.message.content);
      const status = this.#store.get(toolCallId)?.status;
      const settled = status === 'succeeded' || status === 'failed' || status === 'cancelled' || status === 'uncertain' ? status : outcome!.message.error === undefined ? 'succeeded' : 'failed';
      const result: ExternalToolCallOutcome = { toolCallId, status: settled, content };
      if (settled !== 'succeeded') result.errorCode = errorCodeOf(content);
      return result;
    } finally {
      for (const signal of signals) signal.removeEventListener('abort', abort);
      this.#external.delete(toolCallId);
    }
  }

  /**
   * Stops, clears messages, state, tool calls, `lastError` and interrupts, and starts a new thread.
   * @param threadId - the new thread id; default a new UUID
   */
  reset(threadId?: string): void {
    this.stop();
    this.#abortExternal();
    this.#threadId = threadId ?? randomUUID();
    this.#conversation.setMessages([]);
    this.#conversation.setState({});
    this.#store.clear();
    this.#decisions.clear();
    this.#lastError = undefined;
    this.#decisions.setInterrupts([]);
    this.#flush();
    this.#syncAgent();
  }

  /** Stops and replaces the conversation (e.g. to restore a thread). The messages are copied. */
  setMessages(messages: Message[]): void {
    this.stop();
    this.#conversation.setMessages(cloneMessages(messages));
    this.#store.clear();
    this.#store.syncFromMessages(this.#conversation.messages);
    this.#decisions.clear();
    this.#lastError = undefined;
    this.#decisions.setInterrupts([]);
    this.#flush();
    this.#syncAgent();
  }

  /**
   * Stops and puts a saved thread back: its id, messages, state, tool-call records and pending interrupts. A call
   * answered before the page went away keeps its answer (and its tool message is put back if it was not yet in the
   * messages); such a call is never run again.
   *
   * With `recover` (default `true`), what was in flight is resolved: a frontend call that was running when the page
   * went away is handled per its tool's `recovery` (`toolRecoveryOf`: `'rerun'` runs it again once, `'ask'` asks a
   * person with an approval of reason `'recovery'` whose denial tells the agent the outcome is unknown, `'fail'`
   * tells the agent so at once); a call waiting for approval is asked again, with the exact arguments it was shown
   * with; a call that had not started is answered "Not run: the page was reloaded before this call ran"; a backend
   * call still running becomes `unanswered`; pending interrupts are offered again. When calls run again (or wait for
   * a person), that is a turn (`running`), and the follow-up run happens as after any tool round.
   * `recover: false` only shows the thread (another tab's copy of a thread it is running).
   */
  restore(thread: RestoredThread, options: { recover?: boolean } = {}): void {
    if (this.#disposed) return;
    this.stop();
    this.#decisions.clear();
    this.#threadId = thread.threadId;
    this.#conversation.setMessages(cloneMessages(thread.messages));
    this.#conversation.setState(thread.state ?? {});
    this.#store.restore(thread.toolCalls ?? []);
    this.#store.syncFromMessages(this.#conversation.messages);
    this.#lastError = thread.lastError && { ...thread.lastError };
    this.#decisions.setInterrupts(thread.interrupts ?? []);
    const recover = options.recover !== false;
    const round = recover ? this.#recover() : undefined;
    this.#flush();
    this.#syncAgent();
    if (round && round.size > 0) {
      void this.#runTurn(this.#beginTurn(), undefined, round);
    } else if (recover) {
      this.#decisions.offerInterrupts(true);
    }
  }

  /** Stops and detaches from the manager. The loop does nothing afterwards. */
  dispose(): void {
    this.stop();
    this.#abortExternal();
    this.#disposed = true;
    this.#decisions.clear();
    this.#listeners.abort();
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** Cancels every call `runToolCall()` is running (a new thread, or the loop is gone). */
  #abortExternal(): void {
    this.#externalAbort.abort(new DOMException(CANCELLED_BY_USER_MESSAGE, 'AbortError'));
    this.#externalAbort = new AbortController();
  }

  #beginTurn(): Turn {
    const turn: Turn = { stopped: false };
    this.#turn = turn;
    this.#lastError = undefined;
    this.#setRunning(true);
    return turn;
  }

  /**
   * What a restored thread had in flight (see `restore()`): answers at once what cannot run again, puts back the
   * tool messages of calls answered before the reload, and returns the calls the recovery round runs (with their
   * `RecoveryMode`; `undefined`: through the gate as usual, i.e. an approval asked again).
   */
  #recover(): Map<string, RecoveryMode | undefined> {
    const round = new Map<string, RecoveryMode | undefined>();
    const conversation = this.#conversation;
    const named = new Set(this.#decisions.interrupts.map((interrupt) => interrupt.toolCallId).filter((id) => id !== undefined));
    for (const record of this.#store.records.values()) {
      const { toolCallId } = record;
      if (conversation.getToolResult(toolCallId) !== undefined || conversation.getToolCall(toolCallId) === undefined) continue;
      const answered = this.#store.answeredMessage(toolCallId);
      if (answered) {
        conversation.insertToolMessage(answered);
        continue;
      }
      if (record.kind === 'backend') {
        if (record.status === 'awaiting_approval' && !named.has(toolCallId)) {
          this.#store.approvalAnswered(toolCallId, false, 'Not answered before the page was reloaded');
        } else this.#store.unanswered(toolCallId);
        continue;
      }
      const tool = this.registry.get(record.toolCallName);
      const started = record.timing.startedAt !== undefined || record.executionId !== undefined || record.approval?.reason === 'recovery';
      if (started) {
        const mode = tool ? toolRecoveryOf(tool) : 'fail';
        if (mode === 'fail') conversation.insertToolMessage(outcomeUnknown(this.#tools, toolCallId).message);
        else round.set(toolCallId, mode);
      } else if (record.status === 'awaiting_approval' && tool) {
        round.set(toolCallId, undefined);
      } else {
        refuse(this.#tools, [toolCallId], ToolErrorCode.CANCELLED, {
          category: 'cancelled',
          code: ToolErrorCode.CANCELLED,
          message: RELOADED_BEFORE_RUN_MESSAGE,
          retryable: false,
        });
      }
    }
    return round;
  }

  /**
   * Stop during a recovery round: a call still asking "Run again?" is answered "outcome unknown" (it may have run
   * before the reload); the others as any stopped call.
   */
  #answerRecovering(calls: readonly string[]): void {
    for (const toolCallId of calls) {
      if (this.#conversation.getToolResult(toolCallId) !== undefined) continue;
      const record = this.#store.get(toolCallId);
      if (record?.answer === undefined && record?.approval?.reason === 'recovery') {
        this.#conversation.insertToolMessage(outcomeUnknown(this.#tools, toolCallId).message);
      } else answerUnanswered(this.#tools, [toolCallId], CANCELLED_BY_USER_MESSAGE);
    }
  }

  /** Runs a turn begun by `#beginTurn()`. Never rejects. */
  async #runTurn(turn: Turn, resume: ResumeEntry[] | undefined, recovery?: ReadonlyMap<string, RecoveryMode | undefined>): Promise<void> {
    try {
      let first = 0;
      if (recovery) {
        turn.recovering = [...recovery.keys()];
        const followUp = await this.#runTools(turn, turn.recovering, recovery);
        turn.recovering = undefined;
        if (turn.stopped || !followUp) return;
        first = 1;
      }
      for (let iteration = first; !turn.stopped; iteration++) {
        const run: RunState = { runId: randomUUID(), iteration, toolCallIds: [], seen: new Set() };
        turn.run = run;
        const input = this.#buildInput(run.runId, iteration === 0 ? resume : undefined, iteration === 0 ? turn.forwardedProps : undefined);
        this.#emit('run-started', { threadId: this.#threadId, runId: run.runId, iteration });
        if (turn.stopped) return; // a run-started listener called stop()
        const finished = new Promise<void>((resolve) => (run.onFinished = resolve));
        run.drain = this.#stream(run, input);
        // The run's tools start as soon as RUN_FINISHED is applied, not when the stream closes (a server may take a
        // while to close it, up to TERMINAL_GRACE_MS); the stream is still read to its end before the follow-up.
        await Promise.race([run.drain.done, finished]);
        if (turn.stopped) return;
        const early = run.drain.finished ? undefined : this.#startToolsEarly(turn, run, iteration);
        const outcome = await run.drain.done;
        if (turn.stopped) return;
        // The drain has unsubscribed from a stalled stream; the agent's own request is aborted as Stop would.
        if (outcome.type === 'stalled') this.#abortAgentRun();
        this.#flush();

        const failure = runFailure(run, outcome, this.#agentUrl());
        if (failure) {
          if (early) {
            await this.#abandonTools(turn, early.round);
            if (turn.stopped) return; // stop() while they were being cancelled has answered everything
          }
          this.#fail(turn, run, failure.info, failure.cause);
          return;
        }

        let followUp = false;
        if (early) {
          followUp = await early.round;
          if (turn.stopped) return;
        }
        const result = run.finished!.result as unknown;
        const finishedOutcome = run.finished!.outcome;
        if (finishedOutcome?.type === 'interrupt') {
          this.#decisions.runFinished(finishedOutcome.interrupts);
          this.#endBackendCalls(run);
          this.#finishRun(run, false, result);
          return;
        }
        this.#decisions.runFinished([]);
        // Without an early start, every frontend call of the run; after one, the calls of a later run in the same
        // stream (RUN_STARTED after RUN_FINISHED), if any.
        // (The early round answered every call it ran: they are not looked up again.)
        const candidates = early ? exceptSubsequence(run.toolCallIds, early.calls) : run.toolCallIds;
        if (finishedOutcome?.type === 'cancelled') {
          // AG-UI: a cancelled run waits for nothing; its calls are not run, and answered so the transcript stays valid.
          answerUnanswered(this.#tools, run.toolCallIds, NOT_RUN_CANCELLED_MESSAGE);
          this.#flush();
          this.#finishRun(run, false, result);
          return;
        }
        const calls = callsToRun(this.#tools, candidates);
        const unknown = this.#unknownCalls(candidates);
        if (calls.length > 0 || unknown.length > 0) {
          // Answered even when the loop guard stops the turn, so that no call the page answers is left dangling.
          this.#answerUnknown(unknown);
          if (iteration >= this.#maxIterations()) {
            this.#stopForLoopGuard(run, calls, result);
            return;
          }
          if (unknown.length > 0) followUp = true;
          if (calls.length > 0) followUp = (await this.#runTools(turn, calls)) || followUp;
          if (turn.stopped) return;
        }
        this.#endBackendCalls(run);
        this.#finishRun(run, followUp, result);
        if (!followUp) return;
        // A run-finished listener may have called stop() or sendMessage(): the loop condition checks.
      }
    } catch (error) {
      // Only a bug or a hostile agent/registry gets here (e.g. toAgUiTools() throwing); the turn still ends cleanly.
      if (!turn.stopped) {
        turn.run?.drain?.cancel();
        turn.tools?.abort();
        this.#fail(turn, turn.run, classifyRunError(error, this.#agentUrl()), error);
      }
    } finally {
      this.#finishTurn(turn);
      this.#offerInterrupts(turn);
    }
  }

  /**
   * Once a turn is over (listeners see `running` false): the interrupts its last run finished with become decisions,
   * and after a failed turn (the resume run, or a message, failed) the interrupts still pending are offered again.
   */
  #offerInterrupts(turn: Turn): void {
    if (turn.stopped && !turn.failed) return;
    if (this.#turn !== undefined) return;
    this.#decisions.offerInterrupts(turn.failed === true);
  }

  /** The run finished: its backend calls that got no result are `unanswered` (no card keeps saying Running). */
  #endBackendCalls(run: RunState): void {
    for (const toolCallId of run.toolCallIds) this.#store.unanswered(toolCallId);
  }

  /**
   * Withdraws the open approvals of calls the policy now denies, whose tool is gone, or whose tool was registered again
   * (another definition: what the person was asked about no longer holds); their round decides again.
   */
  #withdrawDenied(): void {
    this.#decisions.withdraw((_toolCallId, name, asked, subject) => {
      const tool = this.registry.get(name);
      if (!tool || this.registry.isDenied(name)) return true;
      if (subject !== undefined && subject !== tool) return true;
      const parsed = parseToolArguments(asked);
      return parsed.ok && decideToolCall(this.registry.policy, tool, parsed.args) === 'deny';
    });
  }

  /** The endpoint the agent posts to, when it has one (`HttpAgent`, `SseHttpAgent`): named in HTTP errors. */
  #agentUrl(): string | undefined {
    const url = (this.agent as { url?: unknown }).url;
    return typeof url === 'string' && url !== '' ? url : undefined;
  }

  /** How the decisions list reaches the loop's events and the run. */
  #decisionsHost(): DecisionsHost {
    return {
      changed: () => this.#emit('decisions-changed', { decisions: this.#decisions.list }),
      request: (decision) => this.#request(decision),
      resume: (resume) => void this.runAgent({ resume }),
      toolCallDecided: (toolCallId, approved, editedArgs) => {
        // The server runs what the person approved: the record shows it (`argsEdited`).
        if (approved === true && editedArgs !== undefined) this.#store.argsEdited(toolCallId, editedArgs);
        this.#store.approvalAnswered(toolCallId, approved === true, approved === undefined ? 'Not answered' : 'Denied');
      },
      toolCallAwaits: (toolCallId, editable) => {
        const record = this.#store.get(toolCallId);
        if (!record || record.status === 'succeeded' || record.status === 'failed') return;
        const parsed = parseToolArguments(this.#conversation.getToolCall(toolCallId)?.toolCall.function.arguments ?? '');
        this.#store.awaitApproval(toolCallId, undefined, parsed.ok ? parsed.args : undefined, 'policy', false, editable);
      },
    };
  }

  /**
   * Fires a decision's cancelable request event: `tool-approval-requested` for a frontend call, `interrupt` for an
   * interrupt. A `preventDefault()` hides default UIs (the record's `approval.defaultPrevented` for a `tool_call` one).
   * @returns whether a listener called `preventDefault()`
   */
  #request(decision: PendingDecision): boolean {
    let event: CustomEvent<ToolApprovalRequestedDetail | InterruptDetail>;
    if (decision.kind === 'tool-approval') {
      const toolCallId = decision.toolCallId!;
      const detail: ToolApprovalRequestedDetail = {
        toolCallId,
        toolCallName: decision.toolCallName!,
        effect: this.#store.get(toolCallId)?.approval?.effect ?? 'external_side_effect',
        args: decision.args,
        approve: () => decision.answer({ approved: true }),
        deny: (reason?: string) =>
          decision.answer(typeof reason === 'string' && reason.trim() !== '' ? { approved: false, reason } : { approved: false }),
        signal: decision.signal,
        reason: decision.reason ?? 'policy',
      };
      event = new CustomEvent('tool-approval-requested', { detail, cancelable: true });
    } else {
      const detail: InterruptDetail = {
        interrupt: decision.interrupt!,
        decision,
        resolve: (payload?: unknown) => decision.answer(payload),
        cancel: () => decision.cancel(),
      };
      event = new CustomEvent('interrupt', { detail, cancelable: true });
    }
    const prevented = !this.dispatchEvent(event);
    if (prevented && decision.kind === 'interrupt' && decision.toolCallId !== undefined) this.#store.approvalTakenOver(decision.toolCallId);
    return prevented;
  }

  /**
   * Starts the tool round of a run whose RUN_FINISHED has been applied while its stream is still open, when there is
   * one to run now (no interrupt or cancelled outcome, frontend calls without results, within `maxToolIterations`).
   * @returns the calls started and what `#runTools()` resolves with, or `undefined` when nothing started
   */
  #startToolsEarly(turn: Turn, run: RunState, iteration: number): { calls: string[]; round: Promise<boolean> } | undefined {
    const outcome = run.finished?.outcome;
    if (!run.finished || run.error || outcome?.type === 'interrupt' || outcome?.type === 'cancelled') return undefined;
    if (iteration >= this.#maxIterations()) return undefined;
    const calls = callsToRun(this.#tools, run.toolCallIds);
    if (calls.length === 0) return undefined;
    const round = this.#runTools(turn, calls);
    // Stop may end the turn without awaiting it; it never rejects, but a bug must not surface as an unhandled rejection.
    round.catch(() => undefined);
    return { calls, round };
  }

  /**
   * The stream ended badly after the tools of its RUN_FINISHED had started: cancels those still running or waiting
   * for approval (their results say "Not run: the run ended with an error"), keeps the results of those that had
   * finished, and waits until every call of the round is answered.
   */
  async #abandonTools(turn: Turn, round: Promise<boolean>): Promise<void> {
    turn.tools?.abort(new DOMException(NOT_RUN_MESSAGE, 'AbortError'));
    await round;
  }

  #buildInput(runId: string, resume: ResumeEntry[] | undefined, forwardedProps?: Record<string, unknown>): RunAgentInput {
    const input: RunAgentInput = {
      threadId: this.#threadId,
      runId,
      messages: this.#conversation.messagesForAgent(),
      tools: this.registry.toAgUiTools(),
      context: this.context,
      state: this.#conversation.state,
      forwardedProps: forwardedProps ? { ...this.forwardedProps, ...forwardedProps } : (this.forwardedProps ?? {}),
    };
    if (resume !== undefined) input.resume = resume;
    return input;
  }

  #stream(run: RunState, input: RunAgentInput): EventDrain {
    this.agent.threadId = this.#threadId;
    return new EventDrain(runEvents(this.agent, input, run), {
      onEvent: (event) => {
        applyRunEvent(run, event, this.#conversation, this.#store);
        if (event.type === EventType.ACTIVITY_SNAPSHOT || event.type === EventType.ACTIVITY_DELTA) this.#activityChanged(event);
        // Arguments replaced after an approval was asked: that approval no longer says what would run.
        if (event.type === EventType.MESSAGES_SNAPSHOT) {
          this.#decisions.withdraw((toolCallId, _name, asked) => this.#conversation.getToolCall(toolCallId)?.toolCall.function.arguments !== asked);
        }
      },
      onSlice: () => this.#flush(),
      idleTimeoutMs: this.#idleTimeout(),
    });
  }

  /** Fires `activity-changed` for the activity message an ACTIVITY_* event applied to (none when it was refused). */
  #activityChanged(event: BaseEvent): void {
    const messageId = (event as { messageId?: unknown }).messageId;
    const message = typeof messageId === 'string' ? this.#conversation.getMessage(messageId) : undefined;
    if (message?.role !== 'activity') return;
    this.#emit('activity-changed', { messageId: message.id, activityType: message.activityType, content: message.content });
  }

  #abortAgentRun(): void {
    try {
      this.agent.abortRun();
    } catch {
      // an agent's abortRun failing must not keep the loop running
    }
  }

  /** Runs the round's frontend calls; appends their results in call order. Resolves with whether any asks for a follow-up. */
  async #runTools(turn: Turn, calls: string[], recovery?: ReadonlyMap<string, RecoveryMode | undefined>): Promise<boolean> {
    const controller = new AbortController();
    turn.tools = controller;
    const modes = recovery && new Map([...recovery].filter((entry): entry is [string, RecoveryMode] => entry[1] !== undefined));
    const outcomes = await runToolRound(this.#tools, calls, controller.signal, modes);
    if (turn.tools === controller) turn.tools = undefined;
    if (turn.stopped) return false; // stop() has answered every call already
    this.#conversation.insertToolMessages(outcomes.map((outcome) => outcome.message));
    this.#flush();
    this.#syncAgent();
    return outcomes.some((outcome) => outcome.followUp);
  }

  /**
   * With `unknownTools: 'answer'`, the calls among `toolCallIds` that name no registered tool and have no result
   * (from the server or the page); with `'ignore'`, none.
   */
  #unknownCalls(toolCallIds: readonly string[]): string[] {
    if (this.unknownTools !== 'answer') return [];
    const conversation = this.#conversation;
    return toolCallIds.filter((toolCallId) => {
      const entry = conversation.getToolCall(toolCallId);
      return entry !== undefined && conversation.getToolResult(toolCallId) === undefined && !this.registry.has(entry.toolCall.function.name);
    });
  }

  /** Answers calls of tools this page does not have with `unknown_tool` (their records end `failed`). */
  #answerUnknown(calls: readonly string[]): void {
    if (calls.length === 0) return;
    for (const toolCallId of calls) {
      const name = this.#conversation.getToolCall(toolCallId)!.toolCall.function.name;
      const message = `Unknown tool "${name}": this page has no such tool`;
      refuse(this.#tools, [toolCallId], ToolErrorCode.UNKNOWN_TOOL, {
        category: 'permanent',
        code: ToolErrorCode.UNKNOWN_TOOL,
        message,
        retryable: false,
      }, 'failed');
    }
    this.#flush();
    this.#syncAgent();
  }

  #stopForLoopGuard(run: RunState, calls: string[], result: unknown): void {
    const rounds = this.#maxIterations();
    const message = `Stopped after ${rounds} tool round${rounds === 1 ? '' : 's'}`;
    refuse(this.#tools, calls, ToolErrorCode.MAX_TOOL_ITERATIONS, {
      category: 'cancelled',
      code: ToolErrorCode.MAX_TOOL_ITERATIONS,
      message: `Not run: ${message.toLowerCase()}`,
      retryable: false,
    });
    this.#flush();
    this.#finishRun(run, false, result);
    this.#fail(undefined, run, { code: RunErrorCode.MAX_TOOL_ITERATIONS, message });
  }

  #fail(turn: Turn | undefined, run: RunState | undefined, info: RunFailure, cause?: unknown): void {
    if (turn) turn.failed = true;
    if (run) answerUnanswered(this.#tools, run.toolCallIds, NOT_RUN_MESSAGE);
    this.#flush();
    this.#syncAgent();
    const detail: RunErrorDetail = { code: info.code, message: info.message, threadId: this.#threadId };
    if (run) detail.runId = run.runId;
    if (info.status !== undefined) detail.status = info.status;
    if (info.agentCode !== undefined) detail.agentCode = info.agentCode;
    if (cause !== undefined) detail.cause = cause;
    this.#lastError = detail;
    this.#emit('run-error', detail);
  }

  #finishRun(run: RunState, followUp: boolean, result: unknown): void {
    this.#syncAgent();
    const outcome = run.finished?.outcome;
    this.#emit('run-finished', {
      threadId: this.#threadId,
      runId: run.runId,
      iteration: run.iteration,
      followUp,
      ...(result !== undefined && { result }),
      interrupts: outcome?.type === 'interrupt' ? [...outcome.interrupts] : [],
    });
  }

  /** `streamIdleTimeoutMs`, sanitized: 0 (no limit) or a positive number of ms (the default for anything else). */
  #idleTimeout(): number {
    const value = this.streamIdleTimeoutMs;
    if (value === Infinity || value === 0) return 0;
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_STREAM_IDLE_TIMEOUT_MS;
  }

  /** `maxToolIterations`, sanitized: a non-negative integer (the default for anything else). */
  #maxIterations(): number {
    const value = this.maxToolIterations;
    if (value === Infinity) return value;
    return Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_MAX_TOOL_ITERATIONS;
  }

  #finishTurn(turn: Turn): void {
    if (this.#turn !== turn) return;
    this.#turn = undefined;
    this.#syncAgent();
    this.#setRunning(false);
  }

  /** Fires `messages-changed`/`state-changed` for what changed since the last flush. */
  #flush(): void {
    const change = this.#conversation.commit();
    if (!change) return;
    if (change.messagesChanged) {
      this.#emit('messages-changed', {
        messages: this.#conversation.messages,
        version: change.version,
        changedMessageIds: change.changedMessageIds,
      });
    }
    if (change.stateChanged) this.#emit('state-changed', { state: this.#conversation.state });
  }

  /** Mirrors thread id, messages (a copy), state and interrupts onto the agent, for page code that holds it. */
  #syncAgent(): void {
    const agent = this.agent;
    agent.pendingInterrupts = [...this.#decisions.interrupts];
    // setMessages() deep-copies: skip it when nothing changed since the last sync.
    if (this.#syncedVersion === this.#conversation.version && agent.threadId === this.#threadId) return;
    this.#syncedVersion = this.#conversation.version;
    agent.threadId = this.#threadId;
    try {
      agent.setMessages(this.#conversation.messages as Message[]);
      agent.setState(this.#conversation.state);
    } catch {
      // setMessages/setState clone; a value that cannot be cloned is shared instead.
      agent.messages = [...this.#conversation.messages];
      agent.state = this.#conversation.state;
    }
  }

  #setRunning(running: boolean): void {
    if (this.#running === running) return;
    this.#running = running;
    this.agent.isRunning = running;
    this.#emit('running-changed', { running });
  }

  #emit<K extends keyof AgentRunLoopEventMap>(type: K, detail: AgentRunLoopEventMap[K]['detail']): void {
    const event = new CustomEvent(type, { detail });
    this.dispatchEvent(event);
  }
}

function cloneMessages(messages: readonly Message[]): Message[] {
  try {
    return structuredClone(messages) as Message[];
  } catch {
    return messages.map((message) => ({ ...message }));
  }
}

/** `ids` without `subsequence`, a subsequence of it (same order, each id at most once): O(ids). */
function exceptSubsequence(ids: readonly string[], subsequence: readonly string[]): string[] {
  let next = 0;
  return ids.filter((id) => {
    if (next < subsequence.length && subsequence[next] === id) {
      next++;
      return false;
    }
    return true;
  });
}

/** Whether a JSON Schema object declares `property` among its `properties`. */
function hasProperty(schema: Record<string, unknown> | undefined, property: string): boolean {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, property);
}

/** The `errorCode` of a tool message's error content (`{"ok":false,"errorCode":...}`), or `'unknown'`. */
function errorCodeOf(content: string): string {
  try {
    const code = (JSON.parse(content) as { errorCode?: unknown } | null)?.errorCode;
    return typeof code === 'string' ? code : 'unknown';
  } catch {
    return 'unknown';
  }
}
