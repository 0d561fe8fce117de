import { ToolErrorCode } from './errors.js';
import type { ToolError, ToolRateLimit } from './types.js';

/** When a call may start: now (`waitMs` 0), after `waitMs` (its slot reserved at `startAt`), or not in time. */
export type RateLimitSlot = { admitted: true; waitMs: number; startAt: number } | { admitted: false; waitMs: number };

/**
 * Per-tool sliding windows (internal to `ToolExecutionManager`): at most `max` starts in any `perMs`. A call that must
 * wait reserves its start time at once, so calls queued together start in turn rather than all at the same moment.
 * @internal
 */
export class RateLimiter {
  /** Start times (past, or reserved in the future) per tool name, ascending. */
  #starts = new Map<string, number[]>();

  /**
   * Reserves the earliest start of a call of `toolName` under `limit` from `now`, unless it would wait longer than
   * `deadlineMs`.
   */
  reserve(toolName: string, limit: ToolRateLimit, now: number, deadlineMs: number): RateLimitSlot {
    let starts = this.#starts.get(toolName);
    if (starts === undefined) this.#starts.set(toolName, (starts = []));
    const windowStart = now - limit.perMs;
    while (starts.length > 0 && starts[0]! <= windowStart) starts.shift();
    const startAt = starts.length < limit.max ? now : starts[starts.length - limit.max]! + limit.perMs;
    const waitMs = startAt - now;
    if (waitMs > deadlineMs) return { admitted: false, waitMs };
    starts.push(startAt);
    return { admitted: true, waitMs, startAt };
  }

  /** Gives back a reserved start a call will not use (it was cancelled while waiting). */
  release(toolName: string, startAt: number): void {
    const starts = this.#starts.get(toolName);
    const index = starts?.lastIndexOf(startAt) ?? -1;
    if (index >= 0) starts!.splice(index, 1);
  }
}

/**
 * A usable `metadata.rateLimit` (`max` an integer >= 1, `perMs` > 0, `maxWaitMs` >= 0 when set), or `undefined`.
 * @internal
 */
export function usableRateLimit(limit: ToolRateLimit | undefined): ToolRateLimit | undefined {
  if (limit === undefined || limit === null || typeof limit !== 'object') return undefined;
  const { max, perMs, maxWaitMs } = limit;
  if (!Number.isInteger(max) || max < 1 || !(perMs > 0) || !Number.isFinite(perMs)) return undefined;
  if (maxWaitMs !== undefined && !(maxWaitMs >= 0)) return undefined;
  return limit;
}

/**
 * The refusal of a call whose rate limit would make it wait past its deadline: category `transient`, code
 * `rate_limited`, `retryAfter` = the wait it would have had. Not retried within the execution.
 * @internal
 */
export function rateLimitedError(toolName: string, limit: ToolRateLimit, waitMs: number, deadlineMs: number): ToolError {
  return {
    category: 'transient',
    code: ToolErrorCode.RATE_LIMITED,
    message:
      `Not run: "${toolName}" is rate limited (${limit.max} calls per ${limit.perMs} ms); ` +
      `it could start in ${waitMs} ms, past its deadline of ${deadlineMs} ms`,
    retryable: false,
    retryAfter: waitMs,
  };
}
