/**
 * Which transcript entries `<ag-ui-agent>` renders: a window over the entries, so that the DOM stays the same size
 * however long the thread is and however far the reader scrolls.
 *
 * Pinned to the bottom (following), the window is the newest `size` entries. Scrolled up, it moves a `page` at a time
 * (`earlier()`, `later()`) and never holds more than `max` entries: going up drops entries at the bottom, going down
 * drops them at the top. While the window does not reach the newest entry, new entries are not rendered (the reader
 * is elsewhere); the window follows the bottom again once the reader is back there.
 * @module
 * @internal
 */
export class TranscriptWindow {
  readonly size: number;
  readonly page: number;
  readonly max: number;
  #start = 0;
  /** One past the last entry rendered; `undefined`: through the newest entry. */
  #end: number | undefined;

  /**
   * @param size - entries rendered while following the bottom (default 50)
   * @param page - entries added by `earlier()`/`later()` (default 50)
   * @param max - most entries rendered at once (default 150; at least `size + page`)
   */
  constructor(size = 50, page = 50, max = 150) {
    this.size = size;
    this.page = page;
    this.max = Math.max(max, size + page);
  }

  /** Whether the window reaches the newest entry. */
  get atEnd(): boolean {
    return this.#end === undefined;
  }

  /**
   * The entries to render among `count`: `[start, end)`. Following, the newest `size`; otherwise the current window,
   * clamped to `count`.
   */
  range(count: number, following: boolean): { start: number; end: number } {
    if (following) {
      this.#start = Math.max(0, count - this.size);
      this.#end = undefined;
    } else {
      this.#start = Math.min(this.#start, Math.max(0, count - this.size));
      if (this.#end !== undefined && this.#end >= count) this.#end = undefined;
    }
    return { start: this.#start, end: this.#end ?? count };
  }

  /**
   * Moves the window's start a page earlier, dropping entries at the bottom past `max`.
   * @returns `false` when the window already starts at the first entry
   */
  earlier(count: number): boolean {
    if (this.#start === 0) return false;
    this.#start = Math.max(0, this.#start - this.page);
    if ((this.#end ?? count) - this.#start > this.max) this.#end = this.#start + this.max;
    return true;
  }

  /**
   * Moves the window's end a page later (through the newest entry when that is near), dropping entries at the top
   * past `max`.
   * @returns `false` when the window already reaches the newest entry
   */
  later(count: number): boolean {
    if (this.#end === undefined) return false;
    const end = this.#end + this.page;
    this.#end = end >= count ? undefined : end;
    const last = this.#end ?? count;
    if (last - this.#start > this.max) this.#start = last - this.max;
    return true;
  }

  /** Back to the newest entries (a new conversation). */
  reset(): void {
    this.#start = 0;
    this.#end = undefined;
  }
}
