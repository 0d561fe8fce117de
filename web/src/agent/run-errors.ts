import { AGUIError } from '@ag-ui/client';
import type { DrainOutcome } from './event-drain.js';
import type { RunState } from './run-stream.js';
import { RunErrorCode } from './types.js';

/** Why a run failed, as `run-error` reports it. */
export interface RunFailure {
  code: RunErrorCode;
  message: string;
  /** The HTTP status, for `http_error`. */
  status?: number;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function messageOf(error: unknown): string {
  const message = field(error, 'message');
  if (typeof message === 'string' && message !== '') return message;
  return typeof error === 'string' && error !== '' ? error : 'The run failed';
}

const PROTOCOL_ERROR_NAMES = new Set(['AGUIError', 'SyntaxError', 'ZodError', '$ZodError']);

/**
 * Files an error that ended a run's event stream under a `RunErrorCode`:
 *
 * - an error carrying a numeric `status` (what `@ag-ui/client`'s `runHttpRequest` throws for a non-2xx response)
 *   -> `http_error`;
 * - `AGUIError` (`verifyEvents`), `SyntaxError` (an SSE frame that is not JSON), a Zod error, or the transport's
 *   "Invalid event"/"SSE buffer" errors -> `protocol_error`;
 * - `TypeError` (fetch's network failure, a body stream cut mid-way) or `AbortError` not asked for by the loop
 *   -> `network_error`;
 * - anything else -> `unknown`.
 */
export function classifyRunError(error: unknown): RunFailure {
  const message = messageOf(error);
  const status = field(error, 'status');
  if (typeof status === 'number' && Number.isInteger(status)) {
    return { code: RunErrorCode.HTTP_ERROR, message, status };
  }
  const name = field(error, 'name');
  if (
    error instanceof AGUIError ||
    (typeof name === 'string' && PROTOCOL_ERROR_NAMES.has(name)) ||
    /^Invalid event|SSE buffer size exceeded|No headers event/.test(message)
  ) {
    return { code: RunErrorCode.PROTOCOL_ERROR, message };
  }
  if (error instanceof TypeError || name === 'AbortError' || name === 'NetworkError' || /getReader/.test(message)) {
    return { code: RunErrorCode.NETWORK_ERROR, message };
  }
  return { code: RunErrorCode.UNKNOWN, message };
}

/**
 * How a run whose event stream has ended failed, or `undefined` when it finished: RUN_FINISHED applied and nothing
 * wrong after it. A `RUN_ERROR` (also after RUN_FINISHED) is `run_error`; a stream error is classified
 * (`classifyRunError`), except a lost connection after RUN_FINISHED, which lost nothing; a stream that went silent
 * (`stalled`) before RUN_FINISHED is `stream_stalled` (after it, nothing was lost either); a stream that ended without
 * RUN_FINISHED is the transport's recorded error, else `network_error`.
 */
export function runFailure(run: RunState, outcome: DrainOutcome): { info: RunFailure; cause?: unknown } | undefined {
  if (run.error) {
    return { info: { code: RunErrorCode.RUN_ERROR, message: run.error.message || 'The agent reported an error' }, cause: run.error };
  }
  if (outcome.type === 'error') {
    const info = classifyRunError(outcome.error);
    if (!run.finished || info.code !== RunErrorCode.NETWORK_ERROR) return { info, cause: outcome.error };
  }
  if (outcome.type === 'stalled' && !run.finished) {
    return { info: { code: RunErrorCode.STREAM_STALLED, message: `The agent sent nothing for ${outcome.idleMs} ms; the run was stopped` } };
  }
  if (run.finished) return undefined;
  if (run.transportError !== undefined) return { info: classifyRunError(run.transportError), cause: run.transportError };
  return { info: { code: RunErrorCode.NETWORK_ERROR, message: 'The connection closed before the run finished' } };
}
