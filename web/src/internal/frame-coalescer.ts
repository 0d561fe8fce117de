/**
 * Runs a callback at most once per animation frame, however often it was asked for in between: a reply streaming
 * 100,000 tokens renders once per frame, not once per token.
 * @module
 * @internal
 */

/**
 * Coalesces requests into one call of `callback` in the next animation frame (`requestAnimationFrame`).
 * @example
 * ```ts
 * const frame = new FrameCoalescer(() => host.requestUpdate());
 * for (const token of tokens) frame.request(); // one update, next frame
 * frame.cancel(); // e.g. on disconnect
 * ```
 */
export class FrameCoalescer {
  readonly #callback: () => void;
  #frame: number | undefined;

  constructor(callback: () => void) {
    this.#callback = callback;
  }

  /** Schedules `callback` for the next frame, unless it is already scheduled. */
  request(): void {
    if (this.#frame !== undefined) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      this.#callback();
    });
  }

  /** Drops the scheduled call, if any (a later `request()` schedules anew). */
  cancel(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
  }
}
