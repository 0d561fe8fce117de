// The element's events: its own (typed here) and every loop event re-fired as `ag-ui-<name>` (derived from
// `AgentRunLoopEventMap`, so a loop event is declared once, in agent/types.ts).
import { AGENT_RUN_LOOP_EVENTS, type AgentRunLoopEventMap } from '../../agent/types.js';
import type { PersistenceErrorDetail } from '../../persistence/thread-store-error.js';
import type { ToolDefinition } from '../../tools/index.js';
import { emit, type Emit } from '../../internal/emit.js';
import type { A2uiActionDetail, A2uiErrorDetail } from './cards/a2ui/a2ui-activity.js';
import type { RenderErrorDetail } from './transcript/entry-error.js';

/** Detail of `ag-ui-message-send`: the text about to be sent (trimmed). */
export interface MessageSendDetail {
  text: string;
}

/** Detail of `ag-ui-tool-registration-error`: a tool definition could not be registered. */
export interface ToolRegistrationErrorDetail {
  /** The definition's name, when it had a string one. */
  toolName: string | undefined;
  /** What `ToolRegistry.register()` threw (usually a `ToolRegistrationError` with a `code`). */
  error: unknown;
  /** Where the definition came from. */
  source: 'tools-property' | 'register-tool-method' | 'register-tool-event';
}

export type { PersistenceErrorDetail };
export type { A2uiActionDetail, A2uiClientDataModel, A2uiErrorDetail, A2uiUserAction } from './cards/a2ui/a2ui-activity.js';
export type { RenderErrorCode, RenderErrorDetail } from './transcript/entry-error.js';

/**
 * Detail of `ag-ui-tool-source-error`: a source of tools could not be used (WebMCP missing for `expose-webmcp`, a tool
 * the browser refused, `mcpServers` without `ag-ui-lit/mcp` loaded, a server that could not be reached). The element
 * also shows `message`.
 */
export interface ToolSourceErrorDetail {
  /** Which source: `'webmcp'`, or the MCP server's `name`. */
  source: string;
  /** Stable code: `webmcp_unavailable`, `webmcp_register_failed`, `webmcp_load_failed`, `mcp_not_loaded`, ... */
  code: string;
  message: string;
  /** The tool concerned, when one is. */
  toolName?: string;
}

/**
 * Detail of `ag-ui-part-error`: a part of the element loaded on first use (the interrupt cards, the approval card,
 * activities) could not be loaded, e.g. offline or after a deploy removed its chunk. Its place shows a contained
 * error instead, with what is needed to go on (Approve / Deny for an approval, Cancel for an interrupt).
 */
export interface PartErrorDetail {
  /** Which part: `'interrupts'`, `'approval'` or `'activity'`. */
  part: string;
  /** Stable code: `part_load_failed`. */
  code: 'part_load_failed';
  message: string;
  /** What the failed `import()` rejected with. */
  cause: unknown;
}

/** Detail of `ag-ui-thread-changed`: the element now shows another thread. */
export interface ThreadChangedDetail {
  threadId: string;
  /** Whether the thread came from the store (`false`: a new, empty thread). */
  restored: boolean;
}

/** Loop event names re-fired by the element (`running-changed` stays internal: read `running`). */
export type ForwardedLoopEventName = Exclude<keyof AgentRunLoopEventMap, 'running-changed'>;

/** The loop events the element re-fires, each as `ag-ui-<name>` (bubbling, composed, same detail). */
export const FORWARDED_LOOP_EVENTS: readonly ForwardedLoopEventName[] = AGENT_RUN_LOOP_EVENTS.filter(
  (type): type is ForwardedLoopEventName => type !== 'running-changed',
);

/** The loop's events as the element fires them: `ag-ui-<name>`, same detail (see `AgentRunLoopEventMap`). */
export type AgUiAgentLoopEventMap = {
  [K in ForwardedLoopEventName as `ag-ui-${K}`]: AgentRunLoopEventMap[K];
};

/**
 * The events `<ag-ui-agent>` fires. All bubble and are composed, so a listener on `document` hears them. Every loop
 * event (`AgentRunLoopEventMap`) is re-fired as `ag-ui-<name>` with the same detail; a `preventDefault()` on a
 * cancelable one (`ag-ui-tool-approval-requested`, `ag-ui-interrupt`) reaches the loop.
 */
export interface AgUiAgentEventMap extends AgUiAgentLoopEventMap {
  /** A message is about to be sent. Cancelable: `preventDefault()` stops it (the composer keeps the text). */
  'ag-ui-message-send': CustomEvent<MessageSendDetail>;
  /** A definition given through `tools` or `registerTool()` could not be registered (e.g. a duplicate name). */
  'ag-ui-tool-registration-error': CustomEvent<ToolRegistrationErrorDetail>;
  /**
   * The element shows another thread: restored from the store, switched (`threadId`), or new (`reset()`); also once its
   * store is ready when there was nothing to restore (`restored: false`).
   */
  'ag-ui-thread-changed': CustomEvent<ThreadChangedDetail>;
  /** A source of tools could not be used (see `ToolSourceErrorDetail`); the rest of the element keeps working. */
  'ag-ui-tool-source-error': CustomEvent<ToolSourceErrorDetail>;
  /** A part loaded on first use could not be loaded (see `PartErrorDetail`); its place says so, the rest works. */
  'ag-ui-part-error': CustomEvent<PartErrorDetail>;
  /** The thread store failed (see `PersistenceErrorDetail`); nothing shown is lost. */
  'ag-ui-persistence-error': CustomEvent<PersistenceErrorDetail>;
  /**
   * Cancelable: a person used a control of an A2UI surface. Unless `preventDefault()`, the agent runs with
   * `forwardedProps: { a2uiAction: { userAction } }` (what `@ag-ui/a2ui-middleware` reads), plus
   * `a2uiClientDataModel` (`detail.dataModel`) when a surface asked for its data model (`sendDataModel`).
   */
  'ag-ui-a2ui-action': CustomEvent<A2uiActionDetail>;
  /** An A2UI surface could not be shown, or not fully (see `A2uiErrorDetail`); its entry says why. */
  'ag-ui-a2ui-error': CustomEvent<A2uiErrorDetail>;
  /** A message could not be rendered (fully), e.g. markdown `marked` fails on (see `RenderErrorDetail`); it says so. */
  'ag-ui-render-error': CustomEvent<RenderErrorDetail>;
}

/**
 * Events a page dispatches on, or receives at, `document` (besides the element's own, which bubble there too).
 */
export interface AgUiDocumentEventMap extends AgUiAgentEventMap {
  /**
   * Dispatched BY THE PAGE on `document` (or any element under it, bubbling) to register a tool into
   * `globalToolRegistry` without a reference to an element. Detail: the `ToolDefinition`.
   * @example
   * ```ts
   * const event = new CustomEvent('ag-ui-register-tool', { detail: myTool, bubbles: true, composed: true });
   * document.dispatchEvent(event);
   * ```
   */
  'ag-ui-register-tool': CustomEvent<ToolDefinition>;
}

/**
 * Fires one of `<ag-ui-agent>`'s own events on `target` (the element, or `document` for page-wide ones): bubbling,
 * composed, cancelable when `options.cancelable` (then returns `false` if a listener called `preventDefault()`).
 * @internal
 */
export const emitAgentEvent: Emit<AgUiAgentEventMap> = emit;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the point
  interface HTMLElementEventMap extends AgUiAgentEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the point
  interface DocumentEventMap extends AgUiDocumentEventMap {}
}
