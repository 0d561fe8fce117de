import type { ToolMessage } from '@ag-ui/client';
import { randomUUID } from '@ag-ui/client';
import { ResultTooLargeError, ToolErrorCode, type ToolError } from '../tools/index.js';

/** The message of an `invalid_json` result (the raw arguments are never echoed back). */
export const INVALID_JSON_MESSAGE = 'Invalid tool arguments JSON';
/** The message of a result for a call cancelled by `stop()` or `cancelToolCall()`. */
export const CANCELLED_BY_USER_MESSAGE = 'Cancelled by the user';
/**
 * The message of a `cancelled` result for a call whose batch signal may have been aborted: the abort reason's message
 * when the loop aborted the batch with a `DOMException` (Stop: "Cancelled by the user"; a run that failed after
 * its tools started: "Not run: the run ended with an error"), else `CANCELLED_BY_USER_MESSAGE` (the call's own
 * Cancel).
 */
export function cancelledMessage(batchSignal: AbortSignal): string {
  const reason: unknown = batchSignal.aborted ? batchSignal.reason : undefined;
  return reason instanceof DOMException && reason.message !== '' ? reason.message : CANCELLED_BY_USER_MESSAGE;
}
/** The message of the answer to a call that was running when the page went away and was not run again. */
export const RELOADED_WHILE_RUNNING_MESSAGE = 'The page was reloaded while this call ran; its outcome is unknown';
/** The message of the answer to a call whose run was cut short by a reload before the call started. */
export const RELOADED_BEFORE_RUN_MESSAGE = 'Not run: the page was reloaded before this call ran';
/** The message of an `approval_denied` result (`: <reason>` is appended when the person gave one). */
export const APPROVAL_DENIED_MESSAGE = 'The user denied this tool call';
/** The error message of a page tool's call the agent answered itself (`answered_by_agent`): the page did not run it. */
export const ANSWERED_BY_AGENT_MESSAGE = 'Answered by the agent, not run here';

/**
 * Parses a tool call's assembled `function.arguments` string. An empty (or all-whitespace) string is `{}`, as
 * providers send for a tool without parameters.
 * @returns `{ ok: true, args }`, or `{ ok: false }` for text that is not JSON
 */
export function parseToolArguments(text: string): { ok: true; args: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The content of a failed tool result: `{"ok":false,"errorCode":...,"message":...}` plus, for a validation failure,
 * `"validationErrors":[{"path":[...],"message":...}]` (the offending values are left out).
 */
export function toolErrorContent(
  errorCode: string,
  message: string,
  validationErrors?: ToolError['validationErrors'],
  extra?: Record<string, unknown>,
): string {
  const body: Record<string, unknown> = { ok: false, errorCode, message };
  if (validationErrors?.length) {
    body.validationErrors = validationErrors.map(({ path, message: issue }) => ({ path, message: issue }));
  }
  if (extra) Object.assign(body, extra);
  return JSON.stringify(body);
}

/** A tool message answering `toolCallId`: `{ id: <new unique id>, role: 'tool', toolCallId, content, error? }`. */
export function toolMessage(toolCallId: string, content: string, error?: string): ToolMessage {
  const message: ToolMessage = { id: randomUUID(), role: 'tool', toolCallId, content };
  if (error !== undefined) message.error = error;
  return message;
}

/** A failed tool message: `errorCode` in the content, the message in `error`. */
export function toolErrorMessage(
  toolCallId: string,
  errorCode: string,
  message: string,
  validationErrors?: ToolError['validationErrors'],
): ToolMessage {
  return toolMessage(toolCallId, toolErrorContent(errorCode, message, validationErrors), message);
}

/**
 * The tool message for a failed execution: `errorCode` is the error's category; for a result over the budget,
 * `result_too_large` with `sizeBytes` and `maxBytes` (UTF-8 bytes); for a write stopped after it started (category
 * `uncertain`), `uncertain_outcome`, with a message that says the action may have completed; for a call refused by
 * the tool's rate limit, `rate_limited` with `retryAfterMs`.
 */
export function toolFailureMessage(toolCallId: string, error: ToolError): ToolMessage {
  if (error.category === 'uncertain') return toolErrorMessage(toolCallId, ToolErrorCode.UNCERTAIN_OUTCOME, error.message);
  if (error.code === ToolErrorCode.RATE_LIMITED) {
    const extra = error.retryAfter === undefined ? undefined : { retryAfterMs: error.retryAfter };
    return toolMessage(toolCallId, toolErrorContent(ToolErrorCode.RATE_LIMITED, error.message, undefined, extra), error.message);
  }
  if (error.code === ToolErrorCode.RESULT_TOO_LARGE && error.cause instanceof ResultTooLargeError) {
    const { sizeBytes, maxBytes } = error.cause;
    const content = toolErrorContent(ToolErrorCode.RESULT_TOO_LARGE, error.message, undefined, { sizeBytes, maxBytes });
    return toolMessage(toolCallId, content, error.message);
  }
  return toolErrorMessage(toolCallId, error.category, error.message, error.validationErrors);
}

/** Text of a message content: a string as is; for parts, the text parts joined, other media named in brackets. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part?.type === 'text' ? (part.text ?? '') : `[${part?.type ?? 'attachment'}]`))
    .join('\n');
}
