import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { from, Subject, throwError, concat } from 'rxjs';
import { EventDrain, yieldToEventLoop } from '../../web/src/agent/event-drain.js';

function deltas(n: number): BaseEvent[] {
  return Array.from({ length: n }, (_, i) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm', delta: String(i) }) as BaseEvent);
}

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // burn
  }
}

describe('EventDrain', () => {
  it('applies a synchronous burst in order, in one slice, then reports completion', async () => {
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
  });

  it('splits slow work into slices bounded by the time budget', async () => {
    let applied = 0;
    let slices = 0;
    const drain = new EventDrain(from(deltas(30)), {
      onEvent: () => {
        busyWait(1);
        applied++;
      },
      onSlice: () => slices++,
      budgetMs: 4,
    });
    await drain.done;
    expect(applied).to.equal(30);
    // Every event takes at least 1 ms, so a 4 ms slice holds at most 5 of them.
    expect(slices).to.be.at.least(6);
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
    await yieldToEventLoop();
    expect(applied).to.have.length(0);
  });

  it('complete() ends a stream that stays open', async () => {
    const source = new Subject<BaseEvent>();
    const applied: BaseEvent[] = [];
    const drain = new EventDrain(source, { onEvent: (event) => applied.push(event), onSlice: () => {} });
    source.next(deltas(1)[0]!);
    await yieldToEventLoop();
    await yieldToEventLoop();
    drain.complete();
    expect(await drain.done).to.deep.equal({ type: 'complete' });
    expect(applied).to.have.length(1);
    expect(source.observed).to.equal(false);
  });
});
