import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FrameCoalescer } from '../../../internal/frame-coalescer.js';

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
  /**
   * Whether the rendered content reaches the log's real end (default: always). When it does not (a window over a
   * long log, scrolled up), arriving at the bottom calls `onNearBottom` instead of following.
   */
  atEnd?: () => boolean;
  /** Called when the reader scrolls to the bottom of content that does not reach the end (see `atEnd`). */
  onNearBottom?: () => void;
}

const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** Whether the browser implements CSS scroll anchoring (`overflow-anchor`; Chromium and Firefox, not Safari). */
const SCROLL_ANCHORING =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('overflow-anchor', 'auto');

/** Whether `target` takes typed text (an `<input>` other than a button-like type, a `<textarea>`, or `contenteditable`). */
export function isTextField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'file', 'range', 'color'].includes(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}

/**
 * Keeps a scrolling log pinned to its bottom while new content arrives, unless the reader scrolled up; following
 * resumes when the reader comes back to the bottom (or `follow()` is called, e.g. when they send a message).
 *
 * Without reading layout after each update: the scroller's last child is a 1px anchor, the only node that takes part
 * in CSS scroll anchoring (the host's styles: `overflow-anchor: none` on the scroller's other children, and the
 * scroller positioned, without which Chromium keeps anchoring to it out of view). While the scroller sits at its very
 * bottom, the anchor is in view, so the browser itself keeps it in place (pinned to the bottom) when content above it
 * grows, during its own layout: an update costs no forced synchronous layout. Once the reader has scrolled up, the
 * anchor is out of view and nothing moves. Where scroll anchoring is missing (Safari), or the scroller is not exactly
 * at its bottom (the first overflow: browsers do not anchor at offset 0; after `follow()`), the update scrolls down
 * itself.
 *
 * Telling the reader's scrolling from layout's: a wheel or key press that scrolls up stops following at once; a
 * scroll event that moved up is the reader's (a scrollbar drag, touch), unless the content shrank by exactly as much
 * (scroll anchoring after something above got smaller), which is corrected back to the bottom. A `ResizeObserver`
 * on the content and on the scroller follows late layout (images, fonts, blocks sized as they come into view, a
 * banner that shortens the scroller) without a render.
 *
 * Wire `onScroll`, `onWheel` and `onKeyDown` to the scroller's events.
 */
export class ScrollFollowController implements ReactiveController {
  readonly #options: ScrollFollowControllerOptions;
  #following = true;
  #lastTop = 0;
  #lastHeight = 0;
  /** An element to keep where it is on screen across the next update, and its offset from the scroller's top. */
  #anchor: { element: Element; offset: number } | undefined;
  /**
   * The last `keepInPlace()` element, still held in place after the update against late layout (cards or blocks
   * inserted above it with an estimated height, `content-visibility: auto`, getting their real one as they come near
   * the viewport), until the reader scrolls or follows again.
   */
  #held: { element: Element; offset: number } | undefined;
  /** At the very bottom (scrolled, not at offset 0) as last measured: scroll anchoring keeps it there. */
  #pinned = false;
  /**
   * The content fitted in the scroller as last measured: nothing to scroll. Growing content is then left to the
   * `ResizeObserver` (which sees it overflow) rather than measured after every update (a forced layout per frame).
   */
  #fits = false;
  #observer: ResizeObserver | undefined;
  #observed: Element | undefined;
  #observedScroller: Element | undefined;
  /** A resize of the content, judged one frame after the observer saw it. */
  readonly #resizeFrame = new FrameCoalescer(() => {
    if (this.keepingPosition) return;
    const scroller = this.#options.scroller();
    // Not if it moved since the last measure: the reader scrolled (their scroll event may not have come yet),
    // and `onScroll()` lets go of the element.
    if (this.#held !== undefined && scroller?.scrollTop === this.#lastTop) this.#restore(scroller, this.#held);
    this.onScroll();
  });

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
    this.#held = undefined;
    if (!this.#following) this.#pinned = false;
    this.#fits = false;
    this.#following = true;
  }

  /** Stops following (e.g. the reader asked for earlier entries). */
  unfollow(): void {
    this.#following = false;
  }

  /** Whether `keepInPlace()` waits for the next update. */
  get keepingPosition(): boolean {
    return this.#anchor !== undefined;
  }

  /**
   * Keeps `element` where it is on screen across the next update (for content inserted above it and removed below it,
   * or the reverse), by scrolling by however much it moved; then keeps it there while late layout above it changes
   * the content's size (see `#held`), until the reader scrolls, or `follow()`.
   */
  keepInPlace(element: Element): void {
    const scroller = this.#options.scroller();
    this.#held = undefined;
    if (scroller) this.#anchor = { element, offset: offsetIn(scroller, element) };
  }

  hostConnected(): void {
    if (typeof ResizeObserver !== 'undefined') {
      // Judged like a scroll (a reader's scroll that layout overtook has its event only next frame), one frame later:
      // scrolling inside the observer's callback would resize the content again and loop.
      this.#observer = new ResizeObserver(() => this.#resizeFrame.request());
    }
  }

  hostDisconnected(): void {
    this.#resizeFrame.cancel();
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#observed = undefined;
    this.#observedScroller = undefined;
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
    // The scroller's own height changes too (a banner above the composer): the bottom moves without any content change.
    if (scroller !== this.#observedScroller) {
      if (this.#observedScroller) this.#observer?.unobserve(this.#observedScroller);
      this.#observer?.observe(scroller);
      this.#observedScroller = scroller;
    }
    if (this.#anchor !== undefined) {
      this.#held = this.#anchor;
      this.#anchor = undefined;
      this.#restore(scroller, this.#held);
    } else if (this.#following && !(SCROLL_ANCHORING && this.#pinned) && !this.#fits) {
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
    // Not where the last measure left it: the reader scrolled, and what they look at now is theirs to keep.
    if (top !== this.#lastTop) this.#held = undefined;
    const up = this.#lastTop - top;
    const shrink = this.#lastHeight - height;
    if (height - top - scroller.clientHeight <= (this.#options.thresholdPx ?? 32)) {
      if (this.#options.atEnd?.() === false) {
        this.#record(scroller);
        this.#options.onNearBottom?.();
        return;
      }
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
    if (event.deltaY < 0 && scroller && scroller.scrollHeight > scroller.clientHeight) this.#unfollowByReader();
  };

  /**
   * The scroller's `keydown` listener. Keys typed into a field inside the transcript (an approval's reason, an
   * interrupt's form) move its caret, not the scroller: they are ignored.
   */
  onKeyDown = (event: KeyboardEvent): void => {
    if (isTextField(event.composedPath()[0])) return;
    if (SCROLL_UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)) this.#unfollowByReader();
  };

  #unfollowByReader(): void {
    this.#held = undefined;
    this.#following = false;
    this.#pinned = false;
  }

  /** Scrolls by however much `held.element` moved from `held.offset` (nothing once it left the DOM). */
  #restore(scroller: HTMLElement, held: { element: Element; offset: number }): void {
    if (!held.element.isConnected) this.#held = undefined;
    else scroller.scrollTop += offsetIn(scroller, held.element) - held.offset;
    this.#record(scroller);
  }

  #toBottom(scroller: HTMLElement): void {
    scroller.scrollTop = scroller.scrollHeight;
    this.#record(scroller);
  }

  #record(scroller: HTMLElement): void {
    const top = scroller.scrollTop;
    const height = scroller.scrollHeight;
    this.#lastTop = top;
    this.#lastHeight = height;
    this.#pinned = top > 0 && height - top - scroller.clientHeight <= 1;
    this.#fits = height <= scroller.clientHeight;
  }
}

/** Where `element` is, in px from the top of `scroller`'s viewport. */
function offsetIn(scroller: Element, element: Element): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
}
