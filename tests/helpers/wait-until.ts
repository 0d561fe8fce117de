import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

/**
 * How long `waitUntil` waits by default, in ms. A bound for reporting a condition that never comes, not a measure of
 * speed: @open-wc's default (1000 ms) fails tests whose condition needs a network round trip on a loaded machine.
 */
export const WAIT_UNTIL_TIMEOUT_MS = 8000;

/**
 * `@open-wc/testing`'s `waitUntil` with a default timeout of `WAIT_UNTIL_TIMEOUT_MS`: resolves once `predicate`
 * returns (or resolves to) a truthy value, polling every `interval` ms (default 50); rejects with `message` after
 * `timeout` ms.
 */
export function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: WAIT_UNTIL_TIMEOUT_MS, ...options });
}
