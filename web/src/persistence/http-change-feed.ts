import { SseParser } from './sse-parser.js';
import type { ThreadStoreChange } from './thread-store.js';
import { ThreadStoreError } from './thread-store-error.js';

/** One change the thread API's feed (`GET /changes`) carried, with its feed id. */
export interface FeedChange {
  id: number;
  type: ThreadStoreChange['type'];
  threadId: string;
}

/** Back-off of the change feed's reconnections. */
export interface FeedReconnectOptions {
  /** The wait before the first reconnection after a drop, in ms (doubled after each failed attempt, with jitter). Default 1000. */
  initialDelayMs?: number;
  /** The longest wait between two attempts, in ms. Default 30000. */
  maxDelayMs?: number;
}

/** What a `FeedConnection` needs from its store. */
export interface FeedConnectionOptions extends FeedReconnectOptions {
  /** Opens `GET /changes?since=now` with these headers (the store adds its own headers, credentials and fetch). */
  open(headers: Record<string, string>, signal: AbortSignal): Promise<Response>;
  /** The feed has reached feed id `id`: a change or a position the server named. */
  onPosition(id: number): void;
  onChange(change: FeedChange): void;
  /** Connected and caught up: the server named its position (after the first connection or a reconnection). */
  onOpen(): void;
  /** The connection failed or dropped; the next attempt is in `retryInMs`. */
  onError(error: ThreadStoreError, retryInMs: number): void;
  /** Maps a failed response (not 200) to the error `onError` reports. */
  errorOf(response: Response): Promise<ThreadStoreError>;
}

/**
 * One store's connection to the change feed, open from `start()` until `close()`: reads the SSE stream with `fetch`
 * (so it carries the store's headers, credentials and custom `fetch`, which `EventSource` cannot), and after a drop
 * reconnects with `Last-Event-ID` (the last feed id it read), so it misses nothing and repeats nothing, waiting
 * `initialDelayMs`, doubled per failed attempt up to `maxDelayMs` (times 0.5-1 at random, so many clients that lost
 * one server do not all come back at once).
 */
export class FeedConnection {
  #abort = new AbortController();
  #lastEventId: string | undefined;
  readonly #initialDelayMs: number;
  readonly #maxDelayMs: number;

  constructor(private readonly options: FeedConnectionOptions) {
    this.#initialDelayMs = options.initialDelayMs ?? 1000;
    this.#maxDelayMs = options.maxDelayMs ?? 30_000;
  }

  start(): void {
    void this.#run();
  }

  close(): void {
    this.#abort.abort();
  }

  async #run(): Promise<void> {
    const { signal } = this.#abort;
    let failures = 0;
    while (!signal.aborted) {
      let error: ThreadStoreError;
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream' };
        if (this.#lastEventId !== undefined) headers['last-event-id'] = this.#lastEventId;
        const response = await this.options.open(headers, signal);
        if (!response.ok || !response.body) {
          error = await this.options.errorOf(response);
        } else {
          failures = 0;
          // Resumed: the server sends what was missed, then the live changes. New: open once it names its position.
          const resumed = this.#lastEventId !== undefined;
          if (resumed) this.options.onOpen();
          await this.#read(response.body, signal, !resumed);
          error = new ThreadStoreError('The change feed ended', 'unavailable');
        }
      } catch (cause) {
        if (signal.aborted) return;
        error = cause instanceof ThreadStoreError ? cause : new ThreadStoreError(`The change feed failed (${String(cause)})`, 'unavailable', { cause });
      }
      if (signal.aborted) return;
      const delay = Math.min(this.#maxDelayMs, this.#initialDelayMs * 2 ** failures++) * (0.5 + Math.random() / 2);
      this.options.onError(error, Math.round(delay));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }

  async #read(body: ReadableStream<Uint8Array>, signal: AbortSignal, awaitingPosition: boolean): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    for (let chunk = await reader.read(); !chunk.done && !signal.aborted; chunk = await reader.read()) {
      for (const message of parser.push(decoder.decode(chunk.value, { stream: true }))) {
        if (signal.aborted) return;
        const id = Number(message.lastEventId);
        if (message.lastEventId === '' || !Number.isSafeInteger(id)) continue;
        this.#lastEventId = message.lastEventId;
        if (message.data === '') {
          this.options.onPosition(id);
          if (awaitingPosition) this.options.onOpen();
          awaitingPosition = false;
          continue;
        }
        const change = message.event === 'change' ? parseChange(id, message.data) : undefined;
        if (change) this.options.onChange(change);
        else this.options.onPosition(id);
      }
    }
  }
}

function parseChange(id: number, data: string): FeedChange | undefined {
  try {
    const value = JSON.parse(data) as { type?: unknown; threadId?: unknown };
    const { type, threadId } = value;
    if ((type === 'saved' || type === 'renamed' || type === 'deleted') && typeof threadId === 'string') return { id, type, threadId };
  } catch {
    // not a change this version knows: skipped, its position still counts
  }
  return undefined;
}

/**
 * Tells this store's own writes from others' on its change feed, by feed id: every write the server applies answers
 * with the feed id of its change (`changeId`), which the store hands to `end()`; the feed event with that id is then
 * dropped (the store already told its listeners, `origin: 'local'`). The feed may deliver the event before the write's
 * response: an event of a thread this store is writing is held until those writes have answered, then dropped when it
 * is one of theirs, else reported. Ids and held events are kept only while the feed is open; an id the feed already
 * passed (a write that committed before the feed opened) is not kept.
 */
export class OwnChanges {
  /** Feed ids of own changes the feed has not carried yet. */
  #ids = new Set<number>();
  /** Own writes answering, by thread. */
  #writing = new Map<string, number>();
  #held: FeedChange[] = [];
  /** The last feed id read: `-1` until the feed names its position. */
  #position = -1;
  #active = false;

  constructor(private readonly report: (change: FeedChange) => void) {}

  /** The feed opened: own writes are tracked from now on. */
  start(): void {
    this.#active = true;
  }

  /** The feed closed: forget what was tracked. */
  stop(): void {
    this.#active = false;
    this.#ids.clear();
    this.#held = [];
    this.#position = -1;
  }

  /**
   * A write of `threadId` starts. @returns its end: call it once with the write's `changeId` (`undefined` when it
   * changed nothing or failed) and `emitLocal`, which tells the listeners of the write, in feed order with what was
   * held
   */
  begin(threadId: string): (changeId: number | undefined, emitLocal?: () => void) => void {
    this.#writing.set(threadId, (this.#writing.get(threadId) ?? 0) + 1);
    let ended = false;
    return (changeId, emitLocal) => {
      if (ended) return;
      ended = true;
      const left = this.#writing.get(threadId)! - 1;
      if (left > 0) this.#writing.set(threadId, left);
      else this.#writing.delete(threadId);
      if (changeId !== undefined && this.#active) {
        const index = this.#held.findIndex((change) => change.id === changeId);
        if (index >= 0) this.#held.splice(index, 1);
        else if (changeId > this.#position) this.#ids.add(changeId);
      }
      // What others changed before this write is told first, then this write, then what came after it.
      if (left === 0) this.#release(threadId, (change) => changeId === undefined || change.id < changeId);
      emitLocal?.();
      if (left === 0) this.#release(threadId, () => true);
    };
  }

  /** The feed reached `id` without a change this version reads: own ids up to it will not come. */
  position(id: number): void {
    this.#position = Math.max(this.#position, id);
    for (const own of this.#ids) if (own <= id) this.#ids.delete(own);
  }

  /** A change the feed carried. */
  receive(change: FeedChange): void {
    if (this.#ids.delete(change.id)) {
      this.position(change.id);
      return;
    }
    // The feed is in id order: an own id below this one never comes (its write committed before the feed opened).
    this.position(change.id);
    if (this.#writing.has(change.threadId)) this.#held.push(change);
    else this.report(change);
  }

  #release(threadId: string, which: (change: FeedChange) => boolean): void {
    const released = this.#held.filter((change) => change.threadId === threadId && which(change));
    if (released.length === 0) return;
    this.#held = this.#held.filter((change) => !released.includes(change));
    for (const change of released) this.report(change);
  }
}
