import { ToolHandlerError, type JSONSchema, type ToolRegistry } from '../../tools/index.js';
import { CatalogToolSource } from '../mcp/catalog-tool-source.js';
import { McpToolCatalog, type SourceTool } from '../mcp/mcp-tool-catalog.js';
import type { McpToolsChangedDetail } from '../mcp/mcp-tool-source.events.js';
import { namespacedToolIdFor } from '../mcp/mcp-tool-name.js';
import { contentText, toolResultValue } from '../mcp/mcp-tool-result.js';
import type { McpToolHints, McpTrust } from '../mcp/mcp-trust.js';

/**
 * A tool as WebMCP's `modelContext.getTools()` lists it (the fields this source reads; structurally the
 * `RegisteredTool` of `@mcp-b/webmcp-types`).
 */
export interface WebMcpRegisteredTool {
  name: string;
  title?: string;
  description: string;
  /** JSON Schema of the arguments (an object, or its JSON text). */
  inputSchema?: JSONSchema | string;
  annotations?: McpToolHints;
  origin?: string;
}

/**
 * The part of WebMCP's model context (`document.modelContext`, Chrome's origin trial or `@mcp-b/webmcp-polyfill`) this
 * source uses: listing tools, their change event, and Chromium's `executeTool()` extension.
 */
export interface WebMcpModelContext extends EventTarget {
  getTools(): Promise<WebMcpRegisteredTool[]>;
  executeTool?(tool: WebMcpRegisteredTool, inputArgsJson: string, options?: { signal?: AbortSignal }): Promise<string | null>;
}

/** Options of `new WebMcpToolSource(options)`. */
export interface WebMcpToolSourceOptions {
  /** Where the page's WebMCP tools are registered. */
  registry: ToolRegistry;
  /** The model context to read. Default `document.modelContext` (or the older `navigator.modelContext`). */
  modelContext?: WebMcpModelContext;
  /** How far the page trusts tools registered by other code (default: not at all, as for MCP servers). */
  trust?: McpTrust;
  /** Whether tools registered after the first listing are registered on their own. Default `false` (withheld). */
  acceptNewTools?: boolean;
  /** Which WebMCP tools to offer at all (e.g. leave out the ones this page exposes itself). Default: all. */
  include?: (tool: WebMcpRegisteredTool) => boolean;
  /** `metadata.timeoutMs` of every tool, in ms. Default: the manager's default. */
  toolTimeoutMs?: number;
}

/** Events of `WebMcpToolSource`. */
export interface WebMcpToolSourceEventMap {
  /** What one listing did to the registry (`server` is always `'webmcp'`). */
  'webmcp-tools-changed': CustomEvent<McpToolsChangedDetail>;
}

/** Stable code of the errors a WebMCP tool's calls fail with when the tool threw or reported `isError`. */
export const WEBMCP_TOOL_ERROR = 'webmcp_tool_error';

const PREFIX = 'webmcp__';

function defaultModelContext(): WebMcpModelContext | undefined {
  const fromDocument = (globalThis.document as { modelContext?: WebMcpModelContext } | undefined)?.modelContext;
  return fromDocument ?? (globalThis.navigator as { modelContext?: WebMcpModelContext } | undefined)?.modelContext;
}

function schemaOf(tool: WebMcpRegisteredTool): JSONSchema | undefined {
  if (typeof tool.inputSchema !== 'string') return tool.inputSchema;
  const parsed: unknown = JSON.parse(tool.inputSchema);
  return typeof parsed === 'object' && parsed !== null ? (parsed as JSONSchema) : undefined;
}

/**
 * The handler's value for what `executeTool()` answered (the tool's result as JSON text): an MCP-shaped result
 * (`{ content: [...] }`) maps as an MCP server's does (`isError` throws); anything else is passed on as text.
 */
function resultValue(text: string | null): unknown {
  if (text === null) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const result = parsed as { content?: unknown; isError?: unknown };
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(result.content)) return text;
  const mcp = parsed as Parameters<typeof toolResultValue>[0];
  if (result.isError === true) throw new ToolHandlerError(contentText(mcp) || 'The WebMCP tool failed', { code: WEBMCP_TOOL_ERROR });
  return toolResultValue(mcp);
}

/**
 * Offers the agent the tools that other code on the page registered with WebMCP (`document.modelContext`), as
 * `webmcp__<tool>` tools of a `ToolRegistry`, under the same rules as MCP servers' tools: arguments validated in the
 * page against the tool's JSON Schema, effect `external_side_effect` unless `trust` says otherwise, annotations only
 * tightening, tools added after the first listing withheld unless accepted, and every call through the registry's
 * pipeline (policy, approval, events, statistics). Calls go through Chromium's `executeTool()` extension (also in
 * `@mcp-b/webmcp-polyfill`).
 *
 * @fires {CustomEvent<McpToolsChangedDetail>} webmcp-tools-changed - after each listing that changed the registry
 *
 * @example
 * ```ts
 * const webmcp = new WebMcpToolSource({ registry: agentElement.registry });
 * await webmcp.start(); // webmcp__search_catalog, ... are registered
 * ```
 */
export class WebMcpToolSource extends CatalogToolSource<WebMcpToolSourceEventMap> {
  readonly #options: WebMcpToolSourceOptions;
  protected readonly catalog: McpToolCatalog;
  /** The latest listing, by tool name: `executeTool()` takes the listed object. */
  #listed = new Map<string, WebMcpRegisteredTool>();
  #context: WebMcpModelContext | undefined;
  #refreshing: Promise<void> = Promise.resolve();
  /** A listing that fails here (the context went away) is left to the next `toolchange` or `refreshTools()`. */
  readonly #onToolChange = (): void => void this.refreshTools().catch(() => undefined);

  constructor(options: WebMcpToolSourceOptions) {
    super();
    this.#options = options;
    this.catalog = new McpToolCatalog({
      idFor: (toolName, taken) => namespacedToolIdFor(PREFIX, toolName, taken),
      category: 'webmcp',
      sourceTag: 'webmcp',
      registry: options.registry,
      trust: options.trust ?? {},
      acceptNewTools: options.acceptNewTools === true,
      ...(options.toolTimeoutMs !== undefined && { timeoutMs: options.toolTimeoutMs }),
      call: (toolName, args, signal) => this.#call(toolName, args, signal),
      onReleased: (ids) => this.emitToolsChanged({ registered: ids, unregistered: [], changed: [], withheld: [], skipped: [] }),
    });
  }

  /**
   * Lists the WebMCP tools, registers them, and follows `toolchange` from then on.
   * @throws {TypeError} when there is no model context, or it has no `executeTool()` (a browser API that only lets the
   *   browser's own agent call tools)
   */
  async start(): Promise<void> {
    const context = this.#options.modelContext ?? defaultModelContext();
    if (!context || typeof context.getTools !== 'function') throw new TypeError('WebMcpToolSource: no WebMCP model context on this page');
    if (typeof context.executeTool !== 'function') {
      throw new TypeError('WebMcpToolSource: this model context cannot execute tools for the page (no executeTool())');
    }
    if (this.#context === context) return this.refreshTools();
    this.stop();
    this.#context = context;
    context.addEventListener('toolchange', this.#onToolChange);
    return this.refreshTools();
  }

  /** Stops following WebMCP and unregisters this source's tools. */
  stop(): void {
    this.#context?.removeEventListener('toolchange', this.#onToolChange);
    this.#context = undefined;
    this.#listed.clear();
    this.catalog.clear();
  }

  /** `start()`, under the name `<ag-ui-agent>`'s `toolSources` calls (`ConnectableToolSource`). */
  connect(): Promise<void> {
    return this.start();
  }

  /** `stop()`, under the name `<ag-ui-agent>`'s `toolSources` calls. */
  close(): void {
    this.stop();
  }

  /** Lists the WebMCP tools again (what `toolchange` does); listings run one at a time. */
  refreshTools(): Promise<void> {
    // One failed listing must not stop the ones after it.
    this.#refreshing = this.#refreshing.catch(() => undefined).then(() => this.#refresh());
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const context = this.#context;
    if (!context) return;
    const include = this.#options.include ?? (() => true);
    const tools = (await context.getTools()).filter(include);
    if (context !== this.#context) return;
    this.#listed = new Map(tools.map((tool) => [tool.name, tool]));
    const listing: SourceTool[] = [];
    const skipped: McpToolsChangedDetail['skipped'] = [];
    for (const tool of tools) {
      try {
        const inputSchema = schemaOf(tool);
        listing.push({
          name: tool.name,
          description: tool.description,
          ...(tool.title && { title: tool.title }),
          ...(inputSchema && { inputSchema }),
          ...(tool.annotations && { annotations: tool.annotations }),
        });
      } catch (error) {
        skipped.push({ toolName: tool.name, message: error instanceof Error ? error.message : String(error) });
      }
    }
    const detail = this.catalog.apply(listing);
    detail.skipped.push(...skipped);
    if (Object.values(detail).some((list) => list.length > 0)) this.emitToolsChanged(detail);
  }

  async #call(toolName: string, args: Record<string, unknown>, signal: AbortSignal): Promise<unknown> {
    const context = this.#context;
    const tool = this.#listed.get(toolName);
    if (!context?.executeTool || !tool) {
      const message = `The WebMCP tool "${toolName}" is no longer registered`;
      throw new ToolHandlerError(message, { code: WEBMCP_TOOL_ERROR, category: 'permanent' });
    }
    let text: string | null;
    try {
      text = await context.executeTool(tool, JSON.stringify(args), { signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ToolHandlerError(error instanceof Error ? error.message : String(error), { code: WEBMCP_TOOL_ERROR });
    }
    return resultValue(text);
  }

  protected emitToolsChanged(detail: Omit<McpToolsChangedDetail, 'server'>): void {
    const event = new CustomEvent('webmcp-tools-changed', { detail: { server: 'webmcp', ...detail } });
    this.dispatchEvent(event);
  }
}
