import type { ServerResponse } from 'node:http';
import type { BaseEvent } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';

/**
 * An AG-UI event stream over one HTTP response: `text/event-stream`, each event encoded by `@ag-ui/encoder`'s
 * `EventEncoder.encodeSSE` (`data: <json>\n\n`).
 *
 * The stream follows the connection: once the response closes (the client disconnected, or {@link end} /
 * {@link destroy} was called) {@link closed} is true, {@link signal} is aborted, and every later write is a silent
 * no-op. Nothing here throws after close, so a script can run to its end without checking.
 *
 * @example
 * ```ts
 * const stream = new SseStream(res);
 * stream.write({ type: EventType.RUN_STARTED, threadId, runId });
 * await stream.sleep(20);
 * stream.write({ type: EventType.RUN_FINISHED, threadId, runId });
 * stream.end();
 * ```
 */
export class SseStream {
  /** Aborted when the response closes, for whatever reason. */
  readonly signal: AbortSignal;

  readonly #res: ServerResponse;
  readonly #encoder: EventEncoder;
  readonly #abort = new AbortController();

  /** Starts the response: status 200 and the SSE headers, flushed at once. */
  constructor(res: ServerResponse) {
    this.#res = res;
    // Always SSE: the demo and test agents answer `text/event-stream` whatever the Accept header says, so every
    // client (HttpAgent, a bare fetch + splitter in a benchmark) reads the same bytes.
    this.#encoder = new EventEncoder();
    this.signal = this.#abort.signal;

    res.on('close', () => this.#abort.abort());
    // A write racing a reset connection surfaces as an 'error' on the response; the close handler above already
    // records it, and an unhandled 'error' would crash the dev server.
    res.on('error', () => this.#abort.abort());

    res.writeHead(200, {
      'Content-Type': this.#encoder.getContentType(),
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
  }

  /** True once the response is closed or ended; writes are then ignored. */
  get closed(): boolean {
    return this.#abort.signal.aborted || this.#res.writableEnded || this.#res.destroyed;
  }

  /** Encodes `event` (no validation: test scenarios send invalid events on purpose). */
  encode(event: BaseEvent): string {
    return this.#encoder.encodeSSE(event);
  }

  /**
   * Writes one event. Returns `false` when the stream is closed (nothing written) or the socket buffer is full
   * (written; call {@link drain} before writing much more).
   */
  write(event: BaseEvent): boolean {
    return this.writeRaw(this.encode(event));
  }

  /**
   * Writes already encoded SSE text as is: batches of {@link encode}d events, or deliberately malformed frames.
   * Same return value as {@link write}.
   */
  writeRaw(text: string): boolean {
    if (this.closed) return false;
    return this.#res.write(text);
  }

  /** Resolves when the socket buffer has drained, or at once if it is not full or the stream is closed. */
  drain(): Promise<void> {
    if (this.closed || !this.#res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.#res.off('drain', done);
        this.signal.removeEventListener('abort', done);
        resolve();
      };
      this.#res.on('drain', done);
      this.signal.addEventListener('abort', done);
    });
  }

  /**
   * Waits `ms` milliseconds, or less if the stream closes meanwhile. Resolves `true` if the stream is still open.
   * `ms <= 0` resolves on the next turn of the event loop without a timer.
   */
  sleep(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (ms <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        this.signal.removeEventListener('abort', onAbort);
        resolve(!this.closed);
      }, ms);
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Ends the response normally (the terminating chunk is sent). */
  end(): void {
    if (!this.closed) this.#res.end();
  }

  /**
   * Kills the connection without ending the response, as a crashed server or a lost network would: the client
   * sees an incomplete chunked body. Waits until what was written has been handed to the socket first.
   */
  destroy(): void {
    const socket = this.#res.socket;
    if (!socket || socket.destroyed) {
      this.#res.destroy();
      return;
    }
    // end() flushes the bytes already queued and then closes the connection (FIN) without the terminating
    // zero-length chunk; destroy() right away could drop queued bytes, making the test nondeterministic.
    socket.once('finish', () => socket.destroy());
    socket.end();
    this.#abort.abort();
  }
}
