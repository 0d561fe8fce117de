// The React wrapper of <ag-ui-agent>. Every event of `AgUiAgentEventMap` is an `onXxx` prop: the loop's events come
// from `FORWARDED_LOOP_EVENTS` (so a new loop event reaches React without a change here), the element's own are
// listed below and checked against the map by the compiler.
import { AgUiAgent as AgUiAgentElement } from '../components/ag-ui-agent/ag-ui-agent.js';
import {
  FORWARDED_LOOP_EVENTS,
  type AgUiAgentEventMap,
  type ForwardedLoopEventName,
} from '../components/ag-ui-agent/ag-ui-agent.events.js';
import { createWrapper, type ListsEveryEvent } from './create-wrapper.js';
import type { EventProps } from './event-props.js';

/** The element's own events (the rest of `AgUiAgentEventMap` are the loop's, `ag-ui-<loop event>`). */
const OWN_EVENTS = [
  'ag-ui-message-send',
  'ag-ui-tool-registration-error',
  'ag-ui-thread-changed',
  'ag-ui-persistence-error',
  'ag-ui-a2ui-action',
  'ag-ui-a2ui-error',
  'ag-ui-tool-source-error',
  'ag-ui-part-error',
  'ag-ui-render-error',
] as const satisfies readonly (keyof AgUiAgentEventMap)[];

// Fails to compile when an event is added to AgUiAgentEventMap but to neither list.
const allListed: ListsEveryEvent<
  AgUiAgentEventMap,
  (typeof OWN_EVENTS)[number] | `ag-ui-${ForwardedLoopEventName}`
> = true;
void allListed;

/** Every event `<ag-ui-agent>` fires, by name. */
export const AG_UI_AGENT_EVENTS: readonly (keyof AgUiAgentEventMap)[] = [
  ...OWN_EVENTS,
  ...FORWARDED_LOOP_EVENTS.map((type) => `ag-ui-${type}` as const),
];

/** The `onXxx` props of `AgUiAgent`, each naming the event it listens to (`onToolCallEnd: 'ag-ui-tool-call-end'`). */
export type AgUiAgentEventProps = EventProps<AgUiAgentEventMap>;

/**
 * `<ag-ui-agent>` as a React component (React 18 and 19). Object props (`tools`, `registry`, `policy`, `agent`,
 * `renderers`, `store`, `context`, ...) are set as element properties, never as attributes; each `ag-ui-*` event is
 * an `onXxx` prop whose handler gets the typed event (`onToolCallEnd`, `onRunFinished`, `onToolApprovalRequested`,
 * `onThreadChanged`, `onPersistenceError`, `onActivityChanged`, ...). A `ref` gives the element (`sendMessage()`,
 * `stop()`, `messages`). Importing this module defines `<ag-ui-agent>`.
 * @example
 * ```tsx
 * import { AgUiAgent } from 'ag-ui-lit/react';
 *
 * <AgUiAgent
 *   url="/api/agent"
 *   tools={[weatherTool]}
 *   onToolCallEnd={(event) => console.log(event.detail.toolCallName, event.detail.result)}
 * />
 * ```
 */
export const AgUiAgent = createWrapper<AgUiAgentElement, AgUiAgentEventMap>(
  'ag-ui-agent',
  AgUiAgentElement,
  AG_UI_AGENT_EVENTS,
  'AgUiAgent',
);
