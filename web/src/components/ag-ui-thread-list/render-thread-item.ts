import { html, svg, type TemplateResult } from 'lit';
import type { ThreadSummary } from '../../persistence/thread-store.js';
import { formatFullTime, formatThreadTime } from './format-thread-time.js';

/** The title shown for a thread that has none yet. */
export const UNTITLED = 'New conversation';

/** How a row shows: its title and actions, its title in a text field, or the question whether to delete it. */
export type ThreadItemMode = 'view' | 'rename' | 'confirm';

/** What a row needs besides its thread. */
export interface ThreadItemView {
  mode: ThreadItemMode;
  /** Whether it is the agent's current thread. */
  current: boolean;
  /** The title to show (a pending rename's, until the store has it). */
  title: string;
  /** While its delete is in flight: the confirm buttons are `aria-disabled` (kept focusable) and do nothing. */
  busy: boolean;
  /** ms since the epoch, for the relative time. */
  now: number;
}

/** The row's handlers, each told the thread. */
export interface ThreadItemHandlers {
  onSelect: (threadId: string) => void;
  onRename: (threadId: string) => void;
  onDelete: (threadId: string) => void;
  onConfirmDelete: (threadId: string) => void;
  onCancelDelete: (threadId: string) => void;
  onConfirmKeyDown: (event: KeyboardEvent, threadId: string) => void;
  onRenameKeyDown: (event: KeyboardEvent, threadId: string) => void;
  onRenameBlur: (event: FocusEvent, threadId: string) => void;
}

const pencil = svg`<path d="M12 20h9"/><path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z"/>`;
const trash = svg`<path d="M3 6h18"/><path d="M8 6V4h8v2"/><path d="M19 6l-1 14H6L5 6"/>`;
const plus = svg`<path d="M12 5v14"/><path d="M5 12h14"/>`;

function icon(paths: ReturnType<typeof svg>): TemplateResult {
  return html`<svg part="icon" class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${paths}</svg>`;
}

/** The "+" of the New conversation button. */
export const plusIcon = icon(plus);

/** One `<li>` of the list (`part="item"`), in its mode. */
export function renderThreadItem(thread: ThreadSummary, view: ThreadItemView, on: ThreadItemHandlers): TemplateResult {
  const { threadId } = thread;
  const title = view.title || UNTITLED;
  const parts = `item${view.current ? ' item-current' : ''}${view.mode === 'view' ? '' : ` item-${view.mode}`}`;
  return html`<li part=${parts} class="item ${view.current ? 'current' : ''}" data-thread-id=${threadId}>
    ${view.mode === 'rename'
      ? html`<input
          part="rename-input"
          class="rename-input"
          type="text"
          aria-label=${`Rename “${title}”`}
          .value=${view.title}
          placeholder=${UNTITLED}
          @keydown=${(event: KeyboardEvent) => on.onRenameKeyDown(event, threadId)}
          @blur=${(event: FocusEvent) => on.onRenameBlur(event, threadId)}
        />`
      : view.mode === 'confirm'
        ? renderConfirm(threadId, title, view.busy, on)
        : renderSelect(thread, view, title, on)}
    ${view.mode === 'view' ? renderActions(threadId, title, on) : ''}
  </li>`;
}

function renderSelect(thread: ThreadSummary, view: ThreadItemView, title: string, on: ThreadItemHandlers): TemplateResult {
  return html`<button
    part="item-button"
    class="select"
    type="button"
    aria-current=${view.current ? 'true' : 'false'}
    @click=${() => on.onSelect(thread.threadId)}
  >
    <span part="title" class="title ${view.title ? '' : 'untitled'}">${title}</span>
    <time part="time" class="time" datetime=${new Date(thread.updatedAt).toISOString()} title=${formatFullTime(thread.updatedAt)}
      >${formatThreadTime(thread.updatedAt, view.now)}</time
    >
  </button>`;
}

function renderActions(threadId: string, title: string, on: ThreadItemHandlers): TemplateResult {
  return html`<div part="actions" class="actions">
    <button part="rename-button" class="icon-button rename-button" type="button" aria-label=${`Rename “${title}”`} title="Rename" @click=${() => on.onRename(threadId)}>
      ${icon(pencil)}
    </button>
    <button part="delete-button" class="icon-button delete-button" type="button" aria-label=${`Delete “${title}”`} title="Delete" @click=${() => on.onDelete(threadId)}>
      ${icon(trash)}
    </button>
  </div>`;
}

function renderConfirm(threadId: string, title: string, busy: boolean, on: ThreadItemHandlers): TemplateResult {
  const onKeyDown = (event: KeyboardEvent) => on.onConfirmKeyDown(event, threadId);
  return html`<div part="confirm" class="confirm" role="group" aria-label=${`Delete “${title}”?`} @keydown=${onKeyDown}>
    <span part="confirm-text" class="confirm-text" title=${title}>Delete “${title}”?</span>
    <button part="confirm-delete" class="confirm-delete" type="button" aria-disabled=${busy ? 'true' : 'false'} @click=${() => busy || on.onConfirmDelete(threadId)}>Delete</button>
    <button part="confirm-cancel" class="confirm-cancel" type="button" aria-disabled=${busy ? 'true' : 'false'} @click=${() => busy || on.onCancelDelete(threadId)}>Cancel</button>
  </div>`;
}
