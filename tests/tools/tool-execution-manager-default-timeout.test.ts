import { expect } from '@open-wc/testing';
import { countingTool, errorOf, isSettled, useManagerHarness } from '../helpers/tools-fixtures.js';
import { DEFAULT_TOOL_TIMEOUT_MS, budgetsFor, withToolBudgets, type ToolMetadata } from '../../web/src/tools/index.js';

describe('ToolExecutionManager defaultTimeoutMs', () => {
  const harness = useManagerHarness({ now: 5_000 });
  const { manager } = harness;
  /** One attempt only, so that a timeout ends the execution. */
  const ONE_ATTEMPT = { maxAttempts: 1 };

  /** A tool whose handler never settles (it ignores its signal). */
  const hanging = (metadata?: ToolMetadata) => countingTool('t', () => new Promise(() => {}), metadata);

  it('times out a tool without metadata.timeoutMs after 60 s, with category timeout', async () => {
    expect(DEFAULT_TOOL_TIMEOUT_MS).to.equal(60_000);
    const m = manager({}, ONE_ATTEMPT);
    expect(m.defaultTimeoutMs).to.equal(60_000);
    const tool = hanging();
    const pending = m.execute(tool, 'call_1', {});
    await harness.clock.tickAsync(59_999);
    expect(await isSettled(pending)).to.equal(false);
    await harness.clock.tickAsync(1);
    const error = errorOf(await pending);
    expect(error).to.include({ category: 'timeout', code: 'timeout' });
    expect(error.message).to.contain('60000 ms');
    expect((tool.calls[0]!.signal.reason as DOMException).name).to.equal('TimeoutError');
  });

  it("lets a tool's own metadata.timeoutMs override the default", async () => {
    const m = manager({}, ONE_ATTEMPT);
    const pending = m.execute(hanging({ timeoutMs: 120_000 }), 'call_1', {});
    await harness.clock.tickAsync(60_000);
    expect(await isSettled(pending)).to.equal(false);
    await harness.clock.tickAsync(60_000);
    expect(errorOf(await pending).message).to.contain('120000 ms');
  });

  it('uses the defaultTimeoutMs option', async () => {
    const m = manager({ defaultTimeoutMs: 5000 }, ONE_ATTEMPT);
    const pending = m.execute(hanging(), 'call_1', {});
    await harness.clock.tickAsync(5000);
    expect(errorOf(await pending).category).to.equal('timeout');
  });

  for (const defaultTimeoutMs of [0, Infinity]) {
    it(`never times out a tool without its own timeout when defaultTimeoutMs is ${defaultTimeoutMs}`, async () => {
      const m = manager({ defaultTimeoutMs }, ONE_ATTEMPT);
      expect(m.defaultTimeoutMs).to.equal(0);
      const pending = m.execute(hanging(), 'call_1', {});
      await harness.clock.tickAsync(3_600_000);
      expect(await isSettled(pending)).to.equal(false);
      m.cancelAll();
      expect(errorOf(await pending).category).to.equal('cancelled');
    });
  }

  it('lets a tool that waits for a person opt out with timeoutMs: Infinity', async () => {
    const m = manager({}, ONE_ATTEMPT);
    const pending = m.execute(hanging({ timeoutMs: Infinity }), 'call_1', {});
    await harness.clock.tickAsync(3_600_000);
    expect(await isSettled(pending)).to.equal(false);
    m.cancelAll();
    await pending;
  });

  it("keeps a policy's maxRuntimeMs as a cap, also over a tool that opted out", async () => {
    const m = manager({}, ONE_ATTEMPT);
    harness.registry.setPolicy({ budgets: { maxRuntimeMs: 30_000 } });
    const tool = withToolBudgets(hanging({ timeoutMs: Infinity }), budgetsFor(harness.registry.policy, 't'));
    const pending = m.execute(tool, 'call_1', {});
    await harness.clock.tickAsync(30_000);
    expect(errorOf(await pending).message).to.contain('30000 ms');
  });

  it('keeps the default for a NaN or negative defaultTimeoutMs', () => {
    expect(manager({ defaultTimeoutMs: Number.NaN }).defaultTimeoutMs).to.equal(60_000);
    expect(manager({ defaultTimeoutMs: -1 }).defaultTimeoutMs).to.equal(60_000);
  });
});
