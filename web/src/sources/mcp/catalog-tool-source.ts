import { TypedEventTarget } from '../../tools/index.js';
import type { McpToolCatalog, McpToolInfo } from './mcp-tool-catalog.js';
import type { McpToolsChangedDetail } from './mcp-tool-source.events.js';

/**
 * What `McpToolSource` and `WebMcpToolSource` share: a catalog of the tools they list, and the page's view of it
 * (registered ids, withheld tools, `acceptTool()`).
 */
export abstract class CatalogToolSource<M extends object> extends TypedEventTarget<M> {
  /** The source's tools and their registrations. */
  protected abstract readonly catalog: McpToolCatalog;

  /** Fires the source's tools-changed event. */
  protected abstract emitToolsChanged(changes: Omit<McpToolsChangedDetail, 'server'>): void;

  /** Ids of the tools this source has registered. */
  get toolIds(): string[] {
    return this.catalog.registeredIds();
  }

  /** Tools listed after the first listing that were not registered (see the source's `acceptNewTools`). */
  get withheldTools(): McpToolInfo[] {
    return this.catalog.withheld();
  }

  /** What the source knows of one of its tools, by registry id or by its own name. Holds no credential. */
  toolInfo(idOrName: string): McpToolInfo | undefined {
    return this.catalog.info(idOrName);
  }

  /**
   * Registers a withheld tool (see `withheldTools`).
   * @returns its id, or `undefined` when no such tool is withheld
   * @throws {ToolRegistrationError} when the registry refuses it
   */
  acceptTool(idOrName: string): string | undefined {
    const id = this.catalog.accept(idOrName);
    if (id !== undefined) this.emitToolsChanged({ registered: [id], unregistered: [], changed: [], withheld: [], skipped: [] });
    return id;
  }
}
