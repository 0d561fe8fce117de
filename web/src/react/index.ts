/**
 * ag-ui-lit/react: React components for the elements, made with `@lit/react`, for React 18 and 19. Object props
 * (`tools`, `registry`, `agent`, `renderers`, `store`, ...) are set as element properties and every `ag-ui-*` event
 * is a typed `onXxx` prop. Importing this module defines `<ag-ui-agent>` and `<ag-ui-thread-list>`, and types the raw
 * tags in JSX (`<ag-ui-agent url="..." />`, for React 19). `<ag-ui-tool-inspector>`'s component is in
 * `ag-ui-lit/react/inspector`.
 * @example
 * ```tsx
 * import { AgUiAgent } from 'ag-ui-lit/react';
 *
 * export function Chat() {
 *   return <AgUiAgent url="/api/agent" tools={[weatherTool]} onRunFinished={() => console.log('done')} />;
 * }
 * ```
 * @module
 */
export { AG_UI_AGENT_EVENTS, AgUiAgent } from './ag-ui-agent.js';
export type { AgUiAgentEventProps } from './ag-ui-agent.js';
export { AG_UI_THREAD_LIST_EVENTS, AgUiThreadList } from './ag-ui-thread-list.js';
export type { AgUiThreadListEventProps } from './ag-ui-thread-list.js';
export { eventPropName } from './event-props.js';
export type { EventPropName, EventProps } from './event-props.js';
export type {
  AgUiAgentJsxProps,
  AgUiThreadListJsxProps,
  AgUiToolInspectorJsxProps,
  CustomElementEventHandlers,
  CustomElementJsxProps,
} from './jsx.js';
