/**
 * `toolSources` and `mcpServers` of `<ag-ui-agent>`: the sources are connected while the element is connected and
 * closed when it is removed or they leave the list. `mcpServers` entries become sources through the factory
 * `ag-ui-lit/mcp` registers when imported (the element never loads the MCP SDK itself).
 * @module
 * @internal
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ToolRegistry } from '../../../tools/index.js';
import { mcpToolSourceFactory, type ConnectableToolSource, type McpServerConfig } from '../../../sources/tool-source-factory.js';
import type { ToolSourceErrorDetail } from '../ag-ui-agent.events.js';

/** What the controller reads from its element. */
export interface ToolSourcesOptions {
  toolSources: () => readonly ConnectableToolSource[];
  mcpServers: () => readonly McpServerConfig[];
  registry: () => ToolRegistry;
  onError: (detail: ToolSourceErrorDetail) => void;
}

export class ToolSourcesController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: ToolSourcesOptions;
  /** The sources connected now. */
  #connected = new Set<ConnectableToolSource>();
  /** The sources made from `mcpServers`, by their config (as JSON) and registry, so a re-render keeps them. */
  #made = new Map<string, { registry: ToolRegistry; source: ConnectableToolSource }>();
  #reportedMissing = false;

  constructor(host: ReactiveControllerHost & HTMLElement, options: ToolSourcesOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.sync();
  }

  hostDisconnected(): void {
    for (const source of this.#connected) this.#close(source);
    this.#connected.clear();
    this.#made.clear();
  }

  /** Connects what the lists name now, closes what left them. */
  sync(): void {
    if (!this.#host.isConnected) return;
    const wanted = new Set<ConnectableToolSource>();
    for (const source of this.#options.toolSources() ?? []) {
      if (source && typeof source.connect === 'function' && typeof source.close === 'function') wanted.add(source);
    }
    for (const source of this.#mcpSources()) wanted.add(source);
    for (const source of this.#connected) {
      if (wanted.has(source)) continue;
      this.#connected.delete(source);
      this.#close(source);
    }
    for (const source of wanted) {
      if (this.#connected.has(source)) continue;
      this.#connected.add(source);
      source.connect().catch((error: unknown) => {
        if (!this.#connected.has(source)) return;
        const code = (error as { code?: unknown } | null)?.code;
        this.#options.onError({
          source: source.name ?? 'tool-source',
          code: typeof code === 'string' ? code : 'tool_source_failed',
          message: `Tool source "${source.name ?? 'tool-source'}" could not connect: ${error instanceof Error ? error.message : String(error)}`,
        });
      });
    }
  }

  /** The sources of `mcpServers`, made once per config and registry; none (and an error) without `ag-ui-lit/mcp`. */
  #mcpSources(): ConnectableToolSource[] {
    const servers = Array.isArray(this.#options.mcpServers()) ? this.#options.mcpServers() : [];
    if (servers.length === 0) {
      this.#made.clear();
      return [];
    }
    const factory = mcpToolSourceFactory();
    if (!factory) {
      if (!this.#reportedMissing) {
        this.#reportedMissing = true;
        this.#options.onError({
          source: servers[0]?.name ?? 'mcp',
          code: 'mcp_not_loaded',
          message: `mcpServers needs the MCP client: add import 'ag-ui-lit/mcp' to the page (and install @modelcontextprotocol/sdk)`,
        });
      }
      return [];
    }
    const registry = this.#options.registry();
    const made = new Map<string, { registry: ToolRegistry; source: ConnectableToolSource }>();
    const sources: ConnectableToolSource[] = [];
    for (const config of servers) {
      const key = JSON.stringify(config);
      let entry = this.#made.get(key);
      if (!entry || entry.registry !== registry) {
        try {
          entry = { registry, source: factory(config, registry) };
        } catch (error) {
          this.#options.onError({
            source: typeof config?.name === 'string' ? config.name : 'mcp',
            code: 'mcp_invalid_server',
            message: `MCP server ${JSON.stringify(config?.name)} is misconfigured: ${error instanceof Error ? error.message : String(error)}`,
          });
          continue;
        }
      }
      made.set(key, entry);
      sources.push(entry.source);
    }
    this.#made = made;
    return sources;
  }

  #close(source: ConnectableToolSource): void {
    try {
      void Promise.resolve(source.close()).catch(() => undefined);
    } catch {
      // a page source whose close() throws must not stop the others
    }
  }
}
