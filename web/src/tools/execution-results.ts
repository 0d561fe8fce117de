/**
 * The results and errors `ToolExecutionManager` settles executions with, and the checks of what it is given.
 * @internal
 * @module
 */
import { ToolErrorCode } from './errors.js';
import type { ToolDefinition, ToolError, ToolExecutionResult, ToolProgress } from './types.js';

/** Reports an `onEvent` observer's error like an event listener's (the page's `error` event), without throwing. */
export function reportObserverError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') report(error);
  else console.error(error);
}

/** The error of `execute()` called with something that is not a tool definition (category `execution`). */
export const INVALID_TOOL_ERROR: ToolError = Object.freeze({
  category: 'execution',
  code: ToolErrorCode.INVALID_TOOL,
  message: 'execute() needs a tool definition with a name and a handler',
  retryable: false,
});

/** A failed execution's result, `{ success: false, error }`. */
export function failure(error: ToolError): ToolExecutionResult {
  return { success: false, error };
}

/** Settled statuses of an execution. */
export type FinalStatus = 'succeeded' | 'failed' | 'cancelled' | 'uncertain';

/**
 * The error of a write stopped after its handler started: category `uncertain`, code `uncertain_outcome`.
 * @param how - what stopped it, e.g. `timed out after 5000 ms`
 */
export function uncertainError(toolName: string, how: string, cause: unknown): ToolError {
  return {
    category: 'uncertain',
    code: ToolErrorCode.UNCERTAIN_OUTCOME,
    message: `The action may have completed: "${toolName}" was stopped after it started (${how}). Check before retrying.`,
    retryable: false,
    cause,
  };
}

/** The message of an abort `reason` (a string, or an object's `message`), else `fallback`. */
export function reasonMessage(reason: unknown, fallback: string): string {
  if (typeof reason === 'string' && reason !== '') return reason;
  const message = typeof reason === 'object' && reason !== null ? (reason as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** Whether `tool` has what `execute()` needs: a string `name` and a `handler` function. */
export function isToolDefinition(tool: unknown): tool is ToolDefinition {
  return (
    typeof tool === 'object' &&
    tool !== null &&
    typeof (tool as ToolDefinition).name === 'string' &&
    typeof (tool as ToolDefinition).handler === 'function'
  );
}

/** Whether an executor's answer is a well-formed `ToolExecutionResult` (a string result, or an error object). */
export function isResult(value: unknown): value is ToolExecutionResult {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as { success?: unknown; result?: unknown; error?: unknown };
  return result.success === true
    ? typeof result.result === 'string'
    : result.success === false && typeof result.error === 'object' && result.error !== null;
}

/** The error of an execution cancelled before its handler could have acted: category `cancelled`, code `cancelled`. */
export function cancelledError(toolName: string, reason: unknown): ToolError {
  return {
    category: 'cancelled',
    code: ToolErrorCode.CANCELLED,
    message: reasonMessage(reason, `Tool "${toolName}" was cancelled`),
    retryable: false,
    cause: reason,
  };
}

/** The error of an attempt that ran past its timeout (`reason`: the `TimeoutError` its signal aborted with); retryable. */
export function timeoutError(reason: DOMException): ToolError {
  return { category: 'timeout', code: ToolErrorCode.TIMEOUT, message: reason.message, retryable: true, cause: reason };
}

/**
 * A handler's progress report as the manager passes it on: a finite `progress`, with a finite `total` and a string
 * `message` when given; `undefined` for a report without a finite `progress` (ignored).
 */
export function checkedProgress(reported: ToolProgress | undefined): ToolProgress | undefined {
  if (typeof reported?.progress !== 'number' || !Number.isFinite(reported.progress)) return undefined;
  const progress: ToolProgress = { progress: reported.progress };
  if (typeof reported.total === 'number' && Number.isFinite(reported.total)) progress.total = reported.total;
  if (typeof reported.message === 'string') progress.message = reported.message;
  return progress;
}
