import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { countingTool, errorOf, isSettled } from '../helpers/tools-fixtures.js';
import {
  ResultTooLargeError,
  ToolExecutionManager,
  ToolRegistry,
  withToolBudgets,
} from '../../web/src/tools/index.js';
import { utf8ByteLength } from '../../web/src/tools/tool-budgets.js';

describe('withToolBudgets()', () => {
  let clock: sinon.SinonFakeTimers;
  let manager: ToolExecutionManager;

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 1_000_000 });
    manager = new ToolExecutionManager(undefined, { maxAttempts: 1 }, { registry: new ToolRegistry() });
  });
  afterEach(() => {
    clock.restore();
  });

  /** A tool that runs until its signal aborts. */
  function endless(name: string, timeoutMs?: number) {
    return countingTool(
      name,
      (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
      timeoutMs === undefined ? undefined : { timeoutMs },
    );
  }

  it('gives a tool without a timeout the runtime cap: it times out at maxRuntimeMs', async () => {
    const outcome = manager.execute(withToolBudgets(endless('slow'), { maxRuntimeMs: 5000 }), 'call_1', {});
    await clock.tickAsync(4999);
    expect(await isSettled(outcome)).to.equal(false);
    await clock.tickAsync(1);
    const error = errorOf(await outcome);
    expect(error.category).to.equal('timeout');
    expect(error.message).to.include('5000 ms');
  });

  it("caps a longer own timeout, and keeps a shorter one (metadata.timeoutMs = min(own, cap))", async () => {
    const capped = withToolBudgets(endless('long', 60_000), { maxRuntimeMs: 2000 });
    expect(capped.metadata!.timeoutMs).to.equal(2000);
    const kept = endless('short', 500);
    expect(withToolBudgets(kept, { maxRuntimeMs: 2000 })).to.equal(kept);
    const outcome = manager.execute(capped, 'call_1', {});
    await clock.tickAsync(2000);
    expect(errorOf(await outcome).category).to.equal('timeout');
  });

  it('caps a tool whose own timeout is 0 (no limit of its own) at maxRuntimeMs', () => {
    expect(withToolBudgets(endless('unbounded', 0), { maxRuntimeMs: 2000 }).metadata!.timeoutMs).to.equal(2000);
  });

  it('fails a result over maxResultBytes (UTF-8 bytes) with result_too_large, and passes one at the limit', async () => {
    // '€' is 3 bytes in UTF-8 (1 UTF-16 code unit): a string result is sent as is.
    const tool = countingTool('euros', () => '€€');
    expect(utf8ByteLength('€€')).to.equal(6);
    const atLimit = await manager.execute(withToolBudgets(tool, { maxResultBytes: 6 }), 'call_1', {});
    expect(atLimit).to.deep.equal({ success: true, result: '€€' });
    const over = errorOf(await manager.execute(withToolBudgets(tool, { maxResultBytes: 5 }), 'call_2', {}));
    expect(over).to.deep.include({ category: 'permanent', code: 'result_too_large', retryable: false });
    expect(over.cause).to.be.instanceOf(ResultTooLargeError);
    expect(over.cause).to.include({ sizeBytes: 6, maxBytes: 5 });
    expect(over.message).to.equal('The result of "euros" is too large: 6 bytes, the limit is 5 bytes');
  });

  it('measures the serialized result of objects and of sync and async handlers', async () => {
    const big = countingTool('big', async () => ({ text: 'x'.repeat(100) }));
    const error = errorOf(await manager.execute(withToolBudgets(big, { maxResultBytes: 50 }), 'call_1', {}));
    expect(error.cause).to.include({ sizeBytes: JSON.stringify({ text: 'x'.repeat(100) }).length });
    const small = withToolBudgets(countingTool('small', () => ({ ok: true })), { maxResultBytes: 50 });
    expect(await small.handler({}, {} as never)).to.equal('{"ok":true}');
  });

  it('returns the tool itself without budgets, and the same copy for the same budgets', () => {
    const tool = countingTool('t', () => 'ok');
    expect(withToolBudgets(tool, {})).to.equal(tool);
    const copy = withToolBudgets(tool, { maxRuntimeMs: 100, maxResultBytes: 10 });
    expect(copy).to.not.equal(tool);
    expect(withToolBudgets(tool, { maxRuntimeMs: 100, maxResultBytes: 10 })).to.equal(copy);
    expect(Object.isFrozen(copy)).to.equal(true);
  });
});
