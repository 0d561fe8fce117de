import { warnDeprecatedOption } from './deprecated-option.js';
import type { RetryConfig, RetryConfigOverrides, ToolError, ToolErrorCategory } from './types.js';

/** Categories no config can make retryable: bad arguments stay bad; a cancelled execution is over. */
const NEVER_RETRIED: ReadonlySet<ToolErrorCategory> = new Set(['validation', 'cancelled']);

/** The names the retry delays had before every duration ended in `Ms` (`RetryConfigOverrides`): old -> new. */
const RENAMED_RETRY_FIELDS: Readonly<Record<string, keyof RetryConfig>> = Object.freeze({
  baseDelay: 'baseDelayMs',
  maxDelay: 'maxDelayMs',
});

/**
 * The retry config for one tool: `base` with each field of `override` that is not `undefined` in its place.
 * A deprecated name (`baseDelay`, `maxDelay`) stands for its new one unless that is given too, and logs a console
 * warning the first time it is seen. Returns `base` itself when there is nothing to override.
 * @internal
 */
export function resolveRetryConfig(base: Readonly<RetryConfig>, override: RetryConfigOverrides | undefined): Readonly<RetryConfig> {
  if (!override) return base;
  let merged: RetryConfig | undefined;
  for (const key of Object.keys(override) as Array<keyof RetryConfigOverrides>) {
    const value = override[key];
    if (value === undefined) continue;
    let field = key as keyof RetryConfig;
    const renamed = RENAMED_RETRY_FIELDS[key];
    if (renamed !== undefined) {
      warnDeprecatedOption(`RetryConfig.${key}`, `RetryConfig.${renamed}`);
      if (override[renamed] !== undefined) continue;
      field = renamed;
    }
    merged ??= { ...base };
    (merged as unknown as Record<string, unknown>)[field] = value;
  }
  return merged ? Object.freeze(merged) : base;
}

/**
 * Whether `category` is retried under `config`: listed in `retryableCategories`, and neither `validation` nor
 * `cancelled`.
 */
export function isRetryableCategory(category: ToolErrorCategory, config: Readonly<RetryConfig>): boolean {
  return !NEVER_RETRIED.has(category) && config.retryableCategories.includes(category);
}

/**
 * Delay before attempt `attemptNumber + 1`, in ms (integer).
 *
 * `d = min(baseDelayMs * backoffMultiplier^(attemptNumber - 1), maxDelayMs)`, then "equal jitter": a uniform value in
 * `[d/2, d]`. Equal rather than full jitter (`[0, d]`): it still spreads a burst of clients that failed together
 * over half the window, but never collapses to an immediate retry, which would spend one of the few attempts (3 by
 * default) against a service that has just failed, and it keeps the backoff growing from attempt to attempt.
 * The result is never below `retryAfter` (the server's or an open circuit's wish), itself capped by `maxDelayMs`.
 *
 * @param attemptNumber - the 1-based attempt that just failed
 * @param retryAfter - minimum delay the error asks for, in ms
 * @param random - source of uniform numbers in [0, 1); default `Math.random`
 */
export function computeRetryDelay(
  attemptNumber: number,
  config: Readonly<RetryConfig>,
  retryAfter?: number,
  random: () => number = Math.random,
): number {
  const maxDelay = Math.max(0, config.maxDelayMs);
  const exponential = config.baseDelayMs * config.backoffMultiplier ** Math.max(0, attemptNumber - 1);
  const ceiling = Math.min(Number.isFinite(exponential) ? exponential : maxDelay, maxDelay);
  const jittered = ceiling / 2 + (random() * ceiling) / 2;
  const floor = retryAfter !== undefined && retryAfter > 0 ? Math.min(retryAfter, maxDelay) : 0;
  return Math.round(Math.max(jittered, floor));
}

/**
 * Returns `error` with `retryable` set for `config` (a new record only when it changes).
 * @internal
 */
export function withRetryable(error: ToolError, config: Readonly<RetryConfig>): ToolError {
  const retryable = isRetryableCategory(error.category, config);
  return error.retryable === retryable ? error : { ...error, retryable };
}
