import type { ToolMessage } from '@ag-ui/client';
import { expect, oneEvent } from '@open-wc/testing';
import { McpToolSource } from '../../../web/src/sources/mcp/index.js';
import { ToolExecutionManager } from '../../../web/src/tools/index.js';
import { createLoop, recordedRequests, scenarioUrl } from '../../helpers/agent-fixtures.js';
import { useMcpHarness } from '../../helpers/mcp-test-server.js';
import { errorOf } from '../../helpers/tools-fixtures.js';

describe('McpToolSource', () => {
  const harness = useMcpHarness();

  it('registers every server tool as mcp__<server>__<tool> and becomes connected', async () => {
    const source = harness.source();
    const statuses: string[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail.status));
    const listed = oneEvent(source, 'mcp-tools-changed');
    await source.connect();

    expect(source.status).to.equal('connected');
    expect(statuses).to.deep.equal(['connecting', 'connected']);
    const ids = ['add', 'slow', 'fail', 'media', 'stats', 'delete_note'].map((tool) => `mcp__test__${tool}`);
    expect(source.toolIds).to.have.members(ids);
    expect(harness.registry.names).to.have.members(ids);
    expect((await listed).detail).to.deep.include({ server: 'test', unregistered: [], changed: [], withheld: [] });
    expect(source.toolInfo('add')).to.deep.include({ id: 'mcp__test__add', toolName: 'add', state: 'registered', changed: false });
  });

  it('offers the agent the server JSON Schema of each tool', async () => {
    await harness.source().connect();
    const add = harness.registry.toAgUiTools().find((tool) => tool.name === 'mcp__test__add')!;

    expect(add.description).to.equal('Adds two numbers');
    expect(add.parameters).to.deep.include({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(add.parameters).not.to.have.property('$schema');
  });

  it('treats the tools as external_side_effect with their annotations as tags, by default', async () => {
    await harness.source().connect();
    const add = harness.registry.get('mcp__test__add')!;
    const del = harness.registry.get('mcp__test__delete_note')!;

    expect(add.effect).to.equal('external_side_effect');
    expect(add.metadata).to.deep.include({ category: 'mcp:test', tags: ['mcp', 'mcp:read-only', 'mcp:idempotent'] });
    expect(add.metadata).not.to.have.property('idempotent');
    expect(del.effect).to.equal('external_side_effect');
    expect(del.requiresApproval).to.equal(true);
  });

  it("gives a tool's MCP title to its card as metadata.title, and none to a tool without one", async () => {
    const source = harness.source();
    await source.connect();

    expect(harness.registry.get('mcp__test__add')!.metadata!.title).to.equal('Add numbers');
    expect(source.toolInfo('add')!.title).to.equal('Add numbers');
    expect(harness.registry.get('mcp__test__delete_note')!.metadata).not.to.have.property('title');
  });

  it('trusts readOnlyHint only for a server the page opted in, and never for a destructive tool', async () => {
    await harness.source({ trust: { annotations: true } }).connect();

    expect(harness.registry.get('mcp__test__add')!.effect).to.equal('read_only');
    expect(harness.registry.get('mcp__test__add')!.metadata!.idempotent).to.equal(true);
    expect(harness.registry.get('mcp__test__slow')!.effect).to.equal('external_side_effect');
    expect(harness.registry.get('mcp__test__delete_note')!.effect).to.equal('external_side_effect');
    expect(harness.registry.get('mcp__test__delete_note')!.requiresApproval).to.equal(true);
  });

  it('runs a call through ToolExecutionManager and returns the text content', async () => {
    await harness.source().connect();
    const manager = new ToolExecutionManager();
    const result = await manager.execute(harness.registry.get('mcp__test__add')!, 'call-1', { a: 2, b: 3 });

    expect(result).to.deep.equal({ success: true, result: '5' });
    expect((await harness.server.state()).calls).to.deep.equal([{ tool: 'add', args: { a: 2, b: 3 } }]);
    expect(harness.registry.getStats('mcp__test__add').successCount).to.equal(1);
  });

  it('refuses schema-invalid arguments in the page: a validation error, and the server records no call', async () => {
    await harness.source().connect();
    const manager = new ToolExecutionManager();
    const error = errorOf(await manager.execute(harness.registry.get('mcp__test__add')!, 'call-1', { a: 'two' }));

    expect(error.category).to.equal('validation');
    expect(error.validationErrors!.map((issue) => issue.path)).to.deep.include.members([['a']]);
    expect(error.message).to.be.a('string').and.not.equal('');
    expect((await harness.server.state()).calls).to.deep.equal([]);
  });

  it('refuses a tool whose inputSchema is a $ref cycle when listed, and runs a recursive tree schema with nested args', async () => {
    const cycle = { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/a' } } };
    const tree = {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name'],
    };
    await harness.server.setTool({ name: 'cycle', description: 'Never validates', params: {}, kind: 'echo', inputSchema: cycle });
    await harness.server.setTool({ name: 'tree', description: 'Echoes a tree', params: {}, kind: 'echo', inputSchema: tree });
    const source = harness.source();
    const listed = oneEvent(source, 'mcp-tools-changed');
    await source.connect();

    const { skipped } = (await listed).detail;
    expect(skipped.map((entry: { toolName: string }) => entry.toolName)).to.deep.equal(['cycle']);
    expect(skipped[0]!.message).to.contain('"mcp__test__cycle"').and.contain('#/$defs/a').and.contain('$ref cycle');
    expect(harness.registry.has('mcp__test__cycle')).to.equal(false);

    const manager = new ToolExecutionManager();
    const args = { name: 'root', children: [{ name: 'a', children: [{ name: 'a1' }] }, { name: 'b', children: [] }] };
    expect(await manager.execute(harness.registry.get('mcp__test__tree')!, 'call-1', args)).to.deep.equal({ success: true, result: JSON.stringify(args) });
    const invalid = errorOf(await manager.execute(harness.registry.get('mcp__test__tree')!, 'call-2', { name: 'root', children: [{ children: [] }] }));
    expect(invalid.category).to.equal('validation');
    expect((await harness.server.state()).calls).to.deep.equal([{ tool: 'tree', args }]);
  });

  it('fails the call with the server message when the tool answers isError', async () => {
    await harness.source().connect();
    const manager = new ToolExecutionManager();
    const error = errorOf(await manager.execute(harness.registry.get('mcp__test__fail')!, 'call-1', { reason: 'boom' }));

    expect(error).to.deep.include({ category: 'execution', code: 'mcp_tool_error', message: 'Failed on purpose: boom', retryable: false });
  });

  it('returns structured content as JSON', async () => {
    await harness.source().connect();
    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__stats')!, 'call-1', {});

    expect(result).to.deep.equal({ success: true, result: '{"count":3,"label":"notes"}' });
  });

  it('describes images and resources in the result text instead of dropping them', async () => {
    await harness.source().connect();
    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__media')!, 'call-1', {});

    expect(result.success).to.equal(true);
    const text = (result as { result: string }).result;
    expect(text).to.contain('Here is the chart.');
    expect(text).to.contain('[image: image/png, 8 bytes]');
    expect(text).to.contain('[resource link: note 1 <file:///notes/1.md> (text/markdown)]');
    expect(text).to.contain('[resource <file:///notes/2.md> (text/markdown)]\n# Note 2');
  });

  it('is asked for approval and answers the agent end to end through AgentRunLoop', async () => {
    await harness.source().connect();
    const url = scenarioUrl('tool', { tool: 'mcp__test__add', args: '{"a":20,"b":22}' });
    const { loop } = createLoop(url, { registry: harness.registry });
    try {
      const approvals: string[] = [];
      loop.addEventListener('tool-approval-requested', (event) => {
        approvals.push(`${event.detail.toolCallName}:${event.detail.effect}`);
        event.detail.approve();
      });
      await loop.sendMessage('Add 20 and 22');

      expect(approvals).to.deep.equal(['mcp__test__add:external_side_effect']);
      const requests = await recordedRequests(loop.threadId);
      expect(requests).to.have.length(2);
      expect(requests[0]!.input.tools.map((tool) => tool.name)).to.include('mcp__test__add');
      expect((requests[1]!.input.messages.at(-1) as ToolMessage).content).to.equal('42');
      expect((await harness.server.state()).calls).to.deep.equal([{ tool: 'add', args: { a: 20, b: 22 } }]);
    } finally {
      loop.dispose();
    }
  });

  it('never puts the credentials in tool arguments, contexts, events or errors', async () => {
    const source = harness.source();
    await source.connect();
    const manager = new ToolExecutionManager();
    const seen: string[] = [];
    for (const type of ['tool-execution-started', 'tool-execution-executing', 'tool-execution-failed', 'tool-execution-succeeded']) {
      manager.addEventListener(type, (event) => seen.push(JSON.stringify((event as CustomEvent).detail)));
    }
    const results = await Promise.all([
      manager.execute(harness.registry.get('mcp__test__add')!, 'c1', { a: 1, b: 1 }),
      manager.execute(harness.registry.get('mcp__test__fail')!, 'c2', { reason: 'x' }),
    ]);
    seen.push(JSON.stringify(results), JSON.stringify(source.toolInfo('add')), JSON.stringify(harness.registry.toAgUiTools()));

    expect(seen.join('\n')).not.to.contain(harness.server.token);
  });

  it('rejects an invalid server name at construction', () => {
    expect(() => new McpToolSource({ name: 'my_server', url: harness.server.url, registry: harness.registry })).to.throw(
      /MCP server name/,
    );
  });

  it('resolves a relative url against the page, as mcpServers entries like /mcp/notes give it', () => {
    const source = new McpToolSource({ name: 'notes', url: '/mcp/notes', registry: harness.registry });
    expect(source.url.href).to.equal(`${location.origin}/mcp/notes`);
  });

  it('unregisters its tools on close() and can connect again', async () => {
    const source = harness.source();
    await source.connect();
    await source.close();

    expect(source.status).to.equal('idle');
    expect(harness.registry.names).to.deep.equal([]);
    await source.connect();
    expect(harness.registry.names).to.have.length(6);
  });
});
