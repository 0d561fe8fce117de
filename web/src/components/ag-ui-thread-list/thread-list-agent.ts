import type { ThreadStore } from '../../persistence/thread-store.js';

/**
 * What `<ag-ui-thread-list>` needs of the agent it drives (typically an `<ag-ui-agent>`; any object with these members
 * fits): the store it keeps threads in, its current thread, a way to start a new one, and an `ag-ui-thread-changed`
 * event (detail `{ threadId }`) whenever its thread changes (switch, reset, first restore).
 */
export interface ThreadListAgent extends EventTarget {
  /** The store the agent saves its threads to; may change (the list re-reads it on each `ag-ui-thread-changed`). */
  readonly store?: ThreadStore | undefined;
  /** The current thread; setting another id loads that thread. */
  threadId: string;
  /** Starts a new conversation on a new thread. */
  reset(): void;
}

/** The DOM event an agent fires when its thread changes. */
export const THREAD_CHANGED_EVENT = 'ag-ui-thread-changed';

/** Whether `value` has the members of a `ThreadListAgent` (an element found by id may be anything). */
export function isThreadListAgent(value: unknown): value is ThreadListAgent {
  return value instanceof EventTarget && 'threadId' in value && typeof (value as { reset?: unknown }).reset === 'function';
}

/** The element with id `id` in `node`'s tree (its document or shadow root), if it is an agent. */
export function findAgent(node: Node, id: string): ThreadListAgent | undefined {
  if (!id) return undefined;
  const root = node.getRootNode() as Partial<Pick<Document, 'getElementById'>>;
  const found = root.getElementById?.(id);
  return isThreadListAgent(found) ? found : undefined;
}
