/**
 * `expose-webmcp` of `<ag-ui-agent>`: while set and connected, the element's tools are offered to the browser's agent
 * through WebMCP, each call run by the element's loop (a card, approval in the element, the tool events). The expose
 * module is imported on demand, so a page without the attribute does not load it.
 * @module
 * @internal
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { ToolRegistry } from '../../../tools/index.js';
import type { WebMcpExposure, WebMcpToolRunner } from '../../../sources/webmcp/webmcp-expose.js';
import type { ToolSourceErrorDetail } from '../ag-ui-agent.events.js';

/** What the controller reads from its element. */
export interface WebMcpExposeOptions {
  /** Whether the attribute is set. */
  enabled: () => boolean;
  registry: () => ToolRegistry;
  /** The element's loop, when it has an agent; without one, calls needing approval are refused. */
  loop: () => AgentRunLoop | undefined;
  onError: (detail: ToolSourceErrorDetail) => void;
}

/** The `origin` of the records of calls that came through WebMCP. */
export const WEBMCP_ORIGIN = 'webmcp';

export class WebMcpExposeController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: WebMcpExposeOptions;
  #exposure: WebMcpExposure | undefined;
  #registry: ToolRegistry | undefined;
  /** Bumped on every change, so an import that resolves late does not expose what is no longer wanted. */
  #generation = 0;

  constructor(host: ReactiveControllerHost & HTMLElement, options: WebMcpExposeOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The tools exposed now (names), for tests and the inspector. */
  get toolNames(): readonly string[] {
    return this.#exposure?.toolNames ?? [];
  }

  hostConnected(): void {
    this.sync();
  }

  hostDisconnected(): void {
    this.#withdraw();
  }

  /** Exposes or withdraws as the attribute, the connection and the registry now say. */
  sync(): void {
    const wanted = this.#host.isConnected && this.#options.enabled();
    const registry = this.#options.registry();
    if (!wanted) return this.#withdraw();
    if (this.#exposure && this.#registry === registry) return;
    this.#withdraw();
    const generation = this.#generation;
    this.#registry = registry;
    import('../../../sources/webmcp/webmcp-expose.js').then(
      (module) => {
        if (generation !== this.#generation) return;
        const fallback = module.registryRunner(registry);
        const run: WebMcpToolRunner = (toolName, args) => {
          const loop = this.#options.loop();
          return loop ? loop.runToolCall(toolName, args, { origin: WEBMCP_ORIGIN }) : fallback(toolName, args);
        };
        try {
          this.#exposure = module.exposeToWebMcp(registry, {
            run,
            onError: (error) => this.#options.onError({ source: WEBMCP_ORIGIN, code: error.code, message: error.message, toolName: error.toolName }),
          });
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          this.#options.onError({
            source: WEBMCP_ORIGIN,
            code: typeof code === 'string' ? code : 'webmcp_unavailable',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        this.#options.onError({ source: WEBMCP_ORIGIN, code: 'webmcp_load_failed', message: `Could not load WebMCP support: ${String(error)}` });
      },
    );
  }

  #withdraw(): void {
    this.#generation++;
    this.#exposure?.withdraw();
    this.#exposure = undefined;
    this.#registry = undefined;
  }
}
