// The React wrapper of <ag-ui-thread-list>.
import { AgUiThreadList as AgUiThreadListElement } from '../components/ag-ui-thread-list/ag-ui-thread-list.js';
import type { AgUiThreadListEventMap } from '../components/ag-ui-thread-list/ag-ui-thread-list.events.js';
import { createWrapper, type ListsEveryEvent } from './create-wrapper.js';
import type { EventProps } from './event-props.js';

/** Every event `<ag-ui-thread-list>` fires, by name (the compiler checks the list against the map). */
export const AG_UI_THREAD_LIST_EVENTS = [
  'ag-ui-thread-select',
  'ag-ui-thread-new',
  'ag-ui-thread-renamed',
  'ag-ui-thread-deleted',
  'ag-ui-persistence-error',
] as const satisfies readonly (keyof AgUiThreadListEventMap)[];

const allListed: ListsEveryEvent<AgUiThreadListEventMap, (typeof AG_UI_THREAD_LIST_EVENTS)[number]> = true;
void allListed;

/** The `onXxx` props of `AgUiThreadList` (`onThreadSelect: 'ag-ui-thread-select'`, ...). */
export type AgUiThreadListEventProps = EventProps<AgUiThreadListEventMap>;

/**
 * `<ag-ui-thread-list>` as a React component. `agent` and `store` are set as element properties; each event is an
 * `onXxx` prop (`onThreadSelect`, `onThreadNew`, `onThreadRenamed`, `onThreadDeleted`, `onPersistenceError`).
 * Importing this module defines `<ag-ui-thread-list>`.
 * @example
 * ```tsx
 * const agentRef = useRef<AgUiAgentElement>(null);
 * <AgUiThreadList htmlFor="chat" />
 * <AgUiAgent id="chat" ref={agentRef} url="/api/agent" persist />
 * ```
 */
export const AgUiThreadList = createWrapper<AgUiThreadListElement, AgUiThreadListEventMap>(
  'ag-ui-thread-list',
  AgUiThreadListElement,
  AG_UI_THREAD_LIST_EVENTS,
  'AgUiThreadList',
);
