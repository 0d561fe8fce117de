import type { ToolMessage } from '@ag-ui/client';
import { randomUUID } from '@ag-ui/client';
import type { ToolError } from '../tools/index.js';

/** `errorCode`s the run loop itself puts in tool results (besides the `ToolErrorCategory`s of failed executions). */
export const ToolResultErrorCode = {
  /** The assembled arguments were not valid JSON; the tool did not run. */
  INVALID_JSON: 'invalid_json',
  /** The call was not answered: the user stopped the loop, or the run failed before the tool ran. */
  CANCELLED: 'cancelled',
  /** The loop guard (`maxToolIterations`) stopped the loop before this call ran. */
  MAX_TOOL_ITERATIONS: 'max_tool_iterations',
} as const;
export type ToolResultErrorCode = (typeof ToolResultErrorCode)[keyof typeof ToolResultErrorCode];

/** The message of an `invalid_json` result (the raw arguments are never echoed back). */
export const INVALID_JSON_MESSAGE = 'Invalid tool arguments JSON';
/** The message of a result for a call cancelled by `stop()` or `cancelToolCall()`. */
export const CANCELLED_BY_USER_MESSAGE = 'Cancelled by the user';

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
): string {
  const body: Record<string, unknown> = { ok: false, errorCode, message };
  if (validationErrors?.length) {
    body.validationErrors = validationErrors.map(({ path, message: issue }) => ({ path, message: issue }));
  }
  return JSON.stringify(body);
}

/** A tool message answering `toolCallId`: `{ id: <new uuid>, role: 'tool', toolCallId, content, error? }`. */
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

/** The tool message for a failed execution: `errorCode` is the error's category. */
export function toolFailureMessage(toolCallId: string, error: ToolError): ToolMessage {
  return toolErrorMessage(toolCallId, error.category, error.message, error.validationErrors);
}
