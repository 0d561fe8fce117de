/**
 * Catches the markdown of messages up with their text in tasks of its own, between animation frames.
 *
 * A frame renders markdown within a small budget (it also has to lay out and paint), so a burst of text (a fast
 * stream, a long reply that arrived while the tab was busy) leaves the rendering `stale` for many frames, and a frame
 * that does 16 ms of markdown then waits for the next vsync: most of the catching up would be spent waiting. Here the
 * backlog is rendered in tasks of `TASK_BUDGET_MS` each (ordinary tasks, so input still gets its turn between them),
 * and `onProgress()` asks for one frame to show what is ready. A task that rendered something lets a frame pass
 * before the next one (the next task is posted from an animation frame callback, so it runs after that frame's
 * rendering): a frame then commits one task's markdown at most. Back to back, the tasks ran 3-4 times between two
 * frames late in the ingest benchmark's stream, and the frame that parsed, styled and laid out all of it took
 * 50-65 ms. In a hidden page (no frames) the tasks run back to back.
 * @module
 * @internal
 */
import type { MarkdownCache, RenderedMarkdown } from './markdown.js';

/** Time (ms) one catch-up task may spend on markdown (at least one chunk is always rendered). */
const TASK_BUDGET_MS = 20;

let channel: MessageChannel | undefined;
const queued: Array<() => void> = [];

/** Runs `callback` in a new task (a `MessageChannel` message: not clamped like a nested `setTimeout(0)`). */
function inNewTask(callback: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queued.shift()?.();
  }
  queued.push(callback);
  channel.port2.postMessage(null);
}

/** A message whose rendering is behind: its key in the cache and how to read its current text. */
interface Entry {
  source: () => string;
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
   */
  add(key: string, source: () => string, rendered: RenderedMarkdown): void {
    this.#entries.set(key, { source, last: rendered });
    if (this.#scheduled) return;
    this.#scheduled = true;
    const generation = this.#generation;
    inNewTask(() => this.#run(generation));
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

  #run(generation: number): void {
    if (generation !== this.#generation) return;
    const deadline = performance.now() + TASK_BUDGET_MS;
    let progressed = false;
    let stuck = true;
    for (const [key, entry] of this.#entries) {
      const rendered = this.#cache.render(key, entry.source(), undefined, Math.max(0, deadline - performance.now()));
      const last = entry.last;
      if (!last || rendered.chunks !== last.chunks || rendered.tail !== last.tail) {
        progressed = true;
        stuck = false;
      }
      entry.last = rendered;
      if (!rendered.stale) this.#entries.delete(key);
      if (performance.now() >= deadline) {
        stuck = false;
        break;
      }
    }
    if (this.#entries.size > 0 && !stuck) {
      if (progressed && typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
        // One task's output per frame: see the module docs.
        requestAnimationFrame(() => inNewTask(() => this.#run(generation)));
      } else {
        inNewTask(() => this.#run(generation));
      }
    } else {
      // Done, or only waiting for a throttled tail: the next frame's render picks it up.
      this.#entries.clear();
      this.#scheduled = false;
    }
    if (progressed || stuck) this.#onProgress();
  }
}
