import { PermanentToolError, ToolHandlerError, TransientToolError } from '../../tools/index.js';
import { McpErrorCode } from './mcp-tool-source.events.js';

/** An error of `McpToolSource` itself (`connect()`), with a stable `code`; its message never holds a credential. */
export class McpToolSourceError extends Error {
  override name = 'McpToolSourceError';
  readonly code: McpErrorCode;
  /** The MCP server's name. */
  readonly server: string;
  /** HTTP status, when the failure was an HTTP answer. */
  readonly status: number | undefined;

  constructor(message: string, code: McpErrorCode, server: string, status?: number) {
    super(message);
    this.code = code;
    this.server = server;
    this.status = status;
  }
}

/** Replaces every secret (header values, and the token of any `Bearer` credential) in `text` by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text.replace(/(Bearer\s+)[^\s"',;]+/gi, '$1[redacted]');
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && error.name === 'UnauthorizedError') return 401;
  // StreamableHTTPError and SseError carry the HTTP status as `code`; McpError's JSON-RPC codes are negative.
  return typeof code === 'number' && code >= 100 && code <= 599 ? code : undefined;
}

/** Whether the SDK error is a transport failure (no answer, an HTTP error status) rather than an answer of the server. */
export function isConnectionFailure(error: unknown): boolean {
  if (statusOf(error) !== undefined) return true;
  if (error instanceof TypeError) return true; // fetch: network failure, refused connection, CORS
  return error instanceof Error && error.name !== 'McpError' && /fetch|network|disconnect|closed|ECONNREFUSED/i.test(error.message);
}

/** Whether the failure means the session is gone (the server restarted): a new session may succeed at once. */
export function isSessionLost(error: unknown): boolean {
  return statusOf(error) === 404;
}

/**
 * The `McpToolSourceError` for a connection failure: `mcp_unauthorized` for 401, else `mcp_unavailable`; the message
 * names the server and says what happened, with credentials redacted.
 */
export function connectionError(server: string, error: unknown, secrets: readonly string[]): McpToolSourceError {
  const status = statusOf(error);
  const detail = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  if (status === 401) {
    return new McpToolSourceError(`MCP server "${server}" refused the credentials (HTTP 401)`, McpErrorCode.UNAUTHORIZED, server, 401);
  }
  return new McpToolSourceError(`MCP server "${server}" is unavailable: ${detail}`, McpErrorCode.UNAVAILABLE, server, status);
}

/**
 * Whether trying again cannot mend the failure: refused credentials (401), or a server whose tool listing broke its
 * bounds. The source does not reconnect after one until `connect()`.
 */
export function isLastingFailure(error: McpToolSourceError | undefined): boolean {
  return error?.code === McpErrorCode.UNAUTHORIZED || error?.code === McpErrorCode.INVALID_RESPONSE;
}

/** The error a tool call fails with while its server is unavailable (transient unless the failure is lasting). */
export function unavailableToolError(error: McpToolSourceError): ToolHandlerError {
  const options = { code: error.code, ...(error.status !== undefined && { status: error.status }) };
  return isLastingFailure(error)
    ? new PermanentToolError(error.message, options)
    : new TransientToolError(error.message, options);
}
