import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { Subject } from 'rxjs';
import sinon from 'sinon';
import { EventDrain, type DrainOutcome } from '../../web/src/agent/event-drain.js';

const delta = (text: string): BaseEvent => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm', delta: text }) as BaseEvent;

describe('EventDrain idleTimeoutMs', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => clock.restore());

  /** Settles to the drain's outcome, or `'open'` while it has not ended. */
  function state(drain: EventDrain): Promise<DrainOutcome | 'open'> {
    return Promise.race([drain.done, Promise.resolve('open' as const)]);
  }

  it('ends a source silent from the start as stalled after idleTimeoutMs, and unsubscribes', async () => {
    const source = new Subject<BaseEvent>();
    const drain = new EventDrain(source, { onEvent: () => undefined, onSlice: () => undefined, idleTimeoutMs: 1000 });
    await clock.tickAsync(999);
    expect(await state(drain)).to.equal('open');
    await clock.tickAsync(1);
    expect(await drain.done).to.deep.equal({ type: 'stalled', idleMs: 1000 });
    expect(source.observed).to.equal(false);
  });

  it('counts the silence from the last event received, not from the start', async () => {
    const source = new Subject<BaseEvent>();
    const applied: string[] = [];
    const drain = new EventDrain(source, {
      onEvent: (event) => applied.push((event as unknown as { delta: string }).delta),
      onSlice: () => undefined,
      idleTimeoutMs: 1000,
    });
    for (const text of ['a', 'b', 'c']) {
      await clock.tickAsync(900);
      source.next(delta(text));
    }
    await clock.tickAsync(999);
    expect(await state(drain)).to.equal('open');
    expect(applied).to.deep.equal(['a', 'b', 'c']);
    await clock.tickAsync(1);
    expect(await drain.done).to.deep.equal({ type: 'stalled', idleMs: 1000 });
  });

  for (const idleTimeoutMs of [0, Infinity, undefined]) {
    it(`never stalls with idleTimeoutMs ${String(idleTimeoutMs)}`, async () => {
      const source = new Subject<BaseEvent>();
      const drain = new EventDrain(source, { onEvent: () => undefined, onSlice: () => undefined, ...(idleTimeoutMs !== undefined && { idleTimeoutMs }) });
      await clock.tickAsync(3_600_000);
      expect(await state(drain)).to.equal('open');
      drain.cancel();
      expect(await drain.done).to.deep.equal({ type: 'cancelled' });
    });
  }

  it('leaves no timer behind once the source completes', async () => {
    const source = new Subject<BaseEvent>();
    const drain = new EventDrain(source, { onEvent: () => undefined, onSlice: () => undefined, idleTimeoutMs: 1000 });
    source.complete();
    expect(await drain.done).to.deep.equal({ type: 'complete' });
    expect(clock.countTimers()).to.equal(0);
  });
});
