/**
 * The words for a request the browser could not make at all: `fetch` rejected before any answer, with a bare
 * `TypeError: Failed to fetch` that cannot tell a server that is down from one that does not allow the page's origin.
 * @module
 * @internal
 */

/** Where the troubleshooting guide lives; messages name a section of it (`#the-agent-cannot-be-reached`). */
export const TROUBLESHOOTING_DOC = 'docs/troubleshooting.md';

/**
 * The messages `fetch` rejects with when no answer arrived: Chromium's "Failed to fetch", Firefox's "NetworkError
 * when attempting to fetch resource.", Safari's "Load failed", Node's (undici) "fetch failed".
 */
const FETCH_FAILED = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|fetch failed)\b/;

/** Whether `error` is `fetch`'s rejection for a request that got no answer (not a body cut mid-stream). */
export function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && FETCH_FAILED.test(error.message);
}

/** The page's origin, when there is one (a browser), for the CORS hint. */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' && origin !== '' ? origin : undefined;
}

/**
 * `Could not reach <what> at <url> (<the browser's words>): the server may be down or unreachable, or it may not allow
 * requests from this page's origin (<origin>) (CORS). See docs/troubleshooting.md#<section>`.
 */
export function unreachableMessage(what: string, url: string | undefined, cause: unknown, section: string): string {
  const at = url ? ` at ${url}` : '';
  const said = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  const origin = pageOrigin();
  const cors = origin ? `this page's origin, ${origin}` : "this page's origin";
  return (
    `Could not reach ${what}${at}${said}: the server may be down or unreachable, or it may not allow requests from ` +
    `${cors} (CORS). See ${TROUBLESHOOTING_DOC}#${section}`
  );
}
