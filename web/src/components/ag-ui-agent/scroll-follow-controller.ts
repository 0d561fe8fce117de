import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Options of `ScrollFollowController`. */
export interface ScrollFollowControllerOptions {
  /** The scrolling element (looked up after each update; it may not exist before the first render). */
  scroller: () => HTMLElement | null | undefined;
  /** The element whose size changes when content changes (observed to follow late layout: images, fonts, sizing). */
  content: () => Element | null | undefined;
  /** Within this distance from the bottom (px) the reader counts as at the bottom. Default 32. */
  thresholdPx?: number;
  /** Called when the reader scrolls near the top (within `topThresholdPx`) while not following. */
  onNearTop?: () => void;
  /** Distance from the top (px) that calls `onNearTop`. Default 48. */
  topThresholdPx?: number;
}

const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/**
 * Keeps a scrolling log pinned to its bottom while new content arrives, unless the reader scrolled up; following
 * resumes when the reader comes back to the bottom (or `follow()` is called, e.g. when they send a message).
 *
 * Telling the reader's scrolling from layout's: a wheel or key press that scrolls up stops following at once; a
 * scroll event that moved up is the reader's (a scrollbar drag, touch), unless the content shrank by exactly as much
 * (scroll anchoring after something above got smaller), which is corrected back to the bottom. A `ResizeObserver`
 * on the content follows late layout (images, fonts, blocks sized as they come into view) without a render.
 *
 * Wire `onScroll`, `onWheel` and `onKeyDown` to the scroller's events.
 */
export class ScrollFollowController implements ReactiveController {
  readonly #options: ScrollFollowControllerOptions;
  #following = true;
  #lastTop = 0;
  #lastHeight = 0;
  #restoreFromBottom: number | undefined;
  #observer: ResizeObserver | undefined;
  #observed: Element | undefined;
  #resizeFrame: number | undefined;

  constructor(host: ReactiveControllerHost, options: ScrollFollowControllerOptions) {
    this.#options = options;
    host.addController(this);
  }

  /** Whether new content scrolls into view (the reader is at the bottom). */
  get following(): boolean {
    return this.#following;
  }

  /** Follows the bottom again (scrolls there on the next update). */
  follow(): void {
    this.#following = true;
  }

  /** Stops following (e.g. the reader asked for earlier entries). */
  unfollow(): void {
    this.#following = false;
  }

  /** Whether `keepPositionFromBottom()` waits for the next update. */
  get keepingPosition(): boolean {
    return this.#restoreFromBottom !== undefined;
  }

  /**
   * Keeps what the reader sees in place across the next update, measured from the bottom (for content inserted above).
   */
  keepPositionFromBottom(): void {
    const scroller = this.#options.scroller();
    if (scroller) this.#restoreFromBottom = scroller.scrollHeight - scroller.scrollTop;
  }

  hostConnected(): void {
    if (typeof ResizeObserver !== 'undefined') {
      // Judged like a scroll (a reader's scroll that layout overtook has its event only next frame), one frame later:
      // scrolling inside the observer's callback would resize the content again and loop.
      this.#observer = new ResizeObserver(() => {
        if (this.#resizeFrame !== undefined) return;
        this.#resizeFrame = requestAnimationFrame(() => {
          this.#resizeFrame = undefined;
          if (this.#restoreFromBottom === undefined) this.onScroll();
        });
      });
    }
  }

  hostDisconnected(): void {
    if (this.#resizeFrame !== undefined) cancelAnimationFrame(this.#resizeFrame);
    this.#resizeFrame = undefined;
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed = undefined;
  }

  hostUpdated(): void {
    const scroller = this.#options.scroller();
    if (!scroller) return;
    const content = this.#options.content() ?? undefined;
    if (content !== this.#observed) {
      if (this.#observed) this.#observer?.unobserve(this.#observed);
      if (content) this.#observer?.observe(content);
      this.#observed = content;
    }
    if (this.#restoreFromBottom !== undefined) {
      scroller.scrollTop = scroller.scrollHeight - this.#restoreFromBottom;
      this.#restoreFromBottom = undefined;
      this.#record(scroller);
    } else if (this.#following) {
      this.#toBottom(scroller);
    }
  }

  /** The scroller's `scroll` listener (also run when the content's size changes). */
  onScroll = (): void => {
    const scroller = this.#options.scroller();
    // A detached or hidden scroller reports zeros: nothing to judge.
    if (!scroller || scroller.clientHeight === 0) return;
    const top = scroller.scrollTop;
    const height = scroller.scrollHeight;
    const up = this.#lastTop - top;
    const shrink = this.#lastHeight - height;
    if (height - top - scroller.clientHeight <= (this.#options.thresholdPx ?? 32)) {
      this.#following = true;
    } else if (up > 1 && Math.abs(up - shrink) > 1) {
      this.#following = false;
    } else if (this.#following) {
      this.#toBottom(scroller);
      return;
    }
    this.#record(scroller);
    if (!this.#following && top <= (this.#options.topThresholdPx ?? 48)) this.#options.onNearTop?.();
  };

  /** The scroller's `wheel` listener (add it passive). */
  onWheel = (event: WheelEvent): void => {
    const scroller = this.#options.scroller();
    if (event.deltaY < 0 && scroller && scroller.scrollHeight > scroller.clientHeight) this.#following = false;
  };

  /** The scroller's `keydown` listener. */
  onKeyDown = (event: KeyboardEvent): void => {
    if (SCROLL_UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)) this.#following = false;
  };

  #toBottom(scroller: HTMLElement): void {
    scroller.scrollTop = scroller.scrollHeight;
    this.#record(scroller);
  }

  #record(scroller: HTMLElement): void {
    this.#lastTop = scroller.scrollTop;
    this.#lastHeight = scroller.scrollHeight;
  }
}
