/**
 * Catches the markdown of messages up with their text in tasks of its own, between animation frames.
 *
 * A frame renders markdown within a small budget (it also has to lay out and paint), so a burst of text (a fast
 * stream, a long reply that arrived while the tab was busy) leaves the rendering `stale` for many frames. Here the
 * backlog is rendered in slices of the scheduler's `TIME_BUDGET_MS`, with `yieldToMain()` before each (so input gets
 * its turn), and `onProgress()` asks for one frame to show what is ready. A slice that rendered something waits for
 * an animation frame before the next one, so a frame commits one slice's markdown at most: back to back, several
 * slices' markdown landed in one frame of 50-65 ms. In a hidden page (no frames) the slices run back to back.
 * @module
 * @internal
 */
import type { MarkdownCache, RenderedMarkdown } from './markdown.js';
import { deadline, timeLeft, yieldToMain } from './scheduler.js';

/** Resolves at the next animation frame (before its rendering). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/** A message whose rendering is behind: its key in the cache and how to read its current text. */
interface Entry {
  source: () => string;
  /** Whether the text is complete (see `IncrementalMarkdown.update()`'s `final`). */
  final: () => boolean;
  last: RenderedMarkdown | undefined;
}

/** Renders stale markdown of a `MarkdownCache` in tasks; see the module docs. */
export class MarkdownCatchUp {
  readonly #cache: MarkdownCache;
  readonly #onProgress: () => void;
  readonly #entries = new Map<string, Entry>();
  #scheduled = false;
  #generation = 0;

  /**
   * @param cache - the renderings to advance
   * @param onProgress - called after a task that rendered something (e.g. to request a frame), or that could not
   *   progress (a tail rendering deferred by `IncrementalMarkdown`'s throttle: the next frame retries it)
   */
  constructor(cache: MarkdownCache, onProgress: () => void) {
    this.#cache = cache;
    this.#onProgress = onProgress;
  }

  /**
   * Renders `key` (as `cache.render(key, source())` would) in coming tasks until it is no longer stale.
   * @param source - reads the text now (a streaming message grows meanwhile)
   * @param rendered - the rendering the caller has just shown
   * @param final - reads whether the text is complete now (its tail is then never throttled); default: never
   */
  add(key: string, source: () => string, rendered: RenderedMarkdown, final: () => boolean = () => false): void {
    this.#entries.set(key, { source, final, last: rendered });
    if (this.#scheduled) return;
    this.#scheduled = true;
    void this.#run(this.#generation);
  }

  /** Whether `key` is being caught up (its frames can show `cache.peek(key)` and leave the work to the tasks). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** Forgets every pending message (e.g. the conversation was replaced). */
  cancel(): void {
    this.#entries.clear();
    this.#scheduled = false;
    this.#generation++;
  }

  async #run(generation: number): Promise<void> {
    for (;;) {
      await yieldToMain();
      if (generation !== this.#generation) return;
      const { progressed, stuck } = this.#slice();
      // Done, or only waiting for a throttled tail: the next frame's render picks it up.
      const done = this.#entries.size === 0 || stuck;
      if (done) {
        this.#entries.clear();
        this.#scheduled = false;
      }
      if (progressed || stuck) this.#onProgress();
      if (done) return;
      // One slice's output per frame: see the module docs.
      if (progressed && typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
        await nextFrame();
      }
    }
  }

  /** Renders the pending messages in order, for one time budget (at least one chunk). */
  #slice(): { progressed: boolean; stuck: boolean } {
    const sliceEnd = deadline();
    let progressed = false;
    let stuck = true;
    for (const [key, entry] of this.#entries) {
      const rendered = this.#cache.render(key, entry.source(), undefined, timeLeft(sliceEnd), entry.final());
      const last = entry.last;
      if (!last || rendered.chunks !== last.chunks || rendered.tail !== last.tail) {
        progressed = true;
        stuck = false;
      }
      entry.last = rendered;
      if (!rendered.stale) this.#entries.delete(key);
      if (timeLeft(sliceEnd) === 0) {
        stuck = false;
        break;
      }
    }
    return { progressed, stuck };
  }
}
