import type { BaseEvent } from '@ag-ui/client';
import type { Observable, Subscription } from 'rxjs';
import { deadline, timeLeft, yieldToMain } from '../internal/scheduler.js';

/** How an event stream ended, once every event before the end has been applied. */
export type DrainOutcome =
  | { type: 'complete' }
  | { type: 'error'; error: unknown }
  /** `cancel()` was called; queued events were dropped. */
  | { type: 'cancelled' }
  /** No event arrived for `idleTimeoutMs`: the drain unsubscribed (as `cancel()`); `idleMs` is the silence measured. */
  | { type: 'stalled'; idleMs: number };

/** Options of {@link EventDrain}. */
export interface EventDrainOptions {
  /** Applies one event. A throw ends the drain with `{ type: 'error' }`. */
  onEvent(event: BaseEvent): void;
  /** Called once after each slice that applied at least one event (e.g. to fire one `messages-changed`). */
  onSlice(): void;
  /**
   * Longest silence of the source allowed, in ms, from the subscription to the first event and between events; past
   * it the drain ends with `{ type: 'stalled' }`. Unset, 0, `Infinity` or not a positive number: no limit.
   */
  idleTimeoutMs?: number;
}

/**
 * Subscribes to an AG-UI event stream and applies its events in slices of the scheduler's `TIME_BUDGET_MS`, with
 * `yieldToMain()` between slices, so that a burst of thousands of events never blocks the main thread for longer than
 * about one budget (plus one event). Events that arrive together are applied together: the first slice starts only
 * after the current task, so a burst parsed from one network chunk ends up in one slice and one `onSlice()`.
 *
 * The source's completion or error is reported through `done` only after every event received before it has been
 * applied. `done` never rejects.
 *
 * With `idleTimeoutMs`, a source that goes silent (a server that stops sending but keeps the connection open) ends the
 * drain as `stalled`. Receiving an event only records the time (`Date.now()`); one timer checks the silence and re-arms
 * itself for the time left, so a stream of thousands of events costs no timer per event.
 */
export class EventDrain {
  /** Settles when the stream has ended and been applied, failed, or been cancelled. */
  readonly done: Promise<DrainOutcome>;

  readonly #options: EventDrainOptions;
  #queue: Array<BaseEvent | undefined> = [];
  #head = 0;
  #end: DrainOutcome | undefined;
  #scheduled = false;
  #finished = false;
  #subscription: Subscription | undefined;
  #resolve!: (outcome: DrainOutcome) => void;
  readonly #idleTimeoutMs: number | undefined;
  #lastEventAt = 0;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(source: Observable<BaseEvent>, options: EventDrainOptions) {
    this.#options = options;
    this.done = new Promise<DrainOutcome>((resolve) => (this.#resolve = resolve));
    const idle = options.idleTimeoutMs;
    this.#idleTimeoutMs = typeof idle === 'number' && idle > 0 && idle < Infinity ? idle : undefined;
    if (this.#idleTimeoutMs !== undefined) {
      this.#lastEventAt = Date.now();
      this.#armIdleCheck(this.#idleTimeoutMs);
    }
    try {
      this.#subscription = source.subscribe({
        next: (event) => this.#push(event),
        error: (error: unknown) => this.#ended({ type: 'error', error }),
        complete: () => this.#ended({ type: 'complete' }),
      });
    } catch (error) {
      this.#ended({ type: 'error', error });
    }
    if (this.#finished) this.#subscription?.unsubscribe();
  }

  /** Whether `done` has settled (or is about to, with nothing left to apply). */
  get finished(): boolean {
    return this.#finished;
  }

  /** Unsubscribes from the source (which tears the transport down) and drops what is queued. */
  cancel(): void {
    this.#finish({ type: 'cancelled' });
  }

  /**
   * Ends the stream now as if the source had completed: unsubscribes and drops what is still queued; `done` settles
   * with `{ type: 'complete' }`. (For a server that keeps the connection open after its terminal event.)
   */
  complete(): void {
    this.#finish({ type: 'complete' });
  }

  #push(event: BaseEvent): void {
    if (this.#finished || this.#end) return;
    if (this.#idleTimeoutMs !== undefined) this.#lastEventAt = Date.now();
    this.#queue.push(event);
    this.#schedule();
  }

  #ended(outcome: DrainOutcome): void {
    if (this.#finished || this.#end) return;
    this.#end = outcome;
    this.#stopIdleCheck();
    this.#schedule();
  }

  #armIdleCheck(delayMs: number): void {
    this.#idleTimer = globalThis.setTimeout(() => this.#checkIdle(), delayMs);
  }

  #stopIdleCheck(): void {
    if (this.#idleTimer === undefined) return;
    globalThis.clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
  }

  /** The idle timer fired: ends the drain if the source has been silent long enough, else waits for the time left. */
  #checkIdle(): void {
    this.#idleTimer = undefined;
    const limit = this.#idleTimeoutMs;
    if (limit === undefined || this.#finished || this.#end) return;
    const idleMs = Date.now() - this.#lastEventAt;
    if (idleMs >= limit) this.#finish({ type: 'stalled', idleMs });
    else this.#armIdleCheck(limit - idleMs);
  }

  #finish(outcome: DrainOutcome): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#stopIdleCheck();
    this.#queue = [];
    this.#head = 0;
    this.#subscription?.unsubscribe();
    this.#resolve(outcome);
  }

  #schedule(): void {
    if (this.#scheduled || this.#finished) return;
    this.#scheduled = true;
    void this.#drain();
  }

  async #drain(): Promise<void> {
    try {
      await yieldToMain();
      while (!this.#finished) {
        const sliceEnd = deadline();
        let applied = 0;
        while (this.#head < this.#queue.length) {
          const event = this.#queue[this.#head]!;
          this.#queue[this.#head++] = undefined;
          this.#options.onEvent(event);
          applied++;
          if (this.#finished) return;
          if (timeLeft(sliceEnd) === 0) break;
        }
        if (this.#head === this.#queue.length) {
          this.#queue.length = 0;
          this.#head = 0;
        } else if (this.#head > 4096) {
          this.#queue = this.#queue.slice(this.#head);
          this.#head = 0;
        }
        if (applied > 0) this.#options.onSlice();
        if (this.#finished) return;
        if (this.#queue.length === 0) {
          if (this.#end) this.#finish(this.#end);
          else this.#scheduled = false;
          return;
        }
        await yieldToMain();
      }
    } catch (error) {
      this.#finish({ type: 'error', error });
    }
  }
}
