/**
 * The one owner of tool-call state: a plain record per tool call of the thread, keyed by `toolCallId`.
 * @module
 * @internal
 */
import type { Message, ToolMessage } from '@ag-ui/client';
import type { ToolExecutionEvent } from '../tools/tool-events.js';
import { redactExecution, redactToolArgs, redactToolError, redactToolResult, redactToolValue } from '../tools/tool-redaction.js';
import {
  REDACTED,
  ToolErrorCode,
  redactJsonText,
  redactionInForce,
  redactValue,
  type ToolEffect,
  type ToolError,
  type ToolExecution,
  type ToolRedaction,
  type ToolRegistry,
} from '../tools/index.js';
import { parsePartialJson } from './partial-json.js';
import { ANSWERED_BY_AGENT_MESSAGE, contentText, toolFailureMessage } from './tool-results.js';
import type { AgentRunLoopEventMap, ApprovalReason, ApprovalScope, ToolCallError, ToolCallKind, ToolCallRecord, ToolCallStatus } from './types.js';

/** Fires one of the loop's events with its detail. */
export type Emit = <K extends keyof AgentRunLoopEventMap>(type: K, detail: AgentRunLoopEventMap[K]['detail']) => void;

/** Statuses after which a call changes no more (a later server result may still turn `unanswered` into `succeeded`). */
const FINAL: ReadonlySet<ToolCallStatus> = new Set(['succeeded', 'failed', 'cancelled', 'uncertain']);

/** How a call the loop answers ends: what the agent is sent, and what the record says. */
export interface ToolCallAnswer {
  status: 'succeeded' | 'failed' | 'cancelled' | 'uncertain';
  /** The tool message for the agent. */
  message: ToolMessage;
  /** Whether it asks for a follow-up run. */
  followUp: boolean;
  /** The tool's result (succeeded), unredacted. */
  result?: string;
  /** What its handler returned (succeeded), unredacted, when the manager had it (`ToolExecutionResult.value`). */
  value?: unknown;
  /** Why it failed or did not run, unredacted. */
  error?: ToolError;
  /** The execution that ran it (unredacted), when it ran. */
  execution?: ToolExecution;
}

/** Codes of the answers the loop writes itself (not run, denied, ...): their messages name no arguments or results. */
const LOOP_CODES: ReadonlySet<string> = new Set<string>([
  ToolErrorCode.INVALID_JSON,
  ToolErrorCode.CANCELLED,
  ToolErrorCode.MAX_TOOL_ITERATIONS,
  ToolErrorCode.POLICY_DENIED,
  ToolErrorCode.APPROVAL_DENIED,
  ToolErrorCode.RESULT_TOO_LARGE,
  ToolErrorCode.UNKNOWN_TOOL,
  ToolErrorCode.TOOL_CALL_RENAMED,
  ToolErrorCode.ANSWERED_BY_AGENT,
]);

/** What a record holds about the tool it names, dropped when its call turns out to name another (`renamed()`). */
const STALE_AFTER_RENAME = [
  'answer',
  'result',
  'error',
  'approval',
  'args',
  'argsEdited',
  'approvedBy',
  'retry',
  'rateLimit',
  'progress',
  'attempts',
  'lateCompletion',
] as const satisfies ReadonlyArray<keyof ToolCallRecord>;

/** A `ToolError` as the page may see it: redacted per `redaction`, except the loop's own answers, which need none. */
function shownError(redaction: ToolRedaction | undefined, error: ToolError): ToolError {
  if (redaction !== undefined && error.code !== undefined && LOOP_CODES.has(error.code)) return redactToolError(undefined, error);
  return redactToolError(redaction, error);
}

/** A `ToolError` as a record keeps it: without `cause` (not data), as the page may see it. */
function recordError(redaction: ToolRedaction | undefined, error: ToolError): ToolCallError {
  const { cause: _cause, ...plain } = shownError(redaction, error);
  return plain;
}

/**
 * Every tool call of one thread as a `ToolCallRecord`, and the loop's tool events, fired as the records change.
 *
 * Writers: the run's stream (`start`, `appendArgs`, `endArgs`, `serverResult`), message snapshots and restored threads
 * (`syncFromMessages`), the tool round (`awaitApproval`, `onExecution`, `answer`), and the end of a run (`unanswered`).
 * Each write computes what the page may see (redacted for a tool with a `redaction` config in force, see
 * `redactionInForce`) once, and fires the matching event with those values; the unredacted arguments live in the
 * conversation and the unredacted answer in `record.answer`.
 */
export class ToolCallStore {
  readonly #records = new Map<string, ToolCallRecord>();
  readonly #registry: ToolRegistry;
  readonly #emit: Emit;

  constructor(registry: ToolRegistry, emit: Emit) {
    this.#registry = registry;
    this.#emit = emit;
  }

  /** Every record, by toolCallId: read-only outside the store (its methods are the only writers). */
  get records(): ReadonlyMap<string, Readonly<ToolCallRecord>> {
    return this.#records;
  }

  /** The record of `toolCallId`, read-only. */
  get(toolCallId: string): Readonly<ToolCallRecord> | undefined {
    return this.#records.get(toolCallId);
  }

  /**
   * TOOL_CALL_START: a new record (`frontend` when the name is registered), `tool-call-start`. A replay renames.
   * @param origin - where a call that came from outside a run came from (`AgentRunLoop.runToolCall()`), kept in the record
   */
  start(toolCallId: string, toolCallName: string, parentMessageId: string | undefined, origin?: string): void {
    const existing = this.#records.get(toolCallId);
    if (existing) {
      existing.toolCallName = toolCallName;
      return;
    }
    const kind = this.#kindOf(toolCallName);
    const record: ToolCallRecord = { toolCallId, toolCallName, kind, status: 'streaming', argsText: '', timing: { createdAt: Date.now() } };
    if (parentMessageId !== undefined) record.parentMessageId = parentMessageId;
    if (origin !== undefined) record.origin = origin;
    this.#records.set(toolCallId, record);
    this.#emit('tool-call-start', { toolCallId, toolCallName, kind, ...(parentMessageId !== undefined && { parentMessageId }) });
  }

  /**
   * TOOL_CALL_ARGS: appends to `argsText` and fires `tool-call-args` (its `partialArgs` parsed only when read). A
   * redacted tool's fragments cannot be redacted: its record shows `[redacted]` until the arguments end.
   * @param rawText - the call's whole arguments text so far (the conversation's)
   */
  appendArgs(toolCallId: string, delta: string, rawText: string): void {
    const record = this.#records.get(toolCallId);
    if (!record || typeof delta !== 'string' || record.status !== 'streaming') return;
    const redaction = this.#redaction(record);
    let parsed: { value: unknown } | undefined;
    if (redaction !== undefined) {
      record.argsText = REDACTED;
      this.#emit('tool-call-args', {
        toolCallId,
        delta: REDACTED,
        get partialArgs(): unknown {
          return (parsed ??= { value: redactValue(parsePartialJson(rawText), redaction.args) }).value;
        },
      });
      return;
    }
    record.argsText = rawText;
    this.#emit('tool-call-args', {
      toolCallId,
      delta,
      get partialArgs(): unknown {
        return (parsed ??= { value: parsePartialJson(rawText) }).value;
      },
    });
  }

  /** TOOL_CALL_END: a frontend call waits for its run to end (`pending`); a backend call runs on the server (`executing`). */
  endArgs(toolCallId: string, rawText: string): void {
    const record = this.#records.get(toolCallId);
    if (!record || record.status !== 'streaming') return;
    record.argsText = this.#shownArgsText(record, rawText);
    this.#setStatus(record, record.kind === 'frontend' ? 'pending' : 'executing');
  }

  /**
   * TOOL_CALL_RESULT (or a tool message in a snapshot): the server answered the call; it will not run here. A backend
   * call `succeeded` (or `failed`, with the message's `error`). A call of this page's own tool that the page has not
   * answered is the agent's claim, never this page's success: `cancelled` (not run here) with `answered_by_agent`,
   * its `result` the agent's text; an approval it waited for no longer shows (the round withdraws it, see
   * `Decisions.withdraw()`, and never runs the call).
   * @param history - the answer comes with the call from a thread's history (see `syncFromMessages()`), where who
   *   answered a page tool's call is not known: it reads as before, `succeeded` (or `failed`)
   */
  serverResult(toolCallId: string, content: string, error?: string, history = false): void {
    const record = this.#records.get(toolCallId);
    if (!record || record.answer !== undefined) return;
    record.result = redactToolResult(this.#redaction(record), content);
    if (record.approval !== undefined) delete record.approval;
    if (record.kind === 'frontend' && !history) {
      const message = error === undefined ? ANSWERED_BY_AGENT_MESSAGE : `${ANSWERED_BY_AGENT_MESSAGE} (the agent reports: ${error})`;
      record.error = { category: 'cancelled', code: ToolErrorCode.ANSWERED_BY_AGENT, message, retryable: false };
      this.#settle(record, 'cancelled');
      return;
    }
    if (error !== undefined) record.error = { category: 'unknown', message: error, retryable: false };
    this.#settle(record, error === undefined ? 'succeeded' : 'failed');
  }

  /**
   * Records for the calls in `messages` this store does not know (a restored thread, a MESSAGES_SNAPSHOT), and the
   * results their tool messages carry. A known call keeps its record (a snapshot may add its result).
   * @param live - the messages come from the agent now (a run's `MESSAGES_SNAPSHOT`): a page tool's call they answer
   *   is the agent's claim (see `serverResult()`), even when the snapshot brings the call too; otherwise they are the
   *   thread's history, where a call that comes with its answer reads as answered
   */
  syncFromMessages(messages: readonly Message[], live = false): void {
    const answers = new Map<string, ToolMessage>();
    for (const message of messages) if (message.role === 'tool') answers.set(message.toolCallId, message);
    for (const message of messages) {
      if (message.role !== 'assistant') continue;
      for (const toolCall of message.toolCalls ?? []) {
        const answer = answers.get(toolCall.id);
        let record = this.#records.get(toolCall.id);
        const known = record !== undefined;
        if (!record) {
          const toolCallName = toolCall.function.name;
          record = {
            toolCallId: toolCall.id,
            toolCallName,
            kind: this.#kindOf(toolCallName),
            parentMessageId: message.id,
            // A call without a result in a restored thread never ran here: it is not running now.
            status: answer === undefined ? 'unanswered' : 'streaming',
            argsText: '',
            timing: { createdAt: Date.now() },
          };
          record.argsText = this.#shownArgsText(record, toolCall.function.arguments);
          this.#records.set(toolCall.id, record);
        } else if (record.answer === undefined && !FINAL.has(record.status) && record.status !== 'streaming') {
          // A snapshot may replace a call's arguments before it ran: the record shows what will run.
          record.argsText = this.#shownArgsText(record, toolCall.function.arguments);
        }
        if (answer !== undefined && !FINAL.has(record.status)) {
          this.serverResult(toolCall.id, contentText(answer.content), answer.error, !known && !live);
        }
      }
    }
  }

  /**
   * A call waits for a person: `awaiting_approval` with `approval` (arguments redacted), `tool-status-changed`.
   * `acceptsEditedArgs`: a server's call whose `tool_call` interrupt takes edited arguments (`approval.editable`);
   * `message`: that interrupt's question (`approval.message`).
   * @returns the arguments as the page may see them
   */
  awaitApproval(
    toolCallId: string,
    effect: ToolEffect | undefined,
    args: unknown,
    reason: ApprovalReason = 'policy',
    rememberable = false,
    acceptsEditedArgs = false,
    message?: string,
  ): unknown {
    const record = this.#records.get(toolCallId);
    if (!record) return args;
    const redaction = this.#redaction(record);
    const shown = redactToolArgs(redaction, args);
    record.args = shown;
    // Arguments shown redacted cannot be edited: what the person sees is not what would run.
    // A frontend call's (the page runs what it approves) or a server call's whose interrupt takes `editedArgs`.
    const editable =
      ((reason === 'policy' && effect !== undefined) || acceptsEditedArgs) &&
      redaction === undefined &&
      typeof args === 'object' &&
      args !== null &&
      !Array.isArray(args);
    record.approval = {
      args: shown,
      defaultPrevented: false,
      ...(effect !== undefined && { effect }),
      ...(reason === 'recovery' && { reason }),
      ...(rememberable && { rememberable }),
      ...(editable && { editable }),
      ...(message !== undefined && { message }),
    };
    this.#setStatus(record, 'awaiting_approval');
    return shown;
  }

  /** A person edited the arguments before approving: the record shows what runs (`argsEdited`). */
  argsEdited(toolCallId: string, args: unknown): void {
    const record = this.#records.get(toolCallId);
    if (!record) return;
    const redaction = this.#redaction(record);
    record.args = redactToolArgs(redaction, args);
    record.argsText = JSON.stringify(record.args);
    record.argsEdited = true;
  }

  /**
   * The call names `toolCallName`, not the tool its record was written for (a snapshot renamed it, or a restored record
   * disagrees with it): the record takes the call's name and kind, and drops what it held about the other tool (its
   * answer, result, error, approval, shown arguments), so that the call's next answer is its own. What says it may
   * have started (`timing.startedAt`, `executionId`) stays.
   * @param rawText - the call's arguments text (the conversation's), shown as the call's tool redacts it
   * @returns the name the record had, or `undefined` when there is no record or it already names `toolCallName`
   */
  renamed(toolCallId: string, toolCallName: string, rawText: string): string | undefined {
    const record = this.#records.get(toolCallId);
    if (!record || record.toolCallName === toolCallName) return undefined;
    const previous = record.toolCallName;
    record.toolCallName = toolCallName;
    record.kind = this.#kindOf(toolCallName);
    for (const key of STALE_AFTER_RENAME) delete record[key];
    record.argsText = this.#shownArgsText(record, rawText);
    return previous;
  }

  /** The call needs no asking: a person approved its tool for this thread or always (`approvedBy`). */
  approvedBy(toolCallId: string, scope: ApprovalScope): void {
    const record = this.#records.get(toolCallId);
    if (record) record.approvedBy = scope;
  }

  /** A listener of the approval request took it over: default UIs stay hidden. */
  approvalTakenOver(toolCallId: string): void {
    const approval = this.#records.get(toolCallId)?.approval;
    if (approval) approval.defaultPrevented = true;
  }

  /**
   * A backend call's approval (a `tool_call` interrupt) was answered: approved, it runs on the server (`executing`,
   * until the resumed run brings its result); otherwise it does not run (`cancelled`, `error.message` = `message`).
   */
  approvalAnswered(toolCallId: string, approved: boolean, message: string): void {
    const record = this.#records.get(toolCallId);
    if (!record || record.status !== 'awaiting_approval') return;
    if (approved) this.#setStatus(record, 'executing');
    else {
      record.error = { category: 'cancelled', code: 'approval_denied', message, retryable: false };
      this.#settle(record, 'cancelled');
    }
  }

  /** One lifecycle event of the execution that runs a frontend call (the manager's `onEvent`). */
  onExecution(toolCallId: string, event: ToolExecutionEvent): void {
    const record = this.#records.get(toolCallId);
    if (record && event.type === 'tool-execution-late-completion' && record.executionId === event.detail.executionId) {
      // After the answer too: the agent is told nothing more, but the record keeps what the action did.
      const { attemptNumber, at, result, error } = event.detail;
      const redaction = this.#redaction(record);
      record.lateCompletion = {
        attemptNumber,
        at,
        ...(result !== undefined && { result: redactToolResult(redaction, result) }),
        ...(error !== undefined && { error: recordError(redaction, error) }),
      };
      return;
    }
    if (!record || record.answer !== undefined) return;
    record.executionId = event.detail.executionId;
    const redaction = this.#redaction(record);
    switch (event.type) {
      case 'tool-execution-started': {
        const { execution } = event.detail;
        // Edited arguments show as the schema parsed them (`argsEdited()`), which may not be what the manager got.
        if (!record.argsEdited) record.args = redactToolArgs(redaction, execution.args);
        record.timing.startedAt = execution.timing.queuedAt;
        this.#setStatus(record, 'pending');
        return;
      }
      case 'tool-execution-rate-limited':
        record.rateLimit = { startAt: event.detail.startAt };
        this.#setStatus(record, 'pending');
        return;
      case 'tool-execution-validating':
        delete record.retry;
        delete record.rateLimit;
        delete record.progress;
        this.#setStatus(record, 'validating');
        return;
      case 'tool-execution-executing': {
        const { attemptNumber, maxAttempts } = event.detail;
        record.attempts = { attemptNumber, maxAttempts };
        this.#setStatus(record, 'executing');
        return;
      }
      case 'tool-execution-progress': {
        const { progress } = event.detail;
        record.progress = { ...progress };
        this.#emit('tool-status-changed', { toolCallId, toolCallName: record.toolCallName, status: record.status, progress: { ...progress } });
        return;
      }
      case 'tool-execution-retrying': {
        const { attemptNumber, maxAttempts, delayMs, retryAt } = event.detail;
        const error = recordError(redaction, event.detail.error);
        record.retry = { attemptNumber, maxAttempts, delayMs, retryAt, error };
        this.#setStatus(record, 'pending');
        this.#emit('tool-retrying', { toolCallId, toolCallName: record.toolCallName, attemptNumber, maxAttempts, error, delayMs });
        return;
      }
      case 'tool-execution-uncertain': {
        // Answered at once, so that a Stop that caused it (which answers the run's open calls synchronously) finds
        // this answer rather than writing "cancelled" for an action that may have happened.
        const { error, execution } = event.detail;
        this.answer(toolCallId, { status: 'uncertain', message: toolFailureMessage(toolCallId, error), followUp: true, error, execution });
        return;
      }
      default:
        // Settled: the record settles with the round's answer (`answer()`), which carries the outcome.
        return;
    }
  }

  /**
   * Answers a call this page handles: writes its final status, result or error and `answer` (the tool message), and
   * fires `tool-call-end` (succeeded) or `tool-call-error`. The first answer counts: a later one (the call's own
   * round after Stop answered it) returns the first.
   */
  answer(toolCallId: string, answer: ToolCallAnswer): ToolMessage {
    const record = this.#records.get(toolCallId);
    if (!record) return answer.message;
    if (record.answer !== undefined) return toolMessageOf(record);
    const { message } = answer;
    record.answer = { messageId: message.id, content: contentText(message.content), followUp: answer.followUp };
    if (message.error !== undefined) record.answer.error = message.error;
    const redaction = this.#redaction(record);
    delete record.retry;
    delete record.rateLimit;
    delete record.approval;
    const execution = answer.execution && redactExecution(redaction, answer.execution);
    if (answer.status === 'succeeded') {
      const result = redactToolResult(redaction, answer.result ?? record.answer.content);
      record.result = result;
      this.#settle(record, 'succeeded');
      if (execution) {
        this.#emit('tool-call-end', {
          toolCallId,
          toolCallName: record.toolCallName,
          toolCallArgs: execution.args,
          result,
          value: 'value' in answer ? redactToolValue(redaction, answer.value) : valueOfText(result),
          execution,
        });
      }
      return message;
    }
    const error = answer.error ?? { category: 'unknown', message: message.error ?? 'Failed', retryable: false };
    record.error = recordError(redaction, error);
    this.#settle(record, answer.status);
    this.#emit('tool-call-error', {
      toolCallId,
      toolCallName: record.toolCallName,
      error: shownError(redaction, error),
      ...(execution !== undefined && { execution }),
    });
    return message;
  }

  /** A backend call whose run finished without its result: `unanswered` (a later TOOL_CALL_RESULT still counts). */
  unanswered(toolCallId: string): void {
    const record = this.#records.get(toolCallId);
    if (!record || record.kind !== 'backend' || FINAL.has(record.status) || record.status === 'awaiting_approval') return;
    this.#setStatus(record, 'unanswered');
  }

  clear(): void {
    this.#records.clear();
  }

  /** Replaces every record with copies of `records` (a restored thread); fires nothing (the page re-renders the thread). */
  restore(records: readonly ToolCallRecord[]): void {
    this.#records.clear();
    for (const record of records) this.#records.set(record.toolCallId, structuredClone(record));
  }

  /** The call is about to run here (its journal claim): `timing.startedAt` is now, so a restore knows it may have run. */
  markStarted(toolCallId: string): ToolCallRecord | undefined {
    const record = this.#records.get(toolCallId);
    if (record) record.timing.startedAt = Date.now();
    return record;
  }

  /**
   * Takes the record of a call another page (tab) ran and answered: status, result, error, answer; fires
   * `tool-status-changed`. @returns the tool message of its answer, or `undefined` when it has none
   */
  adopt(settled: ToolCallRecord): ToolMessage | undefined {
    const record = this.#records.get(settled.toolCallId);
    if (!record || settled.answer === undefined) return undefined;
    const status = settled.status;
    const { toolCallId: _id, status: _status, ...rest } = structuredClone(settled);
    delete record.approval;
    delete record.retry;
    delete record.rateLimit;
    Object.assign(record, rest);
    this.#setStatus(record, status);
    return toolMessageOf(record);
  }

  /** The tool message a call's `answer` stands for, when it has one (a restored call answered before the reload). */
  answeredMessage(toolCallId: string): ToolMessage | undefined {
    const record = this.#records.get(toolCallId);
    return record?.answer === undefined ? undefined : toolMessageOf(record);
  }

  /** Whether the call's tool is a frontend tool (registered in this page). */
  #kindOf(toolCallName: string): ToolCallKind {
    return this.#registry.has(toolCallName) ? 'frontend' : 'backend';
  }

  /** The redaction in force for the call's tool, read now (the policy may change). */
  #redaction(record: ToolCallRecord): ToolRedaction | undefined {
    return redactionInForce(this.#registry.get(record.toolCallName), this.#registry.policy);
  }

  #shownArgsText(record: ToolCallRecord, rawText: string): string {
    const redaction = this.#redaction(record);
    return redaction === undefined ? rawText : redactJsonText(rawText, redaction.args);
  }

  #settle(record: ToolCallRecord, status: 'succeeded' | 'failed' | 'cancelled' | 'uncertain'): void {
    record.timing.completedAt = Date.now();
    this.#setStatus(record, status);
  }

  /** Sets `status` and fires `tool-status-changed`, only when it changes. */
  #setStatus(record: ToolCallRecord, status: ToolCallStatus): void {
    if (record.status === status) return;
    record.status = status;
    if (status !== 'awaiting_approval' && record.approval !== undefined) delete record.approval;
    this.#emit('tool-status-changed', { toolCallId: record.toolCallId, toolCallName: record.toolCallName, status });
  }
}

/** The tool message a call's `answer` stands for. */
function toolMessageOf(record: ToolCallRecord): ToolMessage {
  const answer = record.answer!;
  const message: ToolMessage = { id: answer.messageId, role: 'tool', toolCallId: record.toolCallId, content: answer.content };
  if (answer.error !== undefined) message.error = answer.error;
  return message;
}

/**
 * A result's value when the handler's own is not known (a cached result, a custom executor): the text parsed as JSON,
 * else the text itself.
 */
function valueOfText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
