import type { BaseEvent } from '@ag-ui/client';
import type { Observable, Subscription } from 'rxjs';
import { deadline, timeLeft, yieldToMain } from '../internal/scheduler.js';

/** How an event stream ended, once every event before the end has been applied. */
export type DrainOutcome =
  | { type: 'complete' }
  | { type: 'error'; error: unknown }
  /** `cancel()` was called; queued events were dropped. */
  | { type: 'cancelled' };

/** Options of {@link EventDrain}. */
export interface EventDrainOptions {
  /** Applies one event. A throw ends the drain with `{ type: 'error' }`. */
  onEvent(event: BaseEvent): void;
  /** Called once after each slice that applied at least one event (e.g. to fire one `messages-changed`). */
  onSlice(): void;
}

/**
 * Subscribes to an AG-UI event stream and applies its events in slices of the scheduler's `TIME_BUDGET_MS`, with
 * `yieldToMain()` between slices, so that a burst of thousands of events never blocks the main thread for longer than
 * about one budget (plus one event). Events that arrive together are applied together: the first slice starts only
 * after the current task, so a burst parsed from one network chunk ends up in one slice and one `onSlice()`.
 *
 * The source's completion or error is reported through `done` only after every event received before it has been
 * applied. `done` never rejects.
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

  constructor(source: Observable<BaseEvent>, options: EventDrainOptions) {
    this.#options = options;
    this.done = new Promise<DrainOutcome>((resolve) => (this.#resolve = resolve));
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
    this.#queue.push(event);
    this.#schedule();
  }

  #ended(outcome: DrainOutcome): void {
    if (this.#finished || this.#end) return;
    this.#end = outcome;
    this.#schedule();
  }

  #finish(outcome: DrainOutcome): void {
    if (this.#finished) return;
    this.#finished = true;
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
