/**
 * WebMCP tool source (subpath `ag-ui-lit/webmcp`): `WebMcpToolSource` offers the agent the tools other code on the
 * page registered with WebMCP (`document.modelContext`), as `webmcp__<tool>`, untrusted by default; `exposeToWebMcp()`
 * offers the page's own tools to the browser's agent.
 * @module
 */
export { WEBMCP_TOOL_ERROR, WebMcpToolSource } from './webmcp-tool-source.js';
export type {
  WebMcpModelContext,
  WebMcpRegisteredTool,
  WebMcpToolSourceEventMap,
  WebMcpToolSourceOptions,
} from './webmcp-tool-source.js';
export type { McpToolInfo, McpToolsChangedDetail, McpTrust } from '../mcp/index.js';
export { exposeToWebMcp, registryRunner, webMcpAnnotationsOf, WebMcpUnavailableError } from './webmcp-expose.js';
export type {
  ExposeToWebMcpOptions,
  WebMcpCallToolResult,
  WebMcpExposedCallOutcome,
  WebMcpExposeError,
  WebMcpExposeTarget,
  WebMcpExposure,
  WebMcpToolDescriptor,
  WebMcpToolRunner,
} from './webmcp-expose.js';
