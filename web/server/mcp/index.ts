/**
 * The MCP side of the dev and test servers: `TestMcpServer`, a real MCP server (the SDK's `McpServer` over Streamable
 * HTTP) with test tools, and the middleware through which browser tests start and steer such servers. Importing this
 * module has no side effects.
 */
export { createMcpControlMiddleware, type McpControlMiddleware } from './mcp-control-middleware.js';
export {
  DEFAULT_TEST_TOOLS,
  TestMcpServer,
  type TestCancellation,
  type TestMcpServerState,
  type TestToolCall,
  type TestToolKind,
  type TestToolSpec,
} from './test-mcp-server.js';
