// The events of <ag-ui-thread-list>, typed once here and carried into every `addEventListener` by the global map.
import type { PersistenceErrorDetail } from '../../persistence/thread-store-error.js';

export type { PersistenceErrorDetail };

/** Detail of `ag-ui-thread-select`: the thread a person picked. */
export interface ThreadSelectDetail {
  threadId: string;
}

/** Detail of `ag-ui-thread-renamed`: the thread and the title it was saved with (`''`: back to the derived title). */
export interface ThreadRenamedDetail {
  threadId: string;
  title: string;
}

/** Detail of `ag-ui-thread-deleted`: the thread the store deleted. */
export interface ThreadDeletedDetail {
  threadId: string;
}

/** The events `<ag-ui-thread-list>` fires. All bubble and are composed. */
export interface AgUiThreadListEventMap {
  /** A thread was picked. Cancelable: `preventDefault()` keeps the agent on its thread. */
  'ag-ui-thread-select': CustomEvent<ThreadSelectDetail>;
  /** "New conversation" was pressed. Cancelable: `preventDefault()` keeps the agent from calling `reset()`. */
  'ag-ui-thread-new': CustomEvent<Record<PropertyKey, never>>;
  /** A thread's title was saved by the store. */
  'ag-ui-thread-renamed': CustomEvent<ThreadRenamedDetail>;
  /** A thread was deleted from the store. */
  'ag-ui-thread-deleted': CustomEvent<ThreadDeletedDetail>;
  /** A store call failed (listing, renaming, deleting); the list keeps what it showed and says so. */
  'ag-ui-persistence-error': CustomEvent<PersistenceErrorDetail>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the point
  interface HTMLElementEventMap extends AgUiThreadListEventMap {}
}
