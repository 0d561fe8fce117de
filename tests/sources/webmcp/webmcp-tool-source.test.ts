import type { ToolMessage } from '@ag-ui/client';
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { expect, oneEvent } from '@open-wc/testing';
import { WebMcpToolSource } from '../../../web/src/sources/webmcp/index.js';
import { ToolExecutionManager, ToolRegistry } from '../../../web/src/tools/index.js';
import { createLoop, recordedRequests, scenarioUrl, settle, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { errorOf } from '../../helpers/tools-fixtures.js';

interface PolyfilledModelContext {
  registerTool(tool: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<void>;
}

function modelContext(): PolyfilledModelContext {
  return (document as unknown as { modelContext: PolyfilledModelContext }).modelContext;
}

describe('WebMcpToolSource', () => {
  let registry: ToolRegistry;
  let source: WebMcpToolSource;
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  let calls: unknown[];
  let registrations: AbortController;

  /** Registers `search_catalog` with WebMCP, as other code on the page would. */
  async function registerSearch(): Promise<void> {
    await modelContext().registerTool(
      {
        name: 'search_catalog',
        description: 'Searches the product catalog',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
        annotations: { readOnlyHint: true },
        execute: (args: { query: string }) => {
          calls.push(args);
          return { matches: [args.query] };
        },
      },
      { signal: registrations.signal },
    );
  }

  beforeEach(() => {
    rejections = trackUnhandledRejections();
    initializeWebMCPPolyfill();
    registry = new ToolRegistry();
    source = new WebMcpToolSource({ registry });
    calls = [];
    registrations = new AbortController();
  });
  afterEach(async () => {
    source.stop();
    registrations.abort();
    cleanupWebMCPPolyfill();
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('registers the page WebMCP tools as webmcp__<tool>, untrusted, with their JSON Schema offered', async () => {
    await registerSearch();
    await source.start();

    expect(source.toolIds).to.deep.equal(['webmcp__search_catalog']);
    const tool = registry.get('webmcp__search_catalog')!;
    expect(tool.effect).to.equal('external_side_effect');
    expect(tool.metadata).to.deep.include({ category: 'webmcp', tags: ['webmcp', 'mcp:read-only'] });
    const offered = registry.toAgUiTools().find((t) => t.name === 'webmcp__search_catalog')!;
    expect(offered.parameters).to.deep.include({ type: 'object', required: ['query'] });
  });

  it('runs a call through the pipeline and returns the tool result', async () => {
    await registerSearch();
    await source.start();
    const result = await new ToolExecutionManager().execute(registry.get('webmcp__search_catalog')!, 'c1', { query: 'lamp' });

    expect(result).to.deep.equal({ success: true, result: '{"matches":["lamp"]}' });
    expect(calls).to.deep.equal([{ query: 'lamp' }]);
  });

  it('refuses schema-invalid arguments before the WebMCP tool runs', async () => {
    await registerSearch();
    await source.start();
    const error = errorOf(await new ToolExecutionManager().execute(registry.get('webmcp__search_catalog')!, 'c1', { query: 3 }));

    expect(error.category).to.equal('validation');
    expect(calls).to.deep.equal([]);
  });

  it('fails the call when the tool answers an MCP result with isError', async () => {
    await modelContext().registerTool(
      {
        name: 'checkout',
        description: 'Checks out',
        execute: () => ({ isError: true, content: [{ type: 'text', text: 'Cart is empty' }] }),
      },
      { signal: registrations.signal },
    );
    await source.start();
    const error = errorOf(await new ToolExecutionManager().execute(registry.get('webmcp__checkout')!, 'c1', {}));

    expect(error).to.deep.include({ code: 'webmcp_tool_error', message: 'Cart is empty' });
  });

  it('withholds a tool registered later and unregisters one that left', async () => {
    await source.start();
    const added = oneEvent(source, 'webmcp-tools-changed');
    await registerSearch();
    expect((await added).detail).to.deep.include({ withheld: ['webmcp__search_catalog'], registered: [] });
    expect(registry.has('webmcp__search_catalog')).to.equal(false);
    expect(source.acceptTool('search_catalog')).to.equal('webmcp__search_catalog');

    const removed = oneEvent(source, 'webmcp-tools-changed');
    registrations.abort();
    expect((await removed).detail).to.deep.include({ unregistered: ['webmcp__search_catalog'] });
    expect(registry.has('webmcp__search_catalog')).to.equal(false);
  });

  it('is asked for approval and answers the agent through AgentRunLoop', async () => {
    await registerSearch();
    await source.start();
    const { loop } = createLoop(scenarioUrl('tool', { tool: 'webmcp__search_catalog', args: '{"query":"desk"}' }), { registry });
    try {
      const approvals: string[] = [];
      loop.addEventListener('tool-approval-requested', (event) => {
        approvals.push(event.detail.toolCallName);
        event.detail.approve();
      });
      await loop.sendMessage('Find a desk');

      expect(approvals).to.deep.equal(['webmcp__search_catalog']);
      const requests = await recordedRequests(loop.threadId);
      expect((requests[1]!.input.messages.at(-1) as ToolMessage).content).to.equal('{"matches":["desk"]}');
    } finally {
      loop.dispose();
    }
  });

  it('says clearly when the page has no WebMCP', async () => {
    cleanupWebMCPPolyfill();
    const bare = new WebMcpToolSource({ registry });
    const error = await bare.start().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(String(error)).to.match(/no WebMCP model context/);
    initializeWebMCPPolyfill();
  });
});
