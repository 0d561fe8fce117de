import { aTimeout, expect } from '@open-wc/testing';
import { MarkdownCache } from '../../web/src/internal/markdown.js';
import { MarkdownCatchUp } from '../../web/src/internal/markdown-catch-up.js';

const PARAGRAPH = 'Some **bold** text with `code` and a [link](https://example.com).\n\n';

/**
 * The catch-up's `onProgress` reports, counted, as promises: tests wait for the report they expect (the n-th, or the
 * one after which nothing is pending), never for a time. How long catching up takes depends on the machine's load.
 */
class Progress {
  count = 0;
  #waiters: Array<{ done: () => boolean; resolve: () => void }> = [];

  /** The `onProgress` callback. */
  readonly report = (): void => {
    this.count++;
    this.#waiters = this.#waiters.filter((waiter) => (waiter.done() ? (waiter.resolve(), false) : true));
  };

  /** Resolves at the first report after which `done()` holds. */
  until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => this.#waiters.push({ done, resolve }));
  }
}

/** Lets `n` macrotasks go by (`aTimeout(0)` each), for checking that nothing happens meanwhile. */
async function tasks(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await aTimeout(0);
}

describe('internal/markdown-catch-up', () => {
  it('renders a stale rendering in tasks until it has caught up with the text, reporting progress', async () => {
    const text = PARAGRAPH.repeat(3000);
    const cache = new MarkdownCache();
    const first = cache.render('m', text, undefined, 0);
    expect(first.stale).to.equal(true);
    const progress = new Progress();
    const catchUp = new MarkdownCatchUp(cache, progress.report);
    const caughtUp = progress.until(() => !catchUp.has('m'));
    catchUp.add('m', () => text, first);
    expect(catchUp.has('m')).to.equal(true);
    // Nothing happens inside the caller's task.
    expect(cache.peek('m')).to.equal(first);

    await caughtUp;
    const rendered = cache.peek('m')!;
    expect(rendered.stale).to.equal(false);
    expect(progress.count).to.be.greaterThan(0);
    const div = document.createElement('div');
    div.innerHTML = rendered.chunks.join('') + rendered.tail;
    expect(div.querySelectorAll('p')).to.have.length(3000);
  });

  it('reads the text again in every task (a streaming message grows meanwhile)', async () => {
    let text = PARAGRAPH.repeat(2000);
    const cache = new MarkdownCache();
    const progress = new Progress();
    const catchUp = new MarkdownCatchUp(cache, progress.report);
    const caughtUp = progress.until(() => !catchUp.has('m'));
    catchUp.add('m', () => text, cache.render('m', text, undefined, 0));
    text += 'The end.\n';
    await caughtUp;
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
    await tasks(20);
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
      const progress = new Progress();
      const catchUp = new MarkdownCatchUp(cache, progress.report);
      const firstTask = progress.until(() => progress.count === 1);
      catchUp.add('m', () => text, first);
      await firstTask;
      // No frame, no further task, however many tasks go by.
      await tasks(20);
      expect(progress.count).to.equal(1);
      expect(frames).to.have.length(1);
      // A frame lets one more task run (and that task waits for the next frame).
      const secondTask = progress.until(() => progress.count === 2);
      frames.shift()!(performance.now());
      await secondTask;
      await tasks(20);
      expect(progress.count).to.equal(2);
      expect(catchUp.has('m')).to.equal(true);
      catchUp.cancel();
    } finally {
      window.requestAnimationFrame = original;
    }
  });
});

describe('internal/markdown-catch-up, final texts', () => {
  it("renders a final text's throttled tail in its first task instead of waiting for the throttle", async () => {
    const cache = new MarkdownCache(10, { throttleMinMs: -1, throttleFactor: 1e6 });
    const paragraph = 'word '.repeat(20_000);
    cache.render('m', paragraph);
    const text = `${paragraph}the end.`;
    const throttled = cache.render('m', text);
    expect(throttled.stale).to.equal(true);
    const progress = new Progress();
    const catchUp = new MarkdownCatchUp(cache, progress.report);
    const caughtUp = progress.until(() => !catchUp.has('m'));
    catchUp.add('m', () => text, throttled, () => true);
    await caughtUp;
    expect(cache.peek('m')!.stale).to.equal(false);
    expect(cache.peek('m')!.tail.includes('the end.')).to.equal(true);
  });
});
