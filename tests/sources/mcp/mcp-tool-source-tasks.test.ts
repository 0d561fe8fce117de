import { expect } from '@open-wc/testing';
import { ToolExecutionManager } from '../../../web/src/tools/index.js';
import { useMcpHarness } from '../../helpers/mcp-test-server.js';

describe('McpToolSource: tools that require MCP task mode', () => {
  const harness = useMcpHarness();

  it('calls a tool listed with execution.taskSupport "required" as a task and returns its result', async () => {
    await harness.server.setTool({ name: 'report', description: 'Builds a report as a task', params: { topic: 'string' }, kind: 'task' });
    await harness.source().connect();

    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__report')!, 'c1', { topic: 'sales' });
    expect(result).to.deep.equal({ success: true, result: 'task done: {"topic":"sales"}' });
    expect((await harness.server.state()).calls).to.deep.equal([{ tool: 'report', args: { topic: 'sales' } }]);
  });

  it('still calls the other tools of that server directly', async () => {
    await harness.server.setTool({ name: 'report', description: 'Builds a report as a task', params: { topic: 'string' }, kind: 'task' });
    await harness.source().connect();

    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__add')!, 'c1', { a: 1, b: 2 });
    expect(result).to.deep.equal({ success: true, result: '3' });
  });
});
