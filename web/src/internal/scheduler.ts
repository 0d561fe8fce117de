/**
 * The one way long main-thread work (applying a stream's events, reading its body, rendering markdown) shares the
 * thread with input and paint: work in slices of at most `TIME_BUDGET_MS`, and `yieldToMain()` between slices.
 *
 * @example
 * ```ts
 * let end = deadline();
 * for (const item of backlog) {
 *   apply(item);
 *   if (timeLeft(end) === 0) {
 *     await yieldToMain();
 *     end = deadline();
 *   }
 * }
 * ```
 * @module
 * @internal
 */

/** Main-thread time (ms) one slice of work may take before it yields: half a 60 Hz frame, far below a 50 ms long task. */
export const TIME_BUDGET_MS = 8;

interface SchedulerWithYield {
  yield(): Promise<void>;
}

let channel: MessageChannel | undefined;
let waiting: Array<() => void> = [];

/**
 * Resolves in a later task, after the browser has had a chance to handle input and paint: `scheduler.yield()` where
 * the browser has it (the continuation runs before other queued tasks), else a `MessageChannel` message (unlike a
 * nested `setTimeout(0)`, not clamped to 4 ms). Never rejects.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield().catch(() => undefined);
  return new Promise<void>((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const resolvers = waiting;
        waiting = [];
        for (const resume of resolvers) resume();
      };
    }
    waiting.push(resolve);
    if (waiting.length === 1) channel.port2.postMessage(null);
  });
}

/** The end of a slice that starts now: `TIME_BUDGET_MS` from now, on the `performance.now()` clock (ms). */
export function deadline(): number {
  return performance.now() + TIME_BUDGET_MS;
}

/**
 * Time left before `end` (from `deadline()`), in ms; 0 once it has passed, which is when the slice should yield.
 */
export function timeLeft(end: number): number {
  return Math.max(0, end - performance.now());
}
