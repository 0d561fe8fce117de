import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { from, Subject, throwError, concat } from 'rxjs';
import sinon from 'sinon';
import { EventDrain } from '../../web/src/agent/event-drain.js';
import { TIME_BUDGET_MS, yieldToMain } from '../../web/src/internal/scheduler.js';

function deltas(n: number): BaseEvent[] {
  return Array.from({ length: n }, (_, i) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm', delta: String(i) }) as BaseEvent);
}

describe('EventDrain', () => {
  it('applies a synchronous burst in order, in one slice, then reports completion', async () => {
    // performance.now() stands still: the burst fits one time budget, however busy the machine running the test.
    const clock = sinon.useFakeTimers({ toFake: ['performance'] });
    try {
      const applied: string[] = [];
      let slices = 0;
      const drain = new EventDrain(from(deltas(1000)), {
        onEvent: (event) => applied.push((event as unknown as { delta: string }).delta),
        onSlice: () => slices++,
      });
      expect(applied).to.have.length(0); // nothing applied inside the subscriber's task
      expect(await drain.done).to.deep.equal({ type: 'complete' });
      expect(applied).to.have.length(1000);
      expect(applied[999]).to.equal('999');
      expect(slices).to.equal(1);
    } finally {
      clock.restore();
    }
  });

  it('splits slow work into slices of one time budget, yielding between them', async () => {
    // Only performance.now() is faked: each event "takes" 3 ms, so a slice holds the events until the budget is spent.
    const clock = sinon.useFakeTimers({ toFake: ['performance'] });
    try {
      const perSlice: number[] = [0];
      const drain = new EventDrain(from(deltas(30)), {
        onEvent: () => {
          clock.tick(3);
          perSlice[perSlice.length - 1]!++;
        },
        onSlice: () => perSlice.push(0),
      });
      await drain.done;
      perSlice.pop();
      const eventsPerSlice = Math.ceil(TIME_BUDGET_MS / 3);
      expect(perSlice.reduce((a, b) => a + b)).to.equal(30);
      expect(perSlice.slice(0, -1).every((n) => n === eventsPerSlice)).to.equal(true);
      expect(perSlice).to.have.length(Math.ceil(30 / eventsPerSlice));
    } finally {
      clock.restore();
    }
  });

  it('applies the events received before an error, then reports the error', async () => {
    const applied: BaseEvent[] = [];
    const failure = new TypeError('network error');
    const drain = new EventDrain(concat(from(deltas(3)), throwError(() => failure)), {
      onEvent: (event) => applied.push(event),
      onSlice: () => {},
    });
    expect(await drain.done).to.deep.equal({ type: 'error', error: failure });
    expect(applied).to.have.length(3);
  });

  it('ends with an error when applying an event throws', async () => {
    const drain = new EventDrain(from(deltas(3)), {
      onEvent: () => {
        throw new Error('bug');
      },
      onSlice: () => {},
    });
    const outcome = await drain.done;
    expect(outcome.type).to.equal('error');
  });

  it('cancel() unsubscribes and drops what is queued', async () => {
    const source = new Subject<BaseEvent>();
    const applied: BaseEvent[] = [];
    const drain = new EventDrain(source, { onEvent: (event) => applied.push(event), onSlice: () => {} });
    source.next(deltas(1)[0]!);
    drain.cancel();
    expect(source.observed).to.equal(false);
    expect(await drain.done).to.deep.equal({ type: 'cancelled' });
    await yieldToMain();
    expect(applied).to.have.length(0);
  });

  it('complete() ends a stream that stays open', async () => {
    const source = new Subject<BaseEvent>();
    const applied: BaseEvent[] = [];
    const drain = new EventDrain(source, { onEvent: (event) => applied.push(event), onSlice: () => {} });
    source.next(deltas(1)[0]!);
    await yieldToMain();
    await yieldToMain();
    drain.complete();
    expect(await drain.done).to.deep.equal({ type: 'complete' });
    expect(applied).to.have.length(1);
    expect(source.observed).to.equal(false);
  });
});
