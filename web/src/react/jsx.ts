// JSX types for the raw tags (`<ag-ui-agent url="..." />`), merged into React's `JSX.IntrinsicElements`.
// React 19 sets a prop the element has (`tools`, `registry`, `threadId`, ...) as a property and turns
// `on<event-name>` into a listener, which is what these types describe. React 18 sets every prop on a custom element
// as an attribute ("[object Object]") and ignores `on<event-name>`: there, use the wrappers (`AgUiAgent`, ...).
import type { HTMLAttributes, ReactNode, RefAttributes } from 'react';
import type { AgUiAgent } from '../components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiAgentEventMap } from '../components/ag-ui-agent/ag-ui-agent.events.js';
import type { AgUiThreadList } from '../components/ag-ui-thread-list/ag-ui-thread-list.js';
import type { AgUiThreadListEventMap } from '../components/ag-ui-thread-list/ag-ui-thread-list.events.js';
import type { AgUiToolInspector } from '../components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import type { AgUiToolInspectorEventMap } from '../components/ag-ui-tool-inspector/ag-ui-tool-inspector.events.js';

/** React 19's listener props of a custom element: `on` + the exact event name (`onag-ui-run-finished`). */
export type CustomElementEventHandlers<EventMap> = {
  [Type in keyof EventMap & string as `on${Type}`]?: (event: EventMap[Type]) => void;
};

/** Props of a raw custom-element tag in JSX: React's HTML attributes, a ref, the given properties and events. */
export type CustomElementJsxProps<Element extends HTMLElement, Props extends keyof Element, EventMap> = Omit<
  HTMLAttributes<Element>,
  Props
> &
  RefAttributes<Element> &
  Partial<Pick<Element, Props>> &
  CustomElementEventHandlers<EventMap> & { children?: ReactNode };

/** The settable properties of `<ag-ui-agent>` (attributes in kebab-case work too, as strings). */
export type AgUiAgentJsxProps = CustomElementJsxProps<
  AgUiAgent,
  | 'url'
  | 'headers'
  | 'agent'
  | 'tools'
  | 'registry'
  | 'context'
  | 'forwardedProps'
  | 'policy'
  | 'maxToolIterations'
  | 'streamIdleTimeoutMs'
  | 'unknownTools'
  | 'placeholder'
  | 'disabled'
  | 'suggestions'
  | 'theme'
  | 'threadId'
  | 'persist'
  | 'renderers'
  | 'activityRenderers'
  | 'persistName'
  | 'store',
  AgUiAgentEventMap
>;

/** The settable properties of `<ag-ui-thread-list>`. */
export type AgUiThreadListJsxProps = CustomElementJsxProps<
  AgUiThreadList,
  'agent' | 'htmlFor' | 'store' | 'theme',
  AgUiThreadListEventMap
>;

/** The settable properties of `<ag-ui-tool-inspector>`. */
export type AgUiToolInspectorJsxProps = CustomElementJsxProps<
  AgUiToolInspector,
  'htmlFor' | 'registry' | 'manager' | 'panel' | 'theme' | 'fixturesKey',
  AgUiToolInspectorEventMap
>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX namespace is how tags are typed
  namespace JSX {
    interface IntrinsicElements {
      'ag-ui-agent': AgUiAgentJsxProps;
      'ag-ui-thread-list': AgUiThreadListJsxProps;
      'ag-ui-tool-inspector': AgUiToolInspectorJsxProps;
    }
  }
}
