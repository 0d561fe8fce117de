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
  type ToolExecutionEventBase,
  type ToolExecutionManager,
  type ToolExecutionManagerEventMap,
  type ToolExecutionResult,
  type ToolRedaction,
  type ToolRegistry,
} from '../tools/index.js';
import type { Conversation } from './conversation.js';
import type { AgentRunLoopEventMap, ToolCallView } from './types.js';

type Emit = <K extends keyof AgentRunLoopEventMap>(type: K, detail: AgentRunLoopEventMap[K]['detail']) => void;

const TERMINAL = new Set<ToolCallView['status']>(['succeeded', 'failed', 'cancelled']);

const MANAGER_EVENTS = [
  'tool-execution-started',
  'tool-execution-validating',
  'tool-execution-executing',
  'tool-execution-retrying',
  'tool-execution-succeeded',
  'tool-execution-failed',
  'tool-execution-cancelled',
] as const satisfies ReadonlyArray<keyof ToolExecutionManagerEventMap>;

type ManagerDetail = ToolExecutionEventBase & {
  execution?: ToolExecution;
  result?: string;
  error?: ToolError;
  attemptNumber?: number;
  maxAttempts?: number;
  delayMs?: number;
  retryAt?: number;
};

/**
 * The run loop's live `ToolCallView`s and the bridge from `ToolExecutionManager` events to the loop's tool events.
 *
 * Only executions started through `execute()` are followed (the manager may be shared with other loops or page code):
 * the manager announces an execution synchronously inside `execute()` (`tool-execution-started`), which is when its
 * id is recorded.
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
  /** executionId -> toolCallId, for this loop's running executions. */
  readonly #executionToCall = new Map<string, string>();
  /** toolCallId -> executionId, for this loop's running executions. */
  readonly #runningByCall = new Map<string, string>();
  /** toolCallId -> the redaction in force, only for calls that have one. */
  readonly #redactions = new Map<string, ToolRedaction>();
  /** toolCallId -> the raw arguments text while a redacted call streams (its view shows `REDACTED`). */
  readonly #rawArgs = new Map<string, string>();
  #starting: string | undefined;

  constructor(manager: ToolExecutionManager, registry: ToolRegistry, emit: Emit, signal: AbortSignal) {
    this.#manager = manager;
    this.#registry = registry;
    this.#emit = emit;
    const listener = (event: Event): void => this.#onManagerEvent(event.type, (event as CustomEvent<ManagerDetail>).detail);
    for (const type of MANAGER_EVENTS) manager.addEventListener(type, listener, { signal });
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
    this.#emit('tool-call-start', { toolCallId, toolCallName, kind, ...(parentMessageId !== undefined && { parentMessageId }) });
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

  /** Runs a frontend call through the manager and follows its events. Resolves as the manager's `execute()`. */
  execute(tool: ToolDefinition, toolCallId: string, args: unknown, signal: AbortSignal): Promise<ToolExecutionResult> {
    this.#setRedaction(toolCallId, redactionInForce(tool, this.#registry.policy));
    this.#starting = toolCallId;
    let promise: Promise<ToolExecutionResult>;
    try {
      promise = this.#manager.execute(tool, toolCallId, args, { signal });
    } finally {
      this.#starting = undefined;
    }
    return promise;
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

  #onManagerEvent(type: string, detail: ManagerDetail): void {
    let toolCallId = this.#executionToCall.get(detail.executionId);
    if (toolCallId === undefined) {
      if (type !== 'tool-execution-started' || detail.toolCallId !== this.#starting) return;
      toolCallId = detail.toolCallId;
      this.#executionToCall.set(detail.executionId, toolCallId);
      this.#runningByCall.set(toolCallId, detail.executionId);
    }
    const view = this.views.get(toolCallId);
    const terminal = type === 'tool-execution-succeeded' || type === 'tool-execution-failed' || type === 'tool-execution-cancelled';
    if (terminal) {
      this.#executionToCall.delete(detail.executionId);
      if (this.#runningByCall.get(toolCallId) === detail.executionId) this.#runningByCall.delete(toolCallId);
    }
    if (!view) return;
    const redaction = this.#redactions.get(toolCallId);
    if (detail.execution) view.execution = redactExecution(redaction, detail.execution);
    switch (type) {
      case 'tool-execution-started':
        this.#setStatus(view, 'pending');
        return;
      case 'tool-execution-validating':
        delete view.retry;
        this.#setStatus(view, 'validating');
        return;
      case 'tool-execution-executing':
        this.#setStatus(view, 'executing');
        return;
      case 'tool-execution-retrying': {
        const { attemptNumber = 0, maxAttempts = 0, delayMs = 0 } = detail;
        const error = detail.error && redactToolError(redaction, detail.error);
        view.retry = { attemptNumber, maxAttempts, delayMs, retryAt: detail.retryAt ?? Date.now() + delayMs, error: error! };
        this.#setStatus(view, 'pending');
        this.#emit('tool-retrying', { toolCallId, toolCallName: view.toolCallName, attemptNumber, maxAttempts, error: error!, delayMs });
        return;
      }
      case 'tool-execution-succeeded': {
        delete view.retry;
        view.result = redactToolResult(redaction, detail.result ?? '');
        this.#setStatus(view, 'succeeded');
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
        delete view.retry;
        const error = redactToolError(
          redaction,
          detail.error ?? view.execution?.error ?? { category: 'cancelled', message: 'Cancelled', retryable: false },
        );
        view.error = error;
        this.#setStatus(view, type === 'tool-execution-failed' ? 'failed' : 'cancelled');
        this.#emit('tool-call-error', {
          toolCallId,
          toolCallName: view.toolCallName,
          error,
          ...(view.execution !== undefined && { execution: view.execution }),
        });
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
    if (status !== 'awaiting_approval') delete view.approval;
    this.#emit('tool-status-changed', {
      toolCallId: view.toolCallId,
      toolCallName: view.toolCallName,
      status,
      ...(view.execution !== undefined && { execution: view.execution }),
    });
  }
}
