import { expect } from '@open-wc/testing';
import { countingTool, recordEvents, useManagerHarness } from '../helpers/tools-fixtures.js';

describe('ToolExecutionManager result cache', () => {
  const harness = useManagerHarness({ now: 50_000 });
  const { manager } = harness;

  const cachedTool = (effect: 'read_only' | 'state_change' = 'read_only') => {
    const definition = { ...countingTool('weather', (args, _ctx, call) => `${String(args.city)} #${call}`, { cache: { ttlMs: 1000 } }), effect };
    return { definition, tool: harness.registry.register(definition) };
  };

  it('answers a read_only call with equal arguments from the cache, without running the handler, until its TTL', async () => {
    const m = manager();
    const { definition, tool } = cachedTool();
    expect(await m.execute(tool, 'call_1', { city: 'Oslo', days: 2 })).to.deep.equal({ success: true, result: 'Oslo #1' });
    const events = recordEvents(m);
    await harness.clock.tickAsync(999);
    // The same arguments in another key order.
    expect(await m.execute(tool, 'call_2', { days: 2, city: 'Oslo' })).to.deep.equal({ success: true, result: 'Oslo #1' });
    expect(definition.calls).to.have.length(1);
    const succeeded = events.find((e) => e.type === 'tool-execution-succeeded')!;
    expect(succeeded.detail.cached).to.equal(true);
    expect(succeeded.detail.execution.cached).to.equal(true);
    expect(harness.registry.getStats('weather')).to.include({ executionCount: 2, successCount: 2, cachedCount: 1 });

    await harness.clock.tickAsync(1);
    expect(await m.execute(tool, 'call_3', { city: 'Oslo', days: 2 })).to.deep.equal({ success: true, result: 'Oslo #2' });
    expect(definition.calls).to.have.length(2);
  });

  it('runs the handler for other arguments', async () => {
    const m = manager();
    const { definition, tool } = cachedTool();
    await m.execute(tool, 'call_1', { city: 'Oslo' });
    expect(await m.execute(tool, 'call_2', { city: 'Rome' })).to.deep.equal({ success: true, result: 'Rome #2' });
    expect(definition.calls).to.have.length(2);
  });

  it('forgets cached results on registry.clearCache(name)', async () => {
    const m = manager();
    const { definition, tool } = cachedTool();
    await m.execute(tool, 'call_1', { city: 'Oslo' });
    harness.registry.clearCache('weather');
    await m.execute(tool, 'call_2', { city: 'Oslo' });
    expect(definition.calls).to.have.length(2);
  });

  it('never caches a tool whose effect is not read_only', async () => {
    const m = manager();
    const { definition, tool } = cachedTool('state_change');
    await m.execute(tool, 'call_1', { city: 'Oslo' });
    await m.execute(tool, 'call_2', { city: 'Oslo' });
    expect(definition.calls).to.have.length(2);
  });
});
