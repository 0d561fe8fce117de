import { APICallError } from '@ai-sdk/provider';
import { isFetchFailure, unreachableMessage } from '../internal/unreachable.js';
import { LlmErrorCode } from './types.js';

/**
 * What is wrong with a provider agent's options (no model, no `baseUrl`, a key in a browser without
 * `dangerouslyAllowBrowser`, no key for a hosted API): `LlmAgent.configError`. The constructors do not throw it, so a
 * page that sets the agent on `<ag-ui-agent>` sees the cause: every run of such an agent ends at once, before any
 * request, with a `RUN_ERROR` whose `code` is `'config_error'` and whose `message` is this error's.
 */
export class LlmConfigError extends Error {
  /** Always `'config_error'` (`LlmErrorCode.CONFIG_ERROR`). */
  readonly code = LlmErrorCode.CONFIG_ERROR;
  override readonly name = 'LlmConfigError';
}

/** A failed attempt, as the run reports it. */
export interface LlmFailure {
  code: LlmErrorCode;
  /** For people: what went wrong and what to do; never holds a credential. */
  message: string;
  /** Worth another attempt (429, 5xx/overloaded, connection failure). */
  retryable: boolean;
  /** The provider's `Retry-After` (or `retry-after-ms`), in ms, when it sent one. */
  retryAfterMs?: number;
  /** The HTTP status, when there was an answer. */
  status?: number;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The provider's own words from an error body (`{"error":{"message","type","code"}}` or a stream `error` object). */
function providerDetail(error: unknown): { message: string; type: string; code: string } {
  let data = field(error, 'data');
  const body = field(error, 'responseBody');
  if (data === undefined && typeof body === 'string') {
    try {
      data = JSON.parse(body);
    } catch {
      data = undefined;
    }
  }
  const inner = field(data, 'error') ?? data ?? error;
  const message = text(field(inner, 'message')) || (typeof inner === 'string' ? inner : '') || text(field(error, 'message'));
  return { message, type: text(field(inner, 'type')), code: String(field(inner, 'code') ?? '') };
}

/**
 * A `Retry-After` the provider sent, in ms: OpenAI's `retry-after-ms`, else `retry-after` as seconds or an HTTP date.
 */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const ms = Number.parseFloat(get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const CONTEXT_TOO_LONG = /context[_ ]length|context window|maximum context|prompt is too long|too many tokens|request_too_large|input is too long/i;
const MODEL_NOT_FOUND = /model/i;

/** Whether the request got no answer at all: fetch's own rejection, or the provider package's wrap of it. */
function unreachable(error: unknown): boolean {
  if (isFetchFailure(error)) return true;
  return APICallError.isInstance(error) && error.statusCode === undefined && (isFetchFailure(error.cause) || /^Cannot connect to API/.test(error.message));
}

/**
 * Files what ended an attempt under an `LlmErrorCode`: an `APICallError` by its status and body (401/403, 429,
 * 5xx/529, 404, a 400/413 about context length), a stream `error` part by its provider type (`overloaded_error`,
 * `rate_limit_error`, ...), a `TypeError`/connection `APICallError` without status as `network_error`. `who` names the
 * provider and model in the message (`openai-compatible model gpt-4.1`); `baseUrl`, the endpoint, is named when no
 * answer came at all (the server is down or does not allow the page's origin: the message says both and points to
 * the troubleshooting guide).
 */
export function classifyLlmError(error: unknown, who: string, baseUrl?: string): LlmFailure {
  if (unreachable(error)) {
    const cause = APICallError.isInstance(error) && error.cause instanceof Error ? error.cause : error;
    return { code: LlmErrorCode.NETWORK_ERROR, message: unreachableMessage(`the ${who}`, baseUrl, cause, 'the-model-endpoint-cannot-be-reached'), retryable: true };
  }
  const detail = providerDetail(error);
  const said = detail.message ? `: ${detail.message.slice(0, 300)}` : '';
  const name = text(field(error, 'name'));
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const retryAfter = retryAfterMs(error.responseHeaders);
    const timing = retryAfter === undefined ? {} : { retryAfterMs: retryAfter };
    if (status !== undefined && status < 300) {
      // The answer started and its body failed: the SDK wraps the read error ("Failed to process successful response").
      const cause = error.cause;
      if (cause instanceof TypeError || field(cause, 'name') === 'NetworkError') {
        return { code: LlmErrorCode.NETWORK_ERROR, message: `The connection to the ${who} dropped before the model finished`, retryable: true };
      }
      return { code: LlmErrorCode.INVALID_RESPONSE, message: `The ${who} answered in an unexpected format${said}`, retryable: false };
    }
    if (status === undefined) {
      return { code: LlmErrorCode.NETWORK_ERROR, message: `Could not reach the ${who}${said}`, retryable: true };
    }
    if (status === 401 || status === 403) {
      return { code: LlmErrorCode.AUTH_FAILED, message: `The ${who} refused the credentials (HTTP ${status}): check the API key${said}`, retryable: false, status };
    }
    if (status === 429) {
      // OpenAI answers 429 also for an exhausted quota, which no wait fixes.
      const quota = /quota|billing/i.test(`${detail.code} ${detail.type} ${detail.message}`);
      return { code: LlmErrorCode.RATE_LIMITED, message: `The ${who} is rate limiting requests (HTTP 429)${said}`, retryable: !quota, status, ...timing };
    }
    if (status >= 500) {
      return { code: LlmErrorCode.PROVIDER_UNAVAILABLE, message: `The ${who} is unavailable or overloaded (HTTP ${status})${said}`, retryable: true, status, ...timing };
    }
    if (status === 413 || CONTEXT_TOO_LONG.test(`${detail.code} ${detail.message}`)) {
      return { code: LlmErrorCode.CONTEXT_TOO_LONG, message: `The conversation is too long for the ${who} (HTTP ${status})${said}`, retryable: false, status };
    }
    if (status === 404 || (detail.code === 'model_not_found') || (status === 400 && MODEL_NOT_FOUND.test(detail.message) && /not found|does not exist|unknown/i.test(detail.message))) {
      return { code: LlmErrorCode.MODEL_NOT_FOUND, message: `The ${who} was not found (HTTP ${status}): check the model id and base URL${said}`, retryable: false, status };
    }
    if (status === 408) {
      return { code: LlmErrorCode.PROVIDER_UNAVAILABLE, message: `The ${who} timed out (HTTP 408)${said}`, retryable: true, status, ...timing };
    }
    return { code: LlmErrorCode.BAD_REQUEST, message: `The ${who} rejected the request (HTTP ${status})${said}`, retryable: false, status };
  }
  // A stream `error` part: the provider's error object (Anthropic `event: error`, an OpenAI-compatible `{"error":...}` chunk).
  switch (detail.type) {
    case 'overloaded_error':
    case 'api_error':
    case 'server_error':
      return { code: LlmErrorCode.PROVIDER_UNAVAILABLE, message: `The ${who} is unavailable or overloaded${said}`, retryable: true };
    case 'rate_limit_error':
      return { code: LlmErrorCode.RATE_LIMITED, message: `The ${who} is rate limiting requests${said}`, retryable: true };
    case 'authentication_error':
    case 'permission_error':
      return { code: LlmErrorCode.AUTH_FAILED, message: `The ${who} refused the credentials: check the API key${said}`, retryable: false };
    default:
      break;
  }
  if (CONTEXT_TOO_LONG.test(`${detail.code} ${detail.message}`)) {
    return { code: LlmErrorCode.CONTEXT_TOO_LONG, message: `The conversation is too long for the ${who}${said}`, retryable: false };
  }
  if (error instanceof TypeError || name === 'NetworkError' || name === 'AbortError') {
    return { code: LlmErrorCode.NETWORK_ERROR, message: `The connection to the ${who} failed${said}`, retryable: true };
  }
  if (/stream ended without a finish reason/i.test(detail.message)) {
    return { code: LlmErrorCode.NETWORK_ERROR, message: `The connection to the ${who} closed before the model finished`, retryable: true };
  }
  if (name === 'AI_InvalidResponseDataError' || name === 'AI_JSONParseError' || name === 'AI_TypeValidationError' || name === 'AI_EmptyResponseBodyError') {
    return { code: LlmErrorCode.INVALID_RESPONSE, message: `The ${who} answered in an unexpected format${said}`, retryable: false };
  }
  if (name === 'AI_UnsupportedFunctionalityError' || name === 'AI_InvalidPromptError' || name === 'AI_InvalidArgumentError') {
    return { code: LlmErrorCode.BAD_REQUEST, message: `The request cannot be sent to the ${who}${said}`, retryable: false };
  }
  return { code: LlmErrorCode.UNKNOWN, message: `The ${who} failed${said}`, retryable: false };
}

/** The credentials in `apiKey` and `headers` (values of headers that carry keys or tokens), for redaction. */
export function secretsOf(apiKey: string | undefined, headers: Record<string, string> | undefined): string[] {
  const secrets = apiKey ? [apiKey] : [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (CREDENTIAL_HEADER.test(name) && value) secrets.push(value, value.replace(/^(Bearer|Basic)\s+/i, ''));
  }
  return secrets.filter((secret) => secret.length >= 4);
}

/** Header names whose values are credentials. */
export const CREDENTIAL_HEADER = /^(authorization|x-api-key|api-key|proxy-authorization)$/i;

/**
 * `message` with every credential replaced by `[redacted]`: the given `secrets`, and anything shaped like a provider
 * key (`sk-...`, `sk-ant-...`, a `Bearer` token), since a 401 body may echo part of the key.
 */
export function redact(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out.replace(/\bsk-[A-Za-z0-9_*.-]{6,}/g, '[redacted]').replace(/\bBearer\s+[A-Za-z0-9._~+/*-]{6,}=*/gi, 'Bearer [redacted]');
}
