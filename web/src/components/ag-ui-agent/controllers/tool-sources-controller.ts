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
import type { ErrorAction } from '../parts/render-composer.js';

/** Whether a source's failure is a sign-in a person can make (`McpToolSourceError.signInRequired`; no MCP import here). */
const needsSignIn = (error: unknown): boolean => (error as { signInRequired?: unknown } | null)?.signInRequired === true;

/** What the controller reads from its element. */
export interface ToolSourcesOptions {
  toolSources: () => readonly ConnectableToolSource[];
  mcpServers: () => readonly McpServerConfig[];
  registry: () => ToolRegistry;
  /** A source could not be used; `action` ("Sign in" for a server that needs a sign-in) is offered beside it. */
  onError: (detail: ToolSourceErrorDetail, action?: ErrorAction) => void;
}

/** A source made from one `mcpServers` entry: remade when the registry or the auth provider object changes. */
interface MadeSource {
  registry: ToolRegistry;
  authProvider: unknown;
  source: ConnectableToolSource;
}

export class ToolSourcesController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: ToolSourcesOptions;
  /** The sources connected now. */
  #connected = new Set<ConnectableToolSource>();
  /** The sources made from `mcpServers`, by their config (as JSON) and registry, so a re-render keeps them. */
  #made = new Map<string, MadeSource>();
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
      this.#connect(source);
    }
  }

  /**
   * Connects one source; a failure is reported, with a "Sign in" action when a person can sign in (`signInRequired`:
   * it connects again, which lets the source's auth provider send the person to the authorization server).
   */
  #connect(source: ConnectableToolSource): void {
    source.connect().catch((error: unknown) => {
      if (!this.#connected.has(source)) return;
      const name = source.name ?? 'tool-source';
      const code = (error as { code?: unknown } | null)?.code;
      const detail = {
        source: name,
        code: typeof code === 'string' ? code : 'tool_source_failed',
        message: `Tool source "${name}" could not connect: ${error instanceof Error ? error.message : String(error)}`,
      };
      const signIn = { label: 'Sign in', ariaLabel: `Sign in to ${name}`, run: () => this.#connect(source) };
      this.#options.onError(detail, needsSignIn(error) ? signIn : undefined);
    });
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
    const made = new Map<string, MadeSource>();
    const sources: ConnectableToolSource[] = [];
    for (const config of servers) {
      // The provider object is compared by identity: as JSON it would hold its tokens and change with them.
      const authProvider: unknown = config?.authProvider;
      const key = JSON.stringify({ ...config, authProvider: undefined });
      let entry = this.#made.get(key);
      if (!entry || entry.registry !== registry || entry.authProvider !== authProvider) {
        try {
          entry = { registry, authProvider, source: factory(config, registry) };
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
