import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from '../../internal/repeat.js';
import { ToolExecutionStatus, type ToolError } from '../../tools/types.js';
import type { InspectorCall } from './call-log.js';
import { formatMs } from './render-tools.js';

/** What the Calls panel shows. */
export interface CallsPanelView {
  /** The calls that pass the filters, newest first (all of them; the panel renders the first `shown`). */
  calls: readonly InspectorCall[];
  /** Calls in the log, filtered or not. */
  total: number;
  /** How many of `calls` are rendered. */
  shown: number;
  toolNames: readonly string[];
  toolFilter: string;
  statusFilter: string;
  /** The execution whose full record is open. */
  openId: string | undefined;
  idPrefix: string;
}

export interface CallsPanelHandlers {
  onToolFilter(toolName: string): void;
  onStatusFilter(status: string): void;
  onShowMore(): void;
  onToggle(executionId: string): void;
  onExport(): void;
  onClear(): void;
}

const STATUSES = Object.values(ToolExecutionStatus);

/** A call as plain JSON data (export, the full record): the execution, who asked, the backoff delays. */
export function callRecord(call: InspectorCall): Record<string, unknown> {
  return { ...call.execution, origin: call.origin, backoffDelaysMs: call.backoffDelaysMs };
}

/** Indented JSON text of call data; an error's `cause` (often an `Error`) as its name and message. */
function toJson(value: unknown): string {
  return JSON.stringify(
    value,
    (key, field: unknown) => (key === 'cause' && field instanceof Error ? { name: field.name, message: field.message } : field),
    2,
  );
}

/** JSON text of call records (an array, oldest first): what Export JSON downloads. */
export function callsJson(calls: readonly InspectorCall[]): string {
  return toJson(calls.map(callRecord));
}

function errorLine(error: ToolError): string {
  return `${error.category}${error.code ? ` (${error.code})` : ''}: ${error.message}`;
}

function renderAttempts(call: InspectorCall): TemplateResult {
  const { execution, backoffDelaysMs } = call;
  const errors = execution.retry.previousErrors;
  return html`<ol part="attempts">
    ${errors.map(
      (error, index) => html`<li part="attempt" data-attempt=${index + 1}>
        Attempt ${index + 1}: ${errorLine(error)}
        ${backoffDelaysMs[index] !== undefined ? html`<span part="backoff">, then waited ${formatMs(backoffDelaysMs[index])}</span>` : nothing}
      </li>`,
    )}
    ${execution.retry.attemptNumber > errors.length
      ? html`<li part="attempt" data-attempt=${execution.retry.attemptNumber}>
          Attempt ${execution.retry.attemptNumber}:
          ${execution.error ? errorLine(execution.error) : execution.status === 'succeeded' ? 'succeeded' : execution.status}
        </li>`
      : execution.error
        ? html`<li part="attempt">${errorLine(execution.error)}</li>`
        : nothing}
  </ol>`;
}

function renderCall(call: InspectorCall, view: CallsPanelView, handlers: CallsPanelHandlers): TemplateResult {
  const { execution } = call;
  const open = view.openId === execution.id;
  const recordId = `${view.idPrefix}-call-${execution.id}`;
  const at = new Date(execution.timing.startedAt ?? execution.timing.queuedAt);
  return html`<li part="call" data-status=${execution.status} data-execution-id=${execution.id}>
    <button
      type="button"
      part="call-summary"
      aria-expanded=${open ? 'true' : 'false'}
      aria-controls=${recordId}
      @click=${() => handlers.onToggle(execution.id)}
    >
      <time part="call-time" datetime=${at.toISOString()}>${at.toLocaleTimeString()}</time>
      <span part="call-tool">${execution.toolName}</span>
      <span part="badge status" data-status=${execution.status}>${execution.status}</span>
      <span part="call-attempts">attempt ${execution.retry.attemptNumber}/${execution.retry.maxAttempts}</span>
      <span part="call-duration">${formatMs(execution.timing.duration)}</span>
      <span part="call-origin">${call.origin}</span>
    </button>
    ${open
      ? html`<div part="call-record" id=${recordId}>
          ${renderAttempts(call)}
          <pre part="code">${toJson(callRecord(call))}</pre>
        </div>`
      : nothing}
  </li>`;
}

/** The Calls panel: filters, the newest calls (a window of them), Show more, Export JSON. */
export function renderCallsPanel(view: CallsPanelView, handlers: CallsPanelHandlers): TemplateResult {
  const visible = view.calls.slice(0, view.shown);
  const toolId = `${view.idPrefix}-filter-tool`;
  const statusId = `${view.idPrefix}-filter-status`;
  return html`<div part="calls-toolbar">
      <label for=${toolId}>Tool</label>
      <select part="filter" id=${toolId} @change=${(e: Event) => handlers.onToolFilter((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${view.toolFilter === ''}>All tools</option>
        ${view.toolNames.map((name) => html`<option value=${name} ?selected=${view.toolFilter === name}>${name}</option>`)}
      </select>
      <label for=${statusId}>Status</label>
      <select part="filter" id=${statusId} @change=${(e: Event) => handlers.onStatusFilter((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${view.statusFilter === ''}>All statuses</option>
        ${STATUSES.map((status) => html`<option value=${status} ?selected=${view.statusFilter === status}>${status}</option>`)}
      </select>
      <button type="button" part="button export" @click=${handlers.onExport} ?disabled=${view.total === 0}>Export JSON</button>
      <button type="button" part="button clear" @click=${handlers.onClear} ?disabled=${view.total === 0}>Clear</button>
    </div>
    <p part="calls-count" role="status">
      ${view.calls.length === 0
        ? view.total === 0
          ? 'No calls yet.'
          : 'No call matches the filters.'
        : `Showing ${visible.length} of ${view.calls.length} calls${view.calls.length === view.total ? '' : ` (${view.total} in all)`}`}
    </p>
    ${visible.length
      ? html`<ol part="calls" aria-label="Calls, newest first">
          ${repeat(visible, (call) => call.execution.id, (call) => renderCall(call, view, handlers))}
        </ol>`
      : nothing}
    ${view.calls.length > visible.length
      ? html`<button type="button" part="button show-more" @click=${handlers.onShowMore}>Show more</button>`
      : nothing}`;
}

/** Downloads `text` as a JSON file named `filename` (a click on a link to a Blob of it). */
export function downloadJson(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The download has its own reference to the blob once started; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url));
}
