/**
 * ag-ui-lit/react/inspector: `<ag-ui-tool-inspector>` as a React component. Its own entry, like `ag-ui-lit/inspector`,
 * so `ag-ui-lit/react` does not load the inspector. Importing this module defines the element.
 * @module
 */
import { AgUiToolInspector as AgUiToolInspectorElement, type AgUiToolInspectorEventMap } from '../inspector.js';
import { createWrapper, type ListsEveryEvent } from './create-wrapper.js';
import type { EventProps } from './event-props.js';

/** Every event `<ag-ui-tool-inspector>` fires, by name (the compiler checks the list against the map). */
export const AG_UI_TOOL_INSPECTOR_EVENTS = [
  'ag-ui-playground-result',
  'ag-ui-circuit-reset',
] as const satisfies readonly (keyof AgUiToolInspectorEventMap)[];

const allListed: ListsEveryEvent<AgUiToolInspectorEventMap, (typeof AG_UI_TOOL_INSPECTOR_EVENTS)[number]> = true;
void allListed;

/** The `onXxx` props of `AgUiToolInspector` (`onPlaygroundResult`, `onCircuitReset`). */
export type AgUiToolInspectorEventProps = EventProps<AgUiToolInspectorEventMap>;

/**
 * `<ag-ui-tool-inspector>` as a React component: `registry` and `manager` are set as element properties, or
 * `htmlFor` names the `<ag-ui-agent>` to inspect.
 * @example
 * ```tsx
 * import { AgUiToolInspector } from 'ag-ui-lit/react/inspector';
 * <AgUiToolInspector htmlFor="chat" onPlaygroundResult={(event) => console.log(event.detail)} />
 * ```
 */
export const AgUiToolInspector = createWrapper<AgUiToolInspectorElement, AgUiToolInspectorEventMap>(
  'ag-ui-tool-inspector',
  AgUiToolInspectorElement,
  AG_UI_TOOL_INSPECTOR_EVENTS,
  'AgUiToolInspector',
);
