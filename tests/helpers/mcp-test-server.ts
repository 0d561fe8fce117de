// Fixtures for the MCP source tests (tests/sources/mcp/): a real MCP server (web/server/mcp/test-mcp-server.ts, the
// SDK's McpServer over Streamable HTTP on its own port) started and steered through the test runner's /mcp-control/
// routes, and a per-test harness that closes what a test opened and fails it on any unhandled rejection.
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from './wait-until.js';
import type { TestListingMode, TestMcpServerOptions, TestMcpServerState, TestToolSpec } from '../../web/server/mcp/index.js';
import { McpToolSource, type McpToolSourceOptions } from '../../web/src/sources/mcp/index.js';
import type { McpConnectionStatus } from '../../web/src/sources/mcp/index.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { settle, trackUnhandledRejections } from './agent-fixtures.js';

/** A test MCP server the runner started for one test. */
export interface McpTestServer {
  readonly id: string;
  /** Its endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The bearer token it requires. */
  readonly token: string;
  state(): Promise<TestMcpServerState>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Adds a tool or changes one (live sessions get `notifications/tools/list_changed`). */
  setTool(spec: TestToolSpec): Promise<void>;
  removeTool(name: string): Promise<void>;
  /** Sets how it answers `tools/list` (`TestListingMode`); leaving `hold` answers the held requests. */
  setListing(mode: TestListingMode): Promise<void>;
  /**
   * Sends `count` `notifications/tools/list_changed` per session; resolves once the client has handled them all, or
   * at once with `confirm: false` (for a client that may close the session over them).
   */
  sendListChanged(count: number, options?: { confirm?: boolean }): Promise<void>;
  dispose(): Promise<void>;
}

async function control(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`/mcp-control/${path}`, init);
  if (!response.ok) throw new Error(`/mcp-control/${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Starts a fresh test MCP server (tools `add`, `slow`, `fail`, `media`, `stats`, `delete_note`); `options` misconfigure
 * its CORS or give it an OAuth sign-in (`TestMcpServerOptions`).
 */
export async function startMcpTestServer(options: TestMcpServerOptions = {}): Promise<McpTestServer> {
  const init = { method: 'POST', body: JSON.stringify(options) };
  const { id, url, token } = (await control('servers', init)) as { id: string; url: string; token: string };
  const post = (action: string, body?: unknown): Promise<unknown> =>
    control(`servers/${id}/${action}`, { method: 'POST', ...(body !== undefined && { body: JSON.stringify(body) }) });
  return {
    id,
    url,
    token,
    state: async () => (await control(`servers/${id}`)) as TestMcpServerState,
    stop: async () => void (await post('stop')),
    start: async () => void (await post('start')),
    setTool: async (spec) => void (await post('tools', spec)),
    removeTool: async (name) => void (await control(`servers/${id}/tools/${encodeURIComponent(name)}`, { method: 'DELETE' })),
    setListing: async (mode) => void (await post('listing', { mode })),
    sendListChanged: async (count, options = {}) => void (await post('list-changed', { count, ...options })),
    dispose: async () => void (await control(`servers/${id}`, { method: 'DELETE' })),
  };
}

/** Resolves when `source` reaches `status` (at once if it is there). */
export async function statusReached(source: McpToolSource, status: McpConnectionStatus): Promise<void> {
  while (source.status !== status) await oneEvent(source, 'mcp-status-changed');
}

/** Per-test fixture of `useMcpHarness()`; read its members inside tests and hooks only. */
export interface McpHarness {
  readonly server: McpTestServer;
  readonly registry: ToolRegistry;
  /** A source on the test's server with its token (options override), closed after the test. */
  source(options?: Partial<McpToolSourceOptions>): McpToolSource;
  /** Waits until the server has a standalone stream open (where list_changed travels). */
  streamOpen(): Promise<void>;
}

/**
 * Registers, in the calling `describe`: before each test a fresh test MCP server (with `serverOptions`), registry and unhandled-rejection
 * tracker; after each test, every source closed, the server disposed, and a failed assertion if a promise rejection
 * went unhandled.
 */
export function useMcpHarness(serverOptions: TestMcpServerOptions = {}): McpHarness {
  let server: McpTestServer | undefined;
  let registry: ToolRegistry | undefined;
  let rejections: ReturnType<typeof trackUnhandledRejections> | undefined;
  const sources: McpToolSource[] = [];

  beforeEach(async () => {
    rejections = trackUnhandledRejections();
    registry = new ToolRegistry();
    server = await startMcpTestServer(serverOptions);
  });
  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.close()));
    await server?.dispose();
    await settle(30);
    rejections!.dispose();
    expect(rejections!.reasons.map(String)).to.deep.equal([]);
  });

  const current = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMcpHarness: only available inside a test or hook');
    return value;
  };
  return {
    get server() {
      return current(server);
    },
    get registry() {
      return current(registry);
    },
    source(options = {}) {
      const { url, token } = current(server);
      const source = new McpToolSource({
        name: 'test',
        url,
        headers: { Authorization: `Bearer ${token}` },
        registry: current(registry),
        reconnect: { baseDelayMs: 50, maxDelayMs: 200 },
        ...options,
      });
      sources.push(source);
      return source;
    },
    async streamOpen() {
      const target = current(server);
      let open = 0;
      await waitUntil(
        async () => {
          open = (await target.state()).openStreams;
          return open > 0;
        },
        'the client opened no standalone stream',
      );
    },
  };
}
