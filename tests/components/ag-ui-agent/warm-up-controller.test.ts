import { expect, waitUntil } from '@open-wc/testing';
import { render, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { WarmUpController } from '../../../web/src/components/ag-ui-agent/warm-up-controller.js';
import { markdownWarmedUp } from '../../../web/src/internal/markdown-warm-up.js';
import { renderToolCall, type ToolCallCardOptions } from '../../../web/src/components/ag-ui-agent/render-tool-call.js';
import { renderAssistantMessage } from '../../../web/src/components/ag-ui-agent/transcript.js';

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

  it('has prepared the transcript’s templates by then: a reply’s first message and tool cards parse no template', () => {
    const options: ToolCallCardOptions = { now: Date.now(), onCancel: () => undefined, onApprove: () => undefined, onDeny: () => undefined };
    const cards = [
      renderToolCall({ toolCallId: 'c1', toolCallName: 'lookup', kind: 'backend', status: 'succeeded', argsText: '{"q":"x"}', result: '"y"' }, options),
      renderToolCall({ toolCallId: 'c2', toolCallName: 'set_color', kind: 'frontend', status: 'executing', argsText: '{"c":"red"}' }, options),
    ];
    const message = { id: 'm1', role: 'assistant' as const, content: '' };
    const created: string[] = [];
    const createElement = Document.prototype.createElement;
    Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
      created.push(tagName);
      return createElement.call(this, tagName, options);
    } as typeof createElement;
    const container = document.createElement('div');
    try {
      render(renderAssistantMessage({ kind: 'assistant', id: message.id, message }, undefined, { cards, count: cards.length }), container);
    } finally {
      Document.prototype.createElement = createElement;
    }
    // Lit parses a template's HTML in a <template> element the first time it renders it.
    expect(created.filter((tagName) => tagName === 'template')).to.deep.equal([]);
    expect(container.querySelectorAll('.tool-call')).to.have.length(2);
  });
});
