import { expect, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import {
  countingTool,
  errorOf,
  eventNames,
  flakyOnceTool,
  recordEvents,
  useManagerHarness,
  type RecordedEvent,
} from '../helpers/tools-fixtures.js';
import {
  DefaultToolExecutor,
  globalToolRegistry,
  HttpToolError,
  PermanentToolError,
  ToolExecutionManager,
  ToolRegistry,
  TransientToolError,
  ValidatingToolExecutor,
  type ToolDefinition,
  type ToolExecutionContext,
  type ToolExecutor,
  type ToolExecutionSucceededDetail,
} from '../../web/src/tools/index.js';

const T0 = 1_000_000;

describe('ToolExecutionManager', () => {
  const harness = useManagerHarness({ now: T0 });
  const { manager } = harness;

  describe('execute', () => {
    it('resolves the serialized result of a successful handler', async () => {
      const m = manager();
      const result = await m.execute(countingTool('t', () => ({ temp: 21 })), 'call_1', {});
      expect(result).to.deep.equal({ success: true, result: '{"temp":21}' });
    });

    it('passes the parsed arguments (defaults, coercion) to the handler through the default ValidatingToolExecutor', async () => {
      let received: unknown;
      const tool = countingTool(
        't',
        (args) => {
          received = args;
          return 'ok';
        },
        undefined,
        z.object({ n: z.coerce.number(), unit: z.string().default('C') }),
      );
      await manager().execute(tool, 'call_1', { n: '3' });
      expect(received).to.deep.equal({ n: 3, unit: 'C' });
    });

    it('fails invalid arguments with category validation and paths, without running the handler or retrying', async () => {
      const m = manager({}, { retryableCategories: ['validation', 'transient'] });
      const events = recordEvents(m);
      const tool = countingTool('t', () => 'never', undefined, z.object({ city: z.string(), days: z.number() }));
      const error = errorOf(await m.execute(tool, 'call_1', { city: 1 }));
      expect(error.category).to.equal('validation');
      expect(error.retryable).to.equal(false);
      expect(error.validationErrors!.map((issue) => issue.path)).to.deep.equal([['city'], ['days']]);
      expect(tool.calls).to.have.length(0);
      expect(eventNames(events)).not.to.include('retrying');
    });

    it('turns an unserializable result into a not_serializable execution failure instead of crashing', async () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const error = errorOf(await manager().execute(countingTool('t', () => cyclic), 'call_1', {}));
      expect(error).to.include({ category: 'execution', code: 'not_serializable' });
      const bigint = errorOf(await manager().execute(countingTool('t', () => ({ n: 1n })), 'call_2', {}));
      expect(bigint.code).to.equal('not_serializable');
    });

    it('never rejects when the executor throws synchronously', async () => {
      const executor: ToolExecutor = {
        execute() {
          throw new Error('executor bug');
        },
      };
      const m = new ToolExecutionManager(executor, { maxAttempts: 1 }, { registry: harness.registry });
      const error = errorOf(await m.execute(countingTool('t', () => 'x'), 'call_1', {}));
      expect(error).to.include({ category: 'execution', message: 'executor bug' });
    });

    it('never rejects when the executor rejects', async () => {
      const executor: ToolExecutor = { execute: () => Promise.reject(new Error('async bug')) };
      const m = new ToolExecutionManager(executor, { maxAttempts: 1 }, { registry: harness.registry });
      expect(errorOf(await m.execute(countingTool('t', () => 'x'), 'call_1', {})).message).to.equal('async bug');
    });

    it('still settles when a custom statistics registry throws', async () => {
      class BrokenRegistry extends ToolRegistry {
        override recordExecution(): void {
          throw new Error('stats backend down');
        }
      }
      const m = new ToolExecutionManager(undefined, undefined, { registry: new BrokenRegistry() });
      const result = await m.execute(countingTool('t', async () => 'ok'), 'call_1', {});
      expect(result).to.deep.equal({ success: true, result: 'ok' });
      expect(m.getExecutionsForToolCall('call_1')[0]!.status).to.equal('succeeded');
    });

    it('resolves an invalid_tool failure for something that is not a tool definition', async () => {
      const error = errorOf(await manager().execute(undefined as never, 'call_1', {}));
      expect(error.code).to.equal('invalid_tool');
    });

    it('registers the execution synchronously, findable by toolCallId while it runs', () => {
      const m = manager();
      void m.execute(countingTool('t', () => new Promise(() => {})), 'call_sync', { a: 1 });
      const [execution] = m.getExecutionsForToolCall('call_sync');
      expect(execution).to.include({ toolCallId: 'call_sync', toolName: 't', status: 'executing' });
      expect(execution!.args).to.deep.equal({ a: 1 });
      expect(m.getExecution(execution!.id)!.id).to.equal(execution!.id);
      expect(m.activeExecutions.map((e) => e.id)).to.deep.equal([execution!.id]);
    });

    it('gives each attempt a context with ids, attempt numbers and its own signal', async () => {
      const tool = flakyOnceTool();
      const m = manager();
      const pending = m.execute(tool, 'call_ctx', {});
      await harness.clock.tickAsync(1000);
      await pending;
      const [first, second] = tool.calls;
      const [execution] = m.getExecutionsForToolCall('call_ctx');
      expect(first).to.include({ executionId: execution!.id, toolCallId: 'call_ctx', toolName: 't', attemptNumber: 1, maxAttempts: 3 });
      expect(second!.attemptNumber).to.equal(2);
      expect(first!.signal).to.be.instanceOf(AbortSignal);
      expect(second!.signal).not.to.equal(first!.signal);
    });

    it('records the timing of an execution', async () => {
      const m = manager();
      const pending = m.execute(countingTool('t', () => new Promise((resolve) => setTimeout(() => resolve('ok'), 250))), 'call_1', {});
      await harness.clock.tickAsync(250);
      await pending;
      const [execution] = m.getExecutionsForToolCall('call_1');
      expect(execution!.timing).to.deep.equal({ queuedAt: T0, startedAt: T0, completedAt: T0 + 250, duration: 250 });
      expect(execution).to.include({ status: 'succeeded', result: 'ok' });
    });
  });

  describe('executors and contexts', () => {
    it('runs the handler with unvalidated arguments when given a DefaultToolExecutor', async () => {
      let received: unknown;
      const m = new ToolExecutionManager(new DefaultToolExecutor(), undefined, { registry: harness.registry });
      const tool = countingTool(
        't',
        (args) => {
          received = args;
          return 'ok';
        },
        undefined,
        z.object({ n: z.number() }),
      );
      expect(await m.execute(tool, 'call_1', { n: 'not a number' })).to.deep.equal({ success: true, result: 'ok' });
      expect(received).to.deep.equal({ n: 'not a number' });
    });

    it('calls the execute() of an executor subclass', async () => {
      const seen: string[] = [];
      class TracingExecutor extends ValidatingToolExecutor {
        override execute<TArgs>(tool: ToolDefinition<TArgs>, args: unknown, context: ToolExecutionContext) {
          seen.push(`${tool.name}#${context.attemptNumber}`);
          return super.execute(tool, args, context);
        }
      }
      const m = new ToolExecutionManager(new TracingExecutor(), undefined, { registry: harness.registry });
      expect(await m.execute(countingTool('traced', () => 'ok'), 'call_1', {})).to.deep.equal({ success: true, result: 'ok' });
      expect(seen).to.deep.equal(['traced#1']);
    });

    it('calls execute() of the executor instance it was given, a built-in one included', async () => {
      const executor = new ValidatingToolExecutor();
      const seen: number[] = [];
      const builtIn = executor.execute.bind(executor);
      executor.execute = (tool, args, context) => {
        seen.push(context.attemptNumber);
        return builtIn(tool, args, context);
      };
      const m = new ToolExecutionManager(executor, undefined, { registry: harness.registry });
      expect(await m.execute(countingTool('t', () => 'ok'), 'call_1', {})).to.deep.equal({ success: true, result: 'ok' });
      expect(seen).to.deep.equal([1]);
    });

    it('hands the handler a context whose signal survives { ...context } and aborts on cancel', async () => {
      const inner = new ValidatingToolExecutor();
      const copies: ToolExecutionContext[] = [];
      const copying: ToolExecutor = {
        execute: (tool, args, context) => {
          const copy = { ...context };
          copies.push(copy);
          return inner.execute(tool, args, copy);
        },
      };
      const m = new ToolExecutionManager(copying, undefined, { registry: harness.registry });
      const pending = m.execute(countingTool('t', () => new Promise(() => {})), 'call_1', {});
      const reason = new DOMException('stop', 'AbortError');
      m.cancelAll(reason);
      await pending;
      expect(copies[0]!.signal).to.be.instanceOf(AbortSignal);
      expect(copies[0]!.signal.aborted).to.equal(true);
      expect(copies[0]!.signal.reason).to.equal(reason);
    });

    it('still runs the handler when a custom executor copies the context with { ...context }', async () => {
      const inner = new ValidatingToolExecutor();
      const copying: ToolExecutor = { execute: (tool, args, context) => inner.execute(tool, args, { ...context }) };
      const m = new ToolExecutionManager(copying, undefined, { registry: harness.registry });
      expect(await m.execute(countingTool('t', () => 'ran'), 'call_1', {})).to.deep.equal({ success: true, result: 'ran' });
    });
  });

  describe('retries', () => {
    it('retries a transient failure and succeeds', async () => {
      const tool = countingTool('t', (_args, _ctx, call) => {
        if (call < 3) throw new TransientToolError(`flaky ${call}`);
        return 'third time';
      });
      const m = manager();
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(60_000);
      expect(await pending).to.deep.equal({ success: true, result: 'third time' });
      expect(tool.calls).to.have.length(3);
      const [execution] = m.getExecutionsForToolCall('call_1');
      expect(execution!.retry.attemptNumber).to.equal(3);
      expect(execution!.retry.previousErrors.map((e) => e.message)).to.deep.equal(['flaky 1', 'flaky 2']);
    });

    it('fails with the last error once maxAttempts are exhausted', async () => {
      const tool = countingTool('t', (_args, _ctx, call) => {
        throw new HttpToolError(`HTTP 503 #${call}`, 503);
      });
      const m = manager();
      const events = recordEvents(m);
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(60_000);
      const error = errorOf(await pending);
      expect(tool.calls).to.have.length(3);
      expect(error).to.include({ category: 'transient', message: 'HTTP 503 #3', status: 503 });
      expect(eventNames(events).filter((name) => name === 'retrying')).to.have.length(2);
      const [execution] = m.getExecutionsForToolCall('call_1');
      expect(execution!.status).to.equal('failed');
      expect(execution!.retry.previousErrors).to.have.length(2);
    });

    it('does not retry a non-retryable (permanent) failure', async () => {
      const tool = countingTool('t', () => {
        throw new PermanentToolError('not found');
      });
      const m = manager();
      const events = recordEvents(m);
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(60_000);
      const error = errorOf(await pending);
      expect(tool.calls).to.have.length(1);
      expect(error).to.include({ category: 'permanent', retryable: false });
      expect(eventNames(events)).to.deep.equal(['started', 'validating', 'executing', 'failed']);
    });

    it('does not retry a plain handler error (category execution) by default', async () => {
      const tool = countingTool('t', () => {
        throw new Error('bug');
      });
      const pending = manager().execute(tool, 'call_1', {});
      await harness.clock.tickAsync(60_000);
      expect(errorOf(await pending)).to.include({ category: 'execution', retryable: false });
      expect(tool.calls).to.have.length(1);
    });

    it('waits the backoff delay before the next attempt', async () => {
      // random 0.5 with equal jitter: 1000 ms ceiling -> 750 ms.
      const tool = flakyOnceTool();
      const pending = manager().execute(tool, 'call_1', {});
      await harness.clock.tickAsync(749);
      expect(tool.calls).to.have.length(1);
      await harness.clock.tickAsync(1);
      expect(tool.calls).to.have.length(2);
      expect(await pending).to.deep.equal({ success: true, result: 'ok' });
    });

    it('grows the delay exponentially between attempts', async () => {
      const m = manager({ random: () => 0 }, { maxAttempts: 4 });
      const events = recordEvents(m);
      const pending = m.execute(countingTool('t', () => Promise.reject(new TransientToolError('down'))), 'call_1', {});
      await harness.clock.tickAsync(60_000);
      await pending;
      expect(events.filter((e) => e.type === 'tool-execution-retrying').map((e) => e.detail.delayMs)).to.deep.equal([500, 1000, 2000]);
    });

    it('announces a retry with the next attempt number, maxAttempts, the error, delayMs and retryAt', async () => {
      const m = manager();
      const tool = flakyOnceTool();
      const retrying = oneEvent(m, 'tool-execution-retrying');
      const pending = m.execute(tool, 'call_r', {});
      const { detail } = (await retrying) as CustomEvent;
      expect(detail).to.include({ toolName: 't', toolCallId: 'call_r', attemptNumber: 2, maxAttempts: 3, delayMs: 750, retryAt: T0 + 750 });
      expect(detail.error).to.include({ category: 'transient', message: 'flaky', retryable: true });
      expect(detail.execution.status).to.equal('pending');
      await harness.clock.tickAsync(750);
      await pending;
    });

    it('never waits less than the retryAfter an error carries', async () => {
      const tool = countingTool('t', (_args, _ctx, call) => {
        if (call === 1) throw new TransientToolError('rate limited', { retryAfter: 5000 });
        return 'ok';
      });
      const m = manager();
      const events = recordEvents(m);
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(4999);
      expect(tool.calls).to.have.length(1);
      await harness.clock.tickAsync(1);
      expect(tool.calls).to.have.length(2);
      await pending;
      expect(events.find((e) => e.type === 'tool-execution-retrying')!.detail.delayMs).to.equal(5000);
    });

    it('caps a retryAfter at maxDelayMs', async () => {
      const tool = countingTool('t', (_args, _ctx, call) => {
        if (call === 1) throw new HttpToolError('slow down', 429, { retryAfter: 600_000 });
        return 'ok';
      });
      const m = manager({}, { maxDelayMs: 2000 });
      const events = recordEvents(m);
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(2000);
      expect(await pending).to.deep.equal({ success: true, result: 'ok' });
      expect(events.find((e) => e.type === 'tool-execution-retrying')!.detail.delayMs).to.equal(2000);
    });

    it('still takes a retry config with the old name baseDelay, and warns that it is deprecated', async () => {
      const warn = sinon.stub(console, 'warn');
      try {
        const m = manager({ random: () => 0 }, { baseDelay: 400 });
        expect(m.defaultRetryConfig.baseDelayMs).to.equal(400);
        const events = recordEvents(m);
        const pending = m.execute(flakyOnceTool('t'), 'call_1', {});
        await harness.clock.tickAsync(200);
        expect((await pending).success).to.equal(true);
        expect(events.find((e) => e.type === 'tool-execution-retrying')!.detail.delayMs).to.equal(200);
        expect(warn.calledWithMatch(/baseDelay is deprecated.*baseDelayMs/)).to.equal(true);
      } finally {
        warn.restore();
      }
    });

    it('spreads the retries of a burst of failures with jitter', async () => {
      const draws = [0, 0.5, 1 - Number.EPSILON];
      const m = manager({ random: () => draws.shift()! });
      const events = recordEvents(m);
      const flaky = countingTool('t', (_args, _ctx, call) => {
        if (call <= 3) throw new TransientToolError('overloaded');
        return 'ok';
      });
      const pending = ['a', 'b', 'c'].map((id) => m.execute(flaky, id, {}));
      await harness.clock.tickAsync(0);
      const delays = events.filter((e) => e.type === 'tool-execution-retrying').map((e) => e.detail.delayMs);
      expect(delays).to.deep.equal([500, 750, 1000]);
      await harness.clock.tickAsync(1000);
      await Promise.all(pending);
    });

    it('lets metadata.retryConfig override the manager default for one tool', async () => {
      const tool = countingTool(
        't',
        () => {
          throw new TransientToolError('down');
        },
        { retryConfig: { maxAttempts: 5, baseDelayMs: 10 } },
      );
      const m = manager({}, { maxAttempts: 2 });
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(1000);
      await pending;
      expect(tool.calls).to.have.length(5);
      expect(tool.calls[4]!.maxAttempts).to.equal(5);
    });

    it('keeps the manager default for the fields a per-tool override leaves out', async () => {
      // Override only maxAttempts: retryableCategories stays the manager's ['execution'].
      const tool = countingTool(
        't',
        () => {
          throw new Error('bug, but retried here');
        },
        { retryConfig: { maxAttempts: 2 } },
      );
      const m = manager({}, { retryableCategories: ['execution'], baseDelayMs: 100 });
      const pending = m.execute(tool, 'call_1', {});
      await harness.clock.tickAsync(100);
      const error = errorOf(await pending);
      expect(tool.calls).to.have.length(2);
      expect(error.retryable).to.equal(true);
    });

    it('sets ToolError.retryable under the config in force for the tool', async () => {
      const tool = countingTool('t', () => Promise.reject(new TransientToolError('down')), { retryConfig: { retryableCategories: [] } });
      const error = errorOf(await manager().execute(tool, 'call_1', {}));
      expect(error).to.include({ category: 'transient', retryable: false });
      expect(tool.calls).to.have.length(1);
    });
  });

  describe('events', () => {
    /** Records `m`'s events while `tool` runs to the end, ticking through the retry backoff (1000 ms). */
    async function recordRun(
      m: ToolExecutionManager,
      tool: ToolDefinition<Record<string, unknown>>,
      toolCallId = 'call_1',
      args: Record<string, unknown> = {},
    ): Promise<RecordedEvent[]> {
      const events = recordEvents(m);
      const pending = m.execute(tool, toolCallId, args);
      await harness.clock.tickAsync(1000);
      await pending;
      return events;
    }

    it('fires started, validating, executing, succeeded in that order', async () => {
      const m = manager();
      const events = recordEvents(m);
      await m.execute(countingTool('t', () => 'ok'), 'call_1', {});
      expect(eventNames(events)).to.deep.equal(['started', 'validating', 'executing', 'succeeded']);
    });

    it('fires validating and executing again after retrying', async () => {
      const m = manager();
      const events = await recordRun(m, flakyOnceTool());
      expect(eventNames(events)).to.deep.equal([
        'started',
        'validating',
        'executing',
        'retrying',
        'validating',
        'executing',
        'succeeded',
      ]);
      expect(events.filter((e) => e.type === 'tool-execution-executing').map((e) => e.detail.attemptNumber)).to.deep.equal([1, 2]);
    });

    it('ends with failed after the last attempt', async () => {
      const m = manager({}, { maxAttempts: 2 });
      const events = await recordRun(m, countingTool('t', () => Promise.reject(new TransientToolError('down'))));
      expect(eventNames(events)).to.deep.equal([
        'started',
        'validating',
        'executing',
        'retrying',
        'validating',
        'executing',
        'failed',
      ]);
      const failed = events.at(-1)!.detail;
      expect(failed.error.message).to.equal('down');
      expect(failed.execution.error).to.equal(failed.error);
    });

    it('carries executionId, toolCallId and toolName in every execution event', async () => {
      const m = manager({}, { maxAttempts: 2 });
      const events = await recordRun(m, countingTool('t', () => Promise.reject(new TransientToolError('down'))), 'call_ids', { q: 1 });
      const [execution] = m.getExecutionsForToolCall('call_ids');
      for (const { type, detail } of events) {
        expect(detail, type).to.include({ executionId: execution!.id, toolCallId: 'call_ids', toolName: 't' });
      }
      expect(events.find((e) => e.type === 'tool-execution-validating')!.detail.args).to.deep.equal({ q: 1 });
    });

    it('resolves oneEvent for tool-execution-succeeded with the execution and result', async () => {
      const m = manager();
      const succeeded = oneEvent(m, 'tool-execution-succeeded');
      void m.execute(countingTool('t', () => 42), 'call_1', {});
      const { detail } = (await succeeded) as CustomEvent<ToolExecutionSucceededDetail>;
      expect(detail.result).to.equal('42');
      expect(detail.execution).to.include({ status: 'succeeded', result: '42', toolCallId: 'call_1' });
    });

    it('puts frozen snapshots in details that later changes do not alter', async () => {
      const m = manager();
      const events = await recordRun(m, flakyOnceTool());
      const started = events[0]!.detail.execution;
      expect(started.status).to.equal('pending');
      expect(started.retry.attemptNumber).to.equal(0);
      expect(started.retry.previousErrors).to.deep.equal([]);
      expect(started.timing).not.to.have.property('completedAt');
      const retrying = events.find((e) => e.type === 'tool-execution-retrying')!.detail.execution;
      expect(retrying.retry.previousErrors).to.have.length(1);
      expect(retrying.status).to.equal('pending');
      for (const snapshot of [started, retrying]) {
        expect(Object.isFrozen(snapshot)).to.equal(true);
        expect(Object.isFrozen(snapshot.timing)).to.equal(true);
        expect(Object.isFrozen(snapshot.retry.previousErrors)).to.equal(true);
        expect(() => {
          snapshot.status = 'failed';
        }).to.throw(TypeError);
      }
      expect(() => {
        events[0]!.detail.toolName = 'other';
      }).to.throw(TypeError);
    });

    it('returns snapshots from getExecution that later changes do not alter', async () => {
      const m = manager();
      let finish!: (value: string) => void;
      const pending = m.execute(countingTool('t', () => new Promise<string>((resolve) => (finish = resolve))), 'call_1', {});
      const [running] = m.getExecutionsForToolCall('call_1');
      finish('done');
      await pending;
      expect(running!.status).to.equal('executing');
      expect(m.getExecution(running!.id)!.status).to.equal('succeeded');
    });

    it('delivers events to a listener added with { once: true }', async () => {
      const m = manager();
      const seen: string[] = [];
      m.addEventListener('tool-execution-succeeded', (e) => seen.push(e.detail.result), { once: true });
      await m.execute(countingTool('t', () => 'first'), 'call_1', {});
      await m.execute(countingTool('t', () => 'second'), 'call_2', {});
      expect(seen).to.deep.equal(['first']);
    });

    it('stops delivering to a listener removed through its AbortSignal, and to a removed listener', async () => {
      const m = manager();
      const controller = new AbortController();
      const bySignal: string[] = [];
      const byRemove: string[] = [];
      const listener = (e: CustomEvent<ToolExecutionSucceededDetail>) => byRemove.push(e.detail.result);
      m.addEventListener('tool-execution-succeeded', (e) => bySignal.push(e.detail.result), { signal: controller.signal });
      m.addEventListener('tool-execution-succeeded', listener);
      await m.execute(countingTool('t', () => 'a'), 'call_1', {});
      controller.abort();
      m.removeEventListener('tool-execution-succeeded', listener);
      await m.execute(countingTool('t', () => 'b'), 'call_2', {});
      expect(bySignal).to.deep.equal(['a']);
      expect(byRemove).to.deep.equal(['a']);
    });

    it('still delivers to a listener after a different listener of the same type was removed', async () => {
      const m = manager();
      const kept: string[] = [];
      const removed = () => {};
      m.addEventListener('tool-execution-succeeded', (e) => kept.push(e.detail.result));
      m.addEventListener('tool-execution-succeeded', removed);
      m.removeEventListener('tool-execution-succeeded', removed);
      m.removeEventListener('tool-execution-succeeded', removed);
      await m.execute(countingTool('t', () => 'x'), 'call_1', {});
      expect(kept).to.deep.equal(['x']);
    });

    it('delivers to a listener added after executions ran without listeners', async () => {
      const m = manager();
      await m.execute(countingTool('t', () => 'quiet'), 'call_1', {});
      const events = recordEvents(m);
      await m.execute(countingTool('t', () => 'loud'), 'call_2', {});
      expect(eventNames(events)).to.deep.equal(['started', 'validating', 'executing', 'succeeded']);
    });
  });

  describe('statistics', () => {
    it('records succeeded, failed and cancelled executions with durations in the registry', async () => {
      const m = manager();
      const slow = (ms: number, value: string) => () => new Promise((resolve) => setTimeout(() => resolve(value), ms));
      const a = m.execute(countingTool('stat', slow(100, 'a')), 'c1', {});
      await harness.clock.tickAsync(100);
      await a;
      const b = m.execute(countingTool('stat', slow(300, 'b')), 'c2', {});
      await harness.clock.tickAsync(300);
      await b;
      await m.execute(countingTool('stat', () => Promise.reject(new PermanentToolError('no'))), 'c3', {});
      await m.execute(countingTool('stat', () => 'x', undefined, z.object({ need: z.string() })), 'c4', {});
      const c = m.execute(countingTool('stat', () => new Promise(() => {})), 'c5', {});
      await harness.clock.tickAsync(200);
      m.cancel(m.getExecutionsForToolCall('c5')[0]!.id);
      await c;
      expect(harness.registry.getStats('stat')).to.deep.equal({
        executionCount: 5,
        successCount: 2,
        failureCount: 2,
        cancelledCount: 1,
        uncertainCount: 0,
        cachedCount: 0,
        totalDurationMs: 600,
        averageDurationMs: 120,
        successRate: 0.4,
        lastExecutedAt: T0 + 600,
      });
    });

    it('records nothing with registry: null', async () => {
      const m = new ToolExecutionManager(undefined, undefined, { registry: null });
      await m.execute(countingTool('no_stats_probe', () => 'ok'), 'call_1', {});
      expect(globalToolRegistry.getStats('no_stats_probe').executionCount).to.equal(0);
    });
  });

  describe('history', () => {
    it('keeps finished executions up to historyLimit, evicting the oldest and its toolCallId entry', async () => {
      const m = manager({ historyLimit: 2 });
      const tool = countingTool('t', () => 'ok');
      await m.execute(tool, 'c1', {});
      const first = m.getExecutionsForToolCall('c1')[0]!;
      await m.execute(tool, 'c2', {});
      await m.execute(tool, 'c3', {});
      expect(m.getExecution(first.id)).to.equal(undefined);
      expect(m.getExecutionsForToolCall('c1')).to.deep.equal([]);
      expect(m.getExecutionsForToolCall('c2')).to.have.length(1);
      expect(m.history.map((e) => e.toolCallId)).to.deep.equal(['c2', 'c3']);
    });

    it('never evicts running executions', async () => {
      const m = manager({ historyLimit: 1 });
      const running = m.execute(countingTool('slow', () => new Promise(() => {})), 'long', {});
      for (let i = 0; i < 5; i++) await m.execute(countingTool('t', () => 'ok'), `c${i}`, {});
      const [execution] = m.getExecutionsForToolCall('long');
      expect(execution!.status).to.equal('executing');
      expect(m.history.map((e) => e.toolCallId)).to.deep.equal(['c4']);
      m.cancelAll();
      await running;
    });

    it('keeps several executions of one toolCallId, oldest first, and prunes them one by one', async () => {
      const m = manager({ historyLimit: 2 });
      const tool = countingTool('t', (_args, _ctx, call) => `run ${call}`);
      await m.execute(tool, 'same', {});
      await m.execute(tool, 'same', {});
      expect(m.getExecutionsForToolCall('same').map((e) => e.result)).to.deep.equal(['run 1', 'run 2']);
      await m.execute(tool, 'same', {});
      expect(m.getExecutionsForToolCall('same').map((e) => e.result)).to.deep.equal(['run 2', 'run 3']);
    });

    it('keeps 500 finished executions by default', async () => {
      const m = manager();
      expect(m.historyLimit).to.equal(500);
      const tool = countingTool('t', () => 'ok');
      for (let i = 0; i < 510; i++) await m.execute(tool, `c${i}`, {});
      expect(m.history).to.have.length(500);
      expect(m.getExecutionsForToolCall('c9')).to.deep.equal([]);
      expect(m.getExecutionsForToolCall('c10')).to.have.length(1);
    });

    it('keeps no history with historyLimit 0', async () => {
      const m = manager({ historyLimit: 0 });
      await m.execute(countingTool('t', () => 'ok'), 'c1', {});
      expect(m.getExecutionsForToolCall('c1')).to.deep.equal([]);
      expect(m.history).to.deep.equal([]);
    });
  });
});
