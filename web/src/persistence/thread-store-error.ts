/** Codes of `ThreadStoreError`. */
export const ThreadStoreErrorCode = {
  /**
   * The store cannot be reached: no IndexedDB (blocked, some private modes), opening failed, or another tab's old
   * connection blocks the upgrade; for `HttpThreadStore`, the network failed or the server answered 5xx.
   */
  UNAVAILABLE: 'unavailable',
  /**
   * The browser refused the write for lack of storage space (a `QuotaExceededError`); for `HttpThreadStore`, the
   * server refused a body over its size limit (413).
   */
  QUOTA_EXCEEDED: 'quota_exceeded',
  /** `HttpThreadStore`: the server does not know who is asking (401): sign in again, or fix the `headers` option. */
  UNAUTHENTICATED: 'unauthenticated',
  /** `HttpThreadStore`: the server refused a write that met a newer one (409). */
  CONFLICT: 'conflict',
  /** `HttpThreadStore`: too many requests (429); `retryAfterMs` of the error says when to try again, when known. */
  RATE_LIMITED: 'rate_limited',
  /** `HttpThreadStore.claimToolCall()`: the thread has no such tool-call record (404). */
  NOT_FOUND: 'not_found',
  /** A record (or the database) was written by a newer version of this library than the running one. */
  VERSION_UNSUPPORTED: 'version_unsupported',
  /** A record does not have the shape its version says. */
  CORRUPT: 'corrupt',
  /** Anything else (a value that cannot be cloned, a transaction that aborted). */
  FAILED: 'failed',
} as const;
export type ThreadStoreErrorCode = (typeof ThreadStoreErrorCode)[keyof typeof ThreadStoreErrorCode];

/** The one error a `ThreadStore` rejects with (and reports for a record it skipped). `cause`: the original error. */
export class ThreadStoreError extends Error {
  override name = 'ThreadStoreError';
  readonly code: ThreadStoreErrorCode;
  /** The thread concerned, when one is. */
  readonly threadId?: string;
  /** `HttpThreadStore`: the HTTP status the server answered with, when it answered. */
  readonly status?: number;
  /** `rate_limited`: how long to wait before trying again (from `Retry-After`), in ms, when the server said. */
  readonly retryAfterMs?: number;

  constructor(
    message: string,
    code: ThreadStoreErrorCode,
    options: { threadId?: string; cause?: unknown; status?: number; retryAfterMs?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.threadId !== undefined) this.threadId = options.threadId;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * `error` as a `ThreadStoreError`: one already is kept; a `QuotaExceededError` is `quota_exceeded`, a `VersionError`
 * `version_unsupported`; anything else gets `fallback`.
 */
export function toThreadStoreError(
  error: unknown,
  what: string,
  fallback: ThreadStoreErrorCode = ThreadStoreErrorCode.FAILED,
  threadId?: string,
): ThreadStoreError {
  if (error instanceof ThreadStoreError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const code =
    name === 'QuotaExceededError'
      ? ThreadStoreErrorCode.QUOTA_EXCEEDED
      : name === 'VersionError'
        ? ThreadStoreErrorCode.VERSION_UNSUPPORTED
        : fallback;
  const reason = error instanceof Error || error instanceof DOMException ? `${error.name}: ${error.message}` : String(error);
  return new ThreadStoreError(`${what} failed (${reason})`, code, { threadId, cause: error });
}

/**
 * Detail of the `ag-ui-persistence-error` event (`<ag-ui-agent>`, `<ag-ui-thread-list>`): a thread store call failed.
 * What was shown stays; the conversation carries on in memory.
 */
export interface PersistenceErrorDetail {
  /** The `ThreadStoreError`'s code (`failed` for any other rejection). */
  code: ThreadStoreErrorCode;
  message: string;
  /** The thread concerned, when one is. */
  threadId?: string;
  /** What the store rejected with (usually the `ThreadStoreError`). */
  cause?: unknown;
}
