// The details of the re-fired loop events are the loop's own types (agent/types.ts, exported by the barrel through
// agent/index.ts); this module types only the element's events and its own details.
import type {
  AgentRunLoopEventMap,
  MessagesChangedDetail,
  RunErrorDetail,
  RunFinishedDetail,
  RunStartedDetail,
  StateChangedDetail,
  ToolCallArgsDetail,
  ToolCallEndDetail,
  ToolCallErrorDetail,
  ToolApprovalRequestedDetail,
  ToolCallStartDetail,
  ToolRetryingDetail,
  ToolStatusChangedDetail,
} from '../../agent/types.js';
import type { Interrupt } from '@ag-ui/client';
import type { ToolDefinition } from '../../tools/index.js';

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

/**
 * Detail of `ag-ui-interrupt`: one interrupt a run finished with (AG-UI `outcome: { type: 'interrupt' }`), and how
 * to answer it. When every interrupt of the run is answered, the element resumes the agent once, with one `resume`
 * entry per interrupt (`buildResumeArray`).
 * @example
 * ```ts
 * agent.addEventListener('ag-ui-interrupt', (e) => {
 *   e.preventDefault(); // no built-in card: this page asks in its own UI
 *   myDialog.ask(e.detail.interrupt.message).then((ok) => (ok ? e.detail.resolve({ approved: true }) : e.detail.cancel()));
 * });
 * ```
 */
export interface InterruptDetail {
  /** The interrupt as the agent sent it (`id`, `reason`, `message?`, `responseSchema?`, `expiresAt?`, ...). */
  interrupt: Interrupt;
  /**
   * Answers it: resume entry `{ status: 'resolved', payload }` (no `payload` when `undefined`). Not checked against
   * `responseSchema` (the built-in form checks what a person types).
   * @returns `false` when not taken: already answered, no longer pending (a new message, `reset()`), or expired
   *   (then it is answered `cancelled`)
   */
  resolve(payload?: unknown): boolean;
  /**
   * Declines it: resume entry `{ status: 'cancelled' }` (also what an expired interrupt gets).
   * @returns `false` when already answered (other than by expiry) or no longer pending
   */
  cancel(): boolean;
}

/**
 * The events `<ag-ui-agent>` fires. All bubble and are composed, so a listener on `document` hears them.
 * Every loop event (`AgentRunLoopEventMap`) is re-fired as `ag-ui-<name>` with the same detail.
 */
export interface AgUiAgentEventMap {
  /** A message is about to be sent. Cancelable: `preventDefault()` stops it (the composer keeps the text). */
  'ag-ui-message-send': CustomEvent<MessageSendDetail>;
  /** A run started (the user's run, iteration 0, or a follow-up after tool results, iteration n). */
  'ag-ui-run-started': CustomEvent<RunStartedDetail>;
  /** A run finished; `followUp` says whether another run comes next. */
  'ag-ui-run-finished': CustomEvent<RunFinishedDetail>;
  /** A run failed (HTTP error, network loss, RUN_ERROR, protocol error, or the loop guard: `max_tool_iterations`). */
  'ag-ui-run-error': CustomEvent<RunErrorDetail>;
  /** The conversation changed (once per applied batch of events, not per token). */
  'ag-ui-messages-changed': CustomEvent<MessagesChangedDetail>;
  /** The agent's shared state changed. */
  'ag-ui-state-changed': CustomEvent<StateChangedDetail>;
  /** The agent started a tool call (frontend or backend: see `kind`). */
  'ag-ui-tool-call-start': CustomEvent<ToolCallStartDetail>;
  /** A chunk of a tool call's arguments arrived. */
  'ag-ui-tool-call-args': CustomEvent<ToolCallArgsDetail>;
  /** A frontend tool call succeeded; `result` is what the agent gets. */
  'ag-ui-tool-call-end': CustomEvent<ToolCallEndDetail>;
  /** A frontend tool call failed (invalid JSON, validation, handler error, cancelled). */
  'ag-ui-tool-call-error': CustomEvent<ToolCallErrorDetail>;
  /** A tool call's status changed (streaming, pending, validating, executing, succeeded, failed, cancelled). */
  'ag-ui-tool-status-changed': CustomEvent<ToolStatusChangedDetail>;
  /** A frontend tool call failed with a retryable error; attempt `attemptNumber` follows after `delayMs`. */
  'ag-ui-tool-retrying': CustomEvent<ToolRetryingDetail>;
  /** A definition given through `tools` or `registerTool()` could not be registered (e.g. a duplicate name). */
  'ag-ui-tool-registration-error': CustomEvent<ToolRegistrationErrorDetail>;
  /**
   * A frontend tool call waits for a person's approval (the policy's decision, see `policy`). Cancelable:
   * `preventDefault()` hides the built-in approval card; answer with `detail.approve()` / `detail.deny(reason?)`.
   * @example
   * ```ts
   * agent.addEventListener('ag-ui-tool-approval-requested', (e) => {
   *   e.preventDefault(); // this page asks in its own dialog
   *   myDialog.ask(`Allow ${e.detail.toolCallName}?`, { signal: e.detail.signal })
   *     .then((ok) => (ok ? e.detail.approve() : e.detail.deny('Not now')));
   * });
   * ```
   */
  'ag-ui-tool-approval-requested': CustomEvent<ToolApprovalRequestedDetail>;
  /**
   * A run finished with an interrupt (one event per interrupt, after `ag-ui-run-finished`). Cancelable:
   * `preventDefault()` hides the built-in card; answer with `detail.resolve()` / `detail.cancel()`.
   */
  'ag-ui-interrupt': CustomEvent<InterruptDetail>;
}

/** Loop event names re-fired by the element (`running-changed` stays internal: read `running`). */
export type ForwardedLoopEventName = Exclude<keyof AgentRunLoopEventMap, 'running-changed'>;

/** The loop events the element re-fires, each as `ag-ui-<name>`. */
export const FORWARDED_LOOP_EVENTS: readonly ForwardedLoopEventName[] = [
  'run-started',
  'run-finished',
  'run-error',
  'messages-changed',
  'state-changed',
  'tool-call-start',
  'tool-call-args',
  'tool-call-end',
  'tool-call-error',
  'tool-status-changed',
  'tool-retrying',
  'tool-approval-requested',
];

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

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the point
  interface HTMLElementEventMap extends AgUiAgentEventMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging is the point
  interface DocumentEventMap extends AgUiDocumentEventMap {}
}
