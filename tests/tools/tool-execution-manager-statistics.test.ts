import { expect } from '@open-wc/testing';
import { globalToolRegistry, ToolExecutionManager, ToolRegistry, withToolBudgets } from '../../web/src/tools/index.js';
import { countingTool } from '../helpers/tools-fixtures.js';

describe('ToolExecutionManager statistics follow the tool\'s registry', () => {
  /** A name no other test uses, with no statistics in `globalToolRegistry` before or after the test. */
  let name: string;
  let counter = 0;
  beforeEach(() => {
    name = `stats_owner_probe_${++counter}`;
    globalToolRegistry.clearStats(name);
  });
  afterEach(() => {
    globalToolRegistry.clearStats(name);
  });

  it('records a tool registered in another registry there, not in globalToolRegistry', async () => {
    const registry = new ToolRegistry();
    const tool = registry.register(countingTool(name, () => 'ok'));
    await new ToolExecutionManager().execute(tool, 'call_1', {});
    expect(registry.getStats(name).successCount).to.equal(1);
    expect(globalToolRegistry.getStats(name).executionCount).to.equal(0);
  });

  it('records a tool wrapped by withToolBudgets() in the registry of the tool it wraps', async () => {
    const registry = new ToolRegistry();
    const tool = registry.register(countingTool(name, () => 'ok'));
    const budgeted = withToolBudgets(tool, { maxRuntimeMs: 5000, maxResultBytes: 100 });
    expect(budgeted).to.not.equal(tool);
    await new ToolExecutionManager().execute(budgeted, 'call_1', {});
    expect(registry.getStats(name).successCount).to.equal(1);
    expect(globalToolRegistry.getStats(name).executionCount).to.equal(0);
  });

  it('records a tool registered in globalToolRegistry there', async () => {
    const tool = globalToolRegistry.register(countingTool(name, () => 'ok'));
    try {
      await new ToolExecutionManager().execute(tool, 'call_1', {});
      expect(globalToolRegistry.getStats(name).successCount).to.equal(1);
    } finally {
      globalToolRegistry.unregister(name);
    }
  });

  it('records each of two registries\' tools in its own registry through one manager', async () => {
    const first = new ToolRegistry();
    const second = new ToolRegistry();
    const manager = new ToolExecutionManager();
    await manager.execute(first.register(countingTool(name, () => 'ok')), 'call_1', {});
    await manager.execute(second.register(countingTool(name, () => 'ok')), 'call_2', {});
    await manager.execute(second.get(name)!, 'call_3', {});
    expect(first.getStats(name).executionCount).to.equal(1);
    expect(second.getStats(name).executionCount).to.equal(2);
  });

  it('records a tool that was never registered nowhere', async () => {
    const unregistered = countingTool(name, () => 'ok');
    const outcome = await new ToolExecutionManager().execute(unregistered, 'call_1', {});
    expect(outcome).to.deep.equal({ success: true, result: 'ok' });
    expect(globalToolRegistry.getStats(name).executionCount).to.equal(0);
  });

  it('records into an explicit registry whichever registry holds the tool', async () => {
    const holder = new ToolRegistry();
    const explicit = new ToolRegistry();
    const tool = holder.register(countingTool(name, () => 'ok'));
    await new ToolExecutionManager(undefined, undefined, { registry: explicit }).execute(tool, 'call_1', {});
    expect(explicit.getStats(name).successCount).to.equal(1);
    expect(holder.getStats(name).executionCount).to.equal(0);
  });

  it('records nothing with registry: null, even for a registered tool', async () => {
    const holder = new ToolRegistry();
    const tool = holder.register(countingTool(name, () => 'ok'));
    await new ToolExecutionManager(undefined, undefined, { registry: null }).execute(tool, 'call_1', {});
    expect(holder.getStats(name).executionCount).to.equal(0);
    expect(globalToolRegistry.getStats(name).executionCount).to.equal(0);
  });
});
