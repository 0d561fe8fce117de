/**
 * The tool call card of `<ag-ui-agent>`: a render function (not an element) so its parts live in the element's own
 * shadow root and `::part()` reaches them without `exportparts`.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { ToolCall } from '@ag-ui/client';
import type { PendingDecision, ToolApprovalView, ToolCallKind, ToolCallRecord, ToolCallStatus } from '../../../../agent/types.js';
import type { ToolProgress } from '../../../../tools/index.js';
import { uiToolAnswers } from '../../../../agent/ui-tool-answers.js';
import { ToolErrorCode } from '../../../../tools/errors.js';
import type { CustomRendering } from '../custom-renderer.js';
import type { LazyPartStatus } from '../../parts/lazy-part.js';
import type { ArgumentsEdit, ToolApprovalCardOptions } from '../approval/render-tool-approval.js';
import { renderPayloadSection } from './render-tool-payload.js';
import { renderToolSourceBadges } from './render-tool-source.js';
import { argumentsSummary, nameRepeatsTitle, resultSummary, toolTitle } from './tool-call-summary.js';

/** What a card shows: the call's record, as the page may see it. */
export interface ToolCallCardData {
  toolCallId: string;
  toolCallName: string;
  kind: ToolCallKind;
  status: ToolCallStatus;
  /** Arguments text as streamed so far (JSON once complete). */
  argsText: string;
  /** The result content, once there is one. */
  result?: string;
  /** The error message, once failed or cancelled. */
  error?: string;
  /** Set while a retry backoff is pending. */
  retry?: ToolCallRecord['retry'];
  /** Set while the call waits for its turn under the tool's rate limit. */
  rateLimit?: ToolCallRecord['rateLimit'];
  /** Set while the call waits for approval and the card asks for it (no listener took the request over). */
  approval?: ToolApprovalView;
  /** The call was running when the page was reloaded, and a person decides whether it runs again. */
  outcomeUnknown?: boolean;
  /** It ran without asking: a person had allowed its tool for this conversation or always. */
  approvedBy?: ToolCallRecord['approvedBy'];
  /** A UI tool's call waiting for the person's answer (`defineUiTool`). */
  waitingForAnswer?: boolean;
  /** Set while the person edits the arguments in the approval card. */
  edit?: ArgumentsEdit;
  /** With `approval`: whether the approval card's module (loaded on first use) is there, loading or failed. */
  approvalPart?: LazyPartStatus;
  /** The MCP hints and changed flag of its tool (`toolSourceBadges`). */
  badges?: readonly string[];
  /** Its tool's `metadata.title`, when it has one (else the card's title is the name made readable). */
  title?: string;
  /** A call of this page's tool that the agent answered itself (`answered_by_agent`): `result` is the agent's claim. */
  answeredByAgent?: boolean;
  /** While it runs: what the tool last reported of its progress (`ToolExecutionContext.reportProgress()`, MCP progress). */
  progress?: ToolProgress;
}

/**
 * What the card of `toolCall` shows: its `record` (the loop's, redacted where the tool's config says). A call without
 * a record (none is expected: the loop keeps one for every call of its messages) shows its name only. `decisions`: the
 * loop's, where a UI tool's question waits.
 */
export function toolCallCardData(toolCall: ToolCall, record: ToolCallRecord | undefined, decisions: readonly PendingDecision[] = []): ToolCallCardData {
  if (!record) {
    return { toolCallId: toolCall.id, toolCallName: toolCall.function.name, kind: 'backend', status: 'unanswered', argsText: '' };
  }
  const data: ToolCallCardData = {
    toolCallId: record.toolCallId,
    toolCallName: record.toolCallName,
    kind: record.kind,
    status: record.status,
    argsText: record.argsText,
  };
  if (record.result !== undefined) data.result = record.result;
  // The status says it was answered by the agent; the agent's words are the result, not an error.
  if (record.error?.code === ToolErrorCode.ANSWERED_BY_AGENT) data.answeredByAgent = true;
  else if (record.error !== undefined) data.error = record.error.message;
  if (record.retry) data.retry = record.retry;
  if (record.rateLimit) data.rateLimit = record.rateLimit;
  if (record.status === 'awaiting_approval' && record.approval && !record.approval.defaultPrevented) data.approval = record.approval;
  if (record.status === 'awaiting_approval' && record.approval?.reason === 'recovery') data.outcomeUnknown = true;
  if (record.approvedBy) data.approvedBy = record.approvedBy;
  if (record.status === 'executing' && record.kind === 'frontend' && uiToolAnswers(decisions, record.toolCallId)) data.waitingForAnswer = true;
  if (record.status === 'executing' && record.progress && !data.waitingForAnswer) data.progress = record.progress;
  return data;
}

/** Handlers and clock of a card. */
export interface ToolCallCardOptions extends ToolApprovalCardOptions {
  /** Current time, ms since the epoch (for the retry countdown). */
  now: number;
  /** Called by the Cancel button. */
  onCancel: (event: Event, toolCallId: string) => void;
  /** The approval card of a call whose `data.approval` is set (see `approval-part.ts`: it is loaded on first use). */
  renderApproval: (data: ToolCallCardData & { approval: ToolApprovalView }) => unknown;
}

/**
 * Whether a card shows its Cancel button: a frontend call that runs (validating, executing) or waits for a retry
 * or for its turn under a rate limit (`pending` with `retry` or `rateLimit`). Not a call that is `pending` without
 * having started (before its run ended, or unanswered in a restored thread): nothing runs there for Cancel to stop.
 */
export function isCancellable(data: ToolCallCardData): boolean {
  if (data.kind !== 'frontend') return false;
  return (
    data.status === 'validating' ||
    data.status === 'executing' ||
    (data.status === 'pending' && (data.retry !== undefined || data.rateLimit !== undefined))
  );
}

/** The status line, e.g. `Running`, `Retrying: attempt 2 of 3 in 2 s`. */
export function statusLabel(data: ToolCallCardData, now: number): string {
  if (data.retry && data.status !== 'succeeded' && data.status !== 'failed' && data.status !== 'cancelled' && data.status !== 'uncertain') {
    const seconds = Math.max(0, Math.ceil((data.retry.retryAt - now) / 1000));
    return `Retrying: attempt ${data.retry.attemptNumber} of ${data.retry.maxAttempts} in ${seconds} s`;
  }
  switch (data.status) {
    case 'streaming':
      return 'Receiving arguments…';
    case 'awaiting_approval':
      return data.outcomeUnknown ? 'Outcome unknown' : 'Waiting for approval';
    case 'pending':
      if (data.rateLimit) return 'Waiting for rate limit';
      return data.kind === 'backend' ? 'Running on the server' : 'Pending';
    case 'validating':
      return 'Validating arguments';
    case 'executing':
      if (data.waitingForAnswer) return 'Waiting for your answer';
      return data.kind === 'backend' ? 'Running on the server' : 'Running';
    case 'succeeded':
      return 'Succeeded';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return data.answeredByAgent ? 'Answered by the agent, not run here' : 'Cancelled';
    case 'uncertain':
      return 'May have completed';
    case 'unanswered':
      return 'No result';
    default:
      return String(data.status);
  }
}

/** The mark before a card's status text (decoration: the text says it). */
const STATUS_ICONS: Readonly<Record<string, string>> = {
  streaming: '…',
  pending: '○',
  validating: '◔',
  executing: '◔',
  retrying: '↻',
  awaiting_approval: '?',
  succeeded: '✓',
  failed: '✕',
  cancelled: '–',
  uncertain: '!',
  unanswered: '–',
};

/**
 * `renderToolCall()` that renders nothing again while what the card shows is unchanged (lit's `guard`): in a run of
 * hundreds of calls, a frame re-renders only the cards whose call changed (every field of `data` is compared; the
 * handlers in `options` must be stable).
 */
export function renderToolCallOnce(data: ToolCallCardData, options: ToolCallCardOptions, custom?: CustomCard): unknown {
  // The retry countdown is the only part that depends on the clock; it changes once per second.
  const countdown = data.retry ? statusLabel(data, options.now) : undefined;
  const { toolCallId, toolCallName, kind, status, argsText, result, error, retry, rateLimit, approval, approvedBy, waitingForAnswer, edit, approvalPart, badges, title, answeredByAgent, progress } = data;
  const renderer = custom?.renderer;
  const deps = [toolCallId, toolCallName, kind, status, argsText, result, error, retry, rateLimit, approval, approvedBy, waitingForAnswer, edit, approvalPart, countdown, renderer, badges, title, answeredByAgent, progress];
  return guard(deps, () =>
    renderToolCall(data, options, custom?.render()),
  );
}

/** A page's renderer for a card (`renderers`, `ToolDefinition.render`), and how to render with it now. */
export interface CustomCard {
  renderer: unknown;
  render: () => CustomRendering;
}

/**
 * One card per tool call, readable first: a header with the tool's title (`metadata.title`, else the name made
 * readable) and its raw name, a server-side badge for backend calls, the MCP hints, live status with its icon, and a
 * Cancel button while a frontend call runs; a one-line summary (the first scalar arguments, or once it succeeded a
 * short result text), left out when a renderer draws the call (it says the same thing better); the raw arguments and result (each a bounded preview: see `renderPayloadSection`) in a
 * collapsed "Details" (under a renderer's view, or alone); while the call waits for approval, the approval card
 * (with the arguments). The card is focusable (`tabindex=-1`) so focus can land on it when its Cancel, Approve or
 * Deny button goes away.
 */
export function renderToolCall(data: ToolCallCardData, options: ToolCallCardOptions, custom?: CustomRendering): TemplateResult {
  const status = data.retry && isCancellable(data) ? 'retrying' : data.status;
  const title = toolTitle(data.toolCallName, data.title);
  const label = statusLabel(data, options.now);
  return html`
    <div
      role="group"
      part="tool-call tool-call-${data.kind} tool-call-${status}"
      class="tool-call"
      data-tool-call-id=${data.toolCallId}
      data-status=${status}
      aria-label="Tool call ${data.toolCallName}"
      tabindex="-1"
    >
      <div part="tool-call-header" class="tool-call-header">
        <span part="tool-call-title" class="tool-call-title">${title}</span>
        <span part="tool-call-name" class="tool-call-name" ?hidden=${nameRepeatsTitle(data.toolCallName, title)}
          >${data.toolCallName}</span
        >
        ${data.kind === 'backend'
          ? html`<span part="tool-call-badge" class="tool-call-badge" title="Run by the agent's server, not in this page"
              >server-side</span
            >`
          : nothing}
        ${renderToolSourceBadges(data.badges)}
        <span class="tool-call-state"
          ><span part="tool-call-status-icon" class="tool-call-status-icon" data-status=${status} aria-hidden="true"
            >${STATUS_ICONS[status] ?? '•'}</span
          ><span part="tool-call-status tool-call-status-${status}" class="tool-call-status">${label}</span></span
        >
        ${data.approvedBy
          ? html`<span part="tool-call-approved-by" class="tool-call-approved-by"
              >${data.approvedBy === 'always' ? 'Always allowed' : 'Allowed for this conversation'}</span
            >`
          : nothing}
        ${isCancellable(data)
          ? html`<button
              part="tool-call-cancel"
              class="tool-call-cancel"
              type="button"
              aria-label="Cancel ${data.toolCallName}"
              @click=${(event: Event) => options.onCancel(event, data.toolCallId)}
            >
              Cancel
            </button>`
          : nothing}
      </div>
      ${data.progress ? renderProgress(data.toolCallName, data.progress) : nothing}
      ${custom?.ok ? nothing : renderSummary(data)}
      ${data.approval ? options.renderApproval(data as ToolCallCardData & { approval: ToolApprovalView }) : nothing}
      ${custom?.ok
        ? html`<div part="tool-call-custom" class="tool-call-custom">${custom.output}</div>`
        : (custom?.error ?? nothing)}
      ${hasPayloads(data)
        ? html`<details part="tool-call-details" class="tool-call-details">
            <summary part="tool-call-details-summary">Details</summary>
            ${renderPayloads(data)}
          </details>`
        : nothing}
      ${data.error !== undefined
        ? html`<p part="tool-call-error" class="tool-call-error">${data.error}</p>`
        : nothing}
    </div>
  `;
}

const progressNumber = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/**
 * How far a call has come, in words: `2 of 4` (progress of total), or the progress alone when the total is unknown
 * (or not positive); then the tool's message, when it gave one (`2 of 4 · Indexed 2 files`).
 */
export function progressText(progress: ToolProgress): string {
  const count = progressNumber.format(progress.progress);
  const done = hasTotal(progress) ? `${count} of ${progressNumber.format(progress.total)}` : count;
  const message = progress.message?.trim();
  return message ? `${done} · ${message}` : done;
}

function hasTotal(progress: ToolProgress): progress is ToolProgress & { total: number } {
  return typeof progress.total === 'number' && progress.total > 0;
}

/**
 * A running call's progress: a native `<progress>` (`max` the total, `value` the progress; indeterminate when the
 * total is unknown) and its text (`progressText`).
 */
function renderProgress(toolCallName: string, progress: ToolProgress): TemplateResult {
  const text = progressText(progress);
  return html`<div part="tool-call-progress-row" class="tool-call-progress-row">
    ${hasTotal(progress)
      ? html`<progress part="tool-call-progress" class="tool-call-progress" max=${progress.total} .value=${Math.max(0, progress.progress)} aria-label="Progress of ${toolCallName}" aria-valuetext=${text}></progress>`
      : html`<progress part="tool-call-progress" class="tool-call-progress" aria-label="Progress of ${toolCallName}" aria-valuetext=${text}></progress>`}
    <span part="tool-call-progress-text" class="tool-call-progress-text">${text}</span>
  </div>`;
}

/** The summary line: the result's once the call succeeded (when it says something short), else the arguments'. */
function renderSummary(data: ToolCallCardData): TemplateResult | typeof nothing {
  const result = data.status === 'succeeded' && data.result !== undefined ? resultSummary(data.result) : undefined;
  const text = result ?? (data.status === 'streaming' ? undefined : argumentsSummary(data.argsText));
  if (text === undefined) return nothing;
  return html`<p part="tool-call-summary" class="tool-call-summary" data-of=${result === undefined ? 'args' : 'result'} title=${text}>
    ${text}
  </p>`;
}

/** Whether the Details hold anything: arguments the approval card does not show already, or a result. */
function hasPayloads(data: ToolCallCardData): boolean {
  return (data.argsText.trim() !== '' && !data.approval) || (data.result !== undefined && data.error === undefined);
}

/** The arguments (unless the approval card shows them) and the result, each a bounded preview. */
function renderPayloads(data: ToolCallCardData): TemplateResult {
  return html`${data.argsText.trim() === '' || data.approval
    ? nothing
    : renderPayloadSection(data.argsText, data.status === 'streaming', {
        which: 'args',
        label: 'Arguments',
        fileName: `${data.toolCallName}-arguments.json`,
      })}
  ${data.result !== undefined && data.error === undefined
    ? renderPayloadSection(data.result, false, {
        which: 'result',
        label: data.answeredByAgent ? "The agent's answer (not run here)" : 'Result',
        fileName: `${data.toolCallName}-result.json`,
      })
    : nothing}`;
}
