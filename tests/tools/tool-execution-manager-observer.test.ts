import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import {
  ToolExecutionManager,
  TransientToolError,
  ValidatingToolExecutor,
  type ToolDefinition,
  type ToolExecutionEvent,
} from '../../web/src/tools/index.js';

const TYPES = [
  'tool-execution-started',
  'tool-execution-validating',
  'tool-execution-executing',
  'tool-execution-retrying',
  'tool-execution-succeeded',
  'tool-execution-failed',
  'tool-execution-cancelled',
] as const;

function flakyOnce(): ToolDefinition<{ n: number }> {
  let calls = 0;
  return {
    name: 'flaky',
    description: 'Fails once, then answers',
    effect: 'read_only',
    schema: z.object({ n: z.number() }),
    handler: ({ n }) => {
      if (++calls === 1) throw new TransientToolError('try again');
      return n + 1;
    },
    metadata: { retryConfig: { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0 } },
  };
}

describe('ToolExecutionManager execute({ onEvent })', () => {
  afterEach(() => sinon.restore());

  it("hands the execution's events to its observer, as listeners get them and before them", async () => {
    const manager = new ToolExecutionManager(new ValidatingToolExecutor(), undefined, { registry: null });
    const order: string[] = [];
    const heard: Array<{ type: string; detail: unknown }> = [];
    for (const type of TYPES) {
      manager.addEventListener(type, (event) => {
        order.push(`listener:${type}`);
        heard.push({ type, detail: (event as CustomEvent).detail });
      });
    }
    const observed: ToolExecutionEvent[] = [];
    const outcome = await manager.execute(flakyOnce(), 'call-1', { n: 1 }, {
      onEvent: (event) => {
        order.push(`observer:${event.type}`);
        observed.push(event);
      },
    });

    expect(outcome).to.deep.equal({ success: true, result: '2' });
    expect(observed.map((event) => event.type)).to.deep.equal([
      'tool-execution-started',
      'tool-execution-validating',
      'tool-execution-executing',
      'tool-execution-retrying',
      'tool-execution-validating',
      'tool-execution-executing',
      'tool-execution-succeeded',
    ]);
    expect(heard.map((event) => event.type)).to.deep.equal(observed.map((event) => event.type));
    heard.forEach((event, i) => expect(event.detail).to.equal(observed[i]!.detail));
    expect(order.slice(0, 2)).to.deep.equal(['observer:tool-execution-started', 'listener:tool-execution-started']);
    const succeeded = observed.at(-1)!;
    expect(Object.isFrozen(succeeded.detail)).to.equal(true);
    if (succeeded.type === 'tool-execution-succeeded') expect(succeeded.detail.execution.retry.attemptNumber).to.equal(2);
  });

  it('follows only the execution it was given for, with no listener on the manager', async () => {
    const manager = new ToolExecutionManager(new ValidatingToolExecutor(), undefined, { registry: null });
    const observed: string[] = [];
    const onEvent = (event: ToolExecutionEvent) => observed.push(`${event.detail.toolCallId}:${event.type}`);
    const other = manager.execute(flakyOnce(), 'other', { n: 1 });
    await manager.execute(flakyOnce(), 'mine', { n: 'not a number' }, { onEvent });
    await other;
    expect(observed).to.deep.equal([
      'mine:tool-execution-started',
      'mine:tool-execution-validating',
      'mine:tool-execution-executing',
      'mine:tool-execution-failed',
    ]);
  });

  it('gives every event a frozen detail, with a frozen execution snapshot where the step changes the record, with no listener on the manager', async () => {
    const manager = new ToolExecutionManager(new ValidatingToolExecutor(), undefined, { registry: null });
    const steps: string[] = [];
    await manager.execute(flakyOnce(), 'call-1', { n: 1 }, {
      onEvent: (event) => {
        expect(Object.isFrozen(event.detail), event.type).to.equal(true);
        expect(event.detail.toolCallId).to.equal('call-1');
        const step = event.type.replace('tool-execution-', '');
        if (event.type === 'tool-execution-validating' || event.type === 'tool-execution-executing' || event.type === 'tool-execution-progress') {
          steps.push(`${step}:${event.detail.attemptNumber}`);
          return;
        }
        expect(Object.isFrozen(event.detail.execution), event.type).to.equal(true);
        steps.push(`${step}:${event.detail.execution.status}:${event.detail.execution.retry.attemptNumber}`);
      },
    });
    expect(steps).to.deep.equal([
      'started:pending:0',
      'validating:1',
      'executing:1',
      'retrying:pending:1',
      'validating:2',
      'executing:2',
      'succeeded:succeeded:2',
    ]);
  });

  it('reports a throwing observer and still settles the execution', async () => {
    const report = sinon.stub(globalThis, 'reportError');
    const manager = new ToolExecutionManager(new ValidatingToolExecutor(), undefined, { registry: null });
    const events: string[] = [];
    manager.addEventListener('tool-execution-succeeded', () => events.push('listener'));
    const outcome = await manager.execute(flakyOnce(), 'call', { n: 1 }, {
      onEvent: (event) => {
        if (event.type === 'tool-execution-started') throw new Error('observer bug');
      },
    });
    expect(outcome.success).to.equal(true);
    expect(report.callCount).to.equal(1);
    expect((report.firstCall.args[0] as Error).message).to.equal('observer bug');
    expect(events).to.deep.equal(['listener']);
  });

  it('sees a cancellation by the caller signal', async () => {
    const manager = new ToolExecutionManager(new ValidatingToolExecutor(), undefined, { registry: null });
    const controller = new AbortController();
    const observed: string[] = [];
    const slow: ToolDefinition = {
      name: 'slow',
      description: 'Never answers',
      effect: 'read_only',
      schema: z.object({}),
      handler: () => new Promise(() => {}),
    };
    const pending = manager.execute(
      slow,
      'call',
      {},
      { signal: controller.signal, onEvent: (event) => observed.push(event.type) },
    );
    controller.abort(new DOMException('Stop', 'AbortError'));
    const outcome = await pending;
    expect(outcome.success).to.equal(false);
    expect(observed.at(-1)).to.equal('tool-execution-cancelled');
  });
});
