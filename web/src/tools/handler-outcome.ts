import { categorizeError } from './errors.js';
import { serializeToolResult } from './tool-executor.js';
import type { ToolDefinition, ToolExecutionResult } from './types.js';

/**
 * What one attempt's handler did, seen beside the executor (which reports an aborted attempt's outcome as its abort).
 * `ran` once the handler was called; `value` or `error` once it settled.
 * @internal
 */
export interface HandlerOutcome {
  ran?: boolean;
  settled?: boolean;
  value?: unknown;
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
      let value: unknown;
      try {
        value = handler(args, context);
      } catch (error) {
        Object.assign(outcome, { settled: true, error });
        throw error;
      }
      void Promise.resolve(value).then(
        (settled) => Object.assign(outcome, { settled: true, value: settled }),
        (error: unknown) => Object.assign(outcome, { settled: true, error }),
      );
      return value;
    },
  };
}

/**
 * The late outcome of an abandoned attempt, or `undefined` when there is none to report: the handler never ran or has
 * not settled, or it only gave up as asked (rejected with its signal's reason).
 * @internal
 */
export function lateOutcome(outcome: HandlerOutcome, signal: AbortSignal): ToolExecutionResult | undefined {
  if (!outcome.ran || !outcome.settled) return undefined;
  if ('error' in outcome) {
    if (outcome.error === signal.reason) return undefined;
    return { success: false, error: categorizeError(outcome.error, 'execution') };
  }
  return serializeToolResult(outcome.value);
}
