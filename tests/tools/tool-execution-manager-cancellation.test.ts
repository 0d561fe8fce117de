import { expect, oneEvent } from '@open-wc/testing';
import {
  countingTool,
  deferred,
  errorOf,
  eventNames,
  isSettled,
  recordEvents,
  useManagerHarness,
} from '../helpers/tools-fixtures.js';
import { TransientToolError, type ToolExecutionCancelledDetail } from '../../web/src/tools/index.js';

describe('ToolExecutionManager cancellation and timeouts', () => {
  const harness = useManagerHarness({ now: 5_000 });
  const { manager } = harness;

  /** A handler that never settles on its own but rejects with the signal's reason when aborted. */
  const abortable = () =>
    countingTool('t', (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));

  describe('cancel', () => {
    it('cancels a running execution: aborts the handler signal with an AbortError and settles cancelled', async () => {
      const m = manager();
      const tool = abortable();
      const cancelled = oneEvent(m, 'tool-execution-cancelled');
      const pending = m.execute(tool, 'call_1', {});
      const [execution] = m.getExecutionsForToolCall('call_1');
      expect(m.cancel(execution!.id)).to.equal(true);
      const error = errorOf(await pending);
      expect(error).to.include({ category: 'cancelled', retryable: false });
      const { signal } = tool.calls[0]!;
      expect(signal.aborted).to.equal(true);
      expect((signal.reason as DOMException).name).to.equal('AbortError');
      const { detail } = (await cancelled) as CustomEvent<ToolExecutionCancelledDetail>;
      expect(detail).to.include({ executionId: execution!.id, toolCallId: 'call_1', toolName: 't' });
      expect(detail.execution.status).to.equal('cancelled');
      expect(m.getExecution(execution!.id)!.status).to.equal('cancelled');
    });

    it('settles at once even when the handler ignores its signal, and ignores its late result', async () => {
      const m = manager();
      const events = recordEvents(m);
      const late = deferred<string>();
      const pending = m.execute(countingTool('t', () => late.promise), 'call_1', {});
      const id = m.getExecutionsForToolCall('call_1')[0]!.id;
      m.cancel(id);
      expect(await isSettled(pending)).to.equal(true);
      expect(errorOf(await pending).category).to.equal('cancelled');
      late.resolve('too late');
      await harness.clock.tickAsync(1000);
      const execution = m.getExecution(id)!;
      expect(execution.status).to.equal('cancelled');
      expect(execution).not.to.have.property('result');
      expect(eventNames(events)).to.deep.equal(['started', 'validating', 'executing', 'cancelled']);
      expect(harness.registry.getStats('t')).to.include({ successCount: 0, cancelledCount: 1, executionCount: 1 });
    });

    it('cancels during a backoff wait: the wait ends at once and no further attempt runs', async () => {
      const m = manager({ defaultTimeoutMs: 0 }); // no attempt timer: the only timer is the backoff's
      const tool = countingTool('t', () => {
        throw new TransientToolError('flaky');
      });
      const retrying = oneEvent(m, 'tool-execution-retrying');
      const pending = m.execute(tool, 'call_1', {});
      await retrying;
      expect(m.cancel(m.getExecutionsForToolCall('call_1')[0]!.id)).to.equal(true);
      expect(await isSettled(pending)).to.equal(true);
      expect(errorOf(await pending).category).to.equal('cancelled');
      expect(harness.clock.countTimers()).to.equal(0);
      await harness.clock.tickAsync(60_000);
      expect(tool.calls).to.have.length(1);
    });

    it('returns false for a finished execution and for an unknown id', async () => {
      const m = manager();
      await m.execute(countingTool('t', () => 'done'), 'call_1', {});
      const id = m.getExecutionsForToolCall('call_1')[0]!.id;
      expect(m.cancel(id)).to.equal(false);
      expect(m.cancel('no-such-execution')).to.equal(false);
      expect(m.getExecution(id)!.status).to.equal('succeeded');
    });

    it('cancelAll cancels every running execution and returns how many', async () => {
      const m = manager();
      const first = m.execute(abortable(), 'a', {});
      const second = m.execute(countingTool('t', () => new Promise(() => {})), 'b', {});
      const backingOff = m.execute(countingTool('t', () => Promise.reject(new TransientToolError('x'))), 'c', {});
      await harness.clock.tickAsync(0);
      expect(m.cancelAll()).to.equal(3);
      for (const pending of [first, second, backingOff]) expect(errorOf(await pending).category).to.equal('cancelled');
      expect(m.activeExecutions).to.deep.equal([]);
      expect(m.cancelAll()).to.equal(0);
    });

    it('cancels when the caller\'s signal aborts, passing its reason to the handler', async () => {
      const m = manager();
      const tool = abortable();
      const controller = new AbortController();
      const pending = m.execute(tool, 'call_1', {}, { signal: controller.signal });
      const reason = new DOMException('run stopped by the user', 'AbortError');
      controller.abort(reason);
      const error = errorOf(await pending);
      expect(error).to.include({ category: 'cancelled', message: 'run stopped by the user' });
      expect(tool.calls[0]!.signal.reason).to.equal(reason);
    });

    it('cancels every running execution that shares the caller\'s signal, and only those', async () => {
      const m = manager();
      const controller = new AbortController();
      const batch = ['a', 'b', 'c'].map((id) => m.execute(abortable(), id, {}, { signal: controller.signal }));
      const finished = m.execute(countingTool('t', () => 'quick'), 'd', {}, { signal: controller.signal });
      const unrelated = m.execute(abortable(), 'e', {});
      await finished;
      controller.abort();
      for (const pending of batch) expect(errorOf(await pending).category).to.equal('cancelled');
      expect(m.getExecutionsForToolCall('d')[0]!.status).to.equal('succeeded');
      expect(m.getExecutionsForToolCall('e')[0]!.status).to.equal('executing');
      m.cancelAll();
      await unrelated;
    });

    it('still watches the caller\'s signal for later executions after earlier ones finished', async () => {
      const m = manager();
      const controller = new AbortController();
      await m.execute(countingTool('t', () => 'first'), 'a', {}, { signal: controller.signal });
      const second = m.execute(abortable(), 'b', {}, { signal: controller.signal });
      controller.abort();
      expect(errorOf(await second).category).to.equal('cancelled');
    });

    it('does not run the handler when the caller\'s signal is already aborted', async () => {
      const m = manager();
      const events = recordEvents(m);
      const tool = countingTool('t', () => 'never');
      const error = errorOf(await m.execute(tool, 'call_1', {}, { signal: AbortSignal.abort() }));
      expect(error.category).to.equal('cancelled');
      expect(tool.calls).to.have.length(0);
      expect(eventNames(events)).to.deep.equal(['started', 'cancelled']);
    });

    it('ignores the caller\'s signal once the execution has finished', async () => {
      const m = manager();
      const events = recordEvents(m);
      const controller = new AbortController();
      await m.execute(countingTool('t', () => 'ok'), 'call_1', {}, { signal: controller.signal });
      controller.abort();
      expect(m.getExecutionsForToolCall('call_1')[0]!.status).to.equal('succeeded');
      expect(eventNames(events)).not.to.include('cancelled');
    });

    it('lets a listener cancel an execution from tool-execution-started, before the handler runs', async () => {
      const m = manager();
      m.addEventListener('tool-execution-started', (e) => m.cancel(e.detail.executionId));
      const tool = countingTool('t', () => 'never');
      expect(errorOf(await m.execute(tool, 'call_1', {})).category).to.equal('cancelled');
      expect(tool.calls).to.have.length(0);
    });

    it('does not retry a cancelled execution', async () => {
      const m = manager({}, { retryableCategories: ['cancelled', 'transient'] });
      const tool = abortable();
      const pending = m.execute(tool, 'call_1', {});
      m.cancelAll();
      await pending;
      await harness.clock.tickAsync(60_000);
      expect(tool.calls).to.have.length(1);
    });
  });

  describe('timeouts', () => {
    it('aborts the attempt with a TimeoutError after metadata.timeoutMs and fails with category timeout', async () => {
      const m = manager({}, { maxAttempts: 1 });
      const tool = countingTool('t', () => new Promise(() => {}), { timeoutMs: 1000 });
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(999);
      expect(await isSettled(pending)).to.equal(false);
      await harness.clock.tickAsync(1);
      const error = errorOf(await pending);
      expect(error).to.include({ category: 'timeout', code: 'timeout', retryable: true });
      const { signal } = tool.calls[0]!;
      expect(signal.aborted).to.equal(true);
      expect((signal.reason as DOMException).name).to.equal('TimeoutError');
      expect(m.getExecutionsForToolCall('call_1')[0]!.status).to.equal('failed');
    });

    it('retries a timed-out attempt, which may then succeed', async () => {
      const m = manager();
      const tool = countingTool('t', (_args, _ctx, call) => (call === 1 ? new Promise(() => {}) : 'second try'), { timeoutMs: 500 });
      const events = recordEvents(m);
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(500 + 750);
      expect(await pending).to.deep.equal({ success: true, result: 'second try' });
      expect(tool.calls).to.have.length(2);
      expect(events.find((e) => e.type === 'tool-execution-retrying')!.detail.error.category).to.equal('timeout');
      expect(m.getExecutionsForToolCall('call_1')[0]!.retry.previousErrors[0]!.category).to.equal('timeout');
    });

    it('bounds each attempt, not the whole execution', async () => {
      // Each attempt takes 800 ms of a 1000 ms budget; two attempts take longer than one budget and still succeed.
      const m = manager();
      const tool = countingTool(
        't',
        (_args, _ctx, call) =>
          new Promise((resolve, reject) => setTimeout(() => (call === 1 ? reject(new TransientToolError('x')) : resolve('ok')), 800)),
        { timeoutMs: 1000 },
      );
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(800 + 750 + 800);
      expect(await pending).to.deep.equal({ success: true, result: 'ok' });
    });

    it('never times out an attempt that finished first, and its timer lapses', async () => {
      const m = manager();
      const result = deferred<string>();
      let aborted = false;
      const tool = countingTool('t', (_args, context) => {
        context.signal.addEventListener('abort', () => (aborted = true));
        return result.promise;
      }, { timeoutMs: 10_000 });
      const pending = m.execute(tool, 'call_1', {});
      expect(harness.clock.countTimers()).to.equal(1);
      result.resolve('fast');
      expect(await pending).to.deep.equal({ success: true, result: 'fast' });
      await harness.clock.tickAsync(10_000);
      expect(aborted).to.equal(false);
      expect(m.getExecutionsForToolCall('call_1')[0]!.status).to.equal('succeeded');
      expect(harness.clock.countTimers()).to.equal(0);
    });

    it('times out attempts of one duration in the order they started, each after its own timeout', async () => {
      const m = manager();
      const hang = countingTool('t', () => new Promise(() => {}), { timeoutMs: 1_000, retryConfig: { maxAttempts: 1 } });
      const first = m.execute(hang, 'call_1', {});
      await harness.clock.tickAsync(400);
      const second = m.execute(hang, 'call_2', {});
      await harness.clock.tickAsync(600);
      expect(await isSettled(first)).to.equal(true);
      expect(await isSettled(second)).to.equal(false);
      await harness.clock.tickAsync(399);
      expect(await isSettled(second)).to.equal(false);
      await harness.clock.tickAsync(1);
      expect(errorOf(await second).category).to.equal('timeout');
      expect(errorOf(await first).category).to.equal('timeout');
    });

    it('sets no timer for a tool without timeoutMs when the manager has no default timeout', () => {
      const m = manager({ defaultTimeoutMs: 0 });
      void m.execute(countingTool('t', () => new Promise(() => {})), 'call_1', {});
      expect(harness.clock.countTimers()).to.equal(0);
      m.cancelAll();
    });
  });
});
