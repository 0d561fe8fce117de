import { expect, oneEvent } from '@open-wc/testing';
import { countingTool, deferred, errorOf, eventNames, recordEvents, useManagerHarness, type CountingTool } from '../helpers/tools-fixtures.js';
import { TransientToolError, type ToolEffect, type ToolMetadata } from '../../web/src/tools/index.js';

describe('ToolExecutionManager side effects', () => {
  const harness = useManagerHarness({ now: 10_000 });
  const { manager } = harness;

  /** A counting tool with `effect` whose handler runs `impl`. */
  const withEffect = (effect: ToolEffect, impl: Parameters<typeof countingTool>[1], metadata?: ToolMetadata): CountingTool => ({
    ...countingTool('write', impl, metadata),
    effect,
  });
  const hangs = () => new Promise(() => {});

  describe('uncertain outcome', () => {
    it('ends a state_change tool that hangs past its timeout uncertain, without retrying it', async () => {
      const m = manager();
      const tool = withEffect('state_change', hangs, { timeoutMs: 1000 });
      const events = recordEvents(m);
      const fired = oneEvent(m, 'tool-execution-uncertain');
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(60_000);
      const error = errorOf(await pending);
      expect(error).to.include({ category: 'uncertain', code: 'uncertain_outcome', retryable: false });
      expect(error.message).to.contain('may have completed');
      const uncertain = await fired;
      expect(tool.calls).to.have.length(1);
      expect(eventNames(events)).to.not.include('retrying');
      expect(eventNames(events)).to.not.include('failed');
      expect(uncertain.detail.execution.status).to.equal('uncertain');
      expect(m.getExecutionsForToolCall('call_1')[0]!.status).to.equal('uncertain');
      expect(harness.registry.getStats('write')).to.include({ uncertainCount: 1, failureCount: 0 });
    });

    it('ends an external_side_effect tool stopped by its caller after it started uncertain', async () => {
      const m = manager();
      const tool = withEffect('external_side_effect', hangs);
      const controller = new AbortController();
      const pending = m.execute(tool, 'call_1', {}, { signal: controller.signal });
      await harness.clock.tickAsync(10);
      controller.abort(new DOMException('Cancelled by the user', 'AbortError'));
      const error = errorOf(await pending);
      expect(error).to.include({ category: 'uncertain', code: 'uncertain_outcome' });
      expect(error.message).to.contain('Cancelled by the user');
    });

    it('keeps a read_only tool that times out a timeout failure', async () => {
      const m = manager({}, { maxAttempts: 1 });
      const tool = withEffect('read_only', hangs, { timeoutMs: 1000 });
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(1000);
      expect(errorOf(await pending)).to.include({ category: 'timeout' });
      expect(m.getExecutionsForToolCall('call_1')[0]!.status).to.equal('failed');
    });

    it('cancels a write stopped before its handler started', async () => {
      const m = manager();
      const tool = withEffect('state_change', () => 'done');
      const controller = new AbortController();
      controller.abort();
      expect(errorOf(await m.execute(tool, 'call_1', {}, { signal: controller.signal }))).to.include({ category: 'cancelled' });
      expect(tool.calls).to.have.length(0);
    });
  });

  describe('retries of writes', () => {
    it('does not retry a transient failure of a write that is not idempotent', async () => {
      const m = manager();
      const tool = withEffect('external_side_effect', () => {
        throw new TransientToolError('flaky');
      });
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(60_000);
      expect(errorOf(await pending)).to.include({ category: 'transient', retryable: false });
      expect(tool.calls).to.have.length(1);
    });

    it('retries an idempotent write after a timeout, with the same idempotencyKey on every attempt', async () => {
      const m = manager();
      const tool = withEffect('state_change', (_args, _ctx, call) => (call < 3 ? hangs() : 'saved'), {
        timeoutMs: 500,
        idempotent: true,
      });
      const pending = m.execute(tool, 'call_7', {});
      await harness.clock.tickAsync(500 + 750 + 500 + 1500);
      expect(await pending).to.deep.equal({ success: true, result: 'saved' });
      expect(tool.calls.map((context) => context.idempotencyKey)).to.deep.equal(['call_7', 'call_7', 'call_7']);
    });

    it('retries a write that accepts an idempotency key, and ends it uncertain when its last attempt times out', async () => {
      const m = manager({}, { maxAttempts: 2 });
      const tool = withEffect('external_side_effect', hangs, { timeoutMs: 500, acceptsIdempotencyKey: true });
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(500 + 750 + 500);
      expect(errorOf(await pending)).to.include({ category: 'uncertain' });
      expect(tool.calls).to.have.length(2);
    });
  });

  describe('late completion', () => {
    it('fires tool-execution-late-completion and records a result that arrives after a timeout', async () => {
      const m = manager();
      const late = deferred<string>();
      const tool = withEffect('state_change', () => late.promise, { timeoutMs: 1000 });
      const seen: unknown[] = [];
      const fired = oneEvent(m, 'tool-execution-late-completion');
      const pending = m.execute(tool, 'call_1', {}, { onEvent: (event) => seen.push(event.type) });
      await harness.clock.tickAsync(1000);
      expect(errorOf(await pending)).to.include({ category: 'uncertain' });
      late.resolve('done after all');
      await harness.clock.tickAsync(0);
      const event = await fired;
      expect(event.detail).to.include({ toolCallId: 'call_1', attemptNumber: 1, result: 'done after all' });
      expect(seen).to.include('tool-execution-late-completion');
      const execution = m.getExecutionsForToolCall('call_1')[0]!;
      expect(execution.status).to.equal('uncertain');
      expect(execution.lateCompletion).to.include({ attemptNumber: 1, result: 'done after all' });
    });
  });
});
