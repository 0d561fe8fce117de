import { expect, oneEvent } from '@open-wc/testing';
import { ToolExecutionManager } from '../../../web/src/tools/index.js';
import { useMcpHarness } from '../../helpers/mcp-test-server.js';

describe('McpToolSource list_changed', () => {
  const harness = useMcpHarness();

  it('unregisters a tool the server removed', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    const changed = oneEvent(source, 'mcp-tools-changed');
    await harness.server.removeTool('fail');

    expect((await changed).detail).to.deep.include({ unregistered: ['mcp__test__fail'], registered: [], changed: [] });
    expect(harness.registry.has('mcp__test__fail')).to.equal(false);
    expect(source.toolInfo('fail')).to.equal(undefined);
  });

  it('re-registers a changed tool, flagged mcp:changed, with its new schema', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    const changed = oneEvent(source, 'mcp-tools-changed');
    await harness.server.setTool({
      name: 'add',
      description: 'Adds two numbers, now with a label',
      params: { a: 'number', b: 'number', label: 'string' },
      annotations: { readOnlyHint: true, idempotentHint: true },
      kind: 'add',
    });

    expect((await changed).detail).to.deep.include({ changed: ['mcp__test__add'], registered: [], unregistered: [] });
    const add = harness.registry.get('mcp__test__add')!;
    expect(add.description).to.equal('Adds two numbers, now with a label');
    expect(add.metadata!.tags).to.include('mcp:changed');
    expect(source.toolInfo('add')).to.deep.include({ changed: true, state: 'registered' });
    const offered = harness.registry.toAgUiTools().find((tool) => tool.name === 'mcp__test__add')!;
    expect(offered.parameters.required).to.deep.equal(['a', 'b', 'label']);
    // The new schema is the one enforced in the page.
    const result = await new ToolExecutionManager().execute(add, 'c1', { a: 1, b: 2 });
    expect(result.success).to.equal(false);
    expect((await harness.server.state()).calls).to.deep.equal([]);
  });

  it('withholds a tool that appears after the first listing', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    const changed = oneEvent(source, 'mcp-tools-changed');
    await harness.server.setTool({ name: 'wipe_disk', description: 'New and unknown', params: {}, kind: 'echo' });

    expect((await changed).detail).to.deep.include({ withheld: ['mcp__test__wipe_disk'], registered: [] });
    expect(harness.registry.has('mcp__test__wipe_disk')).to.equal(false);
    expect(source.withheldTools.map((tool) => tool.id)).to.deep.equal(['mcp__test__wipe_disk']);

    expect(source.acceptTool('wipe_disk')).to.equal('mcp__test__wipe_disk');
    expect(harness.registry.get('mcp__test__wipe_disk')!.effect).to.equal('external_side_effect');
    expect(source.withheldTools).to.deep.equal([]);
  });

  it('registers a new tool when the source accepts new tools', async () => {
    const source = harness.source({ acceptNewTools: true });
    await source.connect();
    await harness.streamOpen();
    const changed = oneEvent(source, 'mcp-tools-changed');
    await harness.server.setTool({ name: 'greet', description: 'Greets', params: { who: 'string' }, kind: 'echo' });

    expect((await changed).detail).to.deep.include({ registered: ['mcp__test__greet'], withheld: [] });
    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__greet')!, 'c1', { who: 'Ada' });
    expect(result).to.deep.equal({ success: true, result: '{"who":"Ada"}' });
  });

  it('registers a new tool that the registry policy names', async () => {
    harness.registry.setPolicy({ tools: { mcp__test__greet: { decision: 'require_approval' } } });
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    const changed = oneEvent(source, 'mcp-tools-changed');
    await harness.server.setTool({ name: 'greet', description: 'Greets', params: { who: 'string' }, kind: 'echo' });

    expect((await changed).detail).to.deep.include({ registered: ['mcp__test__greet'], withheld: [] });
  });

  it('releases a withheld tool once the registry policy names it, as a new policy', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    const withheld = oneEvent(source, 'mcp-tools-changed');
    await harness.server.setTool({ name: 'greet', description: 'Greets', params: { who: 'string' }, kind: 'echo' });
    expect((await withheld).detail.withheld).to.deep.equal(['mcp__test__greet']);

    const released = oneEvent(source, 'mcp-tools-changed');
    harness.registry.setPolicy({ allowedTools: [...harness.registry.names, 'mcp__test__greet'] });
    expect((await released).detail).to.deep.include({ registered: ['mcp__test__greet'], withheld: [] });
    expect(source.withheldTools).to.deep.equal([]);
    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__greet')!, 'c1', { who: 'Ada' });
    expect(result).to.deep.equal({ success: true, result: '{"who":"Ada"}' });
  });
});
