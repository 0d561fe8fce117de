import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, query } from 'lit/decorators.js';
import { repeat } from '../../internal/repeat.js';
import type { ActivityMessage, Context, Message, State, ToolCall } from '@ag-ui/client';
import { AgentRunLoop, DEFAULT_STREAM_IDLE_TIMEOUT_MS } from '../../agent/agent-run-loop.js';
import { RunErrorCode, type ApprovalScope, type PendingDecision, type RememberedApproval, type RunErrorDetail, type RunnableAgent, type ToolCallRecord, type UnknownToolsMode } from '../../agent/types.js';
import { globalToolRegistry, ToolRegistry, type ToolDefinition, type ToolExecutionManager, type ToolPolicy } from '../../tools/index.js';
import { MarkdownCache, type RenderedMarkdown } from '../../internal/markdown.js';
import { MarkdownCatchUp } from '../../internal/markdown-catch-up.js';
import { deadline, timeLeft } from '../../internal/scheduler.js';
import { AgentLoopController } from './agent-loop-controller.js';
import { OwnedTools, registerReporting } from './owned-tools.js';
import { isTextField, ScrollFollowController } from './scroll-follow-controller.js';
import type { MessageSendDetail, PartErrorDetail, PersistenceErrorDetail, ThreadChangedDetail, ToolRegistrationErrorDetail, ToolSourceErrorDetail } from './ag-ui-agent.events.js';
import { agUiAgentStyles } from './ag-ui-agent.styles.js';
import type { ApprovalFocusController } from './approval-focus-controller.js';
import type { InterruptController } from './interrupt-controller.js';
import { LazyModule, LazyParts, type LazyPartFailure } from './lazy-part.js';
import { renderApprovalFallback, renderInterruptsFallback, renderPartError, renderPartLoading } from './render-lazy-part.js';
import { shownInterrupts } from './shown-interrupts.js';
import { headersConverter, validHeaders } from './headers-attribute.js';
import { LoopSourceKeeper, type LoopSource } from './loop-source.js';
import { TranscriptWindow } from './transcript-window.js';
import { fitInput, renderComposer, renderErrorBanner } from './render-composer.js';
import { renderEmptyState, suggestionsConverter, validSuggestions } from './render-empty-state.js';
import { renderToolCallOnce, toolCallCardData, type ToolCallCardData, type ToolCallCardOptions } from './render-tool-call.js';
import { hiddenToolCallsSummary, TOOL_CARDS_PAGE, TOOL_CARDS_SHOWN, windowToolCalls } from './tool-cards-window.js';
import { ownSelector } from './own-nodes.js';
import {
  buildTranscript,
  renderAssistantMessage,
  renderReasoning,
  renderUserMessage,
  type CopyButton,
  type Transcript,
  type TranscriptItem,
} from './transcript.js';
import { ThreadPersistenceController } from './thread-persistence-controller.js';
import { RenderedElements, findRenderer, renderCustom } from './custom-renderer.js';
import type { ActivityRenderer } from './render-activity.js';
import type { A2uiActivities, A2uiActionDetail, A2uiErrorDetail } from './a2ui/a2ui-activity.js';
import { toolRenderContext, type ToolCallRenderer } from './tool-render-context.js';
import type { ArgumentsEdit } from './render-tool-approval.js';
import type { ToolApprovalView } from '../../agent/types.js';
import type { IndexedDbThreadStore } from '../../persistence/indexed-db-thread-store.js';
import { toThreadStoreError } from '../../persistence/thread-store-error.js';
import type { ThreadStore } from '../../persistence/thread-store.js';
import type { ThreadStoreError } from '../../persistence/thread-store-error.js';
import { renderExternalCalls } from './render-external-calls.js';
import { toolSourceBadges } from './render-tool-source.js';
import type { WebMcpExposeController } from './webmcp-expose-controller.js';
import type { ToolSourcesController } from './tool-sources-controller.js';
import type { ConnectableToolSource, McpServerConfig } from '../../sources/tool-source-factory.js';
import './register-tool-listener.js';

// Re-exported so that the element's declarations carry the `HTMLElementEventMap` augmentation with them.
export type { AgUiAgentEventMap } from './ag-ui-agent.events.js';

/** The colour schemes of the `theme` property. */
export type AgUiTheme = 'auto' | 'light' | 'dark';

/** Run errors that running the agent again on the same conversation cannot fix: their banner has no Retry. */
const NOT_RETRYABLE: ReadonlySet<string> = new Set([RunErrorCode.MAX_TOOL_ITERATIONS, RunErrorCode.PROTOCOL_ERROR]);

/** Transcript entries rendered when pinned to the bottom; the rest waits behind "Show earlier messages". */
const WINDOW_SIZE = 50;
/** Entries added per "Show earlier messages" / "Show newer messages" (or scrolling to the top / bottom). */
const PAGE_SIZE = 50;
/** Most transcript entries rendered at once, however far the reader scrolls. */
const MAX_RENDERED = 150;

/** Whether a list property holds anything (a page may set anything). */
const nonEmpty = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

// What a page may never use is loaded with a dynamic `import()` on first use (once per page), so that the main entry
// stays light: the interrupt cards when an interrupt is due, the approval card when a call first waits for approval
// (its schema form when a person first edits arguments), the activity views when the transcript first holds one.
const interruptPart = new LazyModule('interrupts', () => import('./interrupt-part.js'));
const approvalPart = new LazyModule('approval', () => import('./approval-part.js'));
const activityPart = new LazyModule('activity', () => import('./activity-part.js'));
const approvalEditForm = new LazyModule('approval-edit-form', () => import('./approval-edit-form.js'));
// And the controllers of `toolSources`, `mcpServers` and `expose-webmcp` when a page first sets one.
const toolSourcesPart = new LazyModule('tool-sources', () => import('./tool-sources-part.js'));

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
 * @fires {CustomEvent<ToolCallEndDetail>} ag-ui-tool-call-end - A frontend tool call succeeded (`result`, `execution`).
 * @fires {CustomEvent<ToolCallErrorDetail>} ag-ui-tool-call-error - A frontend tool call failed or was cancelled (`error`).
 * @fires {CustomEvent<ToolStatusChangedDetail>} ag-ui-tool-status-changed - A tool call's status changed, or (`progress` set) a running call reported progress.
 * @fires {CustomEvent<ToolRetryingDetail>} ag-ui-tool-retrying - A tool call will be retried after `delayMs`.
 * @fires {CustomEvent<ToolRegistrationErrorDetail>} ag-ui-tool-registration-error - A definition from `tools` or `registerTool()` could not be registered.
 * @fires {CustomEvent<ToolSourceErrorDetail>} ag-ui-tool-source-error - A source of tools (`expose-webmcp`, `mcpServers`, `toolSources`) could not be used.
 * @fires {CustomEvent<ToolApprovalRequestedDetail>} ag-ui-tool-approval-requested - Cancelable, a tool call waits for a person's approval; `preventDefault()` hides the approval card (answer with `approve()`/`deny(reason?)`).
 * @fires {CustomEvent<InterruptDetail>} ag-ui-interrupt - Cancelable, once per interrupt a run finished with; `preventDefault()` hides its card (answer with `resolve()`/`cancel()`; a `tool_call` interrupt with `{ approved }`).
 * @fires {CustomEvent<DecisionsChangedDetail>} ag-ui-decisions-changed - The pending approvals and interrupts (`decisions`) changed.
 * @fires {CustomEvent<ActivityChangedDetail>} ag-ui-activity-changed - An activity message (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`) was created or changed.
 * @fires {CustomEvent<A2uiActionDetail>} ag-ui-a2ui-action - Cancelable, a person used a control of an A2UI surface (`userAction`); unless `preventDefault()`, the agent runs with `forwardedProps.a2uiAction.userAction`, as `@ag-ui/a2ui-middleware` reads it.
 * @fires {CustomEvent<A2uiErrorDetail>} ag-ui-a2ui-error - An A2UI surface could not be shown, or not fully (`code`: a2ui_unavailable, a2ui_invalid_surface, a2ui_unknown_component, a2ui_generation_failed); its entry says so.
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
 * @csspart message-content - The text of a message (rendered markdown for the agent).
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
 * @csspart tool-call-cancel - The Cancel button of a running frontend tool call (validating, executing, or waiting for a retry).
 * @csspart tool-call-section - The arguments block and the result block.
 * @csspart tool-call-label - The "Arguments" and "Result" labels.
 * @csspart tool-call-args - The arguments (`<pre>`): the first 4,000 characters (the last while they stream).
 * @csspart tool-call-result - The result (`<pre>`): the first 4,000 characters.
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
 * @csspart a2ui-surface - An A2UI surface (`<a2ui-surface>` of `@a2ui/lit`, loaded on the first one) in an `activity-a2ui-surface` entry.
 * @csspart a2ui-loading - The line shown while the A2UI renderer loads or the agent builds the surface.
 * @csspart a2ui-error - Why an A2UI surface is not shown (or not fully): bad surface data, unknown components, `@a2ui/lit` missing.
 * @csspart tool-approval - The approval card inside a tool call card waiting for approval (a labelled group, focused when it appears).
 * @csspart tool-approval-title - Its question ("Allow <tool> to run?").
 * @csspart tool-approval-effect - What the tool's effect means.
 * @csspart tool-approval-args - The arguments (`<pre>`, redacted per the tool's `redaction.args`).
 * @csspart tool-approval-no-args - "No arguments." when there are none.
 * @csspart tool-approval-actions - The row of buttons.
 * @csspart tool-approval-approve - The Approve button.
 * @csspart tool-approval-deny - The Deny button.
 * @csspart tool-approval-edit-button - "Edit arguments": the card switches to an editor of the proposed arguments (`tool-approval-editing`), for a frontend call whose arguments are not redacted: a form generated from the tool's schema when it can express it, else JSON text.
 * @csspart tool-approval-edit-mode - The "Form" / "JSON" toggle while editing (`tool-approval-edit-mode-form`, `tool-approval-edit-mode-json`: buttons with `aria-pressed`); shown only when the form can express the tool's schema.
 * @csspart tool-approval-form - The form generated from the tool's JSON Schema, pre-filled with the proposed arguments (loaded on first edit); its nodes carry the schema form's parts: `field`, `field-label`, `field-description`, `field-input`, `checkbox`, `select`, `json`, `required`, `field-issue` (the schema's message at its field), `fieldset`, `array`, `legend`, `array-items`, `array-item`, `button`, `add-item`, `remove-item`.
 * @csspart tool-approval-edit - The arguments' JSON `<textarea>` (the JSON mode), checked against the tool's schema as the person types.
 * @csspart tool-approval-edit-error - Why the edited arguments cannot run (not JSON, or the schema's messages).
 * @csspart tool-approval-diff - Which arguments the edit changes.
 * @csspart tool-approval-approve-edited - "Approve with edits" (disabled while the edit is invalid); `tool-approval-edit-cancel` goes back.
 * @csspart tool-approval-remember - "Allow for this conversation" (also `tool-approval-remember-thread`) and "Always allow" (`tool-approval-remember-always`), offered unless the tool or the policy asks about every call.
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
 * @csspart persistence-notice - The notice shown when the thread could not be saved or loaded (`role=status`).
 * @csspart error-banner - The error banner (`role=alert`).
 * @csspart error-message - Its text.
 * @csspart error-retry - Its Retry button (a failed run, unless `max_tool_iterations` or `protocol_error`).
 * @csspart error-dismiss - Its Dismiss button.
 * @csspart composer - The form with the input and buttons.
 * @csspart input - The message `<textarea>`.
 * @csspart send-button - The Send button.
 * @csspart stop-button - The Stop button (while running).
 *
 * Colours: light by default, dark under `prefers-color-scheme: dark` (every `--ag-ui-color-*` has a dark default)
 * unless `theme="light"`; `theme="dark"` forces dark. A page's own `--ag-ui-color-*` values win in both. Under
 * `prefers-reduced-motion: reduce` nothing in the element transitions, animates or scrolls smoothly.
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
 * @cssprop [--ag-ui-max-height=32rem] - Maximum height of the element (inside its border) when the page gives it no
 *   definite height (a definite height, e.g. `height: 600px` or a grid row, wins); the transcript scrolls inside.
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

  readonly #agentLoop = new AgentLoopController(this);
  readonly #markdown = new MarkdownCache(500);
  readonly #markdownCatchUp = new MarkdownCatchUp(this.#markdown, () => this.#agentLoop.requestFrameUpdate());
  readonly #scroll = new ScrollFollowController(this, {
    scroller: () => this._transcript,
    content: () => this._transcriptItems,
    onNearTop: () => this.#loadEarlier(),
    atEnd: () => this.#window.atEnd,
    onNearBottom: () => this.#loadLater(),
  });
  readonly #window = new TranscriptWindow(WINDOW_SIZE, PAGE_SIZE, MAX_RENDERED);
  /** Tool cards an agent message shows (by message id), once the reader asked for more than `TOOL_CARDS_SHOWN`. */
  readonly #toolCardLimits = new Map<string, number>();
  readonly #lazy = new LazyParts(this, (failure) => this.#reportPartError(failure));
  /** The interrupt cards, once an interrupt was due and their module loaded. */
  #interrupts: InterruptController | undefined;
  /** Focus on new approval cards, once the approval card's module loaded. */
  #approvalFocus: ApprovalFocusController | undefined;
  readonly #persistence = new ThreadPersistenceController(this, {
    loop: () => this.#agentLoop.loop,
    store: () => (this.isConnected ? this.store : undefined),
    threadId: () => this.#threadId,
    onThreadChanged: (threadId, restored, fromOtherTab) => this.#threadChanged(threadId, restored, fromOtherTab),
    // A thread list bound to this element learns of the store (opened on first use) from this event.
    onKept: (threadId) => this.#fireThreadChanged(threadId, false),
    onError: (error) => this.#reportPersistenceError(error),
  });

  /** `expose-webmcp`, once a page set it (or a source of tools) and the controllers' module loaded. */
  #webMcp: WebMcpExposeController | undefined;
  /** `toolSources` and `mcpServers`, likewise. */
  #toolSources: ToolSourcesController | undefined;

  @query(ownSelector('.transcript')) private _transcript?: HTMLElement;
  @query(ownSelector('.transcript-items')) private _transcriptItems?: HTMLElement;
  @query(ownSelector('.input')) private _input?: HTMLTextAreaElement;

  /** Approval cards whose arguments the person is editing, by toolCallId. */
  readonly #edits = new Map<string, ArgumentsEdit>();
  /** Custom elements made for renderers given by tag name, one per tool call or activity. */
  readonly #rendered = new RenderedElements();
  /** A2UI surfaces (`a2ui-surface` activities), once the activity module loaded; the renderer loads on the first one. */
  #a2ui: A2uiActivities | undefined;
  readonly #ownedTools = new OwnedTools((detail) => this.#reportRegistrationError(detail));
  #policy: ToolPolicy | undefined;
  /** The policy this element gave to a registry (the registry's frozen copy), to withdraw it on a change of registry. */
  #appliedPolicy: { registry: ToolRegistry; policy: Readonly<ToolPolicy> } | undefined;
  #threadId: string | undefined;
  #store: ThreadStore | undefined;
  /** The store `persist` opened (closed when `persist`, `persist-name` or `store` change, or the element leaves). */
  #persistStore: IndexedDbThreadStore | undefined;
  /** The IndexedDB store's module, loading (on first use: a page that never persists does not load it). */
  #persistOpening: Promise<void> | undefined;
  #ownRegistry: ToolRegistry | undefined;
  readonly #source = new LoopSourceKeeper();
  #transcriptMemo: { loop: AgentRunLoop | undefined; version: number; length: number; transcript: Transcript } | undefined;
  #localError: { message: string } | undefined;
  #dismissedError: object | undefined;
  /** First transcript entry rendered. */
  #countdownTimer: ReturnType<typeof setTimeout> | undefined;
  #refocusInput = false;
  /** The message whose Copy button was last used, and how that went (its label says so until another is used). */
  #copied: { messageId: string; label: CopyButton['label'] } | undefined;

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
    return this.#policy;
  }

  set policy(value: ToolPolicy | undefined) {
    this.#policy = value ?? undefined;
    this.#applyPolicy();
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
    const loop = this.#agentLoop.loop;
    if (!loop || this.#threadId === undefined || this.#threadId === loop.threadId) return;
    if (this.#persistence.store) {
      // Kept threads load from the store (asynchronously); `ag-ui-thread-changed` says when it is shown.
      this.#persistence.switchTo(this.#threadId);
      return;
    }
    loop.reset(this.#threadId);
    this.#threadChanged(this.#threadId, false);
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
    return this.#store ?? this.#persistentStore();
  }

  set store(value: ThreadStore | undefined) {
    const old = this.#store;
    this.#store = value ?? undefined;
    this.requestUpdate('store', old);
  }

  /** The conversation (AG-UI messages), read-only. Empty before the element has an agent. */
  get messages(): readonly Message[] {
    return this.#agentLoop.loop?.messages ?? [];
  }

  /** The agent's shared state, read-only. */
  get state(): State {
    return this.#agentLoop.loop?.state ?? {};
  }

  /** Every tool call of the thread as its record (`ToolCallRecord`), by `toolCallId`; read-only. Empty without an agent. */
  get toolCalls(): ReadonlyMap<string, ToolCallRecord> {
    return this.#agentLoop.loop?.toolCalls ?? new Map();
  }

  /** What waits for a person: tool calls to approve and the interrupts of the last run (`PendingDecision[]`); read-only. */
  get decisions(): readonly PendingDecision[] {
    return this.#agentLoop.loop?.decisions ?? [];
  }

  /**
   * The `ToolExecutionManager` that runs this element's tool calls (its loop's), read-only; `undefined` before the
   * element has an agent. For tools such as `<ag-ui-tool-inspector>` that follow executions and circuit state live.
   */
  get manager(): ToolExecutionManager | undefined {
    return this.#agentLoop.loop?.manager;
  }

  /**
   * The approvals a person asked to remember with "Allow for this conversation" or "Always allow" in an approval card
   * (`{ toolName, scope, threadId? }`), read-only. They hold while this element keeps its agent; when it keeps its
   * threads in a store (`persist`, `store`) that has the approval methods, they are kept there too and come back
   * after a reload: a thread's with that thread, "always" ones for every thread of the store.
   */
  get rememberedApprovals(): RememberedApproval[] {
    return this.#agentLoop.loop?.rememberedApprovals ?? [];
  }

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
  get running(): boolean {
    return this.#agentLoop.loop?.running ?? false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#syncLoop();
    this.#syncTools();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#syncTools();
    clearTimeout(this.#countdownTimer);
    this.#countdownTimer = undefined;
    this.#markdownCatchUp.cancel();
    // A move in the DOM disconnects and reconnects at once: keep the loop (and a run in flight) through it.
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#teardownLoop();
      this.#persistence.sync();
      this.#closePersistentStore();
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.#createLazyControllers();
    if (!this.isConnected) return;
    if (changed.has('agent') || changed.has('url') || changed.has('registry')) this.#syncLoop();
    if (changed.has('registry')) this.#applyPolicy();
    if ((changed.has('persist') || changed.has('persistName') || changed.has('store')) && this.#persistStore) {
      if (!this.persist || this.#store || this.#persistStore.name !== this.persistName) this.#closePersistentStore();
    }
    if (changed.has('tools') || changed.has('registry')) this.#syncTools();
    if (changed.has('exposeWebMcp') || changed.has('registry')) this.#webMcp?.sync();
    if (changed.has('toolSources') || changed.has('mcpServers') || changed.has('registry')) this.#toolSources?.sync();
    if (changed.has('renderers') || changed.has('activityRenderers')) this.#agentLoop.requestFrameUpdate();
    const loop = this.#agentLoop.loop;
    if (loop) {
      if (changed.has('headers') && this.#source.ownAgent) this.#source.ownAgent.headers = validHeaders(this.headers);
      if (changed.has('maxToolIterations')) loop.maxToolIterations = this.#validMaxToolIterations();
      if (changed.has('streamIdleTimeoutMs')) loop.streamIdleTimeoutMs = this.#validStreamIdleTimeout();
      if (changed.has('unknownTools')) loop.unknownTools = this.#validUnknownTools();
      if (changed.has('context')) loop.context = Array.isArray(this.context) ? this.context : [];
      if (changed.has('forwardedProps')) loop.forwardedProps = this.forwardedProps;
    }
    const active = this.shadowRoot?.activeElement;
    this.#refocusInput = !this.running && active instanceof HTMLElement && active.classList.contains('stop-button');
  }

  /**
   * Also waits for the parts loading on first use (`lazy-part.ts`) and the update each asks for once loaded, so that
   * `await el.updateComplete` never resolves while a placeholder stands in for one.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    for (let loading = this.#lazy.loading; loading; loading = this.#lazy.loading) {
      await loading;
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.#refocusInput) {
      this.#refocusInput = false;
      this._input?.focus();
    }
  }

  /**
   * Registers a tool in `registry` (until `unregisterTool(name)`; not tied to the element's lifecycle, unlike `tools`).
   * Never throws: a definition that cannot be registered (invalid, or a duplicate name) logs a console warning and
   * fires `ag-ui-tool-registration-error`.
   * @returns whether it was registered
   */
  registerTool(definition: ToolDefinition): boolean {
    return registerReporting(this.#registry(), definition, 'register-tool-method', (detail) =>
      this.#reportRegistrationError(detail),
    );
  }

  /**
   * Removes a tool from `registry` (one from `registerTool()`, `tools`, or anywhere else).
   * @returns whether it was registered
   */
  unregisterTool(name: string): boolean {
    this.#ownedTools.forget(name);
    return (this.#registry()).unregister(name);
  }

  /**
   * Replaces the conversation, e.g. to restore a saved thread (stops a run in progress; keeps the thread id).
   * The messages are copied.
   */
  setMessages(messages: readonly Message[]): void {
    const loop = this.#agentLoop.loop ?? (this.isConnected ? this.#syncLoop() : undefined);
    if (!loop) {
      this.#showLocalError('No agent to hold the conversation: set the "url" attribute or the "agent" property.');
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
    const loop = this.#agentLoop.loop ?? (this.isConnected ? this.#syncLoop() : undefined);
    this.#threadId = undefined;
    this.#source.forgetSnapshot();
    this.#persistence.reset();
    loop?.reset();
    if (loop) this.#threadChanged(loop.threadId, false);
    else this.#afterReset();
  }

  override render(): TemplateResult {
    const loop = this.#agentLoop.loop;
    const running = loop?.running ?? false;
    const { items } = this.#transcript();
    const { start, end } = this.#window.range(items.length, this.#scroll.following);
    const visible = start > 0 || end < items.length ? items.slice(start, end) : items;
    const now = Date.now();
    const records = loop?.toolCalls;
    const lastId = items[items.length - 1]?.id;
    let countdown = false;
    // Newly completed markdown blocks get one time budget per frame, shared by the messages in order; the rest is
    // rendered over the next frames or by `MarkdownCatchUp`, never in one long task.
    const budgetEnd = deadline();
    const cardOptions: ToolCallCardOptions = { ...this.#cardHandlers, now };
    const renderCard = (toolCall: ToolCall): unknown => {
      const record = records?.get(toolCall.id);
      const data = toolCallCardData(toolCall, record, loop?.decisions);
      const tool = this.#registry().get(data.toolCallName);
      const badges = toolSourceBadges(tool);
      if (badges) data.badges = badges;
      const title = tool?.metadata?.title;
      if (typeof title === 'string') data.title = title;
      const edit = this.#edits.get(toolCall.id);
      if (edit && data.approval?.editable) data.edit = edit;
      if (data.approval) {
        this.#lazy.use(approvalPart);
        data.approvalPart = this.#lazy.status(approvalPart);
      }
      if (data.retry) countdown = true;
      const renderer = this.#toolRenderer(data.toolCallName);
      if (!renderer || !record) return renderToolCallOnce(data, cardOptions);
      return renderToolCallOnce(data, cardOptions, {
        renderer,
        render: () => renderCustom(renderer, toolRenderContext(record, loop?.decisions), record.toolCallId, 'toolCall', this.#rendered, 'tool call'),
      });
    };
    const renderItem = (item: TranscriptItem): TemplateResult => {
      switch (item.kind) {
        case 'user':
          return renderUserMessage(item);
        case 'reasoning':
          return renderReasoning(item, running && item.id === lastId);
        case 'activity':
          return this.#renderActivity(item.message);
        case 'assistant': {
          const content = item.message.content ?? '';
          const markdown = content === '' ? undefined : this.#messageMarkdown(item, content, running, running && item.id === lastId, budgetEnd);
          const { shown, hidden } = windowToolCalls(
            item.message.toolCalls ?? [],
            this.#toolCardLimits.get(item.id) ?? TOOL_CARDS_SHOWN,
            (toolCall) => records?.get(toolCall.id)?.status === 'awaiting_approval',
          );
          // Keyed: a card's DOM stays with its call when the window over the calls moves.
          const cards = repeat(shown, (toolCall) => toolCall.id, renderCard);
          // No Copy while the reply is still being written.
          const copy = running && item.id === lastId ? undefined : this.#copyButton(item.id);
          if (hidden.length === 0) return renderAssistantMessage(item, markdown, { cards, count: shown.length }, copy);
          const summary = hiddenToolCallsSummary(hidden, (toolCall) => records?.get(toolCall.id)?.status ?? 'unanswered');
          return renderAssistantMessage(item, markdown, { cards, count: shown.length, hidden: this.#renderHiddenToolCalls(hidden.length, summary) }, copy);
        }
      }
    };
    // One box that lays the element out whatever display the page gives the host (see ag-ui-agent.styles.ts).
    const result = html`<div part="base" class="base" @keydown=${this.#onEscape}>
      <div
        part="transcript"
        class="transcript"
        role="log"
        aria-live="polite"
        aria-busy=${running ? 'true' : 'false'}
        aria-label="Conversation"
        tabindex="0"
        @scroll=${this.#scroll.onScroll}
        @wheel=${this.#onWheel}
        @keydown=${this.#scroll.onKeyDown}
      >
        ${start > 0
          ? html`<button part="load-earlier" class="load-earlier" type="button" @click=${this.#onLoadEarlier}>
              Show earlier messages (${start})
            </button>`
          : nothing}
        ${items.length === 0 ? renderEmptyState(validSuggestions(this.suggestions), this.disabled, this.#onSuggestion) : nothing}
        <div part="transcript-items" class="transcript-items">
          ${repeat(visible, (item) => item.id, renderItem)}${end === items.length ? this.#renderInterrupts() : nothing}
        </div>
        ${renderExternalCalls(records, renderCard)}
        ${end < items.length
          ? html`<button part="load-newer" class="load-newer" type="button" @click=${this.#onLoadLater}>
              Show newer messages (${items.length - end})
            </button>`
          : nothing}
        <div class="scroll-anchor" aria-hidden="true"></div>
      </div>
      ${this.#renderPersistenceNotice()} ${this.#renderError()}
      ${renderComposer({
        placeholder: this.placeholder,
        disabled: this.disabled,
        running,
        onSubmit: this.#onSubmit,
        onKeyDown: this.#onKeyDown,
        onInput: this.#onInput,
        onStop: this.#onStop,
      })}
    </div>`;
    this.#scheduleCountdown(countdown);
    return result;
  }

  /** The approval card of a call waiting for approval: the lazily loaded card, its placeholder, or plain Approve / Deny. */
  #renderApproval = (data: ToolCallCardData & { approval: ToolApprovalView }): unknown => {
    const module = this.#lazy.use(approvalPart);
    if (module) return module.renderToolApproval(data.toolCallId, data.toolCallName, data.approval, this.#cardHandlers, data.edit);
    if (this.#lazy.status(approvalPart) === 'failed') return renderApprovalFallback(data.toolCallId, data.toolCallName, this.#cardHandlers);
    return renderPartLoading('Loading the approval…');
  };

  /** The handlers of every tool call card (stable: a card re-renders only when its call changed). */
  readonly #cardHandlers: Omit<ToolCallCardOptions, 'now'> = {
    onCancel: (event, toolCallId) => this.#onCancelToolCall(event, toolCallId),
    onApprove: (event, toolCallId, remember) => this.#onApproveToolCall(event, toolCallId, remember),
    onDeny: (event, toolCallId, reason) => this.#onDenyToolCall(event, toolCallId, reason),
    onEdit: (event, toolCallId, editing) => this.#onEditArguments(event, toolCallId, editing),
    onEditInput: (event, toolCallId, text) => this.#onEditArgumentsInput(event, toolCallId, text),
    onApproveEdited: (event, toolCallId) => this.#onApproveEdited(event, toolCallId),
    onEditMode: (event, toolCallId, mode) => this.#onEditMode(event, toolCallId, mode),
    renderEditForm: (toolCallId, toolCallName, edit) => this.#renderEditForm(toolCallId, toolCallName, edit),
    renderApproval: (data) => this.#renderApproval(data),
  };

  /** The interrupt cards (loaded when the first interrupt is due), their placeholder, or plain answers. */
  #renderInterrupts(): unknown {
    if (this.#interrupts) return this.#interrupts.render();
    const shown = shownInterrupts(this.#agentLoop.loop);
    if (shown.length === 0) return nothing;
    this.#lazy.use(interruptPart);
    if (this.#lazy.status(interruptPart) === 'failed') {
      return renderInterruptsFallback(shown, () => {
        this.#scroll.follow();
        this.#agentLoop.requestFrameUpdate();
      });
    }
    return html`<div part="interrupts" class="interrupts">${renderPartLoading('Loading the question…')}</div>`;
  }

  /** An activity entry: the lazily loaded views, else a placeholder or a contained error in the entry's box. */
  #renderActivity(message: ActivityMessage): TemplateResult {
    const module = this.#lazy.use(activityPart);
    if (module) {
      this.#a2ui ??= new module.A2uiActivities({
        requestUpdate: () => this.requestUpdate(),
        action: (detail) => this.#onA2uiAction(detail),
        error: (detail) => {
          const event = new CustomEvent<A2uiErrorDetail>('ag-ui-a2ui-error', { detail, bubbles: true, composed: true });
          this.dispatchEvent(event);
        },
      });
      return module.renderActivity(message, this.activityRenderers, this.#rendered, this.#a2ui);
    }
    const failed = this.#lazy.status(activityPart) === 'failed';
    return html`<section part="activity" class="message activity" data-message-id=${message.id} aria-busy=${failed ? 'false' : 'true'}>
      ${failed ? renderPartError('this activity') : renderPartLoading('Loading…')}
    </section>`;
  }

  /**
   * The controllers of lazily loaded parts, made in the first update after their module loaded (before the
   * controllers' `hostUpdate`, so they see that update): the interrupt cards, the focus move to approval cards.
   */
  #createLazyControllers(): void {
    const interrupts = interruptPart.module;
    if (!this.#interrupts && interrupts && shownInterrupts(this.#agentLoop.loop).length > 0) {
      this.#lazy.use(interruptPart);
      this.#interrupts = new interrupts.InterruptController(this, {
        loop: () => this.#agentLoop.loop,
        onResume: () => this.#scroll.follow(),
        focusAfterAnswer: () => this._input?.focus(),
      });
    }
    const approval = approvalPart.module;
    if (!this.#approvalFocus && approval) this.#approvalFocus = new approval.ApprovalFocusController(this);
    const wantsSources = this.exposeWebMcp || nonEmpty(this.toolSources) || nonEmpty(this.mcpServers);
    const sources = wantsSources && !this.#toolSources ? this.#lazy.use(toolSourcesPart) : undefined;
    if (sources) {
      // Made connected, they sync at once (`hostConnected`).
      this.#webMcp = new sources.WebMcpExposeController(this, {
        enabled: () => this.exposeWebMcp,
        registry: () => this.#registry(),
        loop: () => this.#agentLoop.loop ?? (this.isConnected ? this.#syncLoop() : undefined),
        onError: (detail) => this.#reportToolSourceError(detail),
      });
      this.#toolSources = new sources.ToolSourcesController(this, {
        toolSources: () => this.toolSources,
        mcpServers: () => this.mcpServers,
        registry: () => this.#registry(),
        onError: (detail) => this.#reportToolSourceError(detail),
      });
    }
  }

  #reportPartError({ part, cause }: LazyPartFailure): void {
    const detail: PartErrorDetail = { part, code: 'part_load_failed', message: `The ${part} part could not be loaded.`, cause };
    const event = new CustomEvent('ag-ui-part-error', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
  }

  /**
   * The markdown of an assistant message, advanced until the frame's `budgetEnd` (the scheduler's `deadline()`). A
   * rendering left behind its text is caught up in tasks between frames (`MarkdownCatchUp`); while that runs and the
   * agent is idle, frames only show what the tasks rendered.
   * @param streaming - the run may still write this message (the last one while running); its tail is throttled
   */
  #messageMarkdown(
    item: Extract<TranscriptItem, { kind: 'assistant' }>,
    content: string,
    running: boolean,
    streaming: boolean,
    budgetEnd: number,
  ): RenderedMarkdown {
    if (!running && this.#markdownCatchUp.has(item.id)) {
      const shown = this.#markdown.peek(item.id);
      if (shown) return shown;
    }
    const markdown = this.#markdown.render(item.id, content, undefined, timeLeft(budgetEnd), !streaming);
    if (markdown.stale) {
      this.#markdownCatchUp.add(item.id, () => item.message.content ?? '', markdown, () => !this.#isStreaming(item.id));
    }
    return markdown;
  }

  /** Whether the run may still write message `id` (the conversation's last item while running). */
  #isStreaming(id: string): boolean {
    if (!(this.#agentLoop.loop?.running ?? false)) return false;
    const { items } = this.#transcript();
    return items[items.length - 1]?.id === id;
  }

  /** The row that stands for a message's `count` hidden tool calls: what they are doing, and "Show more". */
  #renderHiddenToolCalls(count: number, summary: string): TemplateResult {
    const more = Math.min(count, TOOL_CARDS_PAGE);
    return html`<div part="tool-calls-hidden" class="tool-calls-hidden">
      <span part="tool-calls-hidden-summary" class="tool-calls-hidden-summary"
        >${count} earlier tool ${count === 1 ? 'call' : 'calls'}: ${summary}</span
      >
      <button
        part="load-earlier-tool-calls"
        class="load-earlier-tool-calls"
        type="button"
        aria-label="Show ${more} more tool ${more === 1 ? 'call' : 'calls'}"
        @click=${this.#onShowEarlierToolCalls}
      >
        Show ${more} more
      </button>
    </div>`;
  }

  /**
   * "Show more" of a message's hidden tool calls: a page more of its cards, the first card shown so far kept where
   * it is on screen (the new ones appear above it, as "Show earlier messages" does).
   */
  #onShowEarlierToolCalls = (event: Event): void => {
    const row = (event.currentTarget as HTMLElement).closest('.tool-calls-hidden');
    const messageId = row?.closest<HTMLElement>('[data-message-id]')?.dataset.messageId;
    if (!row || messageId === undefined || this.#scroll.keepingPosition) return;
    this.#toolCardLimits.set(messageId, (this.#toolCardLimits.get(messageId) ?? TOOL_CARDS_SHOWN) + TOOL_CARDS_PAGE);
    this.#scroll.unfollow();
    this.#scroll.keepInPlace(row.nextElementSibling ?? row);
    this.requestUpdate();
  };

  /** The renderer of a tool's calls: `renderers[name]`, else the tool's own `render`, else a `renderers` pattern. */
  #toolRenderer(name: string): ToolCallRenderer | undefined {
    const renderers = this.renderers;
    if (renderers && typeof renderers === 'object' && Object.hasOwn(renderers, name)) return findRenderer(renderers, name);
    const own = this.#agentLoop.loop?.registry.get(name)?.render as ToolCallRenderer | undefined;
    return own ?? findRenderer(renderers, name);
  }

  #renderPersistenceNotice(): TemplateResult | typeof nothing {
    const error = this.#persistence.error;
    if (!error) return nothing;
    const what = error.code === 'quota_exceeded' ? 'the browser has no storage space left' : error.code === 'unavailable' ? 'browser storage is unavailable' : 'browser storage failed';
    return html`<p part="persistence-notice" class="persistence-notice" role="status">
      Not saved: ${what}. This conversation is kept in this tab only.
    </p>`;
  }

  /** The element shows another thread: re-renders from scratch, and (unless another tab's copy) fires `ag-ui-thread-changed`. */
  #threadChanged(threadId: string, restored: boolean, fromOtherTab = false): void {
    // Rendered on the next frame (`#afterReset`), not in the task that restored it: a long thread's first screen
    // is work enough for a task of its own.
    this.#afterReset();
    if (!fromOtherTab) this.#fireThreadChanged(threadId, restored);
  }

  #fireThreadChanged(threadId: string, restored: boolean): void {
    const detail: ThreadChangedDetail = { threadId, restored };
    const event = new CustomEvent('ag-ui-thread-changed', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
  }

  #reportPersistenceError(error: ThreadStoreError): void {
    console.warn('<ag-ui-agent>: the thread could not be kept:', error);
    const detail: PersistenceErrorDetail = { code: error.code, message: error.message, cause: error };
    if (error.threadId !== undefined) detail.threadId = error.threadId;
    const event = new CustomEvent('ag-ui-persistence-error', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
    this.requestUpdate();
  }

  /** The IndexedDB store of `persist`, opened on first use. */
  #persistentStore(): IndexedDbThreadStore | undefined {
    if (!this.persist) return undefined;
    if (!this.#persistStore) this.#openPersistentStore();
    return this.#persistStore;
  }

  /**
   * Loads the IndexedDB store's module (its code and `idb` are loaded on first use, not by every page) and opens the
   * store; the element then binds it and restores the thread (`ag-ui-thread-changed`).
   */
  #openPersistentStore(): void {
    if (this.#persistOpening) return;
    const name = this.persistName || 'ag-ui-lit';
    const opening = import('../../persistence/indexed-db-thread-store.js').then(
      ({ IndexedDbThreadStore }) => {
        if (this.#persistOpening !== opening) return;
        this.#persistOpening = undefined;
        if (!this.persist || this.#store || (this.persistName || 'ag-ui-lit') !== name) return;
        this.#persistStore = new IndexedDbThreadStore({ name, onError: (error) => this.#reportPersistenceError(error) });
        this.requestUpdate();
      },
      (error: unknown) => {
        if (this.#persistOpening === opening) this.#persistOpening = undefined;
        this.#reportPersistenceError(toThreadStoreError(error, 'Loading the thread store', 'unavailable'));
      },
    );
    this.#persistOpening = opening;
  }

  #closePersistentStore(): void {
    const store = this.#persistStore;
    this.#persistStore = undefined;
    this.#persistOpening = undefined;
    // After the journal's last writes (it was unbound first, and flushes as it goes).
    if (store) void this.#persistence.flush().finally(() => store.close());
  }

  #renderError(): TemplateResult | typeof nothing {
    const runError: RunErrorDetail | undefined = this.#agentLoop.loop?.lastError;
    const error = this.#localError ?? runError;
    if (error === this.#dismissedError) return nothing;
    const retry = error === runError && runError !== undefined && !NOT_RETRYABLE.has(runError.code);
    return renderErrorBanner(error, this.#onDismissError, retry ? this.#onRetry : undefined);
  }

  /** Builds (or rebuilds) the loop when its source changed; restores a kept conversation when it is the same agent. */
  #syncLoop(): AgentRunLoop | undefined {
    const source: LoopSource = { agent: this.agent ?? undefined, url: this.url ?? '', registry: this.#registry() };
    if (this.#source.isCurrent(source)) return this.#agentLoop.loop;
    const carry = this.#source.takeCarry(source, this.#agentLoop.loop);
    this.#teardownLoop(false);
    const agent = this.#source.agentFor(source, carry, this.#threadId, validHeaders(this.headers));
    if (!agent) return undefined;
    let loop: AgentRunLoop;
    try {
      loop = new AgentRunLoop({
        agent,
        registry: source.registry,
        maxToolIterations: this.#validMaxToolIterations(),
        streamIdleTimeoutMs: this.#validStreamIdleTimeout(),
        unknownTools: this.#validUnknownTools(),
        context: Array.isArray(this.context) ? this.context : [],
        ...(this.forwardedProps ? { forwardedProps: this.forwardedProps } : {}),
      });
    } catch (error) {
      console.error('<ag-ui-agent>: could not start the agent loop:', error);
      this.#localError = { message: `Could not start the agent: ${error instanceof Error ? error.message : String(error)}` };
      return undefined;
    }
    this.#source.built(source);
    this.#transcriptMemo = undefined;
    if (!carry) this.#afterReset();
    this.#agentLoop.loop = loop;
    return loop;
  }

  #teardownLoop(keepSnapshot = true): void {
    const loop = this.#agentLoop.loop;
    if (!loop) return;
    this.#source.release(loop, keepSnapshot);
    this.#agentLoop.loop = undefined;
    loop.dispose();
  }

  /** Registers the `tools` not yet registered, unregisters the ones dropped (or all, when disconnected). */
  #syncTools(): void {
    this.#ownedTools.sync(this.isConnected && Array.isArray(this.tools) ? this.tools : [], this.#registry());
  }

  #reportRegistrationError(detail: ToolRegistrationErrorDetail): void {
    const event = new CustomEvent('ag-ui-tool-registration-error', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
  }

  /** Fires `ag-ui-message-send` and starts the loop; `undefined` when nothing was sent. */
  #startSend(text: string): Promise<void> | undefined {
    const trimmed = typeof text === 'string' ? text.trim() : '';
    if (trimmed === '') return undefined;
    const loop = this.#agentLoop.loop ?? (this.isConnected ? this.#syncLoop() : undefined);
    if (!loop) {
      this.#showLocalError(
        this.isConnected
          ? 'No agent to send to: set the "url" attribute or the "agent" property.'
          : 'The element is not in the document.',
      );
      return undefined;
    }
    const detail: MessageSendDetail = { text: trimmed };
    const event = new CustomEvent('ag-ui-message-send', { detail, bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(event)) return undefined;
    this.#localError = undefined;
    this.#scroll.follow();
    this.#agentLoop.requestFrameUpdate();
    return loop.sendMessage(trimmed);
  }

  #reportToolSourceError(detail: ToolSourceErrorDetail): void {
    const event = new CustomEvent('ag-ui-tool-source-error', { detail, bubbles: true, composed: true });
    this.dispatchEvent(event);
    this.#showLocalError(detail.message);
  }

  #showLocalError(message: string): void {
    console.warn(`<ag-ui-agent>: ${message}`);
    this.#localError = { message };
    this.requestUpdate();
  }

  #afterReset(): void {
    this.#localError = undefined;
    this.#dismissedError = undefined;
    this.#scroll.follow();
    this.#window.reset();
    this.#toolCardLimits.clear();
    this.#markdown.clear();
    this.#markdownCatchUp.cancel();
    this.#transcriptMemo = undefined;
    this.#rendered.clear();
    this.#a2ui?.clear();
    this.#edits.clear();
    this.#agentLoop.requestFrameUpdate();
  }

  /** The transcript of the current messages, recomputed only when the conversation's version changed. */
  #transcript(): Transcript {
    const loop = this.#agentLoop.loop;
    const messages = loop?.messages ?? [];
    const version = loop?.version ?? 0;
    const memo = this.#transcriptMemo;
    if (memo && memo.loop === loop && memo.version === version && memo.length === messages.length) return memo.transcript;
    const transcript = buildTranscript(messages);
    this.#transcriptMemo = { loop, version, length: messages.length, transcript };
    return transcript;
  }

  /**
   * Gives `policy` to `registry`. A policy this element gave to another registry before, and that is still in force
   * there, is withdrawn from it (so binding `policy` before `registry` leaves the first registry as it was).
   */
  #applyPolicy(): void {
    const registry = this.#registry();
    const applied = this.#appliedPolicy;
    if (applied && (applied.registry !== registry || this.#policy === undefined)) {
      if (applied.registry.policy === applied.policy) applied.registry.setPolicy(undefined);
      this.#appliedPolicy = undefined;
    }
    if (this.#policy === undefined) return;
    try {
      registry.setPolicy(this.#policy);
      this.#appliedPolicy = { registry, policy: registry.policy };
    } catch (error) {
      console.warn('<ag-ui-agent>: ignoring the "policy" property:', error);
    }
  }

  /** `registry`, or this element's own default when the page cleared it (`null`/`undefined`). */
  #registry(): ToolRegistry {
    return this.registry ?? (this.#ownRegistry ??= new ToolRegistry({ parent: globalToolRegistry }));
  }

  /** While a retry countdown shows, re-render when its displayed second changes. */
  #scheduleCountdown(active: boolean): void {
    clearTimeout(this.#countdownTimer);
    this.#countdownTimer = undefined;
    if (!active || !this.isConnected) return;
    this.#countdownTimer = setTimeout(() => {
      this.#countdownTimer = undefined;
      this.#agentLoop.requestFrameUpdate();
    }, 1000 - (Date.now() % 1000) + 10);
  }

  #validMaxToolIterations(): number {
    const value = this.maxToolIterations;
    if (Number.isInteger(value) && value >= 0) return value;
    console.warn(`<ag-ui-agent>: "max-tool-iterations" must be an integer >= 0, got ${String(value)}; using 5.`);
    return 5;
  }

  #validStreamIdleTimeout(): number {
    const value = this.streamIdleTimeoutMs;
    if (value === Infinity || (Number.isFinite(value) && value >= 0)) return value;
    console.warn(`<ag-ui-agent>: "stream-idle-timeout" must be a number of ms >= 0, got ${String(value)}; using ${DEFAULT_STREAM_IDLE_TIMEOUT_MS}.`);
    return DEFAULT_STREAM_IDLE_TIMEOUT_MS;
  }

  #validUnknownTools(): UnknownToolsMode {
    const value = this.unknownTools;
    if (value === 'answer' || value === 'ignore') return value;
    console.warn(`<ag-ui-agent>: "unknown-tools" must be "ignore" or "answer", got ${String(value)}; using "ignore".`);
    return 'ignore';
  }

  #onWheel = { handleEvent: (event: WheelEvent) => this.#scroll.onWheel(event), passive: true };

  #onLoadEarlier = (): void => {
    this.#loadEarlier();
  };

  #onLoadLater = (): void => {
    this.#loadLater();
  };

  /**
   * A page of earlier entries (the button, or the reader at the top), keeping the first entry shown where it is.
   * One page at a time: scroll events keep coming until the page is rendered and the position restored.
   */
  #loadEarlier(): void {
    const first = this._transcriptItems?.firstElementChild;
    if (this.#scroll.keepingPosition || !this.#window.earlier(this.#transcript().items.length)) return;
    this.#scroll.unfollow();
    if (first) this.#scroll.keepInPlace(first);
    this.requestUpdate();
  }

  /** A page of newer entries (the button, or the reader at the bottom of a window short of the end), likewise. */
  #loadLater(): void {
    const last = this._transcriptItems?.lastElementChild;
    if (this.#scroll.keepingPosition || !this.#window.later(this.#transcript().items.length)) return;
    if (last) this.#scroll.keepInPlace(last);
    this.requestUpdate();
  }

  #onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    this.#sendFromComposer();
    // A click on Send leaves focus on the button; typing goes on in the input.
    this._input?.focus();
  };

  #onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    this.#sendFromComposer();
  };

  #onInput = (event: InputEvent): void => {
    fitInput(event.currentTarget as HTMLTextAreaElement);
  };

  #sendFromComposer(): void {
    const input = this._input;
    if (!input || this.disabled || this.running) return;
    const sending = this.#startSend(input.value);
    if (!sending) return;
    input.value = '';
    fitInput(input);
    sending.catch((error: unknown) => console.error('<ag-ui-agent>: sending failed:', error));
  }

  #onStop = (): void => {
    this.stop();
    this._input?.focus();
  };

  #copyButton(messageId: string): CopyButton {
    const copied = this.#copied;
    return { label: copied?.messageId === messageId ? copied.label : 'Copy', onCopy: this.#onCopy };
  }

  /** Copy: the message's markdown source to the clipboard; its button then says "Copied" (or "Copy failed"). */
  #onCopy = (messageId: string): void => {
    const message = this.messages.find((candidate) => candidate.id === messageId);
    const text = typeof message?.content === 'string' ? message.content : '';
    const done = (label: CopyButton['label']): void => {
      this.#copied = { messageId, label };
      this.requestUpdate();
    };
    if (!navigator.clipboard) {
      done('Copy failed');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => done('Copied'),
      (error: unknown) => {
        console.warn('<ag-ui-agent>: could not copy the message:', error);
        done('Copy failed');
      },
    );
  };

  /** A suggestion chip sends its text, as if typed; typing goes on in the input. */
  #onSuggestion = (text: string): void => {
    if (this.disabled || this.running) return;
    this.#startSend(text)?.catch((error: unknown) => console.error('<ag-ui-agent>: sending failed:', error));
    this._input?.focus();
  };

  /** Escape stops a run, unless it was typed in an approval's or an interrupt's text field (left to the field). */
  #onEscape = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented || !this.running) return;
    const target = event.composedPath()[0];
    if (target !== this._input && isTextField(target)) return;
    event.preventDefault();
    this.#onStop();
  };

  /** Retry: the agent runs again on the conversation as it is (the failed turn's message is already in it). */
  #onRetry = (): void => {
    const loop = this.#agentLoop.loop;
    if (!loop || loop.running) return;
    this.#localError = undefined;
    this.#scroll.follow();
    loop.runAgent().catch((error: unknown) => console.error('<ag-ui-agent>: retrying failed:', error));
    this.#agentLoop.requestFrameUpdate();
    this._input?.focus();
  };

  /**
   * A person used a control of an A2UI surface: `ag-ui-a2ui-action` (cancelable), then a turn whose first run carries
   * the action in `forwardedProps.a2uiAction.userAction` (what `@ag-ui/a2ui-middleware` turns into a message for the
   * agent). A run in progress is stopped first, as when the person sends a message.
   */
  #onA2uiAction(detail: A2uiActionDetail): void {
    const event = new CustomEvent<A2uiActionDetail>('ag-ui-a2ui-action', { detail, bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(event)) return;
    const loop = this.#agentLoop.loop;
    if (!loop) return;
    this.#scroll.follow();
    void loop.runAgent({ forwardedProps: { a2uiAction: { userAction: detail.userAction } } });
    this.#agentLoop.requestFrameUpdate();
  }

  #onDismissError = (): void => {
    this.#dismissedError = this.#localError ?? this.#agentLoop.loop?.lastError;
    this.#localError = undefined;
    this.requestUpdate();
    this._input?.focus();
  };

  #onApproveToolCall = (event: Event, toolCallId: string, remember?: ApprovalScope): void => {
    this.#answerApproval(event, toolCallId, (loop) => loop.approveToolCall(toolCallId, remember ? { remember } : {}));
  };

  /**
   * "Edit arguments" / "Cancel editing": the approval card switches to an editor of the shown arguments (the form
   * generated from the tool's schema, loaded on first use, else JSON text), or back.
   */
  #onEditArguments = (event: Event, toolCallId: string, editing: boolean): void => {
    const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
    // The field (or the card) keeps the focus once the card has re-rendered.
    const focus = (): void =>
      void this.updateComplete.then(() =>
        requestAnimationFrame(() => (card?.querySelector<HTMLElement>(editing ? '.tool-approval-form [part~="field-input"], .tool-approval-edit' : '.tool-approval-edit-button') ?? card)?.focus()),
      );
    if (!editing) {
      this.#edits.delete(toolCallId);
      this.#agentLoop.requestFrameUpdate();
      focus();
      return;
    }
    void approvalEditForm.load().then(() => {
      const loop = this.#agentLoop.loop;
      const record = loop?.toolCalls.get(toolCallId);
      // Answered (or gone) while the form loaded: nothing to edit any more.
      if (!loop || record?.status !== 'awaiting_approval' || this.#edits.has(toolCallId)) return;
      const check = approvalPart.module?.checkEditedArguments;
      if (!check) return;
      const args = record.approval?.args;
      const edit = check(JSON.stringify(args ?? {}, null, 2), args, loop.registry.get(record.toolCallName)?.schema);
      this.#edits.set(toolCallId, { ...edit, mode: 'form' });
      this.#agentLoop.requestFrameUpdate();
      focus();
    });
  };

  /** The edited arguments as typed: checked against the tool's schema, and what they change. */
  #onEditArgumentsInput = (_event: Event, toolCallId: string, text: string): void => this.#setEditText(toolCallId, text);

  #setEditText(toolCallId: string, text: string): void {
    const loop = this.#agentLoop.loop;
    const record = loop?.toolCalls.get(toolCallId);
    const check = approvalPart.module?.checkEditedArguments;
    if (!loop || !record || !check) return;
    const mode = this.#edits.get(toolCallId)?.mode;
    this.#edits.set(toolCallId, { ...check(text, record.approval?.args, loop.registry.get(record.toolCallName)?.schema), mode });
    this.#agentLoop.requestFrameUpdate();
  }

  /** The "Form" / "JSON" toggle of an edit (Form only once the JSON text is an object: `edit.value`). */
  #onEditMode = (_event: Event, toolCallId: string, mode: 'form' | 'json'): void => {
    const edit = this.#edits.get(toolCallId);
    if (!edit || (mode === 'form' && edit.value === undefined)) return;
    this.#edits.set(toolCallId, { ...edit, mode });
    this.#agentLoop.requestFrameUpdate();
  };

  /** The form of an edit, when its module is loaded and can express the tool's schema; each change checked as JSON. */
  #renderEditForm = (toolCallId: string, toolCallName: string, edit: ArgumentsEdit): TemplateResult | undefined => {
    const module = approvalEditForm.module;
    const schema = module?.formSchemaOf(this.#agentLoop.loop?.registry.get(toolCallName)?.schema);
    if (!module || !schema) return undefined;
    return module.renderApprovalEditForm(toolCallId, schema, edit, (value) => this.#setEditText(toolCallId, JSON.stringify(value, null, 2)));
  };

  #onApproveEdited = (event: Event, toolCallId: string): void => {
    const edit = this.#edits.get(toolCallId);
    if (!edit || edit.error !== undefined) return;
    const args = JSON.parse(edit.text) as Record<string, unknown>;
    this.#edits.delete(toolCallId);
    this.#answerApproval(event, toolCallId, (loop) => loop.approveToolCall(toolCallId, { args }));
  };

  #onDenyToolCall = (event: Event, toolCallId: string, reason: string): void => {
    this.#answerApproval(event, toolCallId, (loop) => loop.denyToolCall(toolCallId, reason));
  };

  /** Answers an approval card; focus goes to the next card still asking, else to this call's card. */
  #answerApproval(event: Event, toolCallId: string, answer: (loop: AgentRunLoop) => boolean): void {
    const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
    const loop = this.#agentLoop.loop;
    if (loop) answer(loop);
    (this.#approvalFocus?.nextCard(toolCallId) ?? card)?.focus();
    this.#agentLoop.requestFrameUpdate();
  }

  #onCancelToolCall = (event: Event, toolCallId: string): void => {
    const card = (event.currentTarget as HTMLElement | null)?.closest<HTMLElement>('.tool-call');
    this.#agentLoop.loop?.cancelToolCall(toolCallId);
    // The Cancel button goes away with the status; keep focus on its card rather than losing it to <body>.
    card?.focus();
    this.#agentLoop.requestFrameUpdate();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'ag-ui-agent': AgUiAgent;
  }
}
