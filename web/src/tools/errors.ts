import type { ToolError, ToolErrorCategory, ToolValidationIssue } from './types.js';
import { DEFAULT_RETRY_CONFIG } from './types.js';

/**
 * Stable `ToolError.code` values the runtime sets (handlers may use their own codes too), and the `errorCode`s the run
 * loop puts in the tool messages of calls that did not run or did not succeed: the one list of tool error codes.
 */
export const ToolErrorCode = {
  /** The tool's circuit is open (or half-open with its trial calls in flight); the handler did not run. */
  CIRCUIT_OPEN: 'circuit_open',
  /** The handler's result could not be serialized to JSON (a cycle, a BigInt, a function or a symbol). */
  NOT_SERIALIZABLE: 'not_serializable',
  /** The arguments failed the tool's schema. */
  INVALID_ARGUMENTS: 'invalid_arguments',
  /** An attempt exceeded `metadata.timeoutMs`. */
  TIMEOUT: 'timeout',
  /** The execution was cancelled. */
  CANCELLED: 'cancelled',
  /** A write (effect not `read_only`) was stopped after its handler started: it may have completed. */
  UNCERTAIN_OUTCOME: 'uncertain_outcome',
  /** The tool's rate limit (`metadata.rateLimit`) would make the call wait past its deadline; the handler did not run. */
  RATE_LIMITED: 'rate_limited',
  /** `fetch` failed at the network level. */
  NETWORK_ERROR: 'network_error',
  /** `execute()` was given something that is not a tool definition. */
  INVALID_TOOL: 'invalid_tool',
  /**
   * The result was larger than the policy's `maxResultBytes` (see `withToolBudgets`); the agent does not get it (the
   * run loop's tool message says by how much: `sizeBytes`, `maxBytes`).
   */
  RESULT_TOO_LARGE: 'result_too_large',
  /** Run loop: the assembled arguments were not valid JSON; the tool did not run. */
  INVALID_JSON: 'invalid_json',
  /** Run loop: the loop guard (`maxToolIterations`) stopped the turn before this call ran. */
  MAX_TOOL_ITERATIONS: 'max_tool_iterations',
  /** Run loop: the page's tool policy denies the tool (also a tool the model was never offered); it did not run. */
  POLICY_DENIED: 'policy_denied',
  /** Run loop: a person denied the call when asked to approve it; it did not run. */
  APPROVAL_DENIED: 'approval_denied',
  /** Run loop: no tool of that name is registered in this page (answered only with `unknownTools: 'answer'`). */
  UNKNOWN_TOOL: 'unknown_tool',
  /**
   * Run loop: the call names another tool than the one it was recorded as (a later `MESSAGES_SNAPSHOT` renamed it); it
   * did not run.
   */
  TOOL_CALL_RENAMED: 'tool_call_renamed',
  /**
   * Run loop: the agent answered a call of this page's tool itself (`TOOL_CALL_RESULT`, or a tool message in a
   * `MESSAGES_SNAPSHOT`) before the page ran it: it was not run here, and the record's `result` is the agent's claim.
   */
  ANSWERED_BY_AGENT: 'answered_by_agent',
} as const;
export type ToolErrorCode = (typeof ToolErrorCode)[keyof typeof ToolErrorCode];

/** Codes of `ToolRegistrationError`. */
export const ToolRegistrationErrorCode = {
  /** The name does not match `^[a-zA-Z0-9_-]{1,64}$`. */
  INVALID_NAME: 'invalid_name',
  /** A tool with that name is already registered. */
  DUPLICATE_NAME: 'duplicate_name',
  /** The definition is not an object, or its description, schema, handler or metadata is invalid. */
  INVALID_DEFINITION: 'invalid_definition',
  /** Zod could not convert the tool's schema to JSON Schema (`toAgUiTools()`). */
  SCHEMA_CONVERSION_FAILED: 'schema_conversion_failed',
  /** The registry's policy has `requireRedaction: true` and the definition has no `redaction`. */
  REDACTION_REQUIRED: 'redaction_required',
  /**
   * No arguments could be validated with the tool's input schema: a `$ref` cycle applies a subschema to the same value
   * without end (e.g. `z.lazy(() => self)`, or an MCP tool's `{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`).
   * Recursion through properties or items (a tree) is fine.
   */
  INVALID_SCHEMA: 'invalid_schema',
} as const;
export type ToolRegistrationErrorCode = (typeof ToolRegistrationErrorCode)[keyof typeof ToolRegistrationErrorCode];

/**
 * Thrown by `ToolRegistry.register()` for an invalid or duplicate definition, and by `toAgUiTools()` when a
 * schema cannot be converted. `code` says which; `toolName` names the tool when it has a usable name.
 */
export class ToolRegistrationError extends Error {
  override name = 'ToolRegistrationError';
  readonly code: ToolRegistrationErrorCode;
  readonly toolName: string | undefined;

  constructor(message: string, code: ToolRegistrationErrorCode, toolName?: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.toolName = toolName;
  }
}

/** Options of `ToolHandlerError` and its subclasses. */
export interface ToolHandlerErrorOptions {
  /** Category the runtime files the failure under (decides retries). Default `execution`. */
  category?: ToolErrorCategory;
  /** Minimum wait before a retry, in ms. */
  retryAfter?: number;
  /** HTTP status, when the failure came from an HTTP response. */
  status?: number;
  /** Stable machine-readable code. */
  code?: string;
  /** The underlying error. */
  cause?: unknown;
}

/**
 * An error a tool handler throws to choose how the runtime files the failure. Anything else a handler throws is
 * categorized by `categorizeError` (an `Error` becomes `execution`).
 *
 * @example
 * ```ts
 * handler: async (args, { signal }) => {
 *   const res = await fetch('/api/cart', { signal });
 *   if (res.status === 409) throw new ToolHandlerError('Cart changed, reload it', { category: 'permanent' });
 *   if (!res.ok) throw await HttpToolError.fromResponse(res); // 429/5xx retried, honouring Retry-After
 *   return res.json();
 * }
 * ```
 */
export class ToolHandlerError extends Error {
  override name = 'ToolHandlerError';
  readonly category: ToolErrorCategory;
  readonly retryAfter: number | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(message: string, options: ToolHandlerErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.category = options.category ?? 'execution';
    this.retryAfter = options.retryAfter;
    this.status = options.status;
    this.code = options.code;
  }
}

/** A failure that may pass on retry (category `transient`, retried by default). */
export class TransientToolError extends ToolHandlerError {
  override name = 'TransientToolError';
  constructor(message: string, options: Omit<ToolHandlerErrorOptions, 'category'> = {}) {
    super(message, { ...options, category: 'transient' });
  }
}

/** A failure that retrying cannot fix (category `permanent`, never retried by default). */
export class PermanentToolError extends ToolHandlerError {
  override name = 'PermanentToolError';
  constructor(message: string, options: Omit<ToolHandlerErrorOptions, 'category'> = {}) {
    super(message, { ...options, category: 'permanent' });
  }
}

/**
 * An HTTP failure. The category follows the status (408/425/429/5xx `transient`, other 4xx `permanent`) and
 * `retryAfter` comes from the `Retry-After` header (seconds or HTTP-date).
 */
export class HttpToolError extends ToolHandlerError {
  override name = 'HttpToolError';
  constructor(message: string, status: number, options: { retryAfter?: number; cause?: unknown } = {}) {
    super(message, { ...options, status, category: categoryForStatus(status) ?? 'execution' });
  }

  /** Builds the error from a non-ok `Response` (reads neither its body nor anything else). */
  static fromResponse(response: Response, message?: string): HttpToolError {
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    return new HttpToolError(
      message ?? `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
      response.status,
      retryAfter === undefined ? {} : { retryAfter },
    );
  }
}

/**
 * Category for an HTTP status: 408, 425, 429 and 5xx are `transient`; other 4xx `permanent`; anything else
 * `undefined` (not an error status).
 */
export function categoryForStatus(status: number): ToolErrorCategory | undefined {
  if (status === 408 || status === 425 || status === 429 || (status >= 500 && status <= 599)) return 'transient';
  if (status >= 400 && status <= 499) return 'permanent';
  return undefined;
}

/**
 * Parses a `Retry-After` header value (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
 * @param now - the current time in ms since the epoch (for HTTP-dates); default `Date.now()`
 * @returns the delay in ms (0 for a date in the past), or `undefined` when absent or unparseable
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

const FETCH_FAILURE_MESSAGES = [
  'failed to fetch', // Chromium
  'networkerror when attempting to fetch resource', // Firefox
  'load failed', // Safari
  'fetch failed', // Node (undici)
  'network request failed', // React Native / polyfills
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorName(error: unknown): string | undefined {
  return isObject(error) && typeof error.name === 'string' ? error.name : undefined;
}

function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isObject(error) && typeof error.message === 'string' && error.message !== '') return error.message;
  if (error instanceof Error) return error.name;
  try {
    return String(error);
  } catch {
    return 'Unknown error';
  }
}

function readHeader(headers: unknown, name: string): string | undefined {
  if (!isObject(headers)) return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    const value = (headers as { get(n: string): unknown }).get(name);
    return typeof value === 'string' ? value : undefined;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
  }
  return undefined;
}

/** Finds an HTTP status on common error shapes: `status`, `statusCode`, `response.status`, or a `Response`. */
function httpInfo(error: unknown): { status: number; retryAfter?: number } | undefined {
  if (!isObject(error)) return undefined;
  const response = isObject(error.response) ? error.response : undefined;
  const candidates = [error.status, error.statusCode, response?.status];
  const status = candidates.find((s): s is number => typeof s === 'number' && Number.isInteger(s));
  if (status === undefined) return undefined;
  const header = readHeader(error.headers, 'retry-after') ?? readHeader(response?.headers, 'retry-after');
  const retryAfter = parseRetryAfter(header);
  return retryAfter === undefined ? { status } : { status, retryAfter };
}

function isZodError(error: unknown): error is { issues: Array<{ path: PropertyKey[]; message: string; input?: unknown }> } {
  return isObject(error) && (errorName(error) === 'ZodError' || errorName(error) === '$ZodError') && Array.isArray(error.issues);
}

/**
 * Maps Zod issues to `ToolValidationIssue`s: one entry per issue, path segments as strings.
 * @internal
 */
export function toValidationIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; input?: unknown }>,
): ToolValidationIssue[] {
  return issues.map((issue) => {
    const entry: ToolValidationIssue = { path: issue.path.map((segment) => String(segment)), message: issue.message };
    if ('input' in issue && issue.input !== undefined) entry.received = issue.input;
    return entry;
  });
}

function isDefaultRetryable(category: ToolErrorCategory): boolean {
  return DEFAULT_RETRY_CONFIG.retryableCategories.includes(category);
}

function isToolErrorRecord(value: unknown): value is ToolError {
  return (
    isObject(value) &&
    !(value instanceof Error) &&
    typeof value.category === 'string' &&
    typeof value.message === 'string' &&
    typeof value.retryable === 'boolean'
  );
}

/**
 * Turns anything thrown into a `ToolError` record.
 *
 * - `ToolHandlerError` (and subclasses): its own category, `retryAfter`, `status`, `code`.
 * - `DOMException`/`Error` named `AbortError` -> `cancelled`; named `TimeoutError` -> `timeout`.
 * - `ZodError` -> `validation`, one `validationErrors` entry per issue.
 * - A `TypeError` from `fetch` (network failure, in any browser or Node) -> `transient`.
 * - An error carrying an HTTP status (`status`, `statusCode`, `response.status`): 408/425/429/5xx -> `transient`,
 *   other 4xx -> `permanent`, with `retryAfter` from a `Retry-After` header (seconds or HTTP-date).
 * - A `ToolError` record is returned as is.
 * - Anything else -> `defaultCategory`.
 *
 * `retryable` says whether the category is retried under `DEFAULT_RETRY_CONFIG`; the `ToolExecutionManager`
 * rewrites it under the retry config in force for the tool.
 *
 * @param defaultCategory - category for errors none of the rules match; default `unknown`
 */
export function categorizeError(error: unknown, defaultCategory: ToolErrorCategory = 'unknown'): ToolError {
  if (isToolErrorRecord(error)) return error;

  const message = errorMessage(error);
  const build = (category: ToolErrorCategory, extra: Partial<ToolError> = {}): ToolError => {
    const record: ToolError = { category, message, retryable: isDefaultRetryable(category), ...extra };
    if (error !== undefined) record.cause = error;
    return record;
  };

  if (error instanceof ToolHandlerError) {
    const extra: Partial<ToolError> = {};
    if (error.retryAfter !== undefined) extra.retryAfter = error.retryAfter;
    if (error.status !== undefined) extra.status = error.status;
    if (error.code !== undefined) extra.code = error.code;
    return build(error.category, extra);
  }

  const name = errorName(error);
  if (name === 'AbortError') return build('cancelled');
  if (name === 'TimeoutError') return build('timeout');

  if (isZodError(error)) {
    return build('validation', { validationErrors: toValidationIssues(error.issues) });
  }

  if (error instanceof TypeError && FETCH_FAILURE_MESSAGES.some((m) => message.toLowerCase().includes(m))) {
    return build('transient', { code: ToolErrorCode.NETWORK_ERROR });
  }

  const http = httpInfo(error);
  if (http) {
    const category = categoryForStatus(http.status);
    if (category) {
      const extra: Partial<ToolError> = { status: http.status };
      if (http.retryAfter !== undefined) extra.retryAfter = http.retryAfter;
      return build(category, extra);
    }
  }

  return build(defaultCategory);
}
