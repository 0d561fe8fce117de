import type { RunnableAgent } from './types.js';
import { deadline, timeLeft, yieldToMain } from '../internal/scheduler.js';

type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/** Largest piece of the body handed to `@ag-ui/client` at once, in bytes: cold parsing took 40-50 ms over 32 KiB. */
const PIECE_BYTES = 4 * 1024;

/**
 * Wraps a successful response so that its body (1) never *errors* towards `@ag-ui/client`, and (2) is handed over at
 * a pace that keeps the main thread responsive.
 *
 * (1) `runHttpRequest` (1.0) tears a failed stream down with `reader.cancel().catch((e) => { if (e.name !==
 * 'AbortError') throw e; })`. Cancelling an errored stream rejects with the stored error, so every dropped connection
 * would end in an unhandled promise rejection in the page. Here a read failure (`TypeError: network error`) is handed
 * to `onError` and the body ends cleanly instead; the run observable then completes without `RUN_FINISHED` and the
 * loop reports the recorded error (`network_error`).
 *
 * (2) `runHttpRequest` reads in a loop of `await reader.read()`: when the network has buffered many chunks, every
 * read resolves in a microtask and the whole backlog (SSE split, `JSON.parse`, `transformChunks`, `verifyEvents`) is
 * processed in one long task. The time between two reads is the consumer's processing time, so the body calls the
 * scheduler's `yieldToMain()` once a `TIME_BUDGET_MS` slice has been spent since the last yield, and splits big reads
 * into pieces of at most `PIECE_BYTES` (zero-copy; the SSE parser handles any split, UTF-8 included).
 */
export function guardBody(response: Response, onError: (error: unknown) => void): Response {
  if (!response.ok || response.body === null) return response;
  const reader = response.body.getReader();
  let rest: Uint8Array | undefined;
  let sliceEnd = deadline();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (timeLeft(sliceEnd) === 0) {
            await yieldToMain();
            sliceEnd = deadline();
          }
          let chunk = rest;
          rest = undefined;
          if (chunk === undefined) {
            const { done, value } = await reader.read();
            if (done) {
              controller.close();
              return;
            }
            chunk = value;
          }
          if (chunk.byteLength > PIECE_BYTES) {
            rest = chunk.subarray(PIECE_BYTES);
            chunk = chunk.subarray(0, PIECE_BYTES);
          }
          controller.enqueue(chunk);
        } catch (error) {
          onError(error);
          controller.close();
        }
      },
      cancel(reason) {
        return reader.cancel(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Calls `start()` (which must call `agent.run(input)`) with the agent's `fetch` swapped for one whose response body
 * is paced and reports read errors to `onStreamError` instead of erroring (see `guardBody`). Applies to `HttpAgent` and any agent
 * with the same `fetch` property; `HttpAgent.run()` calls `fetch` synchronously, so the swap lasts only for that call
 * and the agent is left as it was. Other agents are run as they are.
 */
export function runWithFetchGuard<T>(agent: RunnableAgent, onStreamError: (error: unknown) => void, start: () => T): T {
  const target = agent as RunnableAgent & { fetch?: unknown; url?: unknown };
  const original = target.fetch;
  if (typeof original !== 'function' || typeof target.url !== 'string') return start();
  const guarded: FetchFn = (url, init) =>
    Promise.resolve((original as FetchFn).call(agent, url, init)).then((response) => guardBody(response, onStreamError));
  target.fetch = guarded;
  try {
    return start();
  } finally {
    target.fetch = original;
  }
}
