import { categorizeError } from './errors.js';
import { serializeToolResult } from './tool-executor.js';
import type { ToolDefinition, ToolExecutionResult } from './types.js';

/**
 * What one attempt's handler did, seen beside the executor (which reports an aborted attempt's outcome as its abort).
 * `ran` once the handler was called; `returned` what it returned (a value or a promise), or `threw` and `error` when
 * it threw. Nothing is attached to the returned promise here: that costs a promise reaction per attempt, and only an
 * abandoned attempt's outcome is ever read (`lateOutcome`).
 * @internal
 */
export interface HandlerOutcome {
  ran?: boolean;
  returned?: unknown;
  threw?: boolean;
  error?: unknown;
}

/**
 * A copy of `tool` whose handler writes what it does into `outcome`, for the attempt it is passed to. The manager
 * needs the real outcome of an attempt it abandoned (a late completion); the executor, by design, reports the abort.
 * @internal
 */
export function watchHandler(tool: ToolDefinition, outcome: HandlerOutcome): ToolDefinition {
  const handler = tool.handler;
  return {
    ...tool,
    handler: (args, context) => {
      outcome.ran = true;
      try {
        return (outcome.returned = handler(args, context));
      } catch (error) {
        outcome.threw = true;
        outcome.error = error;
        throw error;
      }
    },
  };
}

/**
 * The late outcome of an abandoned attempt once its handler settles: `undefined` when there is none to report (the
 * handler never ran, or it only gave up as asked: rejected with its signal's reason). A promise that never settles
 * when the handler never does.
 * @internal
 */
export function lateOutcome(outcome: HandlerOutcome, signal: AbortSignal): Promise<ToolExecutionResult | undefined> {
  if (!outcome.ran) return Promise.resolve(undefined);
  const rejected = (error: unknown): ToolExecutionResult | undefined =>
    error === signal.reason ? undefined : { success: false, error: categorizeError(error, 'execution') };
  if (outcome.threw) return Promise.resolve(rejected(outcome.error));
  return Promise.resolve(outcome.returned).then(serializeToolResult, rejected);
}
