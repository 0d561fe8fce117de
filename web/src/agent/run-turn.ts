/**
 * Run sequencing: one turn of the loop (a user message, `runAgent()`, a recovery round) is run the agent, stream its
 * events, run its frontend tools, follow up, until a run calls no tool; the loop guard, Stop, and how a turn ends or
 * fails.
 * @module
 * @internal
 */
import { EventType, randomUUID } from '@ag-ui/client';
import type { BaseEvent, Context, ResumeEntry, RunAgentInput } from '@ag-ui/client';
import { ToolErrorCode, type ToolRegistry } from '../tools/index.js';
import type { AgentMirror } from './agent-mirror.js';
import type { Conversation } from './conversation.js';
import type { Decisions } from './decisions.js';
import { EventDrain } from './event-drain.js';
import { answerRecovering } from './recovery.js';
import { classifyRunError, runFailure, type RunFailure } from './run-errors.js';
import { applyRunEvent, runEvents, type RunState } from './run-stream.js';
import type { Emit, ToolCallStore } from './tool-call-store.js';
import { CANCELLED_BY_USER_MESSAGE } from './tool-results.js';
import { answerUnanswered, callsToRun, refuse, runToolRound, type RecoveryMode, type ToolRoundContext } from './tool-round.js';
import { RunErrorCode, type RunErrorDetail, type RunnableAgent, type UnknownToolsMode } from './types.js';

/** Default of `AgentRunLoopOptions.maxToolIterations`. */
export const DEFAULT_MAX_TOOL_ITERATIONS = 5;

/** Default of `AgentRunLoopOptions.streamIdleTimeoutMs`: one minute without an event ends the run `stream_stalled`. */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;

/** Message of the tool results the loop adds when a run fails with calls left unanswered. */
const NOT_RUN_MESSAGE = 'Not run: the run ended with an error';
/** Message of the tool results the loop adds for the calls of a run that finished `cancelled`. */
const NOT_RUN_CANCELLED_MESSAGE = 'Not run: the run was cancelled';

/** Everything a user message (or `runAgent()`) sets in motion: runs, their tools, follow-ups. */
export interface Turn {
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

/** The loop's settings a turn reads when each run starts (`AgentRunLoop`'s public fields of the same names). */
export interface TurnSettings {
  readonly maxToolIterations: number;
  readonly streamIdleTimeoutMs: number;
  readonly unknownTools: UnknownToolsMode;
  readonly context: Context[];
  readonly forwardedProps?: Record<string, unknown> | undefined;
}

/** The parts of the loop a turn works with. */
export interface TurnHost {
  readonly agent: RunnableAgent;
  readonly registry: ToolRegistry;
  readonly conversation: Conversation;
  readonly store: ToolCallStore;
  readonly decisions: Decisions;
  readonly tools: ToolRoundContext;
  readonly mirror: AgentMirror;
  readonly settings: TurnSettings;
  readonly emit: Emit;
  threadId(): string;
  /** Commits the conversation's changes (`messages-changed`, `state-changed`) and syncs the agent mirror. */
  flush(): void;
  /** Commits the conversation's changes only: a slice of a run's stream. */
  commit(): void;
}

/** Runs the loop's turns, one at a time; owns `running` and `lastError`. */
export class TurnRunner {
  readonly #host: TurnHost;
  #turn: Turn | undefined;
  #running = false;
  /** The error that ended the last turn (see `AgentRunLoop.lastError`). */
  lastError: RunErrorDetail | undefined;

  constructor(host: TurnHost) {
    this.#host = host;
  }

  /** True from `begin()` until the last run and tool of that turn settle (or `stop()`). */
  get running(): boolean {
    return this.#running;
  }

  /** Starts a turn: the loop is `running`, `lastError` cleared. Run it with `run()`. */
  begin(): Turn {
    const turn: Turn = { stopped: false };
    this.#turn = turn;
    this.lastError = undefined;
    this.#setRunning(true);
    return turn;
  }

  /**
   * Runs a turn begun by `begin()`: with `resume` for its first run, or first a recovery round over `recovery`'s calls.
   * Never rejects.
   */
  async run(turn: Turn, resume: ResumeEntry[] | undefined, recovery?: ReadonlyMap<string, RecoveryMode | undefined>): Promise<void> {
    const host = this.#host;
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
        host.emit('run-started', { threadId: host.threadId(), runId: run.runId, iteration });
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
        host.flush();

        const failure = runFailure(run, outcome, this.#agentUrl());
        if (failure) {
          if (early) {
            // Cancels the early round's calls still running or waiting (their results say the run ended with an
            // error), keeps the results of those that finished, and waits until every call is answered.
            turn.tools?.abort(new DOMException(NOT_RUN_MESSAGE, 'AbortError'));
            await early.round;
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
          host.decisions.runFinished(finishedOutcome.interrupts);
          this.#endBackendCalls(run);
          this.#finishRun(run, false, result);
          return;
        }
        host.decisions.runFinished([]);
        // Without an early start, every frontend call of the run; after one, the calls of a later run in the same
        // stream (RUN_STARTED after RUN_FINISHED), if any.
        // (The early round answered every call it ran: they are not looked up again.)
        const candidates = early ? exceptSubsequence(run.toolCallIds, early.calls) : run.toolCallIds;
        if (finishedOutcome?.type === 'cancelled') {
          // AG-UI: a cancelled run waits for nothing; its calls are not run, and answered so the transcript stays valid.
          answerUnanswered(host.tools, run.toolCallIds, NOT_RUN_CANCELLED_MESSAGE);
          host.flush();
          this.#finishRun(run, false, result);
          return;
        }
        const calls = callsToRun(host.tools, candidates);
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
      // Once the turn is over (listeners see `running` false): the interrupts its last run finished with become
      // decisions, and after a failed turn (the resume run, or a message, failed) those still pending are offered again.
      if ((!turn.stopped || turn.failed) && this.#turn === undefined) host.decisions.offerInterrupts(turn.failed === true);
    }
  }

  /** Stops the current turn at once (see `AgentRunLoop.stop()`). No-op when none runs. */
  stop(): void {
    const turn = this.#turn;
    if (!turn || turn.stopped) return;
    const { tools } = this.#host;
    turn.stopped = true;
    const run = turn.run;
    if (run?.drain && !run.drain.finished) {
      run.drain.cancel();
      this.#abortAgentRun();
    }
    turn.tools?.abort(new DOMException(CANCELLED_BY_USER_MESSAGE, 'AbortError'));
    if (turn.recovering) answerRecovering(tools, turn.recovering);
    if (run) answerUnanswered(tools, run.toolCallIds, CANCELLED_BY_USER_MESSAGE);
    this.#host.flush();
    this.#finishTurn(turn);
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
    const calls = callsToRun(this.#host.tools, run.toolCallIds);
    if (calls.length === 0) return undefined;
    const round = this.#runTools(turn, calls);
    // Stop may end the turn without awaiting it; it never rejects, but a bug must not surface as an unhandled rejection.
    round.catch(() => undefined);
    return { calls, round };
  }

  #buildInput(runId: string, resume: ResumeEntry[] | undefined, forwardedProps?: Record<string, unknown>): RunAgentInput {
    const { conversation, registry, settings } = this.#host;
    const input: RunAgentInput = {
      threadId: this.#host.threadId(),
      runId,
      messages: conversation.messagesForAgent(),
      tools: registry.toAgUiTools(),
      context: settings.context,
      state: conversation.state,
      forwardedProps: forwardedProps ? { ...settings.forwardedProps, ...forwardedProps } : (settings.forwardedProps ?? {}),
    };
    if (resume !== undefined) input.resume = resume;
    return input;
  }

  #stream(run: RunState, input: RunAgentInput): EventDrain {
    const { agent, conversation, store, decisions } = this.#host;
    agent.threadId = this.#host.threadId();
    return new EventDrain(runEvents(agent, input, run), {
      onEvent: (event) => {
        applyRunEvent(run, event, conversation, store);
        if (event.type === EventType.ACTIVITY_SNAPSHOT || event.type === EventType.ACTIVITY_DELTA) this.#activityChanged(event);
        // Arguments replaced (or the call renamed) after an approval was asked: it no longer says what would run. A
        // call the agent answered itself: nothing is left to approve (its round sees the answer and does not run it).
        if (event.type === EventType.MESSAGES_SNAPSHOT || event.type === EventType.TOOL_CALL_RESULT) {
          decisions.withdraw((toolCallId, name, asked) => {
            if (conversation.getToolResult(toolCallId) !== undefined) return true;
            const call = conversation.getToolCall(toolCallId)?.toolCall.function;
            return call?.arguments !== asked || call.name !== name;
          });
        }
      },
      // Each slice is committed for the page; the agent mirror waits for the end of the stream (it copies everything).
      onSlice: () => this.#host.commit(),
      idleTimeoutMs: this.#idleTimeout(),
    });
  }

  /** Fires `activity-changed` for the activity message an ACTIVITY_* event applied to (none when it was refused). */
  #activityChanged(event: BaseEvent): void {
    const messageId = (event as { messageId?: unknown }).messageId;
    const message = typeof messageId === 'string' ? this.#host.conversation.getMessage(messageId) : undefined;
    if (message?.role !== 'activity') return;
    this.#host.emit('activity-changed', { messageId: message.id, activityType: message.activityType, content: message.content });
  }

  #abortAgentRun(): void {
    try {
      this.#host.agent.abortRun();
    } catch {
      // an agent's abortRun failing must not keep the loop running
    }
  }

  /** Runs the round's frontend calls; appends their results in call order. Resolves with whether any asks for a follow-up. */
  async #runTools(turn: Turn, calls: string[], recovery?: ReadonlyMap<string, RecoveryMode | undefined>): Promise<boolean> {
    const controller = new AbortController();
    turn.tools = controller;
    const modes = recovery && new Map([...recovery].filter((entry): entry is [string, RecoveryMode] => entry[1] !== undefined));
    const outcomes = await runToolRound(this.#host.tools, calls, controller.signal, modes);
    if (turn.tools === controller) turn.tools = undefined;
    if (turn.stopped) return false; // stop() has answered every call already
    this.#host.conversation.insertToolMessages(outcomes.filter((outcome) => !outcome.inConversation).map((outcome) => outcome.message));
    this.#host.flush();
    return outcomes.some((outcome) => outcome.followUp);
  }

  /**
   * With `unknownTools: 'answer'`, the calls among `toolCallIds` that name no registered tool and have no result
   * (from the server or the page); with `'ignore'`, none.
   */
  #unknownCalls(toolCallIds: readonly string[]): string[] {
    const { conversation, registry, settings } = this.#host;
    if (settings.unknownTools !== 'answer') return [];
    return toolCallIds.filter((toolCallId) => {
      const entry = conversation.getToolCall(toolCallId);
      return entry !== undefined && conversation.getToolResult(toolCallId) === undefined && !registry.has(entry.toolCall.function.name);
    });
  }

  /** Answers calls of tools this page does not have with `unknown_tool` (their records end `failed`). */
  #answerUnknown(calls: readonly string[]): void {
    if (calls.length === 0) return;
    const { conversation, tools } = this.#host;
    for (const toolCallId of calls) {
      const name = conversation.getToolCall(toolCallId)!.toolCall.function.name;
      const message = `Unknown tool "${name}": this page has no such tool`;
      refuse(tools, [toolCallId], ToolErrorCode.UNKNOWN_TOOL, { category: 'permanent', code: ToolErrorCode.UNKNOWN_TOOL, message, retryable: false }, 'failed');
    }
    this.#host.flush();
  }

  #stopForLoopGuard(run: RunState, calls: string[], result: unknown): void {
    const rounds = this.#maxIterations();
    const message = `Stopped after ${rounds} tool round${rounds === 1 ? '' : 's'}`;
    refuse(this.#host.tools, calls, ToolErrorCode.MAX_TOOL_ITERATIONS, {
      category: 'cancelled',
      code: ToolErrorCode.MAX_TOOL_ITERATIONS,
      message: `Not run: ${message.toLowerCase()}`,
      retryable: false,
    });
    this.#host.flush();
    this.#finishRun(run, false, result);
    this.#fail(undefined, run, { code: RunErrorCode.MAX_TOOL_ITERATIONS, message });
  }

  #fail(turn: Turn | undefined, run: RunState | undefined, info: RunFailure, cause?: unknown): void {
    const host = this.#host;
    if (turn) turn.failed = true;
    if (run) answerUnanswered(host.tools, run.toolCallIds, NOT_RUN_MESSAGE);
    host.flush();
    const detail: RunErrorDetail = { code: info.code, message: info.message, threadId: host.threadId() };
    if (run) detail.runId = run.runId;
    if (info.status !== undefined) detail.status = info.status;
    if (info.agentCode !== undefined) detail.agentCode = info.agentCode;
    if (cause !== undefined) detail.cause = cause;
    this.lastError = detail;
    host.emit('run-error', detail);
  }

  #finishRun(run: RunState, followUp: boolean, result: unknown): void {
    const host = this.#host;
    host.flush();
    const outcome = run.finished?.outcome;
    host.emit('run-finished', {
      threadId: host.threadId(),
      runId: run.runId,
      iteration: run.iteration,
      followUp,
      ...(result !== undefined && { result }),
      ...finishReasonOf(result),
      interrupts: outcome?.type === 'interrupt' ? [...outcome.interrupts] : [],
    });
  }

  /** The run finished: its backend calls that got no result are `unanswered` (no card keeps saying Running). */
  #endBackendCalls(run: RunState): void {
    for (const toolCallId of run.toolCallIds) this.#host.store.unanswered(toolCallId);
  }

  /** `streamIdleTimeoutMs`, sanitized: 0 (no limit) or a positive number of ms (the default for anything else). */
  #idleTimeout(): number {
    const value = this.#host.settings.streamIdleTimeoutMs;
    if (value === Infinity || value === 0) return 0;
    return Number.isFinite(value) && value > 0 ? value : DEFAULT_STREAM_IDLE_TIMEOUT_MS;
  }

  /** `maxToolIterations`, sanitized: a non-negative integer (the default for anything else). */
  #maxIterations(): number {
    const value = this.#host.settings.maxToolIterations;
    if (value === Infinity) return value;
    return Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_MAX_TOOL_ITERATIONS;
  }

  #finishTurn(turn: Turn): void {
    if (this.#turn !== turn) return;
    this.#turn = undefined;
    this.#host.flush();
    this.#setRunning(false);
  }

  #setRunning(running: boolean): void {
    if (this.#running === running) return;
    this.#running = running;
    this.#host.mirror.running(running);
    this.#host.emit('running-changed', { running });
  }

  /** The endpoint the agent posts to, when it has one (`HttpAgent`, `SseHttpAgent`): named in HTTP errors. */
  #agentUrl(): string | undefined {
    const url = (this.#host.agent as { url?: unknown }).url;
    return typeof url === 'string' && url !== '' ? url : undefined;
  }
}

/** `{ finishReason }` from a RUN_FINISHED `result` that holds one as a string (the `ag-ui-lit/llm` agents'), else `{}`. */
function finishReasonOf(result: unknown): { finishReason?: string } {
  const reason = typeof result === 'object' && result !== null ? (result as { finishReason?: unknown }).finishReason : undefined;
  return typeof reason === 'string' && reason !== '' ? { finishReason: reason } : {};
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
