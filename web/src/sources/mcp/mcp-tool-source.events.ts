/** Connection states of an `McpToolSource` (Lit's `TaskStatus` pattern: an `as const` object plus a type). */
export const McpConnectionStatus = {
  /** Not connected yet, or closed (`close()`): its tools are not registered. */
  IDLE: 'idle',
  /** The first connection (or a `connect()`) is under way. */
  CONNECTING: 'connecting',
  /** Connected; its tools are registered and calls reach the server. */
  CONNECTED: 'connected',
  /**
   * The server is down, refused the credentials (401), dropped the session or broke the listing bounds. Its tools stay
   * registered (so the page's decisions about them stand) and a call fails at once with code `mcp_unavailable` (or
   * `mcp_unauthorized`, `mcp_invalid_response`), which the agent reads; the source reconnects with backoff unless the
   * server answered 401 or broke the listing bounds.
   */
  UNAVAILABLE: 'unavailable',
} as const;
export type McpConnectionStatus = (typeof McpConnectionStatus)[keyof typeof McpConnectionStatus];

/** Stable codes of `McpToolSourceError` and of the tool errors an MCP tool's calls fail with. */
export const McpErrorCode = {
  /** The server cannot be reached, or it dropped the session: the call was not run. Category `transient`. */
  UNAVAILABLE: 'mcp_unavailable',
  /**
   * The server answered 401: it refused the credentials, or a person must sign in (the `authProvider` started the
   * OAuth authorization: `finishAuth(code)` after the redirect back). Category `permanent`; no reconnection.
   */
  UNAUTHORIZED: 'mcp_unauthorized',
  /** The tool ran and reported `isError: true`; the message is its content. Category `execution`. */
  TOOL_ERROR: 'mcp_tool_error',
  /** The server answered the call with a JSON-RPC error (unknown tool, invalid params, ...). Category `permanent`. */
  PROTOCOL_ERROR: 'mcp_protocol_error',
  /**
   * The server's `tools/list` broke the listing's bounds (`McpToolSourceOptions.listing`): it still named a
   * `nextCursor` after `maxPages` pages, named a cursor twice, or outlasted `deadlineMs`. The status is `unavailable`
   * with no reconnection until `connect()`; the tools listed before stay registered and their calls fail with this
   * code, category `permanent`.
   */
  INVALID_RESPONSE: 'mcp_invalid_response',
  /**
   * The server answered the Streamable HTTP `initialize`, but the page cannot read its `Mcp-Session-Id` response
   * header (the server's CORS answer does not list it in `Access-Control-Expose-Headers`), so the server refused the
   * next request (HTTP 400). Not retried until `connect()`; category `permanent`. See docs/mcp.md#cors.
   */
  SESSION_ID_NOT_EXPOSED: 'mcp_session_id_not_exposed',
  /** `connect()` was superseded by `close()`. */
  CLOSED: 'mcp_closed',
} as const;
export type McpErrorCode = (typeof McpErrorCode)[keyof typeof McpErrorCode];

/** Detail of `mcp-status-changed`. */
export interface McpStatusChangedDetail {
  /** The source's `name`. */
  server: string;
  status: McpConnectionStatus;
  previousStatus: McpConnectionStatus;
  /** Why it is `unavailable` (credentials redacted). */
  error?: { code: McpErrorCode; message: string };
  /** When `unavailable`: ms until the next reconnection attempt; absent when none is scheduled (401, attempts used up). */
  retryInMs?: number;
}

/** Detail of `mcp-tools-changed`: what one listing of the server's tools did to the registry (tool ids). */
export interface McpToolsChangedDetail {
  server: string;
  /** Newly registered ids (first listing, accepted new tools). */
  registered: string[];
  /** Ids removed because the server no longer lists the tool. */
  unregistered: string[];
  /** Ids re-registered because the tool's description, schema or annotations changed (flagged `mcp:changed`). */
  changed: string[];
  /**
   * Tools that appeared after the first listing and were not registered (`acceptNewTools` is off and the policy does
   * not name them): their ids, for `acceptTool()`.
   */
  withheld: string[];
  /** Tools that could not be registered (name clash, a schema the validator cannot compile, a policy that refuses). */
  skipped: Array<{ toolName: string; message: string }>;
}

/** Events of `McpToolSource`. */
export interface McpToolSourceEventMap {
  'mcp-status-changed': CustomEvent<McpStatusChangedDetail>;
  'mcp-tools-changed': CustomEvent<McpToolsChangedDetail>;
}
