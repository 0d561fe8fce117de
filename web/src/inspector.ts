/**
 * ag-ui-lit/inspector: `<ag-ui-tool-inspector>`, a developer panel for the tools of `<ag-ui-agent>`. A subpath of its
 * own, so the main entry (`ag-ui-lit`) does not grow with it. Importing this module defines the element.
 * @module
 */
export { AgUiToolInspector, InspectorPanel } from './components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
export type {
  AgUiToolInspectorEventMap,
  CircuitResetDetail,
  PlaygroundResultDetail,
} from './components/ag-ui-tool-inspector/ag-ui-tool-inspector.events.js';
export { CallOrigin } from './components/ag-ui-tool-inspector/call-log.js';
export type { InspectorCall } from './components/ag-ui-tool-inspector/call-log.js';
export type { PlaygroundFixture } from './components/ag-ui-tool-inspector/fixtures.js';
