import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { mcpToolId, PermanentToolError, ToolHandlerError, type ToolProgress, type ToolRegistry } from '../../tools/index.js';
import { warnDeprecatedOption } from '../../tools/deprecated-option.js';
import { CatalogToolSource } from './catalog-tool-source.js';
import {
  connectionError,
  httpStatusOf,
  isConnectionFailure,
  isLastingFailure,
  isSessionLost,
  McpToolSourceError,
  redactSecrets,
  sessionIdHiddenError,
  unavailableToolError,
} from './mcp-errors.js';
import { signInError } from './mcp-auth.js';
import { McpToolCatalog } from './mcp-tool-catalog.js';
import { listAllTools, type McpListingOptions } from './mcp-tool-listing.js';
import { mcpToolIdFor } from './mcp-tool-name.js';
import { contentText, toolResultValue } from './mcp-tool-result.js';
import { callToolAsTask, taskRequiredTools } from './mcp-tool-task.js';
import {
  McpConnectionStatus,
  McpErrorCode,
  type McpStatusChangedDetail,
  type McpToolSourceEventMap,
  type McpToolsChangedDetail,
} from './mcp-tool-source.events.js';
import type { McpTrust } from './mcp-trust.js';

/** Reconnection backoff of `McpToolSource` (`options.reconnect`). */
export interface McpReconnectOptions {
  /** Wait before the first reconnection attempt, in ms; it doubles per attempt. Default 500. */
  baseDelayMs?: number;
  /**
   * @deprecated Use `baseDelayMs` (the name the tool runtime's and the LLM agents' backoffs use). Still read for this
   * release, with a console warning; `baseDelayMs` wins when both are set.
   */
  initialDelayMs?: number;
  /** Cap on the wait, in ms. Default 30000. */
  maxDelayMs?: number;
  /** Attempts after a loss before giving up (until the next `connect()`). Default 10. */
  maxAttempts?: number;
}

/** Options of `new McpToolSource(options)`. */
export interface McpToolSourceOptions {
  /** The server's name in tool ids (`mcp__<name>__<tool>`): letters, digits and `-`. */
  name: string;
  /**
   * The server's MCP endpoint (Streamable HTTP; an older HTTP+SSE endpoint works too, see `transport`). A relative URL
   * (`/mcp/notes`) is resolved against the page's address.
   */
  url: string | URL;
  /**
   * Headers sent with every request to the server (`Authorization: Bearer ...`, API keys). They stay in the
   * connection: never in tool arguments, contexts, events or error messages (which redact their values).
   */
  headers?: Record<string, string>;
  /**
   * OAuth through the SDK's client auth provider (`OAuthClientProvider`), instead of (or besides) fixed headers. When
   * the server answers 401 and the provider holds no usable token, the SDK starts the sign-in
   * (`provider.redirectToAuthorization(url)`): the source becomes `unavailable` with `mcp_unauthorized` and does not
   * reconnect; after the person comes back with `?code=...`, call `finishAuth(code)`. See docs/mcp.md.
   */
  authProvider?: OAuthClientProvider;
  /** Where the server's tools are registered. */
  registry: ToolRegistry;
  /** How far the page trusts this server (default: not at all, see `McpTrust`). */
  trust?: McpTrust;
  /**
   * Whether tools the server lists after the first listing are registered on their own. Default `false`: they are
   * withheld (`withheldTools`, `mcp-tools-changed`) until `acceptTool()`, or until the registry's policy names their id
   * (`allowedTools` or `tools[id]`).
   */
  acceptNewTools?: boolean;
  /**
   * `'auto'` (default): Streamable HTTP, falling back to HTTP+SSE when the server answers the first POST with 400, 404
   * or 405 (the SDK's backwards-compatibility recipe); or one of them only.
   */
  transport?: 'auto' | 'streamable-http' | 'sse';
  /** Reconnection backoff after the server was lost. */
  reconnect?: McpReconnectOptions;
  /** `metadata.timeoutMs` of every tool of this server, in ms. Default: the manager's default. */
  toolTimeoutMs?: number;
  /**
   * Bounds on each listing of the server's tools: at most `maxPages` pages (default 100), a repeated cursor ends it,
   * and all of it within `deadlineMs` (default 30000). Past them: `mcp_invalid_response` (see `McpListingOptions`).
   */
  listing?: McpListingOptions;
}

const CLIENT_INFO = { name: 'ag-ui-lit', version: '0.1.0' };

/**
 * Connects a page to one remote MCP server and keeps its tools in a `ToolRegistry`, where they go through the same
 * pipeline as the page's own tools (validation, policy, approval, redaction, budgets, events, statistics).
 *
 * - Each server tool is registered as `mcp__<name>__<tool>` (sanitized to `^[a-zA-Z0-9_-]{1,64}$`). Its arguments are
 *   checked against the server's JSON Schema in the page before a call is sent (a failure is a `validation` error
 *   the agent reads); the agent is offered that same JSON Schema.
 * - Untrusted by default: effect `external_side_effect`, so the default policy asks a person. Annotations are kept as
 *   tags (`mcp:read-only`, `mcp:destructive`, ...) and tighten only, unless `trust` says otherwise.
 * - `notifications/tools/list_changed` re-lists the tools: removed ones are unregistered, changed ones re-registered
 *   with the tag `mcp:changed`, new ones withheld unless `acceptNewTools`. A burst of them makes one re-listing, and
 *   at most one more after it.
 * - A listing is bounded (`listing`: pages, a repeated cursor, a deadline); a server that breaks the bounds is
 *   `unavailable` with `mcp_invalid_response`.
 * - A lost server (down, 401, session dropped) makes the status `unavailable`: the tools stay registered and their
 *   calls fail at once with a clear error; the source reconnects with backoff (not after a 401 or an invalid listing).
 *
 * @fires {CustomEvent<McpStatusChangedDetail>} mcp-status-changed - after every change of `status`
 * @fires {CustomEvent<McpToolsChangedDetail>} mcp-tools-changed - after each listing that changed the registry or withheld a tool
 *
 * @example
 * ```ts
 * const github = new McpToolSource({
 *   name: 'github',
 *   url: 'https://mcp.example.com/mcp',
 *   headers: { Authorization: `Bearer ${token}` },
 *   registry: agentElement.registry,
 * });
 * github.addEventListener('mcp-status-changed', (e) => console.log(e.detail.status));
 * await github.connect(); // mcp__github__create_issue, ... are registered
 * ```
 */
export class McpToolSource extends CatalogToolSource<McpToolSourceEventMap> {
  /** The server's name, as in its tool ids. */
  readonly name: string;
  /** The server's endpoint. */
  readonly url: URL;
  readonly #options: McpToolSourceOptions;
  readonly #secrets: string[];
  protected readonly catalog: McpToolCatalog;
  #status: McpConnectionStatus = McpConnectionStatus.IDLE;
  #lastError: McpToolSourceError | undefined;
  #client: Client | undefined;
  /** Bumped by every new client and by `close()`: callbacks of an older client ignore themselves. */
  #generation = 0;
  #opening: Promise<void> | undefined;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #reconnectAttempts = 0;
  #probing = false;
  /** The transport of the last attempt: `finishAuth()` completes the sign-in it started. */
  #authTransport: StreamableHTTPClientTransport | SSEClientTransport | undefined;
  /** Listed tools that must be called in MCP's task mode (`execution.taskSupport: "required"`). */
  #taskTools = new Set<string>();
  /** The re-listing under way, and the one that follows it (shared by every ask meanwhile). */
  #relisting: Promise<void> | undefined;
  #relistQueued: Promise<void> | undefined;

  /**
   * @throws {ToolIdError} when `name` is not letters, digits and `-`
   * @throws {TypeError} when `url` is not a URL (nor, in a page, a relative one)
   */
  constructor(options: McpToolSourceOptions) {
    super();
    mcpToolId(options.name, 'x'); // validates the server name now, not at the first listing
    this.name = options.name;
    this.url = new URL(options.url, globalThis.location?.href);
    this.#options = options;
    this.#secrets = Object.values(options.headers ?? {}).flatMap((value) => [value, value.replace(/^Bearer\s+/i, '')]);
    this.catalog = new McpToolCatalog({
      idFor: (toolName, taken) => mcpToolIdFor(options.name, toolName, taken),
      category: `mcp:${options.name}`,
      sourceTag: 'mcp',
      registry: options.registry,
      trust: options.trust ?? {},
      acceptNewTools: options.acceptNewTools === true,
      ...(options.toolTimeoutMs !== undefined && { timeoutMs: options.toolTimeoutMs }),
      call: (toolName, args, signal, reportProgress) => this.#call(toolName, args, signal, reportProgress),
      onReleased: (ids) => this.emitToolsChanged({ registered: ids, unregistered: [], changed: [], withheld: [], skipped: [] }),
    });
  }

  /** The connection state (see `McpConnectionStatus`). */
  get status(): McpConnectionStatus {
    return this.#status;
  }

  /** Why the source is (or last was) `unavailable`; credentials redacted. */
  get lastError(): McpToolSourceError | undefined {
    return this.#lastError;
  }

  /**
   * Connects (or reconnects now), lists the server's tools and registers them. Resolves once connected. On failure the
   * status is `unavailable` and reconnection goes on in the background (except after a 401).
   * @throws {McpToolSourceError} `mcp_unavailable` or `mcp_unauthorized` (credentials redacted), `mcp_closed` when
   *   `close()` came first
   * @fires mcp-status-changed
   */
  async connect(): Promise<void> {
    this.#clearReconnect();
    this.#reconnectAttempts = 0;
    if (this.#status !== McpConnectionStatus.CONNECTED) this.#setStatus(McpConnectionStatus.CONNECTING);
    try {
      await this.#open();
    } catch (error) {
      if (this.#isNewFailure(error)) this.#fail(error);
      throw error;
    }
  }

  /**
   * Completes an OAuth sign-in that the `authProvider` started: after the authorization server sent the person back
   * to the provider's `redirectUrl` with `?code=...`, exchanges that code for tokens (the provider's `saveTokens()`),
   * then connects (`connect()`). Works on a fresh page too: the provider keeps the PKCE verifier and client
   * information across the redirect.
   * @param authorizationCode - the `code` query parameter of the redirect back
   * @throws {McpToolSourceError} `mcp_unauthorized` when there is no `authProvider` or the exchange fails (credentials
   *   redacted); then what `connect()` throws
   * @fires mcp-status-changed
   */
  async finishAuth(authorizationCode: string): Promise<void> {
    const transport = this.#authTransport ?? this.#transport(this.#options.transport === 'sse' ? 'sse' : 'streamable-http');
    try {
      await transport.finishAuth(authorizationCode);
    } catch (error) {
      const failure = signInError(this.name, error, [...this.#secrets, authorizationCode]);
      if (this.#status !== McpConnectionStatus.CONNECTED) this.#fail(failure);
      throw failure;
    }
    await this.connect();
  }

  /**
   * Closes the connection, stops reconnecting and unregisters this source's tools (their statistics stay). The source
   * can `connect()` again.
   * @fires mcp-status-changed with status `idle`
   */
  async close(): Promise<void> {
    this.#generation++;
    this.#clearReconnect();
    const client = this.#client;
    this.#client = undefined;
    this.#opening = undefined;
    this.catalog.clear();
    this.#setStatus(McpConnectionStatus.IDLE);
    await client?.close().catch(() => undefined);
  }

  /**
   * Lists the server's tools again (what `list_changed` does). Does nothing while not connected. Asks made while a
   * re-listing is under way share one more re-listing after it (a burst of `list_changed` lists at most twice).
   * Never rejects: a listing that breaks its bounds makes the status `unavailable` with `mcp_invalid_response`.
   */
  refreshTools(): Promise<void> {
    if (this.#relisting === undefined) return this.#relist();
    // The one under way may have read the list before the change: one more follows it.
    this.#relistQueued ??= this.#relisting.then(() => {
      this.#relistQueued = undefined;
      return this.#relist();
    });
    return this.#relistQueued;
  }

  #relist(): Promise<void> {
    const relisting = this.#relistOnce().finally(() => {
      if (this.#relisting === relisting) this.#relisting = undefined;
    });
    this.#relisting = relisting;
    return relisting;
  }

  async #relistOnce(): Promise<void> {
    const client = this.#client;
    if (!client || this.#status !== McpConnectionStatus.CONNECTED) return;
    const generation = this.#generation;
    try {
      const tools = await listAllTools(client, this.name, this.#options.listing);
      if (generation === this.#generation) this.#applyTools(tools);
    } catch (error) {
      const invalid = error instanceof McpToolSourceError && error.code === McpErrorCode.INVALID_RESPONSE;
      if (generation === this.#generation && (invalid || isConnectionFailure(error))) this.#lose(error);
    }
  }

  /** One connection attempt (shared by concurrent callers): a new client, the handshake, the first listing. */
  #open(): Promise<void> {
    this.#opening ??= this.#openOnce().finally(() => (this.#opening = undefined));
    return this.#opening;
  }

  async #openOnce(): Promise<void> {
    const previous = this.#client;
    this.#client = undefined;
    await previous?.close().catch(() => undefined);
    const generation = ++this.#generation;
    let client: Client | undefined;
    try {
      client = await this.#handshake(generation);
      const tools = await listAllTools(client, this.name, this.#options.listing);
      if (generation !== this.#generation) throw new McpToolSourceError('Closed', McpErrorCode.CLOSED, this.name);
      this.#client = client;
      this.#clearReconnect();
      this.#reconnectAttempts = 0;
      this.#lastError = undefined;
      this.#applyTools(tools);
      this.#setStatus(McpConnectionStatus.CONNECTED);
    } catch (error) {
      await client?.close().catch(() => undefined);
      if (error instanceof McpToolSourceError) throw error;
      if (generation !== this.#generation) throw new McpToolSourceError('Closed', McpErrorCode.CLOSED, this.name);
      throw connectionError(this.name, error, this.#secrets);
    }
  }

  /**
   * Connects a new client over Streamable HTTP, or HTTP+SSE (see `options.transport`).
   * @throws {McpToolSourceError} `mcp_session_id_not_exposed` when the server answered `initialize` but hid its session
   *   id from the page (CORS), rather than falling back to HTTP+SSE
   */
  async #handshake(generation: number): Promise<Client> {
    const mode = this.#options.transport ?? 'auto';
    if (mode !== 'sse') {
      const client = this.#newClient(generation);
      const transport = this.#transport('streamable-http') as StreamableHTTPClientTransport;
      try {
        await client.connect(transport);
        return client;
      } catch (error) {
        // The server answered `initialize`, yet refused the next request, which went without a session id: the page
        // could not read the id (a CORS answer without `Access-Control-Expose-Headers: Mcp-Session-Id`).
        const hidden = httpStatusOf(error) === 400 && client.getServerVersion() !== undefined && transport.sessionId === undefined;
        await client.close().catch(() => undefined);
        if (hidden) throw sessionIdHiddenError(this.name);
        const status = httpStatusOf(error);
        if (mode === 'streamable-http' || !(status === 400 || status === 404 || status === 405)) throw error;
      }
    }
    const client = this.#newClient(generation);
    await client.connect(this.#transport('sse'));
    return client;
  }

  #transport(kind: 'streamable-http' | 'sse'): StreamableHTTPClientTransport | SSEClientTransport {
    const requestInit: RequestInit = { headers: { ...this.#options.headers } };
    const auth = this.#options.authProvider ? { authProvider: this.#options.authProvider } : {};
    const transport =
      kind === 'sse'
        ? new SSEClientTransport(this.url, { requestInit, ...auth })
        : new StreamableHTTPClientTransport(this.url, { requestInit, ...auth });
    this.#authTransport = transport;
    return transport;
  }

  #newClient(generation: number): Client {
    // The cfworker validator checks structured results without code generation (CSP-safe); the default, Ajv, compiles.
    const client = new Client(CLIENT_INFO, { capabilities: {}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (generation === this.#generation) void this.refreshTools();
    });
    // A dropped stream or a failed background request: ask the server whether the session still lives.
    client.onerror = () => {
      if (generation === this.#generation) void this.#probe(client, generation);
    };
    client.onclose = () => {
      if (generation === this.#generation && this.#client === client) this.#lose(new Error('connection closed'));
    };
    return client;
  }

  async #probe(client: Client, generation: number): Promise<void> {
    if (this.#probing || this.#client !== client || this.#status !== McpConnectionStatus.CONNECTED) return;
    this.#probing = true;
    try {
      await client.ping({ timeout: 10_000 });
    } catch (error) {
      if (generation === this.#generation) this.#lose(error);
    } finally {
      this.#probing = false;
    }
  }

  /**
   * Calls one tool for a handler: the body of every registered MCP tool. The server's progress notifications for the
   * call (`notifications/progress`) go to `reportProgress`.
   */
  async #call(
    toolName: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    reportProgress: (progress: ToolProgress) => void,
    retried = false,
  ): Promise<unknown> {
    // A call while the server is lost brings the next reconnection attempt forward rather than failing on old news.
    if (this.#status === McpConnectionStatus.CONNECTING || this.#status === McpConnectionStatus.UNAVAILABLE) {
      if (!isLastingFailure(this.#lastError)) await this.#reconnectNow();
    }
    const client = this.#client;
    if (!client || this.#status !== McpConnectionStatus.CONNECTED) {
      throw unavailableToolError(
        this.#lastError ?? new McpToolSourceError(`MCP server "${this.name}" is not connected`, McpErrorCode.UNAVAILABLE, this.name),
      );
    }
    const generation = this.#generation;
    let result: CallToolResult;
    try {
      const onprogress = ({ progress, total, message }: { progress: number; total?: number; message?: string }) =>
        reportProgress({ progress, ...(total !== undefined && { total }), ...(message !== undefined && { message }) });
      const params = { name: toolName, arguments: args };
      // A tool that requires MCP's task mode answers a plain call with an error: it runs as a task.
      const answer = this.#taskTools.has(toolName)
        ? callToolAsTask(client, params, { signal, onprogress })
        : client.callTool(params, undefined, { signal, onprogress });
      result = asCallToolResult(await answer);
    } catch (error) {
      // The SDK rejects a cancelled request with its own error; the runtime expects the signal's reason.
      if (signal.aborted) throw signal.reason;
      if (!isConnectionFailure(error)) {
        const message = redactSecrets(error instanceof Error ? error.message : String(error), this.#secrets);
        throw new PermanentToolError(message, { code: McpErrorCode.PROTOCOL_ERROR });
      }
      if (generation === this.#generation) this.#lose(error);
      // The server restarted and forgot the session without running the call: a new session may take it at once.
      if (isSessionLost(error) && !retried) return this.#call(toolName, args, signal, reportProgress, true);
      throw unavailableToolError(connectionError(this.name, error, this.#secrets));
    }
    if (result.isError === true) {
      const message = redactSecrets(contentText(result) || `MCP tool "${toolName}" failed`, this.#secrets);
      throw new ToolHandlerError(message, { code: McpErrorCode.TOOL_ERROR });
    }
    return toolResultValue(result);
  }

  #applyTools(tools: Tool[]): void {
    this.#taskTools = taskRequiredTools(tools);
    const detail = this.catalog.apply(tools);
    const { registered, unregistered, changed, withheld, skipped } = detail;
    if (registered.length + unregistered.length + changed.length + withheld.length + skipped.length > 0) {
      this.emitToolsChanged(detail);
    }
  }

  /** The connection was lost while connected: `unavailable`, and reconnect. */
  #lose(error: unknown): void {
    if (this.#status !== McpConnectionStatus.CONNECTED) return;
    const client = this.#client;
    this.#client = undefined;
    this.#generation++;
    void client?.close().catch(() => undefined);
    this.#fail(error instanceof McpToolSourceError ? error : connectionError(this.name, error, this.#secrets));
  }

  /** Records a failure as `unavailable` and schedules the next attempt (none after a lasting one or past `maxAttempts`). */
  #fail(error: McpToolSourceError): void {
    this.#lastError = error;
    this.#clearReconnect();
    const { baseDelayMs, initialDelayMs, maxDelayMs = 30_000, maxAttempts = 10 } = this.#options.reconnect ?? {};
    if (initialDelayMs !== undefined) warnDeprecatedOption('McpReconnectOptions.initialDelayMs', 'McpReconnectOptions.baseDelayMs');
    const firstDelayMs = baseDelayMs ?? initialDelayMs ?? 500;
    let retryInMs: number | undefined;
    if (!isLastingFailure(error) && this.#reconnectAttempts < maxAttempts) {
      retryInMs = Math.min(firstDelayMs * 2 ** this.#reconnectAttempts, maxDelayMs);
      this.#reconnectAttempts++;
      this.#reconnectTimer = setTimeout(() => {
        this.#reconnectTimer = undefined;
        void this.#reconnectNow();
      }, retryInMs);
    }
    this.#setStatus(McpConnectionStatus.UNAVAILABLE, error, retryInMs);
  }

  /** One reconnection attempt now; a failure is recorded (`#fail`), never thrown. */
  async #reconnectNow(): Promise<void> {
    try {
      await this.#open();
    } catch (error) {
      if (this.#isNewFailure(error)) this.#fail(error);
    }
  }

  /** Whether `error` is a failure not recorded yet (callers awaiting one shared attempt see the same error). */
  #isNewFailure(error: unknown): error is McpToolSourceError {
    return error instanceof McpToolSourceError && error.code !== McpErrorCode.CLOSED && error !== this.#lastError;
  }

  #clearReconnect(): void {
    if (this.#reconnectTimer !== undefined) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = undefined;
  }

  #setStatus(status: McpConnectionStatus, error?: McpToolSourceError, retryInMs?: number): void {
    const previousStatus = this.#status;
    if (previousStatus === status && status !== McpConnectionStatus.UNAVAILABLE) return;
    this.#status = status;
    const detail: McpStatusChangedDetail = { server: this.name, status, previousStatus };
    if (error) detail.error = { code: error.code, message: error.message };
    if (retryInMs !== undefined) detail.retryInMs = retryInMs;
    const event = new CustomEvent('mcp-status-changed', { detail });
    this.dispatchEvent(event);
  }

  protected emitToolsChanged(changes: Omit<McpToolsChangedDetail, 'server'>): void {
    const event = new CustomEvent('mcp-tools-changed', { detail: { server: this.name, ...changes } });
    this.dispatchEvent(event);
  }
}

/** A result of the 2024-10-07 protocol (`{ toolResult }`) as a current one. */
function asCallToolResult(result: CallToolResult | { toolResult: unknown }): CallToolResult {
  if ('content' in result && Array.isArray(result.content)) return result as CallToolResult;
  const legacy = (result as { toolResult?: unknown }).toolResult;
  return { content: [{ type: 'text', text: typeof legacy === 'string' ? legacy : JSON.stringify(legacy) ?? '' }] };
}
