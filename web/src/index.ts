/**
 * ag-ui-lit: the `<ag-ui-agent>` element, the AG-UI run loop and the browser-side tool runtime.
 * Importing this module defines `<ag-ui-agent>` and installs the `ag-ui-register-tool` listener on `document`.
 * @module
 */
export * from './tools/index.js';
export * from './agent/index.js';
export { AgUiAgent } from './components/ag-ui-agent/ag-ui-agent.js';
export type {
  AgUiAgentEventMap,
  AgUiAgentLoopEventMap,
  AgUiDocumentEventMap,
  MessageSendDetail,
  ToolRegistrationErrorDetail,
} from './components/ag-ui-agent/ag-ui-agent.events.js';
export { AgentLoopController, type AgentLoopControllerOptions } from './components/ag-ui-agent/agent-loop-controller.js';
