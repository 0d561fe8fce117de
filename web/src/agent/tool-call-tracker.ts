import { snapshotExecution, type ExecutionHook, type ExecutionRecord, type RetryNotice } from '../tools/tool-execution-record.js';
import type { ToolExecutionEventType } from '../tools/tool-events.js';
import {
  REDACTED,
  redactExecution,
  redactJsonText,
  redactionInForce,
  redactToolArgs,
  redactToolError,
  redactToolResult,
  redactValue,
  type ToolDefinition,
  type ToolEffect,
  type ToolError,
  type ToolExecution,
  type ToolExecutionManager,
  type ToolExecutionResult,
  type ToolRedaction,
  type ToolRegistry,
} from '../tools/index.js';
import type { Conversation } from './conversation.js';
import type { AgentRunLoopEventMap, ToolCallView } from './types.js';

type Emit = <K extends keyof AgentRunLoopEventMap>(type: K, detail: AgentRunLoopEventMap[K]['detail']) => void;
/** Whether the loop has a listener for `type` (so that a detail nobody reads is not built). */
type Listens = (type: keyof AgentRunLoopEventMap) => boolean;

const TERMINAL = new Set<ToolCallView['status']>(['succeeded', 'failed', 'cancelled']);

/** What a view's `execution` is built from when read (see `liveExecution`); one per execution, kept by its hook. */
interface LiveExecution {
  readonly record: ExecutionRecord;
  readonly redaction: ToolRedaction | undefined;
  /** Built on the first read since the execution's last step; `undefined` until then. */
  snapshot: ToolExecution | undefined;
  /** The view's accessor reads this entry (false once the page assigned `execution`, which removed the accessor). */
  installed: boolean;
}

const liveExecutions = new WeakMap<ToolCallView, LiveExecution>();

/**
 * `ToolCallView.execution` of a call that ran here: an accessor that builds the frozen (and, for a tool with a
 * `redaction`, redacted) snapshot of the execution when first read after each lifecycle step, and returns that same
 * object until the next step. A 1,000-call round then builds no snapshot nobody reads (each is five objects, two
 * per call as the loop followed it before). Assigning `execution` replaces the accessor with the value (until the
 * execution's next step, which installs it again).
 */
const liveExecution: PropertyDescriptor = {
  get(this: ToolCallView): ToolExecution | undefined {
    const live = liveExecutions.get(this);
    if (live === undefined) return undefined;
    return (live.snapshot ??= redactExecution(live.redaction, snapshotExecution(live.record)));
  },
  set(this: ToolCallView, value: ToolExecution | undefined): void {
    const live = liveExecutions.get(this);
    if (live !== undefined) live.installed = false;
    liveExecutions.delete(this);
    Object.defineProperty(this, 'execution', { value, writable: true, enumerable: true, configurable: true });
  },
  enumerable: true,
  configurable: true,
};

/** Points `view.execution` at `live` (see `liveExecution`). */
function installLiveExecution(view: ToolCallView, live: LiveExecution): void {
  live.installed = true;
  liveExecutions.set(view, live);
  Object.defineProperty(view, 'execution', liveExecution);
}

/**
 * The run loop's live `ToolCallView`s and the bridge from `ToolExecutionManager` events to the loop's tool events.
 *
 * Only executions started through `execute()` are followed (the manager may be shared with other loops or page code),
 * through their lean `ExecutionHook`: no listener on the manager, so the manager dispatches no `CustomEvent` per step
 * unless the page listens to it, and builds no frozen event detail for the loop (a 1,000-call fan-out would
 * otherwise build 4,000 details and dispatch 4,000 events no one else reads). A view's `execution` is a snapshot
 * of the live record built when read (see `liveExecution`), and each call's settlement reaches the loop through a
 * synchronous callback rather than a promise (see `execute()`).
 *
 * Redaction happens here, at the border: for a call whose tool has a `redaction` config in force
 * (`redactionInForce`), every view field and event detail it produces carries redacted arguments, results and errors;
 * the raw ones stay in the conversation (what the agent gets) and in the manager's own records.
 */
export class ToolCallTracker {
  /** Views by toolCallId. */
  readonly views = new Map<string, ToolCallView>();

  readonly #manager: ToolExecutionManager;
  readonly #registry: ToolRegistry;
  readonly #emit: Emit;
  readonly #listens: Listens;
  /** toolCallId -> executionId, for this loop's running executions. */
  readonly #runningByCall = new Map<string, string>();
  /** toolCallId -> the redaction in force, only for calls that have one. */
  readonly #redactions = new Map<string, ToolRedaction>();
  /** toolCallId -> the raw arguments text while a redacted call streams (its view shows `REDACTED`). */
  readonly #rawArgs = new Map<string, string>();
  readonly #signal: AbortSignal;

  /**
   * @param emit - fires one of the loop's events
   * @param listens - whether the loop has a listener for an event type (hot paths skip building unread details)
   * @param signal - aborted when the loop is disposed: events of executions still running are ignored from then on
   */
  constructor(manager: ToolExecutionManager, registry: ToolRegistry, emit: Emit, listens: Listens, signal: AbortSignal) {
    this.#manager = manager;
    this.#registry = registry;
    this.#emit = emit;
    this.#listens = listens;
    this.#signal = signal;
  }

  /** TOOL_CALL_START: a new view (`frontend` when the name is registered), `tool-call-start`. */
  onStart(toolCallId: string, toolCallName: string, parentMessageId: string | undefined): void {
    this.#setRedaction(toolCallId, this.#redactionFor(toolCallName));
    const existing = this.views.get(toolCallId);
    if (existing) {
      existing.toolCallName = toolCallName;
      return;
    }
    const kind = this.#registry.has(toolCallName) ? 'frontend' : 'backend';
    this.views.set(toolCallId, { toolCallId, toolCallName, kind, argsText: '', status: 'streaming' });
    if (this.#listens('tool-call-start')) {
      this.#emit('tool-call-start', { toolCallId, toolCallName, kind, ...(parentMessageId !== undefined && { parentMessageId }) });
    }
  }

  /**
   * TOOL_CALL_ARGS: appends to `argsText` and fires `tool-call-args`, whose `partialArgs` is a lazy getter: the
   * best-effort parse (O(length of the arguments so far)) runs only if a listener reads it, so streaming long
   * arguments stays O(1) per delta for listeners that only want `delta`.
   */
  onArgs(toolCallId: string, delta: string, parse: (text: string) => unknown): void {
    const view = this.views.get(toolCallId);
    if (!view || typeof delta !== 'string') return;
    const redaction = this.#redactions.get(toolCallId);
    if (redaction !== undefined) {
      const raw = (this.#rawArgs.get(toolCallId) ?? '') + delta;
      this.#rawArgs.set(toolCallId, raw);
      view.argsText = REDACTED;
      let redacted: { value: unknown } | undefined;
      this.#emit('tool-call-args', {
        toolCallId,
        delta: REDACTED,
        get partialArgs(): unknown {
          return (redacted ??= { value: redactValue(parse(raw), redaction.args) }).value;
        },
      });
      return;
    }
    view.argsText += delta;
    if (!this.#listens('tool-call-args')) return;
    const text = view.argsText;
    let parsed: { value: unknown } | undefined;
    this.#emit('tool-call-args', {
      toolCallId,
      delta,
      get partialArgs(): unknown {
        return (parsed ??= { value: parse(text) }).value;
      },
    });
  }

  /** TOOL_CALL_END: a frontend call waits for the run to end (`pending`); a backend call runs on the server (`executing`). */
  onEnd(toolCallId: string): void {
    const view = this.views.get(toolCallId);
    if (!view || view.status !== 'streaming') return;
    const redaction = this.#redactions.get(toolCallId);
    if (redaction !== undefined) {
      view.argsText = redactJsonText(this.#rawArgs.get(toolCallId) ?? '', redaction.args);
      this.#rawArgs.delete(toolCallId);
    }
    this.#setStatus(view, view.kind === 'frontend' ? 'pending' : 'executing');
  }

  /** TOOL_CALL_RESULT: the server answered the call; it is `succeeded` and will not run here. */
  onResult(toolCallId: string, content: string): void {
    const view = this.views.get(toolCallId);
    if (!view) return;
    view.result = redactToolResult(this.#redactions.get(toolCallId), content);
    this.#setStatus(view, 'succeeded');
  }

  /** A call the loop answers without running it (invalid JSON, Stop, a failed run, the loop guard). */
  onNotRun(toolCallId: string, status: 'failed' | 'cancelled', error: ToolError): void {
    const view = this.views.get(toolCallId);
    if (!view || TERMINAL.has(view.status) || this.#runningByCall.has(toolCallId)) return;
    error = redactToolError(this.#redactions.get(toolCallId), error);
    view.error = error;
    this.#setStatus(view, status);
    this.#emit('tool-call-error', { toolCallId, toolCallName: view.toolCallName, error });
  }

  /**
   * A frontend call waits for a person: `awaiting_approval`, with `approval` set (`defaultPrevented` false until the
   * loop learns otherwise). Fires `tool-status-changed`.
   * @returns the arguments as the page may see them (redacted)
   */
  onAwaitingApproval(toolCallId: string, effect: ToolEffect, args: unknown): unknown {
    const shown = redactToolArgs(this.#redactions.get(toolCallId), args);
    const view = this.views.get(toolCallId);
    if (view) {
      view.approval = { effect, args: shown, defaultPrevented: false };
      this.#setStatus(view, 'awaiting_approval');
    }
    return shown;
  }

  /**
   * Runs a frontend call through the manager and follows its events. `settled` gets the outcome (what the manager's
   * `execute()` resolves with) once, synchronously as the execution settles, after the view was updated: a round of
   * 1,000 calls then takes no promise hop per call to collect its results (each hop is a microtask in the timer task
   * that ended the call). Also after the loop was disposed (the view is no longer updated then).
   */
  execute(
    tool: ToolDefinition,
    toolCallId: string,
    args: unknown,
    signal: AbortSignal,
    settled: (result: ToolExecutionResult) => void,
  ): void {
    const redaction = redactionInForce(tool, this.#registry.policy);
    this.#setRedaction(toolCallId, redaction);
    // The view and the live execution are looked up once per call, not at each of its steps.
    const view = this.views.get(toolCallId);
    let live: LiveExecution | undefined;
    let reported = false;
    const hook: ExecutionHook = (record, type, retry) => {
      try {
        if (this.#signal.aborted) return;
        if (type === 'tool-execution-started') this.#runningByCall.set(toolCallId, record.id);
        else if (record.settled && this.#runningByCall.get(toolCallId) === record.id) this.#runningByCall.delete(toolCallId);
        if (view === undefined) return;
        if (live === undefined) {
          live = { record, redaction, snapshot: undefined, installed: false };
          installLiveExecution(view, live);
        } else {
          // A new step: the next read of `view.execution` snapshots the record anew.
          live.snapshot = undefined;
          if (!live.installed) installLiveExecution(view, live);
        }
        this.#onLifecycle(view, record, type, retry, redaction);
      } finally {
        // Once: a step's listener may settle the execution, whose own (terminal) step then comes first.
        if (!reported && record.outcome !== undefined) {
          reported = true;
          settled(record.outcome);
        }
      }
    };
    // Not a tool definition: the manager settled it without a lifecycle.
    const invalid = this.#manager.follow(tool, toolCallId, args, signal, hook);
    if (invalid !== undefined) settled(invalid);
  }

  /** Cancels this loop's running execution for `toolCallId`. */
  cancel(toolCallId: string, reason: unknown): boolean {
    const executionId = this.#runningByCall.get(toolCallId);
    return executionId !== undefined && this.#manager.cancel(executionId, reason);
  }

  clear(): void {
    this.views.clear();
    this.#redactions.clear();
    this.#rawArgs.clear();
  }

  /** Views for restored calls that have a result (`succeeded`, or `failed` when the tool message has `error`). */
  restore(conversation: Conversation): void {
    for (const message of conversation.messages) {
      if (message.role !== 'assistant') continue;
      for (const toolCall of message.toolCalls ?? []) {
        const result = conversation.getToolResult(toolCall.id);
        if (!result) continue;
        const content = typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
        const redaction = this.#redactionFor(toolCall.function.name);
        this.#setRedaction(toolCall.id, redaction);
        const view: ToolCallView = {
          toolCallId: toolCall.id,
          toolCallName: toolCall.function.name,
          kind: this.#registry.has(toolCall.function.name) ? 'frontend' : 'backend',
          argsText: redaction === undefined ? toolCall.function.arguments : redactJsonText(toolCall.function.arguments, redaction.args),
          status: result.error === undefined ? 'succeeded' : 'failed',
          result: redactToolResult(redaction, content),
        };
        if (result.error !== undefined) view.error = { category: 'unknown', message: result.error, retryable: false };
        this.views.set(toolCall.id, view);
      }
    }
  }

  /** One lifecycle step of a call this loop runs: `view`'s status, result or error, and the loop's events. */
  #onLifecycle(
    view: ToolCallView,
    record: ExecutionRecord,
    type: ToolExecutionEventType,
    retry: RetryNotice | undefined,
    redaction: ToolRedaction | undefined,
  ): void {
    const toolCallId = view.toolCallId;
    switch (type) {
      case 'tool-execution-started':
        this.#setStatus(view, 'pending');
        return;
      case 'tool-execution-validating':
        if (view.retry !== undefined) delete view.retry;
        this.#setStatus(view, 'validating');
        return;
      case 'tool-execution-executing':
        this.#setStatus(view, 'executing');
        return;
      case 'tool-execution-retrying': {
        const { attemptNumber, maxAttempts, delayMs, retryAt } = retry!;
        const error = redactToolError(redaction, retry!.error);
        view.retry = { attemptNumber, maxAttempts, delayMs, retryAt, error };
        this.#setStatus(view, 'pending');
        this.#emit('tool-retrying', { toolCallId, toolCallName: view.toolCallName, attemptNumber, maxAttempts, error, delayMs });
        return;
      }
      case 'tool-execution-succeeded': {
        if (view.retry !== undefined) delete view.retry;
        view.result = redactToolResult(redaction, record.result!);
        this.#setStatus(view, 'succeeded');
        if (!this.#listens('tool-call-end')) return;
        const execution = view.execution!;
        this.#emit('tool-call-end', {
          toolCallId,
          toolCallName: view.toolCallName,
          toolCallArgs: execution.args,
          result: view.result,
          execution,
        });
        return;
      }
      case 'tool-execution-failed':
      case 'tool-execution-cancelled': {
        const execution = view.execution!;
        if (view.retry !== undefined) delete view.retry;
        const error = redactToolError(redaction, record.error ?? { category: 'cancelled', message: 'Cancelled', retryable: false });
        view.error = error;
        this.#setStatus(view, type === 'tool-execution-failed' ? 'failed' : 'cancelled');
        this.#emit('tool-call-error', { toolCallId, toolCallName: view.toolCallName, error, execution });
        return;
      }
      default:
        return;
    }
  }

  /** The redaction in force for calls of `toolCallName` (see `redactionInForce`). */
  #redactionFor(toolCallName: string): ToolRedaction | undefined {
    return redactionInForce(this.#registry.get(toolCallName), this.#registry.policy);
  }

  #setRedaction(toolCallId: string, redaction: ToolRedaction | undefined): void {
    if (redaction === undefined) this.#redactions.delete(toolCallId);
    else this.#redactions.set(toolCallId, redaction);
  }

  /** Sets `status` and fires `tool-status-changed`, only when it changes (TOOL_CALL_END and the manager both say `pending`). */
  #setStatus(view: ToolCallView, status: ToolCallView['status']): void {
    if (view.status === status) return;
    view.status = status;
    if (status !== 'awaiting_approval' && view.approval !== undefined) delete view.approval;
    if (!this.#listens('tool-status-changed')) return;
    this.#emit('tool-status-changed', {
      toolCallId: view.toolCallId,
      toolCallName: view.toolCallName,
      status,
      ...(view.execution !== undefined && { execution: view.execution }),
    });
  }
}
