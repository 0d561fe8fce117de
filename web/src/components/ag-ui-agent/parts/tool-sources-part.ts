/**
 * The sources of tools of `<ag-ui-agent>` (`toolSources`, `mcpServers`, `expose-webmcp`: their controllers), the
 * entry of a chunk loaded when a page first sets one: most pages use none.
 * @module
 * @internal
 */
export { ToolSourcesController } from '../controllers/tool-sources-controller.js';
export { WebMcpExposeController } from '../controllers/webmcp-expose-controller.js';
