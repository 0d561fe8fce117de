import type { AttemptAbortState } from './tool-executor.js';
import type { ToolExecutionContext } from './types.js';

/**
 * The abort side of one attempt (internal to `ToolExecutionManager`): an `AbortController` created only when the
 * handler first reads `context.signal`.
 *
 * Creating an `AbortController` costs more than everything else the manager does per execution, and many
 * handlers (calculators, DOM updates) never look at their signal. Semantics are those of an eager controller:
 * a signal read after the attempt was aborted is already aborted, with the same `reason`. The object is also
 * the attempt's identity: an outcome reported for an attempt that is no longer current is ignored.
 */
export class AttemptAbort implements AttemptAbortState {
  aborted = false;
  reason: unknown = undefined;
  #controller: AbortController | undefined = undefined;

  /** The attempt's signal (created on first access). */
  get signal(): AbortSignal {
    let controller = this.#controller;
    if (controller === undefined) {
      controller = this.#controller = new AbortController();
      if (this.aborted) controller.abort(this.reason);
    }
    return controller.signal;
  }

  /** Aborts the attempt (once); `reason` defaults to a `DOMException` named `AbortError`, as with `AbortController`. */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new DOMException('This operation was aborted', 'AbortError');
    this.#controller?.abort(this.reason);
  }
}

/**
 * The handler's context for one attempt (internal). `signal` is a getter (on the prototype, so every context
 * shares one shape) that creates the attempt's `AbortController` on first access. Like any getter it is not
 * copied by `{ ...context }`: code that copies a context must copy `signal` explicitly.
 */
class AttemptContext implements ToolExecutionContext {
  readonly executionId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly attemptNumber: number;
  readonly maxAttempts: number;
  readonly #abort: AttemptAbort;

  constructor(
    executionId: string,
    toolCallId: string,
    toolName: string,
    attemptNumber: number,
    maxAttempts: number,
    abort: AttemptAbort,
  ) {
    this.executionId = executionId;
    this.toolCallId = toolCallId;
    this.toolName = toolName;
    this.attemptNumber = attemptNumber;
    this.maxAttempts = maxAttempts;
    this.#abort = abort;
  }

  get signal(): AbortSignal {
    return this.#abort.signal;
  }
}

/** The context of one attempt, whose `signal` is created on first access (see `AttemptContext`). */
export function createAttemptContext(
  executionId: string,
  toolCallId: string,
  toolName: string,
  attemptNumber: number,
  maxAttempts: number,
  abort: AttemptAbort,
): ToolExecutionContext {
  return new AttemptContext(executionId, toolCallId, toolName, attemptNumber, maxAttempts, abort);
}
