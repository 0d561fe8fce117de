/**
 * The MCP side of the dev and test servers: the demo's notes server (`createDemoNotesMiddleware`, mounted at
 * `/mcp/notes`), `TestMcpServer`, a real MCP server (the SDK's `McpServer` over Streamable HTTP) with test tools, and
 * the middleware through which browser tests start and steer such servers. Importing this module has no side effects.
 */
export {
  createDemoNotesMiddleware,
  DEMO_NOTES_PATH,
  DemoNotesTool,
  type DemoNote,
  type DemoNotesMiddleware,
} from './demo-notes-server.js';
export { createMcpControlMiddleware, type McpControlMiddleware } from './mcp-control-middleware.js';
export {
  DEFAULT_TEST_TOOLS,
  TEST_PROGRESS_STEPS,
  TestMcpServer,
  type TestCancellation,
  type TestListingMode,
  type TestMcpServerState,
  type TestToolCall,
  type TestToolKind,
  type TestToolSpec,
} from './test-mcp-server.js';
export { TEST_OAUTH_CODE, type TestMcpServerOptions } from './test-mcp-server-http.js';
