import { expect, oneEvent } from '@open-wc/testing';
import { countingTool, errorOf, isSettled, useManagerHarness } from '../helpers/tools-fixtures.js';
import type { ToolMetadata } from '../../web/src/tools/index.js';

describe('ToolExecutionManager rate limits', () => {
  const harness = useManagerHarness({ now: 100_000 });
  const { manager } = harness;

  const limited = (metadata: ToolMetadata) => countingTool('search', (_args, _ctx, call) => `result ${call}`, metadata);

  it('makes a call over the limit wait for its turn, then runs it', async () => {
    const m = manager();
    const tool = limited({ rateLimit: { max: 2, perMs: 1000 } });
    await m.execute(tool, 'call_1', {});
    await harness.clock.tickAsync(200);
    await m.execute(tool, 'call_2', {});
    const waiting = oneEvent(m, 'tool-execution-rate-limited');
    const third = m.execute(tool, 'call_3', {});
    const { detail } = await waiting;
    expect(detail).to.include({ toolCallId: 'call_3', delayMs: 800, startAt: 101_000 });
    expect(detail.execution.status).to.equal('pending');
    await harness.clock.tickAsync(799);
    expect(await isSettled(third)).to.equal(false);
    expect(tool.calls).to.have.length(2);
    await harness.clock.tickAsync(1);
    expect(await third).to.deep.equal({ success: true, result: 'result 3' });
  });

  it('queues calls that wait together one after the other', async () => {
    const m = manager();
    const tool = limited({ rateLimit: { max: 1, perMs: 1000 } });
    await m.execute(tool, 'call_1', {});
    const second = m.execute(tool, 'call_2', {});
    const third = m.execute(tool, 'call_3', {});
    await harness.clock.tickAsync(1000);
    expect(await second).to.deep.include({ success: true });
    expect(await isSettled(third)).to.equal(false);
    await harness.clock.tickAsync(1000);
    expect(await third).to.deep.include({ success: true });
  });

  it('refuses with rate_limited, without running the handler, when the wait would pass the deadline', async () => {
    const m = manager();
    const tool = limited({ rateLimit: { max: 1, perMs: 10_000 }, timeoutMs: 5000 });
    await m.execute(tool, 'call_1', {});
    const error = errorOf(await m.execute(tool, 'call_2', {}));
    expect(error).to.include({ code: 'rate_limited', category: 'transient', retryable: false, retryAfter: 10_000 });
    expect(tool.calls).to.have.length(1);
    expect(m.getCircuitState('search')).to.equal('closed');
  });

  it('takes maxWaitMs as the deadline when set', async () => {
    const m = manager();
    const tool = limited({ rateLimit: { max: 1, perMs: 1000, maxWaitMs: 500 } });
    await m.execute(tool, 'call_1', {});
    expect(errorOf(await m.execute(tool, 'call_2', {}))).to.include({ code: 'rate_limited' });
  });

  it('cancels a call waiting for its turn when its signal aborts, and frees its turn', async () => {
    const m = manager();
    const tool = limited({ rateLimit: { max: 1, perMs: 1000 } });
    await m.execute(tool, 'call_1', {});
    const controller = new AbortController();
    const waiting = m.execute(tool, 'call_2', {}, { signal: controller.signal });
    await harness.clock.tickAsync(100);
    controller.abort();
    expect(errorOf(await waiting)).to.include({ category: 'cancelled' });
    // The cancelled call's turn is free again: the next call takes it, not the one after.
    const next = m.execute(tool, 'call_3', {});
    await harness.clock.tickAsync(900);
    expect(await next).to.deep.equal({ success: true, result: 'result 2' });
    expect(tool.calls.map((context) => context.toolCallId)).to.deep.equal(['call_1', 'call_3']);
  });
});
