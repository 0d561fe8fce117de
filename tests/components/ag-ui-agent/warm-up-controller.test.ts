import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WarmUpController } from '../../../web/src/components/ag-ui-agent/warm-up-controller.js';
import { markdownWarmedUp } from '../../../web/src/internal/markdown-warm-up.js';

/** A host that records its controllers and never updates (the controller's markdown steps need no render). */
function fakeHost(): ReactiveControllerHost & { controllers: ReactiveController[] } {
  const controllers: ReactiveController[] = [];
  return {
    controllers,
    addController: (controller) => controllers.push(controller),
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
  };
}

// One page per test file: this file's page starts cold (no markdown rendered yet).
describe('WarmUpController', () => {
  it('when a run starts, runs the one-byte markdown warm-up in tasks of its own, ahead of the stream’s scheduler.yield() slices, the rest in idle time', async () => {
    // A stream being processed: slices that resume with scheduler.yield(), as EventDrain's and the transport's do.
    let slices = 0;
    let warmAfter: number | undefined;
    let allWarmThen: boolean | undefined;
    const stream = (async () => {
      while (slices < 500) {
        await (globalThis as unknown as { scheduler: { yield(): Promise<void> } }).scheduler.yield();
        slices++;
        if (warmAfter === undefined && markdownWarmedUp('one-byte')) {
          warmAfter = slices;
          allWarmThen = markdownWarmedUp();
        }
      }
    })();
    const controller = new WarmUpController(fakeHost());
    expect(markdownWarmedUp()).to.equal(false);
    controller.runStarting();
    // Nothing ran in this task: the send that starts the run is not delayed.
    expect(markdownWarmedUp('one-byte')).to.equal(false);
    await stream;
    // Done while the stream's slices were still coming, not after them; the two-byte steps were not run ahead.
    expect(warmAfter).to.be.a('number').and.below(500);
    expect(allWarmThen).to.equal(false);
    // They run in idle time.
    await waitUntil(() => markdownWarmedUp(), 'the two-byte warm-up steps to run', { timeout: 10_000 });
  });
});
