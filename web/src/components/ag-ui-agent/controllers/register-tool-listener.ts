/**
 * Page-wide tool registration by event: a page that has no reference to an `<ag-ui-agent>` (or that loads before it)
 * dispatches `ag-ui-register-tool` with a `ToolDefinition` on `document`, and the tool lands in `globalToolRegistry`.
 * Installed once, when this module is first imported (importing `ag-ui-lit` does it).
 * @module
 */
import { globalToolRegistry, type ToolDefinition } from '../../../tools/index.js';
import { emitAgentEvent } from '../ag-ui-agent.events.js';

let installed = false;

/**
 * Registers the definition carried by an `ag-ui-register-tool` event into `globalToolRegistry`. A definition that
 * fails to register never throws into the page: it is reported with `console.error` and an
 * `ag-ui-tool-registration-error` event on `document` (detail `source: 'register-tool-event'`).
 */
function onRegisterTool(event: CustomEvent<ToolDefinition>): void {
  const definition: unknown = event.detail;
  try {
    globalToolRegistry.register(definition as ToolDefinition);
  } catch (error) {
    const toolName = typeof (definition as { name?: unknown } | null)?.name === 'string' ? (definition as { name: string }).name : undefined;
    console.error(`ag-ui-register-tool: could not register ${toolName ? `"${toolName}"` : 'the tool'}:`, error);
    emitAgentEvent(document, 'ag-ui-tool-registration-error', { toolName, error, source: 'register-tool-event' });
  }
}

/** Installs the `document` listener (idempotent; a no-op where there is no `document`). */
export function installRegisterToolListener(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('ag-ui-register-tool', onRegisterTool);
}

installRegisterToolListener();
