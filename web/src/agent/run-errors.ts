import { AGUIError } from '@ag-ui/client';
import { isFetchFailure, unreachableMessage } from '../internal/unreachable.js';
import type { DrainOutcome } from './event-drain.js';
import type { RunState } from './run-stream.js';
import { RunErrorCode } from './types.js';

/** Why a run failed, as `run-error` reports it. */
export interface RunFailure {
  code: RunErrorCode;
  message: string;
  /** The HTTP status, for `http_error`. */
  status?: number;
  /** The `RUN_ERROR` event's own `code`, for `run_error`. */
  agentCode?: string;
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

/** The message a server put in an error body (`{"error":{"message"}}`, `{"message"}`, `{"detail"}`, or plain text). */
function serverMessage(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload.trim() === '' ? undefined : payload.trim().slice(0, 300);
  for (const candidate of [field(field(payload, 'error'), 'message'), field(payload, 'message'), field(payload, 'detail'), field(payload, 'error')]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim().slice(0, 300);
  }
  return undefined;
}

/**
 * What an HTTP error means, in words that name the endpoint: e.g. `No AG-UI agent answered at /api/agent (HTTP 404)`,
 * `The agent at /api/agent refused the request (HTTP 401): check the credentials in headers`, `The agent at
 * /api/agent failed (HTTP 500): <the server's message>`.
 */
export function httpErrorMessage(status: number, payload: unknown, url: string | undefined): string {
  const at = url ? ` at ${url}` : '';
  const said = serverMessage(payload);
  const detail = said ? `: ${said}` : '';
  if (status === 404) return `No AG-UI agent answered${at} (HTTP 404)${detail}`;
  if (status === 401 || status === 403) return `The agent${at} refused the request (HTTP ${status}): check the credentials in headers${said ? ` (${said})` : ''}`;
  if (status >= 500) return `The agent${at} failed (HTTP ${status})${detail}`;
  return `The agent${at} answered HTTP ${status}${detail}`;
}

/**
 * Files an error that ended a run's event stream under a `RunErrorCode`:
 *
 * - an error carrying a numeric `status` (what `@ag-ui/client`'s `runHttpRequest` throws for a non-2xx response)
 *   -> `http_error`, its message naming `url` and what the status means (`httpErrorMessage`);
 * - `AGUIError` (`verifyEvents`), `SyntaxError` (an SSE frame that is not JSON), a Zod error, or the transport's
 *   "Invalid event"/"SSE buffer" errors -> `protocol_error`;
 * - `fetch`'s rejection before any answer (`TypeError: Failed to fetch`: the server is down, or it does not allow the
 *   page's origin) -> `network_error`, its message naming `url`, both likely causes and the troubleshooting guide;
 * - another `TypeError` (a body stream cut mid-way) or `AbortError` not asked for by the loop -> `network_error`;
 * - anything else -> `unknown`.
 */
export function classifyRunError(error: unknown, url?: string): RunFailure {
  const message = messageOf(error);
  const status = field(error, 'status');
  if (typeof status === 'number' && Number.isInteger(status)) {
    const payload = field(error, 'payload');
    return { code: RunErrorCode.HTTP_ERROR, message: httpErrorMessage(status, payload === undefined ? undefined : payload, url), status };
  }
  const name = field(error, 'name');
  if (
    error instanceof AGUIError ||
    (typeof name === 'string' && PROTOCOL_ERROR_NAMES.has(name)) ||
    /^Invalid event|SSE buffer size exceeded|No headers event/.test(message)
  ) {
    return { code: RunErrorCode.PROTOCOL_ERROR, message };
  }
  if (isFetchFailure(error)) {
    return { code: RunErrorCode.NETWORK_ERROR, message: unreachableMessage('the agent', url, error, 'the-agent-cannot-be-reached') };
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
 * RUN_FINISHED is the transport's recorded error, else `network_error`. A `RUN_ERROR`'s own `code` is kept as `agentCode`.
 */
export function runFailure(run: RunState, outcome: DrainOutcome, url?: string): { info: RunFailure; cause?: unknown } | undefined {
  if (run.error) {
    const { code } = run.error;
    const agentCode = typeof code === 'string' && code !== '' ? { agentCode: code } : {};
    return { info: { code: RunErrorCode.RUN_ERROR, message: run.error.message || 'The agent reported an error', ...agentCode }, cause: run.error };
  }
  if (outcome.type === 'error') {
    const info = classifyRunError(outcome.error, url);
    if (!run.finished || info.code !== RunErrorCode.NETWORK_ERROR) return { info, cause: outcome.error };
  }
  if (outcome.type === 'stalled' && !run.finished) {
    return { info: { code: RunErrorCode.STREAM_STALLED, message: `The agent sent nothing for ${outcome.idleMs} ms; the run was stopped` } };
  }
  if (run.finished) return undefined;
  if (run.transportError !== undefined) return { info: classifyRunError(run.transportError, url), cause: run.transportError };
  return { info: { code: RunErrorCode.NETWORK_ERROR, message: 'The connection closed before the run finished' } };
}
