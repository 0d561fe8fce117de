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
  /** Connects (or reconnects) and registers the tools. Rejects when it cannot (the element reports it). */
  connect(): Promise<void>;
  /** Disconnects and unregisters the tools; the element may `connect()` it again later. */
  close(): void | Promise<void>;
  /** Shown in `ag-ui-tool-source-error` (`source`); default `'tool-source'`. */
  readonly name?: string;
}

/** One entry of `<ag-ui-agent>.mcpServers`: a remote MCP server (the options of `McpToolSource` a page may set there). */
export interface McpServerConfig {
  /** The server's name in tool ids (`mcp__<name>__<tool>`): letters, digits and `-`. */
  name: string;
  /** Its MCP endpoint (Streamable HTTP, falling back to HTTP+SSE). */
  url: string;
  /** Headers of every request (`Authorization: Bearer ...`): they stay in the connection, never in events or cards. */
  headers?: Record<string, string>;
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
