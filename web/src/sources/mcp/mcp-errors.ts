import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
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
  /**
   * `true` for an `mcp_unauthorized` failure after which a person can sign in: the `authProvider` started the OAuth
   * authorization (connecting again starts it again; `finishAuth(code)` completes it). `false` otherwise.
   */
  readonly signInRequired: boolean;

  constructor(message: string, code: McpErrorCode, server: string, status?: number, options: { signInRequired?: boolean } = {}) {
    super(message);
    this.code = code;
    this.server = server;
    this.status = status;
    this.signInRequired = options.signInRequired === true;
  }
}

/** Replaces every secret (header values, and the token of any `Bearer` credential) in `text` by `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text.replace(/(Bearer\s+)[^\s"',;]+/gi, '$1[redacted]');
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

/** The HTTP status of a transport failure (`StreamableHTTPError`, `SseError`; the SDK's `UnauthorizedError` is 401). */
export function httpStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  // The SDK's UnauthorizedError keeps the name `Error`: its class is what tells it apart (sign-in needed, or refused).
  if (error instanceof UnauthorizedError) return 401;
  // StreamableHTTPError and SseError carry the HTTP status as `code`; McpError's JSON-RPC codes are negative.
  return typeof code === 'number' && code >= 100 && code <= 599 ? code : undefined;
}

/** Whether the SDK error is a transport failure (no answer, an HTTP error status) rather than an answer of the server. */
export function isConnectionFailure(error: unknown): boolean {
  if (httpStatusOf(error) !== undefined) return true;
  if (error instanceof TypeError) return true; // fetch: network failure, refused connection, CORS
  return error instanceof Error && error.name !== 'McpError' && /fetch|network|disconnect|closed|ECONNREFUSED/i.test(error.message);
}

/** Whether the failure means the session is gone (the server restarted): a new session may succeed at once. */
export function isSessionLost(error: unknown): boolean {
  return httpStatusOf(error) === 404;
}

/**
 * The `McpToolSourceError` for a connection failure: `mcp_unauthorized` for 401 (or a sign-in the auth provider
 * started), else `mcp_unavailable`; the message names the server and says what happened, with credentials redacted.
 */
export function connectionError(server: string, error: unknown, secrets: readonly string[]): McpToolSourceError {
  const status = httpStatusOf(error);
  const detail = redactSecrets(error instanceof Error ? error.message : String(error), secrets);
  if (status === 401) {
    // The SDK throws UnauthorizedError only where its auth provider took part and could not authorize by itself.
    if (error instanceof UnauthorizedError) {
      const message = `MCP server "${server}" needs a sign-in (HTTP 401)`;
      return new McpToolSourceError(message, McpErrorCode.UNAUTHORIZED, server, 401, { signInRequired: true });
    }
    return new McpToolSourceError(`MCP server "${server}" refused the credentials (HTTP 401)`, McpErrorCode.UNAUTHORIZED, server, 401);
  }
  return new McpToolSourceError(`MCP server "${server}" is unavailable: ${detail}`, McpErrorCode.UNAVAILABLE, server, status);
}

/**
 * The error of a server that answered the Streamable HTTP `initialize` but whose `Mcp-Session-Id` response header the
 * page cannot read (CORS: missing from `Access-Control-Expose-Headers`), so its next request carried no session.
 */
export function sessionIdHiddenError(server: string): McpToolSourceError {
  return new McpToolSourceError(
    `MCP server "${server}" answered, but this page cannot read its session id: the server must list ` +
      '`Mcp-Session-Id` in `Access-Control-Expose-Headers` (CORS, see docs/mcp.md#cors)',
    McpErrorCode.SESSION_ID_NOT_EXPOSED,
    server,
    400,
  );
}

/** Codes of failures that trying again cannot mend: the source does not reconnect after one until `connect()`. */
const LASTING: ReadonlySet<string> = new Set([
  McpErrorCode.UNAUTHORIZED,
  McpErrorCode.INVALID_RESPONSE,
  McpErrorCode.SESSION_ID_NOT_EXPOSED,
]);

/**
 * Whether trying again cannot mend the failure: refused credentials or a sign-in needed (401), a server whose tool
 * listing broke its bounds, or one that hides its session id from the page. The source does not reconnect after one
 * until `connect()`.
 */
export function isLastingFailure(error: McpToolSourceError | undefined): boolean {
  return error !== undefined && LASTING.has(error.code);
}

/** The error a tool call fails with while its server is unavailable (transient unless the failure is lasting). */
export function unavailableToolError(error: McpToolSourceError): ToolHandlerError {
  const options = { code: error.code, ...(error.status !== undefined && { status: error.status }) };
  return isLastingFailure(error)
    ? new PermanentToolError(error.message, options)
    : new TransientToolError(error.message, options);
}
