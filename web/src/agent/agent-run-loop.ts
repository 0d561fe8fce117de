import { randomUUID } from '@ag-ui/client';
import type { Context, Interrupt, Message, ResumeEntry, State, UserMessage } from '@ag-ui/client';
import { ToolExecutionManager, TypedEventTarget, ValidatingToolExecutor, type ToolRegistry } from '../tools/index.js';
import { AgentMirror } from './agent-mirror.js';
import { ApprovalMemory } from './approval-memory.js';
import { cloneMessages, Conversation } from './conversation.js';
import { decisionsHost, withdrawDenied } from './decision-requests.js';
import { Decisions } from './decisions.js';
import { ExternalCalls } from './external-calls.js';
import { recoverCalls } from './recovery.js';
import { DEFAULT_MAX_TOOL_ITERATIONS, DEFAULT_STREAM_IDLE_TIMEOUT_MS, TurnRunner } from './run-turn.js';
import { CANCELLED_BY_USER_MESSAGE } from './tool-results.js';
import { ToolCallStore } from './tool-call-store.js';
import type { ToolRoundContext } from './tool-round.js';
import type {
  AgentRunLoopEventMap,
  AgentRunLoopOptions,
  ApprovalScope,
  ExternalToolCallOutcome,
  PendingDecision,
  RememberedApproval,
  RestoredThread,
  RunErrorDetail,
  RunnableAgent,
  StoredApproval,
  ToolCallJournal,
  ToolCallRecord,
  UnknownToolsMode,
} from './types.js';

export { DEFAULT_MAX_TOOL_ITERATIONS, DEFAULT_STREAM_IDLE_TIMEOUT_MS };

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
 * waits for a person, approvals of frontend calls, AG-UI interrupts and UI tools' questions, is one list,
 * `decisions`. A run that finishes with interrupts offers them (`interrupt`, cancelable) once the turn is over, and
 * resumes the agent once when all are answered; an interrupt with `reason: 'tool_call'` is an approval of the
 * server's call (`{ approved }`).
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
 * @fires {CustomEvent<ToolCallEndDetail>} tool-call-end - a frontend tool succeeded (`result`: the text sent to the agent; `value`: what the handler returned)
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
  readonly #turns: TurnRunner;
  readonly #external: ExternalCalls;
  readonly #mirror: AgentMirror;
  readonly #listeners = new AbortController();
  readonly #approvals = new ApprovalMemory({
    remembered: (approval) => this.journal?.rememberApproval?.(approval),
    forgotten: (toolName) => this.journal?.forgetApprovals?.(toolName),
  });
  #threadId: string;
  #disposed = false;

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
    const emit = this.#emit.bind(this);
    const conversation = (this.#conversation = new Conversation(cloneMessages(this.agent.messages ?? []), this.agent.state ?? {}));
    const store = (this.#store = new ToolCallStore(this.registry, emit));
    store.syncFromMessages(conversation.messages);
    const decisions: Decisions = (this.#decisions = new Decisions(
      decisionsHost({ target: this, emit, conversation, store, decisions: () => decisions, resume: (resume) => void this.runAgent({ resume }) }),
    ));
    decisions.setInterrupts(this.agent.pendingInterrupts ?? []);
    const threadId = (): string => this.#threadId;
    this.#tools = {
      conversation,
      registry: this.registry,
      manager: this.manager,
      store,
      decisions,
      journal: () => this.journal,
      approvals: this.#approvals,
      threadId,
    };
    this.#external = new ExternalCalls(this.#tools);
    this.#mirror = new AgentMirror(this.agent, { threadId, conversation, interrupts: () => decisions.interrupts });
    this.#turns = new TurnRunner({
      agent: this.agent,
      registry: this.registry,
      conversation,
      store,
      decisions,
      tools: this.#tools,
      mirror: this.#mirror,
      settings: this,
      emit,
      threadId,
      flush: () => this.#flush(),
      commit: () => this.#commit(),
    });
    // A denial always wins: an approval still open for a tool the policy came to deny is withdrawn (decided anew).
    this.registry.addEventListener('tool-registry-change', () => withdrawDenied(decisions, this.registry), { signal: this.#listeners.signal });
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
    return this.#turns.running;
  }

  /** Every tool call of the thread (streamed, or in restored and snapshot messages) as its record, by toolCallId. */
  get toolCalls(): ReadonlyMap<string, Readonly<ToolCallRecord>> {
    return this.#store.records;
  }

  /**
   * What waits for a person: frontend calls waiting for approval, the interrupts the last run finished with (each
   * with its `state`), and UI tools' calls waiting for an answer. A new array whenever it changes (`decisions-changed`).
   */
  get decisions(): readonly PendingDecision[] {
    return this.#decisions.list;
  }

  /** The error that ended the last turn; cleared when a turn starts and by `reset()`/`setMessages()`. */
  get lastError(): RunErrorDetail | undefined {
    return this.#turns.lastError;
  }

  /** Interrupts of the last run that finished with `outcome.type === 'interrupt'`; answer them with `runAgent({ resume })`. */
  get pendingInterrupts(): Interrupt[] {
    return this.#decisions.interrupts;
  }

  /**
   * Appends a user message and runs the turn. A turn already running is stopped first (as `stop()`). Pending
   * interrupts that the message does not answer are sent back as `cancelled` resume entries. With a `journal`, the
   * run's request waits until the journal has kept the message (`ToolCallJournal.flush()`).
   * @returns a promise that resolves when the turn is over; it never rejects (failures fire `run-error`)
   */
  async sendMessage(text: string): Promise<void> {
    if (this.#disposed) return;
    this.stop();
    const resume = this.#decisions.interrupts.map(
      (interrupt): ResumeEntry => ({ interruptId: interrupt.id, status: 'cancelled' }),
    );
    this.#decisions.dropInterrupts();
    const turn = this.#turns.begin();
    const message: UserMessage = { id: randomUUID(), role: 'user', content: text };
    this.#conversation.append(message);
    this.#flush();
    // Kept before the request goes out: a page that goes away from then on still has the message.
    const kept = this.journal?.flush?.();
    if (kept) await kept;
    await this.#turns.run(turn, resume.length > 0 ? resume : undefined);
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
    const turn = this.#turns.begin();
    if (typeof params.forwardedProps === 'object' && params.forwardedProps !== null) turn.forwardedProps = params.forwardedProps;
    await this.#turns.run(turn, params.resume);
  }

  /**
   * Stops the turn at once: aborts the HTTP run, cancels the tools this loop is running, starts no follow-up, and
   * answers every tool call of the current run that has no result (frontend and backend) with
   * `{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}` (`error` set), keeping the results of
   * tools that had already finished. Fires no `run-error`. No-op when not running.
   */
  stop(): void {
    this.#turns.stop();
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
   *   agent, `editedArgs`); for a server's call, they go into the resume as `editedArgs` (a full replacement,
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
    return this.#external.run(toolCallName, args, options);
  }

  /**
   * Stops, clears messages, state, tool calls, `lastError` and interrupts, and starts a new thread.
   * @param threadId - the new thread id; default a new UUID
   */
  reset(threadId?: string): void {
    this.stop();
    this.#external.abortAll();
    this.#threadId = threadId ?? randomUUID();
    this.#conversation.setMessages([]);
    this.#conversation.setState({});
    this.#store.clear();
    this.#decisions.clear();
    this.#turns.lastError = undefined;
    this.#decisions.setInterrupts([]);
    this.#flush();
  }

  /** Stops and replaces the conversation (e.g. to restore a thread). The messages are copied. */
  setMessages(messages: Message[]): void {
    this.stop();
    this.#conversation.setMessages(cloneMessages(messages));
    this.#store.clear();
    this.#store.syncFromMessages(this.#conversation.messages);
    this.#decisions.clear();
    this.#turns.lastError = undefined;
    this.#decisions.setInterrupts([]);
    this.#flush();
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
    this.#turns.lastError = thread.lastError && { ...thread.lastError };
    this.#decisions.setInterrupts(thread.interrupts ?? []);
    const recover = options.recover !== false;
    const round = recover ? recoverCalls(this.#tools, this.#decisions.interrupts) : undefined;
    this.#flush();
    if (round && round.size > 0) {
      void this.#turns.run(this.#turns.begin(), undefined, round);
    } else if (recover) {
      this.#decisions.offerInterrupts(true);
    }
  }

  /** Stops and detaches from the manager. The loop does nothing afterwards. */
  dispose(): void {
    this.stop();
    this.#external.abortAll();
    this.#disposed = true;
    this.#decisions.clear();
    this.#listeners.abort();
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** Fires `messages-changed`/`state-changed` for what changed since the last commit. */
  #commit(): void {
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

  /**
   * Commits, then brings the agent mirror up to date: the one place the mirror is synced (a run's stream commits its
   * slices with `#commit()` alone).
   */
  #flush(): void {
    this.#commit();
    this.#mirror.sync();
  }

  #emit<K extends keyof AgentRunLoopEventMap>(type: K, detail: AgentRunLoopEventMap[K]['detail']): void {
    const event = new CustomEvent(type, { detail });
    this.dispatchEvent(event);
  }
}

/** Whether a JSON Schema object declares `property` among its `properties`. */
function hasProperty(schema: Record<string, unknown> | undefined, property: string): boolean {
  const properties = schema?.properties;
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, property);
}
