import { expect, waitUntil } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WarmUpController } from '../../../web/src/components/ag-ui-agent/warm-up-controller.js';
import { markdownWarmedUp } from '../../../web/src/internal/markdown-warm-up.js';

// One page per test file: this file's page starts cold (no markdown rendered yet).
describe('WarmUpController in idle time', () => {
  it('runs the markdown warm-up in idle callbacks once its host connects, and stops when disconnected', async () => {
    const controllers: ReactiveController[] = [];
    const host: ReactiveControllerHost = {
      addController: (controller) => controllers.push(controller),
      removeController: () => undefined,
      requestUpdate: () => undefined,
      updateComplete: Promise.resolve(true),
    };
    new WarmUpController(host);
    expect(markdownWarmedUp()).to.equal(false);
    // Connected then disconnected at once: nothing runs.
    controllers[0]!.hostConnected!();
    controllers[0]!.hostDisconnected!();
    await new Promise((resolve) => requestIdleCallback(resolve));
    await new Promise((resolve) => requestIdleCallback(resolve));
    expect(markdownWarmedUp()).to.equal(false);
    controllers[0]!.hostConnected!();
    expect(markdownWarmedUp()).to.equal(false);
    await waitUntil(() => markdownWarmedUp(), 'the idle steps to run', { timeout: 10_000 });
  });
});
