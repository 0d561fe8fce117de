import { ThreadStoreErrorCode } from '../../persistence/thread-store-error.js';
import { UNTITLED } from './render-thread-item.js';

/** The store calls the list makes, as its error message names them. */
export type StoreOperation = 'list' | 'rename' | 'delete';

/** Why, in a person's words, for the codes a person can do something about. */
const REASONS: Partial<Record<ThreadStoreErrorCode, string>> = {
  [ThreadStoreErrorCode.UNAVAILABLE]: 'Saved conversations are not available in this browser.',
  [ThreadStoreErrorCode.QUOTA_EXCEEDED]: 'The browser’s storage is full.',
};

/** The list's message after a failed store call: what failed (with the thread's title), then why when it helps. */
export function noticeText(operation: StoreOperation, code: ThreadStoreErrorCode, title?: string): string {
  const name = `“${title || UNTITLED}”`;
  const what =
    operation === 'list'
      ? 'Couldn’t load the conversations.'
      : operation === 'rename'
        ? `Couldn’t rename ${name}.`
        : `Couldn’t delete ${name}.`;
  const reason = REASONS[code];
  return reason ? `${what} ${reason}` : what;
}
