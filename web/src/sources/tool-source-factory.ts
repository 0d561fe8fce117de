/**
 * The hook between `<ag-ui-agent>`'s `mcpServers` and `ag-ui-lit/mcp`: the element may not import the MCP SDK, so the
 * subpath registers, when imported, the factory that makes a source of one server. Free of optional peers.
 * @module
 */
import type { ToolRegistry } from '../tools/index.js';
import type { McpTrust } from './mcp/mcp-trust.js';

/**
 * A source of tools `<ag-ui-agent>` connects while it is connected and closes when it is removed (`toolSources`):
 * `McpToolSource`, `WebMcpToolSource`, or the page's own. It registers its tools in the registry it was made with.
 */
export interface ConnectableToolSource {
  /**
   * Connects (or reconnects) and registers the tools. Rejects when it cannot: the element reports it, with a "Sign in"
   * action (which calls `connect()` again) when the error has `signInRequired: true`.
   */
  connect(): Promise<void>;
  /** Disconnects and unregisters the tools; the element may `connect()` it again later. */
  close(): void | Promise<void>;
  /** Shown in `ag-ui-tool-source-error` (`source`); default `'tool-source'`. */
  readonly name?: string;
}

/**
 * The part of the MCP SDK's `OAuthClientProvider` (`@modelcontextprotocol/sdk/client/auth.js`) this entry point names,
 * so that it needs no optional peer's types: pass the SDK's provider (or your class implementing it).
 */
export interface McpAuthProviderLike {
  /** Where the authorization server sends the person back (with `?code=...`). */
  readonly redirectUrl: string | URL | undefined;
  /** Sends the person to the authorization server (e.g. `location.assign(url)`). */
  redirectToAuthorization(authorizationUrl: URL): void | Promise<void>;
  /** The tokens saved, if any. */
  tokens(): unknown;
}

/** One entry of `<ag-ui-agent>.mcpServers`: a remote MCP server (the options of `McpToolSource` a page may set there). */
export interface McpServerConfig {
  /** The server's name in tool ids (`mcp__<name>__<tool>`): letters, digits and `-`. */
  name: string;
  /** Its MCP endpoint (Streamable HTTP, falling back to HTTP+SSE). */
  url: string;
  /** Headers of every request (`Authorization: Bearer ...`): they stay in the connection, never in events or cards. */
  headers?: Record<string, string>;
  /**
   * OAuth sign-in through the MCP SDK's `OAuthClientProvider` (see `McpToolSourceOptions.authProvider`). A server that
   * needs a sign-in is reported with `mcp_unauthorized` and a "Sign in" action; after the redirect back, call
   * `finishAuth(code)` of the source (`<ag-ui-agent>.mcpSource(name)`). Kept out of the entry's identity: changing
   * only the provider object does not make a new source.
   */
  authProvider?: McpAuthProviderLike;
  /** How far the page trusts it (default: not at all; see `McpTrust`). */
  trust?: McpTrust;
  /** Whether tools listed after the first listing register on their own. Default `false` (withheld). */
  acceptNewTools?: boolean;
  /** `'auto'` (default), `'streamable-http'` or `'sse'`. */
  transport?: 'auto' | 'streamable-http' | 'sse';
  /** Each tool's `metadata.timeoutMs`, in ms. */
  toolTimeoutMs?: number;
}

/** Makes the source of one configured MCP server, registering into `registry`. */
export type McpToolSourceFactory = (config: McpServerConfig, registry: ToolRegistry) => ConnectableToolSource;

// On globalThis: a page that loads the element and the subpath from two copies of the package still meets here.
const KEY = Symbol.for('ag-ui-lit.mcp-tool-source-factory');

/** Called by `ag-ui-lit/mcp` when imported. */
export function registerMcpToolSourceFactory(factory: McpToolSourceFactory): void {
  (globalThis as Record<symbol, unknown>)[KEY] = factory;
}

/** The factory `ag-ui-lit/mcp` registered, or `undefined` when it was not imported. */
export function mcpToolSourceFactory(): McpToolSourceFactory | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as McpToolSourceFactory | undefined;
}
