/// <reference types="node" />
import type { FeedChange, ThreadRepository } from './thread-repository.js';

/** Milliseconds between the comment lines that keep an idle feed's connection open through proxies. */
export const FEED_HEARTBEAT_MS = 15_000;

/**
 * The live change feeds of one handler: each open `GET /changes` stream of a user is woken after that user's writes
 * commit, and reads what it has not sent from the changes table, so a stream sends every change once and in order,
 * whether it was written before the stream opened (resume by `Last-Event-ID`) or after.
 */
export class ChangeFeedStreams {
  #streams = new Map<string, Set<() => void>>();
  #closers = new Set<() => void>();

  constructor(private readonly repository: ThreadRepository) {}

  /** Wakes the user's open streams (after a write of theirs committed). */
  notify(userId: string): void {
    for (const wake of this.#streams.get(userId) ?? []) wake();
  }

  /**
   * An SSE body of the user's changes after feed id `start`, open until the client goes or `close()`. `'now'`: after
   * the user's newest change, which the stream names first in an event with an `id` and no data (so a client that
   * drops before any change resumes from there).
   */
  open(userId: string, start: number | 'now'): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    let sent = start === 'now' ? -1 : start;
    let pumping: Promise<void> | undefined;
    let again = false;
    let closed = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const send = (text: string) => {
      if (!closed) controller.enqueue(encoder.encode(text));
    };
    const format = (change: FeedChange) =>
      `id: ${change.id}\nevent: change\ndata: ${JSON.stringify({ type: change.type, threadId: change.threadId, at: change.at })}\n\n`;
    // One read at a time; a wake during a read reads again after it.
    const pump = () => {
      if (pumping) {
        again = true;
        return;
      }
      pumping = (async () => {
        if (sent < 0) {
          sent = await this.repository.latestChangeId(userId);
          send(`id: ${sent}\n\n`);
        }
        do {
          again = false;
          for (let page = await this.repository.changesSince(userId, sent); page.length > 0 && !closed; page = await this.repository.changesSince(userId, sent)) {
            for (const change of page) send(format(change));
            sent = page[page.length - 1]!.id;
          }
        } while (again && !closed);
      })()
        .catch(() => stop(true))
        .finally(() => (pumping = undefined));
    };
    const stop = (withError = false) => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      this.#streams.get(userId)?.delete(pump);
      this.#closers.delete(close);
      if (withError) controller.error(new Error('The change feed could not read its changes'));
      else controller.close();
    };
    const close = () => stop();
    return new ReadableStream<Uint8Array>({
      start: (streamController) => {
        controller = streamController;
        const wakes = this.#streams.get(userId) ?? new Set();
        wakes.add(pump);
        this.#streams.set(userId, wakes);
        this.#closers.add(close);
        send(`retry: 1000\n: ag-ui-lit change feed\n\n`);
        heartbeat = setInterval(() => send(': ping\n\n'), FEED_HEARTBEAT_MS);
        pump();
      },
      cancel: () => {
        closed = true;
        clearInterval(heartbeat);
        this.#streams.get(userId)?.delete(pump);
        this.#closers.delete(close);
      },
    });
  }

  /** Ends every open stream. */
  close(): void {
    for (const close of [...this.#closers]) close();
  }
}
