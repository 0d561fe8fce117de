/**
 * The sources of tools of `<ag-ui-agent>` (`expose-webmcp`, `toolSources`, `mcpServers`): their controllers load when
 * a page first sets one (`tool-sources-part.ts`), so a page that never does never loads them.
 * @module
 * @internal
 */
import type { ReactiveControllerHost } from 'lit';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { ConnectableToolSource, McpServerConfig } from '../../../sources/tool-source-factory.js';
import type { ToolRegistry } from '../../../tools/index.js';
import type { ToolSourceErrorDetail } from '../ag-ui-agent.events.js';
import { LazyModule, type LazyParts } from '../parts/lazy-part.js';
import type { ErrorAction } from '../parts/render-composer.js';
import type { ToolSourcesController } from './tool-sources-controller.js';
import type { WebMcpExposeController } from './webmcp-expose-controller.js';

const toolSourcesPart = new LazyModule('tool-sources', () => import('../parts/tool-sources-part.js'));

/** What the sources of tools need from the element. */
export interface LazyToolSourcesOptions {
  exposeWebMcp(): boolean;
  toolSources(): ConnectableToolSource[];
  mcpServers(): McpServerConfig[];
  registry(): ToolRegistry;
  /** The loop (built on demand: a WebMCP call may come before the first message). */
  loop(): AgentRunLoop | undefined;
  lazy: LazyParts;
  /** A source could not be used; `action` (e.g. "Sign in") is offered beside the message. */
  onError(detail: ToolSourceErrorDetail, action?: ErrorAction): void;
}

/** Whether a list property holds anything (a page may set anything). */
const nonEmpty = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

/** Loads and makes the sources' controllers on first use; call `sync()` in `willUpdate`. */
export class LazyToolSources {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: LazyToolSourcesOptions;
  /** `expose-webmcp`, once a page set it (or a source of tools) and the controllers' module loaded. */
  #webMcp: WebMcpExposeController | undefined;
  /** `toolSources` and `mcpServers`, likewise. */
  #toolSources: ToolSourcesController | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, options: LazyToolSourcesOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Makes the controllers once a source is wanted and their module has loaded (starting the load if need be). */
  sync(): void {
    const options = this.#options;
    const wanted = options.exposeWebMcp() || nonEmpty(options.toolSources()) || nonEmpty(options.mcpServers());
    const sources = wanted && !this.#toolSources ? options.lazy.use(toolSourcesPart) : undefined;
    if (!sources) return;
    // Made connected, they sync at once (`hostConnected`).
    this.#webMcp = new sources.WebMcpExposeController(this.#host, {
      enabled: options.exposeWebMcp,
      registry: options.registry,
      loop: options.loop,
      onError: options.onError,
    });
    this.#toolSources = new sources.ToolSourcesController(this.#host, {
      toolSources: options.toolSources,
      mcpServers: options.mcpServers,
      registry: options.registry,
      onError: options.onError,
    });
  }

  /** `expose-webmcp` or the registry changed. */
  syncWebMcp(): void {
    this.#webMcp?.sync();
  }

  /** `toolSources`, `mcpServers` or the registry changed. */
  syncSources(): void {
    this.#toolSources?.sync();
  }
}
