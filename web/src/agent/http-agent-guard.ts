import type { RunnableAgent } from './types.js';
import { yieldToMain } from '../internal/scheduler.js';

type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/** Largest piece of the body handed to `@ag-ui/client` at once, in bytes (bigger reads are split, zero-copy). */
const MAX_PIECE_BYTES = 32 * 1024;
/** Smallest piece a big read is split into, and the first piece's size, in bytes. */
const MIN_PIECE_BYTES = 4 * 1024;
/** Main-thread time the transport may use before the body yields to the event loop, in ms. */
const READ_BUDGET_MS = 8;
/** Processing time (ms) a split piece is sized for: a piece is handed over whole, so it should fit the budget twice. */
const PIECE_TARGET_MS = READ_BUDGET_MS / 2;

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
 * processed in one long task. The time between two reads is the consumer's processing time, so the body yields to
 * the event loop whenever `READ_BUDGET_MS` has been spent since the last yield, and splits big reads (the SSE parser
 * handles any split, UTF-8 included) into pieces sized from that time: what the consumer processed in
 * `PIECE_TARGET_MS` last time, from `MIN_PIECE_BYTES` (4 KiB, also the first piece: the consumer's code is still cold,
 * and a first 32 KiB took 40-50 ms in the ingest benchmark) up to `MAX_PIECE_BYTES` (32 KiB), at most doubling
 * from one piece to the next.
 */
export function guardBody(response: Response, onError: (error: unknown) => void): Response {
  if (!response.ok || response.body === null) return response;
  const reader = response.body.getReader();
  let rest: Uint8Array | undefined;
  let sliceStart = performance.now();
  let pieceBytes = MIN_PIECE_BYTES;
  /** The last split piece's size and when it was handed over (its processing ends when the next pull starts). */
  let lastPiece: { bytes: number; at: number } | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (lastPiece) {
            const processingMs = performance.now() - lastPiece.at;
            const fit = processingMs > 0 ? (lastPiece.bytes * PIECE_TARGET_MS) / processingMs : MAX_PIECE_BYTES;
            pieceBytes = Math.round(Math.min(MAX_PIECE_BYTES, pieceBytes * 2, Math.max(MIN_PIECE_BYTES, fit)));
            lastPiece = undefined;
          }
          if (performance.now() - sliceStart >= READ_BUDGET_MS) {
            await yieldToMain();
            sliceStart = performance.now();
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
          if (chunk.byteLength > pieceBytes) {
            rest = chunk.subarray(pieceBytes);
            chunk = chunk.subarray(0, pieceBytes);
          }
          controller.enqueue(chunk);
          if (chunk.byteLength >= MIN_PIECE_BYTES) lastPiece = { bytes: chunk.byteLength, at: performance.now() };
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
