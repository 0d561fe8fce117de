import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import { countingTool, errorOf, eventNames, recordEvents, type CountingTool } from '../helpers/tools-fixtures.js';
import { CircuitBreaker } from '../../web/src/tools/circuit-breaker.js';
import {
  PermanentToolError,
  ToolExecutionManager,
  TransientToolError,
  type CircuitStateChangedDetail,
  type ToolExecutionManagerOptions,
} from '../../web/src/tools/index.js';

const T0 = 10_000_000;

describe('circuit breaker (through ToolExecutionManager)', () => {
  let clock: sinon.SinonFakeTimers;
  /** Whether the flaky tool's handler fails; flip it to simulate recovery. */
  let failing: boolean;
  let flaky: CountingTool;

  function manager(options: ToolExecutionManagerOptions = {}) {
    return new ToolExecutionManager(undefined, { maxAttempts: 1 }, {
      registry: null,
      circuitBreaker: { failureThreshold: 3, recoveryTimeoutMs: 10_000, successThreshold: 2 },
      ...options,
    });
  }

  async function run(m: ToolExecutionManager, times: number, tool: CountingTool = flaky) {
    for (let i = 0; i < times; i++) await m.execute(tool, `call_${tool.calls.length}_${i}`, {});
  }

  function circuitEvents(m: ToolExecutionManager): CircuitStateChangedDetail[] {
    const details: CircuitStateChangedDetail[] = [];
    m.addEventListener('circuit-state-changed', (e) => details.push(e.detail));
    return details;
  }

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: T0 });
    failing = true;
    flaky = countingTool('flaky', () => {
      if (failing) throw new PermanentToolError('backend down');
      return 'ok';
    });
  });
  afterEach(() => {
    clock.restore();
  });

  it('opens after failureThreshold consecutive failed executions and announces it', async () => {
    const m = manager();
    const changes = circuitEvents(m);
    await run(m, 2);
    expect(m.getCircuitState('flaky')).to.equal('closed');
    await run(m, 1);
    expect(m.getCircuitState('flaky')).to.equal('open');
    expect(changes).to.deep.equal([{ toolName: 'flaky', state: 'open', previousState: 'closed', retryAfter: 10_000 }]);
  });

  it('opens after 5 consecutive failures by default', async () => {
    const m = new ToolExecutionManager(undefined, { maxAttempts: 1 }, { registry: null });
    await run(m, 4);
    expect(m.getCircuitState('flaky')).to.equal('closed');
    await run(m, 1);
    expect(m.getCircuitState('flaky')).to.equal('open');
  });

  it('fails fast while open without running the handler: transient, circuit_open, "temporarily unavailable", retryAfter = time left', async () => {
    const m = manager();
    await run(m, 3);
    await clock.tickAsync(4000);
    const events = recordEvents(m);
    const error = errorOf(await m.execute(flaky, 'call_fast', {}));
    expect(flaky.calls).to.have.length(3);
    expect(error).to.include({ category: 'transient', code: 'circuit_open', retryAfter: 6000, retryable: false });
    expect(error.message).to.contain('temporarily unavailable');
    expect(eventNames(events)).to.deep.equal(['started', 'failed']);
  });

  it('does not retry a circuit-open rejection within the execution', async () => {
    const m = new ToolExecutionManager(undefined, { maxAttempts: 5 }, {
      registry: null,
      circuitBreaker: { failureThreshold: 1, recoveryTimeoutMs: 10_000 },
    });
    await m.execute(flaky, 'first', {});
    const events = recordEvents(m);
    const pending = m.execute(flaky, 'second', {});
    await clock.tickAsync(9000);
    expect(errorOf(await pending).code).to.equal('circuit_open');
    expect(eventNames(events)).not.to.include('retrying');
  });

  it('goes half-open after recoveryTimeoutMs', async () => {
    const m = manager();
    const changes = circuitEvents(m);
    await run(m, 3);
    await clock.tickAsync(9999);
    expect(m.getCircuitState('flaky')).to.equal('open');
    await clock.tickAsync(1);
    expect(m.getCircuitState('flaky')).to.equal('half-open');
    expect(changes.at(-1)).to.deep.equal({ toolName: 'flaky', state: 'half-open', previousState: 'open' });
  });

  it('goes half-open past the recovery time even if its timer has not fired (throttled tab)', async () => {
    const m = manager();
    await run(m, 3);
    clock.setSystemTime(T0 + 10_000); // moves Date.now() without firing timers
    failing = false;
    expect(await m.execute(flaky, 'trial', {})).to.deep.equal({ success: true, result: 'ok' });
    expect(m.getCircuitState('flaky')).to.equal('half-open');
  });

  it('closes from half-open after successThreshold successes', async () => {
    const m = manager();
    const changes = circuitEvents(m);
    await run(m, 3);
    await clock.tickAsync(10_000);
    failing = false;
    await run(m, 1);
    expect(m.getCircuitState('flaky')).to.equal('half-open');
    await run(m, 1);
    expect(m.getCircuitState('flaky')).to.equal('closed');
    expect(changes.map((c) => `${c.previousState}->${c.state}`)).to.deep.equal(['closed->open', 'open->half-open', 'half-open->closed']);
    expect(flaky.calls).to.have.length(5);
  });

  it('re-opens from half-open on one failure, for another recoveryTimeoutMs', async () => {
    const m = manager();
    const changes = circuitEvents(m);
    await run(m, 3);
    await clock.tickAsync(10_000);
    await run(m, 1);
    expect(m.getCircuitState('flaky')).to.equal('open');
    expect(changes.at(-1)).to.deep.equal({ toolName: 'flaky', state: 'open', previousState: 'half-open', retryAfter: 10_000 });
    expect(errorOf(await m.execute(flaky, 'again', {})).retryAfter).to.equal(10_000);
  });

  it('starts counting from zero after closing again', async () => {
    const m = manager();
    await run(m, 3);
    await clock.tickAsync(10_000);
    failing = false;
    await run(m, 2);
    failing = true;
    await run(m, 2);
    expect(m.getCircuitState('flaky')).to.equal('closed');
  });

  it('lets at most successThreshold trial executions run at once while half-open', async () => {
    const m = manager();
    await run(m, 3);
    await clock.tickAsync(10_000);
    const slow = countingTool('flaky', () => new Promise((resolve) => setTimeout(() => resolve('ok'), 100)));
    const trials = [m.execute(slow, 't1', {}), m.execute(slow, 't2', {})];
    const extra = errorOf(await m.execute(slow, 't3', {}));
    expect(extra.code).to.equal('circuit_open');
    expect(extra.message).to.contain('temporarily unavailable');
    expect(slow.calls).to.have.length(2);
    await clock.tickAsync(100);
    await Promise.all(trials);
    expect(m.getCircuitState('flaky')).to.equal('closed');
  });

  it('counts an execution that fails after its retries once', async () => {
    const m = new ToolExecutionManager(undefined, { maxAttempts: 3 }, {
      registry: null,
      random: () => 0,
      circuitBreaker: { failureThreshold: 2 },
    });
    const transient = countingTool('flaky', () => {
      throw new TransientToolError('down');
    });
    const pending = m.execute(transient, 'call_1', {});
    await clock.tickAsync(60_000);
    await pending;
    expect(transient.calls).to.have.length(3);
    expect(m.getCircuitState('flaky')).to.equal('closed');
  });

  it('resets the failure streak on a success', async () => {
    const m = manager();
    await run(m, 2);
    failing = false;
    await run(m, 1);
    failing = true;
    await run(m, 2);
    expect(m.getCircuitState('flaky')).to.equal('closed');
  });

  it('does not count validation failures (bad model arguments say nothing about the tool)', async () => {
    const m = manager();
    const strict = countingTool('flaky', () => 'ok', undefined, z.object({ id: z.string() }));
    for (let i = 0; i < 10; i++) await m.execute(strict, `bad_${i}`, { id: 42 });
    expect(m.getCircuitState('flaky')).to.equal('closed');
    expect(strict.calls).to.have.length(0);
  });

  it('does not count cancellations', async () => {
    const m = manager();
    const hanging = countingTool('flaky', () => new Promise(() => {}));
    for (let i = 0; i < 5; i++) {
      const pending = m.execute(hanging, `c_${i}`, {});
      m.cancelAll();
      await pending;
    }
    expect(m.getCircuitState('flaky')).to.equal('closed');
  });

  it('keeps one circuit per tool', async () => {
    const m = manager();
    await run(m, 3);
    const healthy = countingTool('healthy', () => 'fine');
    expect(await m.execute(healthy, 'h', {})).to.deep.equal({ success: true, result: 'fine' });
    expect(m.getCircuitState('healthy')).to.equal('closed');
    expect(m.getCircuitState('flaky')).to.equal('open');
  });

  it('resetCircuit closes an open circuit and announces it', async () => {
    const m = manager({ defaultTimeoutMs: 0 }); // no attempt timer: the only timer is the circuit's recovery
    const changes = circuitEvents(m);
    await run(m, 3);
    m.resetCircuit('flaky');
    expect(m.getCircuitState('flaky')).to.equal('closed');
    expect(changes.at(-1)).to.deep.equal({ toolName: 'flaky', state: 'closed', previousState: 'open' });
    expect(clock.countTimers()).to.equal(0);
    failing = false;
    expect((await m.execute(flaky, 'after_reset', {})).success).to.equal(true);
  });

  it('resetCircuit() without a name closes every circuit', async () => {
    const m = manager();
    const other = countingTool('other', () => {
      throw new PermanentToolError('down too');
    });
    await run(m, 3);
    await run(m, 3, other);
    m.resetCircuit();
    expect([m.getCircuitState('flaky'), m.getCircuitState('other')]).to.deep.equal(['closed', 'closed']);
  });

  it('can be disabled with circuitBreaker: false', async () => {
    const m = manager({ circuitBreaker: false });
    await run(m, 10);
    expect(flaky.calls).to.have.length(10);
    expect(m.getCircuitState('flaky')).to.equal('closed');
  });

  it('rejects an invalid config with a RangeError', () => {
    expect(() => new CircuitBreaker({ failureThreshold: 0 })).to.throw(RangeError);
  });
});
