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
  it('when a run starts, runs the markdown warm-up in tasks of its own, not in the caller’s task', async () => {
    const controller = new WarmUpController(fakeHost());
    expect(markdownWarmedUp()).to.equal(false);
    controller.runStarting();
    // Nothing ran in this task: the send that starts the run is not delayed.
    expect(markdownWarmedUp()).to.equal(false);
    await waitUntil(() => markdownWarmedUp(), 'the warm-up steps to run', { timeout: 5000 });
  });
});
