import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { MarkdownCache } from '../../web/src/internal/markdown.js';
import { MarkdownCatchUp } from '../../web/src/internal/markdown-catch-up.js';

const PARAGRAPH = 'Some **bold** text with `code` and a [link](https://example.com).\n\n';

describe('internal/markdown-catch-up', () => {
  it('renders a stale rendering in tasks until it has caught up with the text, reporting progress', async () => {
    const text = PARAGRAPH.repeat(3000);
    const cache = new MarkdownCache();
    const first = cache.render('m', text, undefined, 0);
    expect(first.stale).to.equal(true);
    let progress = 0;
    const catchUp = new MarkdownCatchUp(cache, () => progress++);
    catchUp.add('m', () => text, first);
    expect(catchUp.has('m')).to.equal(true);
    // Nothing happens inside the caller's task.
    expect(cache.peek('m')).to.equal(first);

    await waitUntil(() => !catchUp.has('m'), 'the rendering to catch up');
    const rendered = cache.peek('m')!;
    expect(rendered.stale).to.equal(false);
    expect(progress).to.be.greaterThan(0);
    const div = document.createElement('div');
    div.innerHTML = rendered.chunks.join('') + rendered.tail;
    expect(div.querySelectorAll('p')).to.have.length(3000);
  });

  it('reads the text again in every task (a streaming message grows meanwhile)', async () => {
    let text = PARAGRAPH.repeat(2000);
    const cache = new MarkdownCache();
    const catchUp = new MarkdownCatchUp(cache, () => undefined);
    catchUp.add('m', () => text, cache.render('m', text, undefined, 0));
    text += 'The end.\n';
    await waitUntil(() => !catchUp.has('m'), 'the rendering to catch up');
    expect(cache.peek('m')!.tail).to.include('The end.');
  });

  it('stops on cancel()', async () => {
    const text = PARAGRAPH.repeat(3000);
    const cache = new MarkdownCache();
    const first = cache.render('m', text, undefined, 0);
    const catchUp = new MarkdownCatchUp(cache, () => undefined);
    catchUp.add('m', () => text, first);
    catchUp.cancel();
    expect(catchUp.has('m')).to.equal(false);
    await aTimeout(50);
    expect(cache.peek('m')).to.equal(first);
  });

  it('after a task that rendered something, runs the next one only after an animation frame', async () => {
    const text = PARAGRAPH.repeat(6000);
    const cache = new MarkdownCache();
    const first = cache.render('m', text, undefined, 0);
    const frames: FrameRequestCallback[] = [];
    const original = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => frames.push(callback);
    try {
      let progress = 0;
      const catchUp = new MarkdownCatchUp(cache, () => progress++);
      catchUp.add('m', () => text, first);
      await waitUntil(() => progress === 1, 'the first task');
      // No frame, no further task, however many tasks go by.
      for (let i = 0; i < 20; i++) await aTimeout(0);
      expect(progress).to.equal(1);
      expect(frames).to.have.length(1);
      // A frame lets one more task run (and that task waits for the next frame).
      frames.shift()!(performance.now());
      await waitUntil(() => progress === 2, 'the second task, after the frame');
      for (let i = 0; i < 20; i++) await aTimeout(0);
      expect(progress).to.equal(2);
      expect(catchUp.has('m')).to.equal(true);
      catchUp.cancel();
    } finally {
      window.requestAnimationFrame = original;
    }
  });
});
