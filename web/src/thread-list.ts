/**
 * ag-ui-lit/thread-list: `<ag-ui-thread-list>`, the saved conversations of a `ThreadStore` (usually an
 * `<ag-ui-agent persist>`'s). A subpath of its own, so a page without a thread list does not load it. Importing this
 * module defines the element.
 * @module
 */
export { AgUiThreadList } from './components/ag-ui-thread-list/ag-ui-thread-list.js';
export type {
  AgUiThreadListEventMap,
  ThreadDeletedDetail,
  ThreadRenamedDetail,
  ThreadSelectDetail,
} from './components/ag-ui-thread-list/ag-ui-thread-list.events.js';
export type { ThreadListAgent } from './components/ag-ui-thread-list/thread-list-agent.js';
