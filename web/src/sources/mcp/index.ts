/**
 * MCP tool sources (subpath `ag-ui-lit/mcp`): `McpToolSource` connects a page to a remote MCP server and registers its
 * tools in a `ToolRegistry` as `mcp__<server>__<tool>`, untrusted by default. Kept out of the main entry so that pages
 * without MCP do not load the MCP SDK. Importing it also lets `<ag-ui-agent>` connect its `mcpServers`.
 * @module
 */
import { registerMcpToolSourceFactory } from '../tool-source-factory.js';
import { McpToolSource, type McpToolSourceOptions } from './mcp-tool-source.js';

// `McpAuthProviderLike` is the part of the SDK's `OAuthClientProvider` the main entry names; pages pass the SDK's.
registerMcpToolSourceFactory(
  (config, registry) => new McpToolSource({ ...config, registry } as McpToolSourceOptions),
);

export { McpToolSource };
export type { ConnectableToolSource, McpAuthProviderLike, McpServerConfig } from '../tool-source-factory.js';
export type { McpReconnectOptions, McpToolSourceOptions } from './mcp-tool-source.js';
export { DEFAULT_MCP_LISTING, type McpListingOptions } from './mcp-tool-listing.js';
export { McpConnectionStatus, McpErrorCode } from './mcp-tool-source.events.js';
export type { McpStatusChangedDetail, McpToolSourceEventMap, McpToolsChangedDetail } from './mcp-tool-source.events.js';
export type { McpToolInfo } from './mcp-tool-catalog.js';
export { McpToolSourceError, redactSecrets } from './mcp-errors.js';
export { finishMcpAuth } from './mcp-auth.js';
export { decideTrust } from './mcp-trust.js';
export type { McpToolHints, McpTrust, McpTrustDecision } from './mcp-trust.js';
export { jsonSchemaArguments } from './mcp-json-schema.js';
export { mcpToolIdFor } from './mcp-tool-name.js';
export { contentText, describeContent, toolResultValue } from './mcp-tool-result.js';
