import type { ToolMessage } from '@ag-ui/client';
import { categorizeError, type ToolError, type ToolExecutionResult, type ToolRegistry } from '../tools/index.js';
import type { Conversation } from './conversation.js';
import type { ToolAdmission, ToolCallGate } from './tool-call-gate.js';
import type { ToolCallTracker } from './tool-call-tracker.js';
import {
  INVALID_JSON_MESSAGE,
  cancelledMessage,
  ToolResultErrorCode,
  parseToolArguments,
  toolErrorMessage,
  toolFailureMessage,
  toolMessage,
} from './tool-results.js';

/** One answered frontend call: its tool message, and whether it asks for a follow-up run. */
export interface ToolOutcome {
  message: ToolMessage;
  followUp: boolean;
}

/** The frontend calls of one run while they execute. */
export class ToolBatch {
  /** Aborted by Stop: cancels the batch's executions and pending approvals. */
  readonly controller = new AbortController();
  /** Results of the calls that have settled, by toolCallId (Stop keeps them instead of answering `cancelled`). */
  readonly settled = new Map<string, ToolMessage>();
}

/**
 * The tool half of `AgentRunLoop`: which calls of a finished run the page answers, running them, and answering the
 * calls that will not run. Results are tool messages (`tool-results.ts`); the views and events of each call go
 * through the loop's `ToolCallTracker`, approvals and policy through its `ToolCallGate`.
 */
export class ToolRound {
  readonly #conversation: Conversation;
  readonly #registry: ToolRegistry;
  readonly #tracker: ToolCallTracker;
  readonly #gate: ToolCallGate;

  constructor(conversation: Conversation, registry: ToolRegistry, tracker: ToolCallTracker, gate: ToolCallGate) {
    this.#conversation = conversation;
    this.#registry = registry;
    this.#tracker = tracker;
    this.#gate = gate;
  }

  /** The calls among `toolCallIds` (a run's, in stream order) that name a registered tool and have no result yet. */
  callsToRun(toolCallIds: readonly string[]): string[] {
    return toolCallIds.filter((toolCallId) => {
      const entry = this.#conversation.getToolCall(toolCallId);
      return (
        entry !== undefined &&
        this.#conversation.getToolResult(toolCallId) === undefined &&
        this.#registry.has(entry.toolCall.function.name)
      );
    });
  }

  /**
   * Runs `calls` concurrently under `batch`. Resolves with their outcomes in call order (never rejects); each result
   * is also recorded in `batch.settled` as it settles. One promise for the batch: each call reports its outcome
   * through a callback, synchronously as it settles (see `ToolCallTracker.execute()`), so that the timer task that
   * ends a call does not also run a chain of promise reactions for it.
   */
  run(calls: readonly string[], batch: ToolBatch): Promise<ToolOutcome[]> {
    const signal = batch.controller.signal;
    const outcomes = new Array<ToolOutcome>(calls.length);
    let remaining = calls.length;
    if (remaining === 0) return Promise.resolve(outcomes);
    return new Promise((resolve) => {
      for (let index = 0; index < calls.length; index++) {
        const toolCallId = calls[index]!;
        let answered = false;
        const done = (outcome: ToolOutcome): void => {
          if (answered) return;
          answered = true;
          batch.settled.set(toolCallId, outcome.message);
          outcomes[index] = outcome;
          if (--remaining === 0) resolve(outcomes);
        };
        this.#guarded(toolCallId, done, () => this.#runOne(toolCallId, signal, done));
      }
    });
  }

  /**
   * Answers `calls` without running them (e.g. the loop guard): each is `cancelled` with `error`, and gets a tool
   * message with `code`.
   */
  refuse(calls: readonly string[], code: ToolResultErrorCode, error: ToolError): void {
    for (const toolCallId of calls) {
      this.#tracker.onNotRun(toolCallId, 'cancelled', error);
      this.#conversation.insertToolMessage(toolErrorMessage(toolCallId, code, error.message));
    }
  }

  /**
   * Answers the calls among `toolCallIds` that have no result (frontend and backend alike: a transcript with an
   * unanswered call is rejected by the model providers on the next request) with `message`, `cancelled`; a call
   * whose result is in `settled` gets that result instead.
   */
  answerUnanswered(toolCallIds: readonly string[], message: string, settled?: ReadonlyMap<string, ToolMessage>): void {
    for (const toolCallId of toolCallIds) {
      if (this.#conversation.getToolResult(toolCallId) !== undefined) continue;
      if (this.#conversation.getToolCall(toolCallId) === undefined) continue;
      const result = settled?.get(toolCallId);
      if (result) {
        this.#conversation.insertToolMessage(result);
        continue;
      }
      this.#tracker.onNotRun(toolCallId, 'cancelled', { category: 'cancelled', code: ToolResultErrorCode.CANCELLED, message, retryable: false });
      this.#conversation.insertToolMessage(toolErrorMessage(toolCallId, ToolResultErrorCode.CANCELLED, message));
    }
  }

  /**
   * Runs one frontend call: registered? denied? JSON arguments? approval? then the manager. Calls `done` once with
   * its outcome.
   */
  #runOne(toolCallId: string, signal: AbortSignal, done: (outcome: ToolOutcome) => void): void {
    const entry = this.#conversation.getToolCall(toolCallId)!;
    const tool = this.#registry.get(entry.toolCall.function.name);
    if (!tool) {
      // Unregistered between the end of the stream and now (only a listener could do that): not run.
      const message = 'Not run: the tool is no longer registered';
      this.#tracker.onNotRun(toolCallId, 'cancelled', { category: 'cancelled', code: ToolResultErrorCode.CANCELLED, message, retryable: false });
      done({ message: toolErrorMessage(toolCallId, ToolResultErrorCode.CANCELLED, message), followUp: true });
      return;
    }
    const denied = this.#gate.denied(tool, toolCallId);
    if (denied) {
      done({ message: denied, followUp: true });
      return;
    }
    const parsed = parseToolArguments(entry.toolCall.function.arguments);
    if (!parsed.ok) {
      const error: ToolError = { category: 'validation', code: ToolResultErrorCode.INVALID_JSON, message: INVALID_JSON_MESSAGE, retryable: false };
      this.#tracker.onNotRun(toolCallId, 'failed', error);
      // Invalid arguments always get a follow-up, so that the model can correct itself.
      done({ message: toolErrorMessage(toolCallId, ToolResultErrorCode.INVALID_JSON, INVALID_JSON_MESSAGE), followUp: true });
      return;
    }
    const optsOut = tool.metadata?.followUp === false;
    const run = (admission: ToolAdmission): void => {
      if ('message' in admission) {
        done(admission);
        return;
      }
      this.#tracker.execute(admission.tool, toolCallId, parsed.args, signal, (result) => done(outcomeOf(toolCallId, result, signal, optsOut)));
    };
    const admitting = this.#gate.admit(tool, toolCallId, parsed.args, signal);
    if (admitting instanceof Promise) {
      admitting.then(
        (admission) => this.#guarded(toolCallId, done, () => run(admission)),
        (error: unknown) => this.#failed(toolCallId, done, error),
      );
    } else run(admitting);
  }

  /**
   * Runs `step` of a call. A throw (only a bug, or a hostile registry or policy, gets there) answers that call as
   * `failed`, category `unknown`, and the round goes on: the other calls are not lost with it.
   */
  #guarded(toolCallId: string, done: (outcome: ToolOutcome) => void, step: () => void): void {
    try {
      step();
    } catch (error) {
      this.#failed(toolCallId, done, error);
    }
  }

  /** Answers a call that failed inside the loop (see `#guarded`): its view `failed`, its tool message category `unknown`. */
  #failed(toolCallId: string, done: (outcome: ToolOutcome) => void, cause: unknown): void {
    const error = categorizeError(cause, 'unknown');
    try {
      this.#tracker.onNotRun(toolCallId, 'failed', error);
    } catch {
      // The view stays as it was; the answer matters more.
    }
    // Never expected, so always a follow-up: the model learns of it.
    done({ message: toolFailureMessage(toolCallId, error), followUp: true });
  }
}

/** The outcome of a call the manager ran. */
function outcomeOf(toolCallId: string, result: ToolExecutionResult, signal: AbortSignal, optsOut: boolean): ToolOutcome {
  if (result.success) return { message: toolMessage(toolCallId, result.result), followUp: !optsOut };
  if (result.error.category === 'cancelled') {
    return { message: toolErrorMessage(toolCallId, ToolResultErrorCode.CANCELLED, cancelledMessage(signal)), followUp: !optsOut };
  }
  // A failure always gets a follow-up, even for a tool that opts out, so that the model learns of it.
  return { message: toolFailureMessage(toolCallId, result.error), followUp: true };
}
