import type { StoredApproval, ToolCallRecord } from '../agent/types.js';
import { TypedEventTarget } from '../tools/typed-event-target.js';
import { ChangeFeed } from './change-feed.js';
import { FeedConnection, OwnChanges, type FeedReconnectOptions } from './http-change-feed.js';
import type {
  ThreadSaveOptions,
  ThreadSnapshot,
  ThreadSnapshotInput,
  ThreadStore,
  ThreadStoreChange,
  ThreadStoreListener,
  ThreadSummary,
} from './thread-store.js';
import { ThreadStoreError, ThreadStoreErrorCode } from './thread-store-error.js';

/** Headers sent with every request: a value, or a function called before each request (e.g. to read a fresh token). */
export type HttpThreadStoreHeaders = HeadersInit | (() => HeadersInit | Promise<HeadersInit>);

/** Options of `HttpThreadStore`. */
export interface HttpThreadStoreOptions {
  /**
   * Where the thread API is mounted (the handler's `basePath`), absolute or relative to the page, e.g.
   * `'/api/threads'` or `'https://threads.example.com/api/threads'`.
   */
  baseUrl: string;
  /**
   * Sent with every request, for auth (e.g. `{ authorization: 'Bearer …' }`). A function is called before each
   * request; return at once (not after a network round trip) so that a `keepalive` save leaves before the page goes.
   */
  headers?: HttpThreadStoreHeaders;
  /** The `fetch` to use (e.g. one that adds auth or retries). Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** `fetch`'s `credentials`: whether cookies go with the requests. Default `'same-origin'`. */
  credentials?: RequestCredentials;
  /** Back-off of the change feed's reconnections (`subscribe()`). */
  reconnect?: FeedReconnectOptions;
}

/** Outcome of `HttpThreadStore.claimToolCall()`. */
export type ToolCallClaimOutcome =
  | { claimed: true }
  /** Another owner holds the call: `record` is the call's stored record, whose outcome to adopt. */
  | { claimed: false; owner: string; record: ToolCallRecord };

/** Detail of `HttpThreadStore`'s `feed-error` event. */
export interface HttpFeedErrorDetail {
  /** Why the feed is down: `unavailable` (network, 5xx, the stream ended), `unauthenticated` (401), `rate_limited`… */
  error: ThreadStoreError;
  /** When the feed tries again, in ms. */
  retryInMs: number;
}

/** Events of `HttpThreadStore` (an `EventTarget`). */
export interface HttpThreadStoreEventMap {
  /** The change feed is connected (first connection: from now on, others' changes reach `subscribe()` listeners). */
  'feed-open': Event;
  /** The change feed dropped or could not connect; it reconnects by itself, missing nothing. */
  'feed-error': CustomEvent<HttpFeedErrorDetail>;
}

/** The largest body a `keepalive` request may carry (browsers allow 64 KiB for all of a page's keepalive requests). */
const KEEPALIVE_BODY_LIMIT = 64 * 1024;
/** `GET /threads` page size (the API's largest). */
const LIST_PAGE = 200;

interface ApiResponse {
  status: number;
  body: any;
}

interface RequestSpec {
  method?: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
  body?: unknown;
  /** Statuses besides 2xx the caller reads (e.g. 404 for "none"). */
  accept?: readonly number[];
  keepalive?: boolean;
  threadId?: string;
  /** What is being done, for the error message: "Saving thread \"t1\"". */
  what: string;
}

/**
 * A `ThreadStore` on a server: the thread API of `ag-ui-lit/server` (docs/thread-api.md), so a person's threads follow
 * them from device to device. Every request carries `headers` (or goes through your `fetch`) and `credentials`; every
 * state-changing one sends `Content-Type: application/json`. `list()` follows the API's pages.
 *
 * Rejections are `ThreadStoreError`s: `unavailable` (the network failed, or the server answered 5xx),
 * `unauthenticated` (401), `rate_limited` (429, with `retryAfterMs`), `quota_exceeded` (413: a body over the server's
 * limit), `conflict` (409), `not_found` (`claimToolCall()` of a call with no record), `failed` (a value that cannot be
 * cloned, or any other answer); `status` holds the HTTP status when the server answered.
 *
 * `subscribe()` opens the change feed (`GET {baseUrl}/changes`, Server-Sent Events read with `fetch`) while it has
 * listeners: this object's own writes are told at once with `origin: 'local'`, everyone else's (another device or tab
 * of the same user) as they commit with `origin: 'remote'`. Own writes are told apart on the feed by their change's
 * feed id, which the server answers each write with, so none is told twice. After a drop the feed reconnects with
 * `Last-Event-ID` (back-off per `reconnect`) and misses nothing; `feed-open` and `feed-error` tell its state.
 * @example
 * ```ts
 * import { HttpThreadStore } from 'ag-ui-lit/persistence';
 *
 * const store = new HttpThreadStore({ baseUrl: '/api/threads', headers: () => ({ authorization: `Bearer ${session.token}` }) });
 * document.querySelector('ag-ui-agent')!.store = store;
 * store.subscribe((change) => { if (change.origin === 'remote') refreshList(); });
 * ```
 */
export class HttpThreadStore extends TypedEventTarget<HttpThreadStoreEventMap> implements ThreadStore {
  readonly #baseUrl: string;
  readonly #headers: HttpThreadStoreHeaders | undefined;
  readonly #fetch: typeof fetch;
  readonly #credentials: RequestCredentials;
  readonly #reconnect: FeedReconnectOptions;
  #listeners = new ChangeFeed();
  #subscribers = 0;
  #connection: FeedConnection | undefined;
  #feedOpen = false;
  #own = new OwnChanges((change) => this.#listeners.emit({ type: change.type, threadId: change.threadId, origin: 'remote' }));

  constructor(options: HttpThreadStoreOptions) {
    super();
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#headers = options.headers;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#credentials = options.credentials ?? 'same-origin';
    this.#reconnect = options.reconnect ?? {};
  }

  /** Whether the change feed is connected now (it is open only while `subscribe()` has listeners). */
  get feedConnected(): boolean {
    return this.#feedOpen;
  }

  async list(): Promise<ThreadSummary[]> {
    const threads: ThreadSummary[] = [];
    let cursor: string | undefined;
    do {
      const query = `limit=${LIST_PAGE}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const { body } = await this.#request(`/threads?${query}`, { what: 'Listing threads' });
      if (!body || !Array.isArray(body.threads)) throw corrupt('Listing threads');
      threads.push(...(body.threads as ThreadSummary[]));
      cursor = typeof body.nextCursor === 'string' ? body.nextCursor : undefined;
    } while (cursor !== undefined);
    return threads;
  }

  async load(threadId: string): Promise<ThreadSnapshot | undefined> {
    const what = `Loading thread "${threadId}"`;
    const { status, body } = await this.#request(threadPath(threadId), { accept: [404], threadId, what });
    if (status === 404) return undefined;
    if (!body || !Array.isArray(body.messages) || !Array.isArray(body.toolCalls)) throw corrupt(what, threadId);
    const snapshot: ThreadSnapshot = {
      threadId,
      messages: body.messages,
      state: body.state ?? {},
      toolCalls: body.toolCalls,
      interrupts: body.interrupts ?? [],
      createdAt: body.createdAt,
      updatedAt: body.updatedAt,
    };
    if (body.lastError) snapshot.lastError = body.lastError;
    if (typeof body.title === 'string') snapshot.title = body.title;
    return snapshot;
  }

  async save(snapshot: ThreadSnapshotInput, options: ThreadSaveOptions = {}): Promise<void> {
    const { threadId } = snapshot;
    const what = `Saving thread "${threadId}"`;
    const body = copyOf(
      {
        messages: snapshot.messages,
        state: snapshot.state ?? {},
        toolCalls: snapshot.toolCalls ?? [],
        interrupts: snapshot.interrupts ?? [],
        ...(snapshot.lastError ? { lastError: snapshot.lastError } : {}),
        ...(snapshot.title ? { title: snapshot.title } : {}),
      },
      what,
      threadId,
    );
    await this.#write('saved', threadId, { method: 'PUT', body, keepalive: options.keepalive === true, threadId, what }, threadPath(threadId));
  }

  async saveToolCalls(threadId: string, records: readonly ToolCallRecord[]): Promise<void> {
    const what = `Saving tool calls of thread "${threadId}"`;
    const body = copyOf({ records: [...records] }, what, threadId);
    await this.#write('saved', threadId, { method: 'PUT', body, threadId, what }, `${threadPath(threadId)}/tool-calls`);
  }

  async loadToolCall(threadId: string, toolCallId: string): Promise<ToolCallRecord | undefined> {
    const what = `Loading tool call "${toolCallId}" of thread "${threadId}"`;
    const { status, body } = await this.#request(toolCallPath(threadId, toolCallId), { accept: [404], threadId, what });
    if (status === 404) return undefined;
    if (!body?.record) throw corrupt(what, threadId);
    return body.record as ToolCallRecord;
  }

  /**
   * Claims a recorded tool call for `owner` (one id per device or tab, e.g. a `crypto.randomUUID()` kept for the
   * page): a compare-and-set on the server, so of two devices that claim one call only one gets it, and the other adopts
   * its outcome rather than running it too. Claiming again as the holder succeeds again. Not part of `ThreadStore`.
   * @returns `{ claimed: true }`, or `{ claimed: false, owner, record }` with the holder and the stored record
   * @throws ThreadStoreError `not_found` when the thread has no such record (write it with `saveToolCalls()` first),
   *   or as the other methods
   */
  async claimToolCall(threadId: string, toolCallId: string, owner: string): Promise<ToolCallClaimOutcome> {
    const what = `Claiming tool call "${toolCallId}" of thread "${threadId}"`;
    const { status, body } = await this.#request(`${toolCallPath(threadId, toolCallId)}/claim`, {
      method: 'POST',
      body: { owner },
      accept: [404, 409],
      threadId,
      what,
    });
    if (status === 404) throw new ThreadStoreError(`${what} failed: no such tool call`, ThreadStoreErrorCode.NOT_FOUND, { threadId, status });
    if (status === 409) {
      const error = body?.error;
      if (typeof error?.owner !== 'string' || !error.record) throw corrupt(what, threadId);
      return { claimed: false, owner: error.owner, record: error.record as ToolCallRecord };
    }
    return { claimed: true };
  }

  async rename(threadId: string, title: string): Promise<boolean> {
    const what = `Renaming thread "${threadId}"`;
    return this.#write('renamed', threadId, { method: 'PATCH', body: { title }, accept: [404], threadId, what }, threadPath(threadId));
  }

  async delete(threadId: string): Promise<boolean> {
    const what = `Deleting thread "${threadId}"`;
    return this.#write('deleted', threadId, { method: 'DELETE', accept: [404], threadId, what }, threadPath(threadId));
  }

  async loadApprovals(threadId: string): Promise<StoredApproval[]> {
    const what = `Loading the approvals of thread "${threadId}"`;
    const { body } = await this.#request(`/approvals?threadId=${encodeURIComponent(threadId)}`, { threadId, what });
    if (!Array.isArray(body?.approvals)) throw corrupt(what, threadId);
    return body.approvals as StoredApproval[];
  }

  async saveApproval(approval: StoredApproval): Promise<void> {
    const { toolName, scope, threadId, fingerprint } = approval;
    const body: StoredApproval = { toolName, scope, fingerprint };
    if (scope === 'thread' && threadId !== undefined) body.threadId = threadId;
    await this.#request('/approvals', { method: 'PUT', body: copyOf(body, 'Saving an approval', threadId), threadId, what: `Saving the approval of "${toolName}"` });
  }

  async deleteApprovals(toolName?: string): Promise<number> {
    const query = toolName === undefined ? '' : `?toolName=${encodeURIComponent(toolName)}`;
    const { body } = await this.#request(`/approvals${query}`, { method: 'DELETE', what: 'Deleting approvals' });
    if (typeof body?.deleted !== 'number') throw corrupt('Deleting approvals');
    return body.deleted;
  }

  /**
   * Calls `listener` after each change: this object's own at once (`origin: 'local'`), others' as the change feed
   * brings them (`origin: 'remote'`, from when the feed is open: `feed-open`). The first listener opens the feed, the
   * last one to unsubscribe closes it. @returns a function that unsubscribes it
   */
  subscribe(listener: ThreadStoreListener): () => void {
    const stop = this.#listeners.subscribe(listener);
    if (this.#subscribers++ === 0) this.#openFeed();
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      stop();
      if (--this.#subscribers === 0) this.#closeFeed();
    };
  }

  #openFeed(): void {
    this.#own.start();
    const connection = new FeedConnection({
      ...this.#reconnect,
      open: (headers, signal) =>
        this.#fetchWith('/changes?since=now', { headers, signal }).catch((cause: unknown) => {
          throw unreachable('Opening the change feed', cause);
        }),
      onPosition: (id) => this.#own.position(id),
      onChange: (change) => this.#own.receive(change),
      onOpen: () => {
        this.#feedOpen = true;
        this.dispatchEvent(new Event('feed-open'));
      },
      onError: (error, retryInMs) => {
        this.#feedOpen = false;
        const event = new CustomEvent<HttpFeedErrorDetail>('feed-error', { detail: { error, retryInMs } });
        this.dispatchEvent(event);
      },
      errorOf: async (response) => errorOf(response, await readJson(response).catch(() => undefined), 'Opening the change feed'),
    });
    this.#connection = connection;
    connection.start();
  }

  #closeFeed(): void {
    this.#connection?.close();
    this.#connection = undefined;
    this.#feedOpen = false;
    this.#own.stop();
  }

  /**
   * A write that may change a thread: told to the listeners (`local`) when the server says it did (its answer has a
   * `changeId`), and matched with its event on the feed. @returns whether it changed something (`false` on 404)
   */
  async #write(type: ThreadStoreChange['type'], threadId: string, spec: RequestSpec, path: string): Promise<boolean> {
    const end = this.#own.begin(threadId);
    let response: ApiResponse;
    try {
      response = await this.#request(path, spec);
    } catch (error) {
      end(undefined);
      throw error;
    }
    const changeId = typeof response.body?.changeId === 'number' ? (response.body.changeId as number) : undefined;
    const changed = response.status < 300 && response.body?.deleted !== true;
    end(changeId, changed ? () => this.#listeners.emit({ type, threadId, origin: 'local' }) : undefined);
    return changed;
  }

  async #request(path: string, spec: RequestSpec): Promise<ApiResponse> {
    const { method = 'GET', accept = [], threadId, what } = spec;
    const text = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    // Every state-changing request says JSON, body or not: the server refuses one without (no CSRF from a form).
    const init: RequestInit = { method, headers: method === 'GET' ? {} : { 'content-type': 'application/json' } };
    if (text !== undefined) init.body = text;
    // keepalive outlives the page but caps the body; a larger one goes as a normal request (it may not finish).
    const keepalive = spec.keepalive === true && new TextEncoder().encode(text ?? '').byteLength <= KEEPALIVE_BODY_LIMIT;
    let response: Response;
    try {
      try {
        response = await this.#fetchWith(path, keepalive ? { ...init, keepalive: true } : init);
      } catch (error) {
        // The page's keepalive budget (shared by its pending keepalive requests) may be spent: send it plainly.
        if (!keepalive) throw error;
        response = await this.#fetchWith(path, init);
      }
    } catch (cause) {
      throw unreachable(what, cause, threadId);
    }
    const body = await readJson(response).catch((cause: unknown) => {
      throw new ThreadStoreError(`${what} failed: the answer is not JSON`, response.ok ? ThreadStoreErrorCode.FAILED : codeOf(response.status), {
        threadId,
        status: response.status,
        cause,
      });
    });
    if (response.ok || accept.includes(response.status)) return { status: response.status, body };
    throw errorOf(response, body, what, threadId);
  }

  async #fetchWith(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(typeof this.#headers === 'function' ? await this.#headers() : this.#headers);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    return this.#fetch(`${this.#baseUrl}${path}`, { ...init, headers, credentials: this.#credentials, cache: 'no-store' });
  }
}

const threadPath = (threadId: string) => `/threads/${encodeURIComponent(threadId)}`;
const toolCallPath = (threadId: string, toolCallId: string) => `${threadPath(threadId)}/tool-calls/${encodeURIComponent(toolCallId)}`;

/** The ThreadStoreError code of an HTTP error status. */
function codeOf(status: number): ThreadStoreErrorCode {
  if (status === 401) return ThreadStoreErrorCode.UNAUTHENTICATED;
  if (status === 409) return ThreadStoreErrorCode.CONFLICT;
  if (status === 413) return ThreadStoreErrorCode.QUOTA_EXCEEDED;
  if (status === 429) return ThreadStoreErrorCode.RATE_LIMITED;
  if (status >= 500) return ThreadStoreErrorCode.UNAVAILABLE;
  return ThreadStoreErrorCode.FAILED;
}

/** The error of a failed answer: its code from the status, its message from the API's error body when it has one. */
function errorOf(response: Response, body: any, what: string, threadId?: string): ThreadStoreError {
  const apiError = body?.error;
  const detail = typeof apiError?.message === 'string' ? `${apiError.code}: ${apiError.message}` : response.statusText;
  const seconds = Number(response.headers.get('retry-after'));
  return new ThreadStoreError(`${what} failed (HTTP ${response.status} ${detail})`, codeOf(response.status), {
    threadId,
    status: response.status,
    cause: apiError,
    ...(response.status === 429 && Number.isFinite(seconds) && seconds >= 0 ? { retryAfterMs: seconds * 1000 } : {}),
  });
}

function unreachable(what: string, cause: unknown, threadId?: string): ThreadStoreError {
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  return new ThreadStoreError(`${what} failed: the server cannot be reached (${reason})`, ThreadStoreErrorCode.UNAVAILABLE, { threadId, cause });
}

const corrupt = (what: string, threadId?: string) =>
  new ThreadStoreError(`${what} failed: the server's answer does not have the thread API's shape`, ThreadStoreErrorCode.CORRUPT, { threadId });

async function readJson(response: Response): Promise<any> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/** A copy of `value` as it will be sent: a value JSON cannot carry faithfully (a function, a cycle) rejects with `failed`. */
function copyOf<T>(value: T, what: string, threadId?: string): T {
  try {
    return structuredClone(value);
  } catch (cause) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    throw new ThreadStoreError(`${what} failed (${reason})`, ThreadStoreErrorCode.FAILED, { threadId, cause });
  }
}
