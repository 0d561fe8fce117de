/** Codes of `ThreadStoreError`. */
export const ThreadStoreErrorCode = {
  /** The store cannot be opened: no IndexedDB (blocked, some private modes), opening failed, or another tab's old connection blocks the upgrade. */
  UNAVAILABLE: 'unavailable',
  /** The browser refused the write for lack of storage space (a `QuotaExceededError`). */
  QUOTA_EXCEEDED: 'quota_exceeded',
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

  constructor(message: string, code: ThreadStoreErrorCode, options: { threadId?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.threadId !== undefined) this.threadId = options.threadId;
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
