import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { deadline, TIME_BUDGET_MS, timeLeft, yieldToMain } from '../../web/src/internal/scheduler.js';

/** Whether `promise` settles within a few microtasks (that is, without leaving the current task). */
async function settlesInThisTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

describe('internal/scheduler', () => {
  it('yieldToMain() resolves in a later task, not in a microtask', async () => {
    const yielded = yieldToMain();
    expect(await settlesInThisTask(yielded)).to.equal(false);
    await yielded;
  });

  it('yieldToMain() falls back to a task of its own where scheduler.yield() is missing', async () => {
    Object.defineProperty(globalThis, 'scheduler', { value: undefined, configurable: true, writable: true });
    try {
      const first = yieldToMain();
      const second = yieldToMain();
      expect(await settlesInThisTask(Promise.all([first, second]))).to.equal(false);
      await Promise.all([first, second]);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });

  it('deadline() is one time budget away, and timeLeft() reaches 0 when it has passed', () => {
    const clock = sinon.useFakeTimers({ toFake: ['performance'] });
    try {
      const end = deadline();
      expect(timeLeft(end)).to.equal(TIME_BUDGET_MS);
      clock.tick(TIME_BUDGET_MS - 1);
      expect(timeLeft(end)).to.equal(1);
      clock.tick(5);
      expect(timeLeft(end)).to.equal(0);
    } finally {
      clock.restore();
    }
  });
});
