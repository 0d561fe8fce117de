import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import type { Context, Message, State } from '@ag-ui/client';
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS, type AgentRunLoop } from '../../agent/agent-run-loop.js';
import type { PendingDecision, RememberedApproval, RunnableAgent, ToolCallRecord, UnknownToolsMode } from '../../agent/types.js';
import type { ThreadStore } from '../../persistence/thread-store.js';
import type { ConnectableToolSource, McpServerConfig } from '../../sources/tool-source-factory.js';
import { globalToolRegistry, ToolRegistry, type ToolDefinition, type ToolExecutionManager, type ToolPolicy } from '../../tools/index.js';
import { emitAgentEvent } from './ag-ui-agent.events.js';
import { agUiAgentStyles } from './ag-ui-agent.styles.js';
import { ActivityCards } from './cards/activity/activity-cards.js';
import type { ActivityRenderer } from './cards/activity/render-activity.js';
import { RenderedElements } from './cards/custom-renderer.js';
import { InterruptCards } from './cards/interrupt/interrupt-cards.js';
import { renderExternalCalls } from './cards/tool-call/render-external-calls.js';
import type { ToolCallRenderer } from './cards/tool-call/tool-render-context.js';
import { AgentLoopController } from './controllers/agent-loop-controller.js';
import { headersConverter, validHeaders } from './controllers/headers-attribute.js';
import { LazyToolSources } from './controllers/lazy-tool-sources.js';
import { applyLoopSettings, loopSettings } from './controllers/loop-settings.js';
import { LoopBinding } from './controllers/loop-binding.js';
import { PersistentStore } from './controllers/persistent-store.js';
import { RegistryBinding } from './controllers/registry-binding.js';
import { ScrollFollowController } from './controllers/scroll-follow-controller.js';
import { ThreadPersistenceController } from './controllers/thread-persistence-controller.js';
import { ToolCardsController } from './controllers/tool-cards-controller.js';
import { ErrorBanner, renderPersistenceNotice } from './parts/error-banner.js';
import { LazyParts } from './parts/lazy-part.js';
import { Composer } from './parts/composer-controller.js';
import { renderEmptyState, suggestionsConverter, validSuggestions } from './parts/render-empty-state.js';
import { ownSelector } from './transcript/own-nodes.js';
import { TranscriptController } from './transcript/transcript-controller.js';
import './controllers/register-tool-listener.js';

// Re-exported so that the element's declarations carry the `HTMLElementEventMap` augmentation with them.
export type { AgUiAgentEventMap } from './ag-ui-agent.events.js';

/** The colour schemes of the `theme` property. */
export type AgUiTheme = 'auto' | 'light' | 'dark';

/**
 * A chat with an AG-UI agent whose browser tools run in this page.
 *
 * Give it an endpoint (`url`, optional `headers`) or an agent (`agent`: any `AbstractAgent` or `RunnableAgent`), and tools (`tools`, `registerTool()`,
 * or `ag-ui-register-tool` on `document` for every element of the page). A person types in the composer (Enter sends,
 * Shift+Enter adds a line); the element runs the agent through an `AgentRunLoop`, shows the reply as it streams in
 * (markdown, sanitized with DOMPurify), runs the tools the agent calls, shows a card per call, and sends the results
 * back until the agent has answered. Rendering is batched per animation frame, never once per token; only the last
 * entries of a long thread are in the DOM (scrolling up shows earlier ones), and of a message's tool calls only the
 * cards of the newest 50 and of any waiting for approval ("Show 50 more" shows earlier ones). The tool `policy` decides which
 * tools the agent is offered and may run; a call that needs approval shows an approval card (Approve / Deny) in its
 * tool card, unless the page handles `ag-ui-tool-approval-requested` itself.
 *
 * Tools and policy: each element has its own `registry` (a `ToolRegistry` whose parent is `globalToolRegistry`), so
 * `tools`, `registerTool()` and `policy` on one element never change what another offers or allows, while tools
 * registered page-wide (`globalToolRegistry.register()`, or the `ag-ui-register-tool` event on `document`) reach every
 * element that uses its own registry. Hand several elements one `registry` to make them share tools and policy.
 *
 * Changing `url` or `agent` starts a new conversation; changing `registry` keeps it; changing `headers` applies to the
 * next request and keeps it (when the element built the `SseHttpAgent` from `url`; an `agent` you pass in keeps its own
 * headers). The conversation survives moving the element in the DOM and re-attaching it.
 *
 * Keyboard: Escape anywhere in the element stops a run in progress (as the Stop button; focus goes to the input),
 * except in a text field of an approval card or an interrupt form, where Escape is left to the field. The error
 * banner of a failed run has Retry, which runs the agent again on the same conversation (no new message), except for
 * `max_tool_iterations` and `protocol_error`, which the same request would hit again.
 *
 * @summary A chat element for AG-UI agents with browser-side tools.
 *
 * @slot empty - Shown while the conversation is empty, instead of the default line and `suggestions` chips.
 *
 * @fires {CustomEvent<MessageSendDetail>} ag-ui-message-send - Cancelable, before a message is sent; `preventDefault()` stops it.
 * @fires {CustomEvent<RunStartedDetail>} ag-ui-run-started - A run started (`iteration` 0 for the user's, n for the n-th follow-up).
 * @fires {CustomEvent<RunFinishedDetail>} ag-ui-run-finished - A run finished (`followUp`: another run comes next).
 * @fires {CustomEvent<RunErrorDetail>} ag-ui-run-error - A run failed (`code`: http_error, network_error, run_error, protocol_error, max_tool_iterations, stream_stalled, unknown; for run_error, `agentCode` is the agent's own code, e.g. an `ag-ui-lit/llm` `LlmErrorCode` such as auth_failed).
 * @fires {CustomEvent<MessagesChangedDetail>} ag-ui-messages-changed - The conversation changed (once per batch of events).
 * @fires {CustomEvent<StateChangedDetail>} ag-ui-state-changed - The agent's state changed.
 * @fires {CustomEvent<ToolCallStartDetail>} ag-ui-tool-call-start - The agent started a tool call (`kind`: frontend or backend).
 * @fires {CustomEvent<ToolCallArgsDetail>} ag-ui-tool-call-args - Arguments of a tool call streamed in (`delta`, `partialArgs`).
 * @fires {CustomEvent<ToolCallEndDetail>} ag-ui-tool-call-end - A frontend tool call succeeded (`result`: the text sent to the agent, JSON for objects; `value`: what the handler returned; `execution`).
 * @fires {CustomEvent<ToolCallErrorDetail>} ag-ui-tool-call-error - A frontend tool call failed or was cancelled (`error`).
 * @fires {CustomEvent<ToolStatusChangedDetail>} ag-ui-tool-status-changed - A tool call's status changed, or (`progress` set) a running call reported progress.
 * @fires {CustomEvent<ToolRetryingDetail>} ag-ui-tool-retrying - A tool call will be retried after `delayMs`.
 * @fires {CustomEvent<ToolRegistrationErrorDetail>} ag-ui-tool-registration-error - A definition from `tools` or `registerTool()` could not be registered.
 * @fires {CustomEvent<ToolSourceErrorDetail>} ag-ui-tool-source-error - A source of tools (`expose-webmcp`, `mcpServers`, `toolSources`) could not be used.
 * @fires {CustomEvent<ToolApprovalRequestedDetail>} ag-ui-tool-approval-requested - Cancelable, a tool call waits for a person's approval; `preventDefault()` hides the approval card (answer with `approve()`/`deny(reason?)`).
 * @fires {CustomEvent<InterruptDetail>} ag-ui-interrupt - Cancelable, once per interrupt a run finished with; `preventDefault()` hides its card (answer with `resolve()`/`cancel()`; a `tool_call` interrupt with `{ approved }`).
 * @fires {CustomEvent<DecisionsChangedDetail>} ag-ui-decisions-changed - The pending approvals and interrupts (`decisions`) changed.
 * @fires {CustomEvent<ActivityChangedDetail>} ag-ui-activity-changed - An activity message (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`) was created or changed.
 * @fires {CustomEvent<A2uiActionDetail>} ag-ui-a2ui-action - Cancelable, a person used a control of an A2UI surface (`userAction`); unless `preventDefault()`, the agent runs with `forwardedProps.a2uiAction.userAction`, as `@ag-ui/a2ui-middleware` reads it, and `forwardedProps.a2uiClientDataModel` (`detail.dataModel`) when a surface set `sendDataModel`.
 * @fires {CustomEvent<A2uiErrorDetail>} ag-ui-a2ui-error - An A2UI surface could not be shown, or not fully (`code`: a2ui_unavailable, a2ui_invalid_surface, a2ui_unknown_component, a2ui_generation_failed, a2ui_too_large: more than 200 components to render or deeper than 32 levels); its entry says so.
 * @fires {CustomEvent<RenderErrorDetail>} ag-ui-render-error - A message could not be rendered, or not fully (`code`: markdown_render_failed, entry_render_failed); it says so in its place (`message-render-error`) and shows its text as plain text, the other messages render.
 * @fires {CustomEvent<ThreadChangedDetail>} ag-ui-thread-changed - The element shows another thread (restored from the store, switched, or new after `reset()`), or its store is ready with nothing to restore (`restored: false`).
 * @fires {CustomEvent<PartErrorDetail>} ag-ui-part-error - A part loaded on first use (interrupt cards, approval card, activity views, tool sources) could not be loaded (`code`: part_load_failed); its place shows a contained error, with Approve / Deny or Cancel where a run waits.
 * @fires {CustomEvent<PersistenceErrorDetail>} ag-ui-persistence-error - The thread store failed (`code`: unavailable, quota_exceeded, version_unsupported, corrupt, failed); the conversation carries on in memory.
 *
 * @csspart base - The box that holds the transcript, the error banner and the composer, and fills the host.
 * @csspart transcript - The scrolling conversation log (`role=log`).
 * @csspart transcript-items - The list of entries inside the transcript.
 * @csspart load-earlier - The "Show earlier messages" button at the top of a long thread.
 * @csspart load-newer - The "Show newer messages" button at the bottom, after the reader scrolled far up a long thread.
 * @csspart empty - The box shown while the conversation is empty (around the `empty` slot).
 * @csspart empty-text - The default line of the empty state.
 * @csspart suggestions - The list of suggestion chips.
 * @csspart suggestion - A suggestion chip (a button that sends its text).
 * @csspart message - Every message (with `message-user` or `message-assistant`).
 * @csspart message-user - A message from the person.
 * @csspart message-assistant - A message from the agent (its text and tool call cards).
 * @csspart message-content - The text of a message (rendered markdown for the agent: its first 500,000 characters; the rest of a longer reply follows as plain text in `message-rest-section`, with `message-rest-label`, `message-rest-text`, `message-rest-truncated`, `message-rest-download`, `message-rest-more`, `message-rest-show-all` and `message-rest-text-full`, as a tool call's payload). `message-render-error`: the notice (`data-code`) of a message that could not be rendered (its text follows as plain text).
 * @csspart message-copy - The Copy button of an agent message with text (copies its markdown; says "Copied").
 * @csspart reasoning - The collapsed `<details>` of the agent's reasoning.
 * @csspart reasoning-summary - Its `<summary>`.
 * @csspart reasoning-content - Its text.
 * @csspart tool-calls - The list of an agent message's tool call cards.
 * @csspart tool-calls-hidden - The row first in that list when the message has more tool calls than it shows (cards for its newest 50 calls, and for any call waiting for approval; a run of 1,000 calls keeps ~50 cards in the DOM).
 * @csspart tool-calls-hidden-summary - Its text: how many calls are hidden and what they are doing (e.g. "950 earlier tool calls: 10 running, 940 succeeded").
 * @csspart load-earlier-tool-calls - Its "Show 50 more" button (50 more cards, above the ones shown).
 * @csspart tool-call - A tool call card (with `tool-call-frontend`/`tool-call-backend` and `tool-call-<status>`: streaming, awaiting_approval, pending, validating, executing, retrying, succeeded, failed, cancelled, unanswered).
 * @csspart tool-call-header - The card's first line.
 * @csspart tool-call-title - The tool's title in the card's header: its `metadata.title`, else its name made readable (`get_weather` -> "Get weather").
 * @csspart tool-call-name - The tool's raw name, smaller, after its title.
 * @csspart tool-call-summary - The card's one-line summary (`data-of="args"`: the first scalar arguments, e.g. `city: Tokyo`; `data-of="result"`: a short result text once the call succeeded), cut with an ellipsis.
 * @csspart tool-call-badge - The "server-side" badge of a backend tool call.
 * @csspart tool-call-status-icon - The mark before the status text (✓, ✕, …; `data-status` says which; hidden from assistive technology).
 * @csspart tool-call-status - The live status text (with `tool-call-status-<status>`).
 * @csspart tool-call-progress - The `<progress>` bar of a running call that reports progress (indeterminate without a total), in `tool-call-progress-row` with `tool-call-progress-text` ("2 of 4 · message"; the number alone without a total).
 * @csspart tool-call-cancel - The Cancel button of a running frontend tool call (validating, executing, or waiting for a retry).
 * @csspart tool-call-section - The arguments block and the result block.
 * @csspart tool-call-label - The "Arguments" and "Result" labels.
 * @csspart tool-call-args - The arguments (`<pre>`): the first 4,000 characters (the last while they stream).
 * @csspart tool-call-result - The result (`<pre>`): the first 4,000 characters. For a call of a page tool that the agent answered itself (`TOOL_CALL_RESULT`), the agent's answer, labelled as such: the call was not run here, its record is `cancelled` with `error.code` `answered_by_agent`, and its status says "Answered by the agent, not run here".
 * @csspart tool-call-truncated - The note under a cut payload (how much is shown), with its `tool-call-download` link.
 * @csspart tool-call-more - The `<details>` of a cut payload; its summary is `tool-call-show-all` ("Show all (N KB)").
 * @csspart tool-call-args-full - The whole arguments, rendered when "Show all" is opened (also `tool-call-result-full`).
 * @csspart tool-call-error - The error message.
 * @csspart tool-call-custom - What the call's renderer (`renderers`, `ToolDefinition.render`) shows, in place of the arguments and result.
 * @csspart tool-call-details - The `<details>` (collapsed) with the raw arguments and result, under the summary or under a renderer's view (its summary is `tool-call-details-summary`).
 * @csspart renderer-error - The notice shown when a page's tool or activity renderer threw (the default view follows).
 * @csspart activity - An activity message (with `activity-<activityType>`), after the message it followed.
 * @csspart activity-title - Its title (`content.title`, else its type), with `activity-progress` ("1 of 3 done") for a plan.
 * @csspart activity-steps - The list of a plan's steps (content with `steps`).
 * @csspart activity-step - A step (with `activity-step-<status>`), its text in `activity-step-text` and status in `activity-step-status`.
 * @csspart activity-content - The content of an activity that is not a plan (JSON, first 4,000 characters).
 * @csspart a2ui-surface - An A2UI surface (`<a2ui-surface>` of `@a2ui/lit`, loaded on the first one once the page imports `ag-ui-lit/a2ui`) in an `activity-a2ui-surface` entry.
 * @csspart a2ui-loading - The line shown while the A2UI renderer loads or the agent builds the surface.
 * @csspart a2ui-error - Why an A2UI surface is not shown (or not fully), its code in `data-code`: bad surface data, unknown components, too large a surface, `ag-ui-lit/a2ui` not imported, `@a2ui/lit` missing.
 * @csspart tool-approval - The approval card inside a tool call card waiting for approval (a labelled group, focused when it appears).
 * @csspart tool-approval-title - Its question ("Allow <tool> to run?"); under it, for a call an AG-UI `tool_call` interrupt asks about, `tool-approval-message`: the interrupt's `message`, as plain text (the card's description).
 * @csspart tool-approval-effect - What the tool's effect means.
 * @csspart tool-approval-args - The arguments (`<pre>`, redacted per the tool's `redaction.args`).
 * @csspart tool-approval-no-args - "No arguments." when there are none.
 * @csspart tool-approval-actions - The row of buttons: Approve and Deny, then "Edit arguments" when offered.
 * @csspart tool-approval-approve - The Approve button.
 * @csspart tool-approval-deny - The Deny button.
 * @csspart tool-approval-edit-button - "Edit arguments": the card switches to an editor of the proposed arguments (`tool-approval-editing`), for a frontend call whose arguments are not redacted: a form generated from the tool's schema when it can express it, else JSON text.
 * @csspart tool-approval-edit-mode - The "Form" / "JSON" toggle while editing (`tool-approval-edit-mode-form`, `tool-approval-edit-mode-json`: buttons with `aria-pressed`); shown only when the form can express the tool's schema.
 * @csspart tool-approval-form - The form generated from the tool's JSON Schema, pre-filled with the proposed arguments (loaded on first edit); its nodes carry the schema form's parts: `field`, `field-label`, `field-description`, `field-input`, `checkbox`, `select`, `json`, `required`, `field-issue` (the schema's message at its field), `fieldset`, `array`, `legend`, `array-items`, `array-item`, `button`, `add-item`, `remove-item`.
 * @csspart tool-approval-edit - The arguments' JSON `<textarea>` (the JSON mode), checked against the tool's schema as the person types.
 * @csspart tool-approval-edit-error - Why the edited arguments cannot run: in JSON mode, not JSON or the schema's messages (plain words unless the schema has its own); in the form, after an attempt to approve, a pointer to the fields marked (each shows its message under it once left).
 * @csspart tool-approval-diff - Which arguments the edit changes.
 * @csspart tool-approval-approve-edited - "Approve with edits" (while the edit is invalid: `aria-disabled` in the form, where a click only shows every field's message; disabled in JSON mode); `tool-approval-edit-cancel` goes back.
 * @csspart tool-approval-remember - The "Remember approval" `<select>` (Ask next time / For this conversation / Always; label `tool-approval-remember-label`, both in `tool-approval-remember-field`) in the `tool-approval-options` row under the buttons, beside `tool-approval-reason`: it only changes what Approve grants; offered unless the tool or the policy asks about every call.
 * @csspart tool-call-approved-by - "Allowed for this conversation" / "Always allowed" on a call that ran without asking.
 * @csspart tool-approval-reason - The optional reason for a denial (Enter there denies).
 * @csspart interrupts - The list of interrupt cards, after the last message.
 * @csspart interrupt - An interrupt card (with `interrupt-open`, `interrupt-resolved`, `interrupt-cancelled` or `interrupt-expired`).
 * @csspart interrupt-reason - The interrupt's `reason`.
 * @csspart interrupt-message - The interrupt's `message`.
 * @csspart interrupt-form - The answer form.
 * @csspart interrupt-field - A field (label, control, description, error; with `interrupt-field-<boolean|string|number|integer|json>`).
 * @csspart interrupt-label - A field's label.
 * @csspart interrupt-input - A field's control (checkbox, text or number input, select, or the JSON `<textarea>`, which also has `interrupt-json`).
 * @csspart interrupt-description - A field's description.
 * @csspart interrupt-schema - The `responseSchema` shown above a JSON answer.
 * @csspart interrupt-error - A field's error message.
 * @csspart interrupt-actions - The row of buttons.
 * @csspart interrupt-submit - The Submit button.
 * @csspart interrupt-cancel - The Cancel button.
 * @csspart interrupt-approve - The Approve button of a `tool_call` interrupt whose call has no card on screen.
 * @csspart interrupt-deny - Its Deny button.
 * @csspart interrupt-expired - The notice of an expired interrupt.
 * @csspart interrupt-dismiss - The Dismiss button of an expired interrupt.
 * @csspart interrupt-status - "Answered." / "Cancelled." while other interrupts are still open.
 * @csspart part-loading - The line (`role=status`) shown while a part loaded on first use (interrupt cards, approval card, activity view) loads: milliseconds, a local chunk.
 * @csspart part-error - Why such a part is not shown (`role=alert`, `data-code="part_load_failed"`): its chunk could not be loaded.
 * @csspart persistence-notice - The notice shown when the thread could not be saved or loaded (`role=status`); `run-notice` says (`role=status`) that the model declined to answer (the last run's `finishReason` was `content-filter`), until the next run.
 * @csspart error-banner - The error banner (`role=alert`).
 * @csspart error-message - Its text.
 * @csspart error-retry - Its Retry button (a failed run, unless `max_tool_iterations` or `protocol_error`).
 * @csspart error-dismiss - Its Dismiss button.
 * @csspart composer - The form with the input and buttons.
 * @csspart input - The message `<textarea>`.
 * @csspart send-button - The Send button.
 * @csspart stop-button - The Stop button (while running).
 *
 * Colours: light by default, dark under `prefers-color-scheme: dark` (every `--ag-ui-color-*` has a dark default) unless `theme="light"`;
 * `theme="dark"` forces dark. A page's own `--ag-ui-color-*` values win in both. Under `prefers-reduced-motion: reduce` nothing in the element transitions, animates or scrolls smoothly.
 *
 * @cssprop [--ag-ui-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Text font.
 * @cssprop [--ag-ui-font-size=0.9375rem] - Base font size.
 * @cssprop [--ag-ui-line-height=1.5] - Line height.
 * @cssprop [--ag-ui-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Code, arguments and results.
 * @cssprop [--ag-ui-color-text=#1f2328] - Text.
 * @cssprop [--ag-ui-color-muted=#57606a] - Secondary text (statuses, labels, reasoning).
 * @cssprop [--ag-ui-color-background=#ffffff] - Background of the element and the input.
 * @cssprop [--ag-ui-color-surface=#f6f8fa] - Tool cards and buttons.
 * @cssprop [--ag-ui-color-border=#d0d7de] - Borders.
 * @cssprop [--ag-ui-color-accent=#0a58ca] - Send button and links.
 * @cssprop [--ag-ui-color-accent-text=#ffffff] - Text on the accent color.
 * @cssprop [--ag-ui-color-user-background=#ddf4ff] - The person's messages.
 * @cssprop [--ag-ui-color-user-text=#1f2328] - Text of the person's messages.
 * @cssprop [--ag-ui-color-assistant-background=transparent] - The agent's messages.
 * @cssprop [--ag-ui-color-code-background=#eff1f3] - Code in markdown.
 * @cssprop [--ag-ui-color-danger=#b3261e] - Errors (banner, failed tool calls).
 * @cssprop [--ag-ui-color-danger-background=#ffebe9] - The error banner's background.
 * @cssprop [--ag-ui-color-success=#1a7f37] - Succeeded tool calls.
 * @cssprop [--ag-ui-color-warning=#8a5a00] - Retrying tool calls.
 * @cssprop [--ag-ui-focus-ring=2px solid var(--ag-ui-color-accent)] - Focus outline (follows the accent colour).
 * @cssprop [--ag-ui-radius=0.5rem] - Corner radius.
 * @cssprop [--ag-ui-spacing=0.75rem] - Base spacing.
 * @cssprop [--ag-ui-max-height=32rem] - Maximum height of the element (inside its border) when the page gives it no definite height (a definite height, e.g. `height: 600px` or a grid row, wins); the transcript scrolls inside.
 *
 * @example
 * ```html
 * <ag-ui-agent url="/api/agent" placeholder="Ask me the time"></ag-ui-agent>
 * <script type="module">
 *   import 'ag-ui-lit';
 *   import { z } from 'zod';
 *   document.querySelector('ag-ui-agent').tools = [{
 *     name: 'get_current_time',
 *     description: 'The current time in an IANA timezone',
 *     effect: 'read_only',
 *     schema: z.object({ timezone: z.string().default('UTC') }),
 *     handler: ({ timezone }) => new Date().toLocaleString('en-GB', { timeZone: timezone }),
 *   }];
 * </script>
 * ```
 */
@customElement('ag-ui-agent')
export class AgUiAgent extends LitElement {
  static override styles = agUiAgentStyles;

  // The element composes: each controller or card below owns its state; the element wires them to its properties.
  readonly #agentLoop = new AgentLoopController(this);
  readonly #loop = (): AgentRunLoop | undefined => this.#agentLoop.loop;
  readonly #frame = (): void => this.#agentLoop.requestFrameUpdate();
  readonly #scroll: ScrollFollowController = new ScrollFollowController(this, {
    scroller: () => this._transcript, content: () => this._transcriptItems, atEnd: () => this.#transcript.atEnd,
    onNearTop: () => this.#transcript.loadEarlier(), onNearBottom: () => this.#transcript.loadLater(),
  });
  readonly #lazy = new LazyParts(this, ({ part, cause }) =>
    emitAgentEvent(this, 'ag-ui-part-error', { part, code: 'part_load_failed', message: `The ${part} part could not be loaded.`, cause }),
  );
  /** Custom elements made for renderers given by tag name, one per tool call or activity. */
  readonly #rendered = new RenderedElements();
  readonly #tools = new RegistryBinding({ registry: () => this.registry, onError: (detail) => emitAgentEvent(this, 'ag-ui-tool-registration-error', detail) });
  readonly #cards = new ToolCardsController(this, {
    loop: this.#loop, registry: () => this.#tools.registry, renderers: () => this.renderers,
    lazy: this.#lazy, rendered: this.#rendered, requestFrameUpdate: this.#frame,
  });
  readonly #activities = new ActivityCards(this, {
    loop: this.#loop, renderers: () => this.activityRenderers, lazy: this.#lazy, rendered: this.#rendered, onRun: () => this.#follow(),
  });
  readonly #interrupts = new InterruptCards(this, {
    loop: this.#loop, lazy: this.#lazy, onResume: () => this.#follow(), focusAfterAnswer: () => this._input?.focus(),
  });
  readonly #transcript: TranscriptController = new TranscriptController(this, {
    loop: this.#loop, scroll: this.#scroll, items: () => this._transcriptItems, requestFrameUpdate: this.#frame,
    renderCard: this.#cards.renderCard, renderActivity: this.#activities.render,
  });
  readonly #persistence = new ThreadPersistenceController(this, {
    loop: this.#loop, store: () => (this.isConnected ? this.store : undefined), threadId: () => this.#threadId,
    onThreadChanged: (threadId, restored, fromOtherTab) => this.#threadChanged(threadId, restored, fromOtherTab),
    // A thread list bound to this element learns of the store (opened on first use) from this event.
    onKept: (threadId) => emitAgentEvent(this, 'ag-ui-thread-changed', { threadId, restored: false }),
    onError: (error) => this.#persistStore.report(error),
  });
  readonly #persistStore: PersistentStore = new PersistentStore(this, {
    wanted: () => (this.persist && !this.#store ? this.persistName || 'ag-ui-lit' : undefined),
    flush: () => this.#persistence.flush(),
  });
  readonly #sources = new LazyToolSources(this, {
    exposeWebMcp: () => this.exposeWebMcp, toolSources: () => this.toolSources, mcpServers: () => this.mcpServers,
    registry: () => this.#tools.registry, loop: () => this.#ensureLoop(), lazy: this.#lazy,
    onError: (detail, action) => {
      emitAgentEvent(this, 'ag-ui-tool-source-error', detail);
      this.#errors.show(detail.message, true, action);
    },
  });
  readonly #errors = new ErrorBanner(this, { loop: this.#loop, follow: () => this.#follow(), focusInput: () => this._input?.focus() });
  readonly #composer = new Composer({
    input: () => this._input, placeholder: () => this.placeholder, disabled: () => this.disabled, running: () => this.running,
    send: (text) => this.#startSend(text), stop: () => this.stop(),
  });
  readonly #binding = new LoopBinding({
    controller: this.#agentLoop, threadId: () => this.#threadId, headers: () => validHeaders(this.headers), settings: () => loopSettings(this),
    source: () => ({ agent: this.agent ?? undefined, url: this.url ?? '', registry: this.#tools.registry }),
    onNewConversation: () => this.#afterReset(), onError: (message) => this.#errors.show(message, false),
  });

  /** The loop, built on demand while connected (a message, a WebMCP call or a reset before the first update). */
  readonly #ensureLoop = (): AgentRunLoop | undefined => this.#agentLoop.loop ?? (this.isConnected ? this.#binding.sync() : undefined);
  /** Follows the transcript's end from the next frame on (a message sent, a run resumed). */
  readonly #follow = (): void => {
    this.#scroll.follow();
    this.#frame();
  };

  @query(ownSelector('.transcript')) private _transcript?: HTMLElement;
  @query(ownSelector('.transcript-items')) private _transcriptItems?: HTMLElement;
  @query(ownSelector('.input')) private _input?: HTMLTextAreaElement;

  #threadId: string | undefined;
  #store: ThreadStore | undefined;

  /**
   * URL of the AG-UI endpoint (HTTP POST, SSE). Used to build an `SseHttpAgent` (SSE only; `@ag-ui/client`'s transport
   * without `HttpAgent`'s protobuf decoder) unless `agent` is set. For protobuf, middleware or subscribers, pass an
   * `HttpAgent` as `agent`.
   */
  @property() url = '';

  /**
   * HTTP headers sent with every run of the `SseHttpAgent` built from `url`. Attribute: a JSON object of strings
   * (invalid JSON is ignored with a console warning). Changing them keeps the conversation.
   */
  @property({ converter: headersConverter }) headers: Record<string, string> = {};

  /** An AG-UI agent to talk to (any `@ag-ui/client` `AbstractAgent`, e.g. `HttpAgent`, or an `SseHttpAgent`); overrides `url` and `headers`. Its thread, messages and state seed the conversation. */
  @property({ attribute: false }) agent: RunnableAgent | undefined;

  /** Tool definitions this element registers in `registry` while connected (and unregisters on disconnect or replacement). */
  @property({ attribute: false }) tools: ToolDefinition[] = [];

  /**
   * Where tools are looked up and registered, and whose policy applies. Default: this element's own
   * `new ToolRegistry({ parent: globalToolRegistry })` (its tools and policy are its own; page-wide tools show
   * through). Set a registry to share it between elements; changing it keeps the conversation.
   */
  @property({ attribute: false }) registry: ToolRegistry = new ToolRegistry({ parent: globalToolRegistry });

  /** AG-UI `context` entries sent with every run. */
  @property({ attribute: false }) context: Context[] = [];

  /** AG-UI `forwardedProps` sent with every run. */
  @property({ attribute: false }) forwardedProps: Record<string, unknown> | undefined;

  /**
   * The tool policy (`ToolPolicy`: allowed and denied tools, which effects need approval, per-tool decisions,
   * budgets, `requireRedaction`), applied at once to `registry` with `setPolicy()`: to this element alone with its
   * own registry (default), to every element that shares a registry the page handed them; it follows the element to
   * a new `registry`. Unset (default): the registry's own policy is left alone (for the default registry, the
   * policy of `globalToolRegistry` shows through). Replace the object to change it; an invalid policy is ignored with a console warning.
   */
  @property({ attribute: false })
  get policy(): ToolPolicy | undefined {
    return this.#tools.policy;
  }

  set policy(value: ToolPolicy | undefined) {
    this.#tools.policy = value;
  }

  /** Follow-up runs allowed per user message before the loop stops with `max_tool_iterations`. Default 5. */
  @property({ type: Number, attribute: 'max-tool-iterations' }) maxToolIterations = 5;

  /**
   * Longest silence of the agent's event stream, in ms (attribute `stream-idle-timeout`), before the run is aborted
   * and the error banner says `stream_stalled`. Default 60000; 0 or `Infinity`: no limit.
   */
  @property({ type: Number, attribute: 'stream-idle-timeout' }) streamIdleTimeoutMs = DEFAULT_STREAM_IDLE_TIMEOUT_MS;

  /**
   * Calls of tools this page has not registered (attribute `unknown-tools`): `'ignore'` (default) leaves them to the
   * agent's server; `'answer'` answers them `unknown_tool` and runs the agent again, for agents that expect the page
   * to answer every call.
   */
  @property({ attribute: 'unknown-tools' }) unknownTools: UnknownToolsMode = 'ignore';

  /** Placeholder text of the message input. */
  @property() placeholder = 'Message the agent';

  /** Disables the composer (typing and sending from the UI). The methods keep working. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /**
   * Suggestions shown as chips in the empty state (a click sends the chip's text). Attribute: a JSON array of strings
   * (invalid JSON is ignored with a console warning). Default `[]`: no chips.
   */
  @property({ converter: suggestionsConverter }) suggestions: string[] = [];

  /**
   * Colour scheme (reflected attribute): `'auto'` (default) follows the person's `prefers-color-scheme`; `'light'`
   * and `'dark'` force the element's light or dark defaults of the `--ag-ui-color-*` properties.
   */
  @property({ reflect: true }) theme: AgUiTheme = 'auto';

  /**
   * AG-UI thread id of the conversation (attribute `thread-id`). Reading it gives the current thread (a new one
   * after `reset()`); setting it to another id starts a new, empty conversation on that thread.
   */
  @property({ attribute: 'thread-id' })
  get threadId(): string {
    return this.#agentLoop.loop?.threadId ?? this.#threadId ?? this.agent?.threadId ?? '';
  }

  set threadId(value: string) {
    this.#threadId = value || undefined;
    // A kept thread loads from the store (asynchronously); `ag-ui-thread-changed` says when it is shown.
    if (this.#threadId !== undefined) this.#persistence.show(this.#threadId);
  }

  /**
   * Keep the thread in the browser's IndexedDB (boolean attribute), in the database `persist-name` (default
   * `'ag-ui-lit'`), so that a reload brings it back: messages, reasoning, tool cards with their status, arguments
   * and results (redacted as shown), errors, the agent state, pending approvals and interrupts. Without `thread-id`,
   * the most recently updated thread is restored. A `store` set by the page wins over it. See `ThreadStore` for what
   * a call that was running when the page went away becomes (`ToolDefinition.recovery`).
   */
  @property({ type: Boolean, reflect: true }) persist = false;

  /**
   * How calls of given tools are shown, in place of the default card's arguments and result (the card keeps its
   * header, status, approval and a Details toggle with the raw arguments and result): tool name (or a pattern with
   * `*`, e.g. `'mcp__*'`) -> a function of the call (`ToolCallRenderContext`: status, arguments parsed as they stream,
   * result, error, record) returning anything Lit renders, or the tag name of a custom element that is given the
   * call as its `toolCall` property. Backend calls included. An exact name wins over the tool's own
   * `ToolDefinition.render`, which wins over a pattern. A renderer runs again whenever its call changes; one that
   * throws shows a short error and the default card.
   */
  @property({ attribute: false }) renderers: Record<string, ToolCallRenderer> = {};

  /**
   * How activity messages (AG-UI `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`) are shown, by `activityType` (or a pattern with
   * `*`): a function of the activity (`{ messageId, activityType, content }`) returning anything Lit renders, or the
   * tag name of a custom element given it as its `activity` property. Without one, a plan (title and steps with their
   * status) when the content has `steps`, else the title and the content.
   */
  @property({ attribute: false }) activityRenderers: Record<string, ActivityRenderer> = {};

  /**
   * Offers this element's tools to the browser's agent through WebMCP (`document.modelContext`; attribute
   * `expose-webmcp`). A call that arrives that way runs as the agent's do: validated, decided by the policy, approved
   * in a card here when the policy asks, with the `ag-ui-tool-*` events; its card shows below the transcript. Clearing
   * it or removing the element withdraws the tools. Without WebMCP (no browser support, no `@mcp-b/webmcp-polyfill`)
   * fires `ag-ui-tool-source-error` (`webmcp_unavailable`). Default `false`.
   */
  @property({ type: Boolean, attribute: 'expose-webmcp', reflect: true }) exposeWebMcp = false;

  /**
   * Sources of tools (`McpToolSource`, `WebMcpToolSource`, or any `ConnectableToolSource`) that register into this
   * element's `registry`: connected while the element is connected, closed when it is removed or they leave the list.
   * A source that cannot connect fires `ag-ui-tool-source-error`. Default `[]`.
   */
  @property({ attribute: false }) toolSources: ConnectableToolSource[] = [];

  /**
   * Remote MCP servers whose tools the agent is offered, as `mcp__<name>__<tool>` (`{ name, url, headers?, trust?,
   * acceptNewTools? }`; see docs/mcp.md for the trust rules). Needs `import 'ag-ui-lit/mcp'` on the page: without it,
   * fires `ag-ui-tool-source-error` with code `mcp_not_loaded` and shows why. Default `[]`.
   */
  @property({ attribute: false }) mcpServers: McpServerConfig[] = [];

  /** The IndexedDB database name `persist` uses (attribute `persist-name`). Default `'ag-ui-lit'`. */
  @property({ attribute: 'persist-name' }) persistName = 'ag-ui-lit';

  /**
   * Where the thread is kept: a `ThreadStore` the page sets (e.g. `MemoryThreadStore`, or one backed by its server);
   * reading it gives the store in use (the page's, or the IndexedDB store `persist` opened), `undefined` when the
   * thread is not kept. Setting one loads the thread `thread-id` names (else the store's latest thread).
   */
  @property({ attribute: false })
  get store(): ThreadStore | undefined {
    return this.#store ?? this.#persistStore.store;
  }

  set store(value: ThreadStore | undefined) {
    const old = this.#store;
    this.#store = value ?? undefined;
    this.requestUpdate('store', old);
  }

  /** The conversation (AG-UI messages), read-only. Empty before the element has an agent. */
  get messages(): readonly Message[] { return this.#agentLoop.loop?.messages ?? []; }

  /** The agent's shared state, read-only. */
  get state(): State { return this.#agentLoop.loop?.state ?? {}; }

  /** Every tool call of the thread as its record (`ToolCallRecord`), by `toolCallId`; read-only. Empty without an agent. */
  get toolCalls(): ReadonlyMap<string, ToolCallRecord> { return this.#agentLoop.loop?.toolCalls ?? new Map(); }

  /** What waits for a person: tool calls to approve and the interrupts of the last run (`PendingDecision[]`); read-only. */
  get decisions(): readonly PendingDecision[] { return this.#agentLoop.loop?.decisions ?? []; }

  /**
   * The `ToolExecutionManager` that runs this element's tool calls (its loop's), read-only; `undefined` before the
   * element has an agent. For tools such as `<ag-ui-tool-inspector>` that follow executions and circuit state live.
   */
  get manager(): ToolExecutionManager | undefined { return this.#agentLoop.loop?.manager; }

  /**
   * The approvals a person asked to remember (an approval card's "Remember approval": for this conversation, always)
   * (`{ toolName, scope, threadId? }`), read-only. They hold while this element keeps its agent; when it keeps its
   * threads in a store (`persist`, `store`) that has the approval methods, they are kept there too and come back
   * after a reload: a thread's with that thread, "always" ones for every thread of the store.
   */
  get rememberedApprovals(): RememberedApproval[] { return this.#agentLoop.loop?.rememberedApprovals ?? []; }

  /**
   * Forgets remembered approvals, of `toolName` or of every tool: their calls are asked about again. They are also
   * deleted from the thread store, of every thread, when it keeps approvals.
   * @returns how many were forgotten here (those of threads not loaded in this page are not counted)
   */
  forgetApprovals(toolName?: string): number {
    const count = this.#agentLoop.loop?.forgetApprovals(toolName) ?? 0;
    this.requestUpdate();
    return count;
  }

  /** Whether a message is being answered (runs and tools of one user message), read-only. */
  get running(): boolean { return this.#agentLoop.loop?.running ?? false; }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#binding.sync();
    this.#tools.syncTools(this.tools);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#tools.syncTools([]);
    // A move in the DOM disconnects and reconnects at once: keep the loop (and a run in flight) through it.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#binding.teardown();
      this.#persistence.sync();
      this.#persistStore.close();
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Controllers of parts loaded on first use, made before the controllers' `hostUpdate` so that they see this update.
    this.#interrupts.sync();
    this.#cards.sync();
    this.#sources.sync();
    if (!this.isConnected) return;
    if (changed.has('agent') || changed.has('url') || changed.has('registry')) this.#binding.sync();
    if (changed.has('registry')) this.#tools.applyPolicy();
    if (changed.has('persist') || changed.has('persistName') || changed.has('store')) this.#persistStore.sync();
    if (changed.has('tools') || changed.has('registry')) this.#tools.syncTools(this.tools);
    if (changed.has('exposeWebMcp') || changed.has('registry')) this.#sources.syncWebMcp();
    if (changed.has('toolSources') || changed.has('mcpServers') || changed.has('registry')) this.#sources.syncSources();
    if (changed.has('renderers') || changed.has('activityRenderers')) this.#agentLoop.requestFrameUpdate();
    const loop = this.#agentLoop.loop;
    if (loop) {
      if (changed.has('headers')) this.#binding.updateHeaders();
      applyLoopSettings(loop, this, changed);
    }
    this.#composer.willUpdate(this.shadowRoot);
  }

  /**
   * Also waits for the parts loading on first use (`parts/lazy-part.ts`) and the update each asks for once loaded, so
   * that `await el.updateComplete` never resolves while a placeholder stands in for one.
   */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.#lazy.settled(() => super.getUpdateComplete());
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.#composer.updated();
  }

  /**
   * Registers a tool in `registry` (until `unregisterTool(name)`; not tied to the element's lifecycle, unlike `tools`).
   * Never throws: a definition that cannot be registered (invalid, or a duplicate name) logs a console warning and
   * fires `ag-ui-tool-registration-error`.
   * @returns whether it was registered
   */
  registerTool(definition: ToolDefinition): boolean {
    return this.#tools.register(definition);
  }

  /**
   * Removes a tool from `registry` (one from `registerTool()`, `tools`, or anywhere else).
   * @returns whether it was registered
   */
  unregisterTool(name: string): boolean {
    return this.#tools.unregister(name);
  }

  /**
   * Replaces the conversation, e.g. to restore a saved thread (stops a run in progress; keeps the thread id).
   * The messages are copied.
   */
  setMessages(messages: readonly Message[]): void {
    const loop = this.#ensureLoop();
    if (!loop) {
      this.#errors.show('No agent to hold the conversation: set the "url" attribute or the "agent" property.');
      return;
    }
    loop.setMessages([...messages]);
    this.#afterReset();
  }

  /**
   * Sends a message as the person: fires the cancelable `ag-ui-message-send` (detail `{ text }`, trimmed), then runs
   * the agent, its tools and follow-ups. A run in progress is stopped first (as `stop()`); the composer, unlike this
   * method, does not send while running. Whitespace-only text, a `preventDefault()` or a missing agent send nothing
   * (the last shows why in the error banner and the console).
   * @returns a promise that settles when the agent has answered or failed (see `ag-ui-run-error`); it never rejects
   * @example
   * ```ts
   * agentElement.addEventListener('ag-ui-run-finished', (e) => console.log('run', e.detail.runId, 'done'));
   * await agentElement.sendMessage('What time is it in Tokyo?');
   * ```
   */
  async sendMessage(text: string): Promise<void> {
    await this.#startSend(text);
  }

  /** Stops the current run: aborts the request, cancels running tools, answers open tool calls as cancelled. */
  stop(): void {
    this.#agentLoop.loop?.stop();
  }

  /**
   * Starts a new conversation on a new thread (stops a run in progress; a kept thread is written first and stays in
   * the store). Fires `ag-ui-thread-changed`.
   */
  reset(): void {
    const loop = this.#ensureLoop();
    this.#threadId = undefined;
    this.#binding.forgetSnapshot();
    this.#persistence.reset();
    loop?.reset();
    if (loop) this.#threadChanged(loop.threadId, false);
    else this.#afterReset();
  }

  override render(): TemplateResult {
    // One box that lays the element out whatever display the page gives the host (see ag-ui-agent.styles.ts).
    return html`<div part="base" class="base" @keydown=${this.#composer.onEscape}>
      ${this.#transcript.render({
        empty: () => renderEmptyState(validSuggestions(this.suggestions), this.disabled, this.#composer.onSuggestion),
        end: () => this.#interrupts.render(),
        outside: renderExternalCalls(this.#agentLoop.loop?.toolCalls, this.#cards.renderCard),
      })}
      ${renderPersistenceNotice(this.#persistence.error)} ${this.#errors.render()} ${this.#composer.render()}
    </div>`;
  }

  /** The element shows another thread: re-renders from scratch, and (unless another tab's copy) fires `ag-ui-thread-changed`. */
  #threadChanged(threadId: string, restored: boolean, fromOtherTab = false): void {
    // Rendered on the next frame (`#afterReset`), not in the task that restored it: a long thread's first screen
    // is work enough for a task of its own.
    this.#afterReset();
    if (!fromOtherTab) emitAgentEvent(this, 'ag-ui-thread-changed', { threadId, restored });
  }

  /** Fires `ag-ui-message-send` and starts the loop; `undefined` when nothing was sent. */
  #startSend(text: string): Promise<void> | undefined {
    const trimmed = typeof text === 'string' ? text.trim() : '';
    if (trimmed === '') return undefined;
    const loop = this.#ensureLoop();
    if (!loop) {
      this.#errors.show(this.isConnected ? 'No agent to send to: set the "url" attribute or the "agent" property.' : 'The element is not in the document.');
      return undefined;
    }
    if (!emitAgentEvent(this, 'ag-ui-message-send', { text: trimmed }, { cancelable: true })) return undefined;
    this.#errors.clear();
    this.#follow();
    return loop.sendMessage(trimmed);
  }

  /** A new conversation (or agent): nothing of the previous one's view is kept. */
  #afterReset(): void {
    this.#errors.reset();
    this.#scroll.follow();
    this.#transcript.reset();
    this.#rendered.clear();
    this.#activities.clear();
    this.#cards.clear();
    this.#agentLoop.requestFrameUpdate();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ag-ui-agent': AgUiAgent;
  }
}
