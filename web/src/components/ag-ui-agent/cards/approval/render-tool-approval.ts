/**
 * The approval card of `<ag-ui-agent>`, shown inside a tool call's card while the call waits for a person: what will
 * run (the tool, its effect, the arguments as the page may see them), Approve / Deny, and an optional reason for
 * denying (sent to the agent with the denial). A render function, so its parts live in the element's own shadow root.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ApprovalScope, ToolApprovalView } from '../../../../agent/types.js';
import type { ToolEffect } from '../../../../tools/index.js';
import { ownSelector } from '../../transcript/own-nodes.js';
import { PAYLOAD_PREVIEW_CHARS, prettyJson, renderPayloadSection } from '../tool-call/render-tool-payload.js';

/** Handlers of the approval card's buttons. */
export interface ToolApprovalCardOptions {
  /**
   * Called by Approve, with the card's "Remember approval" choice when it is not "Ask next time": `'thread'` (for
   * this conversation) or `'always'`. Choosing there approves nothing by itself.
   */
  onApprove: (event: Event, toolCallId: string, remember?: ApprovalScope) => void;
  /** Called by Deny, and by Enter in the reason field; `reason` is the field's trimmed text (`''` when empty). */
  onDeny: (event: Event, toolCallId: string, reason: string) => void;
  /** "Edit arguments" (`true`) and its Cancel (`false`). */
  onEdit: (event: Event, toolCallId: string, editing: boolean) => void;
  /** The edited arguments' text changed. */
  onEditInput: (event: Event, toolCallId: string, text: string) => void;
  /**
   * "Approve with edits". While the form is invalid the button stays focusable (`aria-disabled`): a click then only
   * shows every field's message (`touched: 'all'`).
   */
  onApproveEdited: (event: Event, toolCallId: string) => void;
  /** The "Form" / "JSON" toggle while editing. */
  onEditMode?: (event: Event, toolCallId: string, mode: 'form' | 'json') => void;
  /**
   * The form generated from the tool's schema for `edit` (the lazily loaded `approval-edit-form.ts`), or `undefined`
   * when there is none (not loaded, or the form cannot express the schema): the card then shows the JSON editor only.
   */
  renderEditForm?: (toolCallId: string, toolCallName: string, edit: ArgumentsEdit) => TemplateResult | undefined;
}

/** An approval whose arguments are being edited: the text, and what is wrong with it or what it changes. */
export interface ArgumentsEdit {
  /** The edited arguments as JSON text (what the JSON editor shows; the form writes it too). */
  text: string;
  /** Why it cannot be approved (not JSON, or the tool's schema refuses it). */
  error?: string;
  /** The schema's issues behind `error`, with their paths (the form shows each at its field). */
  issues?: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
  /** `text` parsed, when it is a JSON object (valid for the schema or not): what the form shows. */
  value?: Record<string, unknown>;
  /** The top-level arguments it changes, as the tool's schema parses them (what the handler receives). */
  changed: string[];
  /** Keys typed that the tool's schema drops (e.g. unknown keys of a `z.object`), as dotted paths: they never run. */
  ignored?: string[];
  /** Which editor the card shows: the form generated from the tool's schema (when it can express it) or JSON text. */
  mode?: 'form' | 'json';
  /**
   * The form's fields the person has left or changed (path keys), or `'all'` once they tried to approve: a field shows
   * its message only then (`SchemaFormContext.touched`).
   */
  touched?: readonly string[] | 'all';
}

/** What each effect means, in the words the card uses. */
export const EFFECT_LABELS: Readonly<Record<ToolEffect, string>> = Object.freeze({
  read_only: 'Only reads information',
  state_change: 'Changes this page',
  external_side_effect: 'Acts outside this page with your session',
});

/** The arguments as JSON text, once per arguments object (a card re-renders while it waits). */
const argumentsTexts = new WeakMap<object, string>();

function argumentsText(args: unknown): string {
  if (args === undefined) return '';
  if (typeof args !== 'object' || args === null) return String(args);
  const cached = argumentsTexts.get(args);
  if (cached !== undefined) return cached;
  let text: string;
  try {
    text = Object.keys(args).length === 0 ? '' : (JSON.stringify(args) ?? String(args));
  } catch {
    text = String(args);
  }
  argumentsTexts.set(args, text);
  return text;
}

/** The approval card that contains `from`. */
function cardOf(from: EventTarget | null): Element | null | undefined {
  return (from as Element | null)?.closest?.(ownSelector('.tool-approval'));
}

/** The trimmed text of the reason field in the approval card that contains `from`. */
function reasonNear(from: EventTarget | null): string {
  return cardOf(from)?.querySelector<HTMLInputElement>('.tool-approval-reason')?.value.trim() ?? '';
}

/** What the "Remember approval" choice of the card that contains `from` says (`undefined`: ask next time, or none). */
function rememberNear(from: EventTarget | null): ApprovalScope | undefined {
  const choice = cardOf(from)?.querySelector<HTMLSelectElement>('.tool-approval-remember')?.value;
  return choice === 'thread' || choice === 'always' ? choice : undefined;
}

/**
 * The approval card: a focusable group (`tabindex=-1`, labelled by its question) so the element can move focus to it
 * when it appears; Tab then reaches Approve, then Deny (native buttons: Enter and Space work), then "Edit arguments"
 * when offered; on a second row, apart from the buttons, the "Remember approval" choice (a `<select>` that only
 * changes what Approve grants, so a slip there approves nothing) and the optional reason field (Enter there denies
 * with the reason).
 */
export function renderToolApproval(
  toolCallId: string,
  toolCallName: string,
  approval: ToolApprovalView,
  options: ToolApprovalCardOptions,
  edit?: ArgumentsEdit,
): TemplateResult {
  if (edit && approval.editable) return renderEditing(toolCallId, toolCallName, edit, options);
  const titleId = `tool-approval-title-${toolCallId}`;
  const messageId = `tool-approval-message-${toolCallId}`;
  const args = argumentsText(approval.args);
  // A call that was running when the page went away: its outcome is unknown; the person decides whether it runs again.
  const recovery = approval.reason === 'recovery';
  return html`
    <div
      role="group"
      part="tool-approval"
      class="tool-approval"
      data-tool-call-id=${toolCallId}
      data-effect=${approval.effect ?? 'server'}
      data-reason=${recovery ? 'recovery' : 'policy'}
      aria-labelledby=${titleId}
      aria-describedby=${approval.message === undefined ? nothing : messageId}
      tabindex="-1"
    >
      <p part="tool-approval-title" class="tool-approval-title" id=${titleId}>
        ${recovery
          ? html`Outcome unknown: <span class="tool-approval-name">${toolCallName}</span> was running when the page was
              reloaded, so it may have completed.`
          : html`Allow <span class="tool-approval-name">${toolCallName}</span> to run?`}
      </p>
      ${approval.message === undefined
        ? nothing
        : // The agent's words: a text binding, so they are shown as written (escaped), never as markup or markdown.
          html`<p part="tool-approval-message" class="tool-approval-message" id=${messageId}>${approval.message}</p>`}
      <p part="tool-approval-effect" class="tool-approval-effect">
        ${approval.effect === undefined
          ? "Runs on the agent's server, which asks before it does"
          : html`${EFFECT_LABELS[approval.effect] ?? approval.effect} <span class="tool-approval-effect-id">(${approval.effect})</span>`}
      </p>
      ${args === ''
        ? html`<p part="tool-approval-no-args" class="tool-approval-no-args">No arguments.</p>`
        : args.length <= PAYLOAD_PREVIEW_CHARS
          ? html`<pre part="tool-approval-args" class="tool-approval-args" aria-label="Arguments">${prettyJson(args)}</pre>`
          : // Large arguments: a bounded preview, with the whole of them on request (what the call runs with).
            renderPayloadSection(args, false, { which: 'args', label: 'Arguments', fileName: `${toolCallName}-arguments.json` })}
      <div part="tool-approval-actions" class="tool-approval-actions">
        <button
          part="tool-approval-approve"
          class="tool-approval-approve"
          type="button"
          aria-label="${recovery ? 'Run again' : 'Approve'} ${toolCallName}"
          @click=${(event: Event) => options.onApprove(event, toolCallId, rememberNear(event.currentTarget))}
        >
          ${recovery ? 'Run again' : 'Approve'}
        </button>
        <button
          part="tool-approval-deny"
          class="tool-approval-deny"
          type="button"
          aria-label="${recovery ? 'Mark as failed' : 'Deny'} ${toolCallName}"
          @click=${(event: Event) => options.onDeny(event, toolCallId, reasonNear(event.currentTarget))}
        >
          ${recovery ? 'Mark as failed' : 'Deny'}
        </button>
        ${approval.editable
          ? html`<button
              part="tool-approval-edit-button"
              class="tool-approval-edit-button"
              type="button"
              aria-label="Edit arguments of ${toolCallName}"
              @click=${(event: Event) => options.onEdit(event, toolCallId, true)}
            >
              Edit arguments
            </button>`
          : nothing}
      </div>
      ${recovery ? nothing : renderOptions(toolCallId, toolCallName, approval.rememberable === true, options)}
    </div>
  `;
}

/**
 * The card's second row: "Remember approval" (when the call may be remembered) and the reason for a denial. Both
 * only shape what Approve or Deny sends; neither answers the call.
 */
function renderOptions(toolCallId: string, toolCallName: string, rememberable: boolean, options: ToolApprovalCardOptions): TemplateResult {
  const rememberId = `tool-approval-remember-${toolCallId}`;
  return html`<div part="tool-approval-options" class="tool-approval-options">
    ${rememberable
      ? html`<span part="tool-approval-remember-field" class="tool-approval-remember-field">
          <label part="tool-approval-remember-label" for=${rememberId}>Remember approval</label>
          <select part="tool-approval-remember" class="tool-approval-remember" id=${rememberId}>
            <option value="" selected>Ask next time</option>
            <option value="thread">For this conversation</option>
            <option value="always">Always</option>
          </select>
        </span>`
      : nothing}
    <input
      part="tool-approval-reason"
      class="tool-approval-reason"
      type="text"
      maxlength="500"
      placeholder="Reason (optional, sent with Deny)"
      aria-label="Reason for denying ${toolCallName} (optional)"
      @keydown=${(event: KeyboardEvent) => {
        if (event.key !== 'Enter' || event.isComposing) return;
        event.preventDefault();
        options.onDeny(event, toolCallId, reasonNear(event.currentTarget));
      }}
    />
  </div>`;
}

/**
 * The approval card while the person edits the arguments: the JSON text (checked against the tool's schema as they
 * type), what the edit changes or why it cannot run, "Approve with edits" (disabled while invalid) and Cancel.
 */
function renderEditing(toolCallId: string, toolCallName: string, edit: ArgumentsEdit, options: ToolApprovalCardOptions): TemplateResult {
  const titleId = `tool-approval-title-${toolCallId}`;
  const fieldId = `tool-approval-edit-${toolCallId}`;
  const messageId = `tool-approval-edit-message-${toolCallId}`;
  const ignoredId = `tool-approval-edit-ignored-${toolCallId}`;
  const ignored = edit.error === undefined && edit.ignored?.length ? edit.ignored : undefined;
  const form = options.renderEditForm?.(toolCallId, toolCallName, edit);
  const asForm = form !== undefined && edit.mode !== 'json';
  return html`
    <div
      role="group"
      part="tool-approval tool-approval-editing"
      class="tool-approval"
      data-tool-call-id=${toolCallId}
      data-edit-mode=${asForm ? 'form' : 'json'}
      aria-labelledby=${titleId}
      tabindex="-1"
    >
      <p part="tool-approval-title" class="tool-approval-title" id=${titleId}>
        Edit the arguments of <span class="tool-approval-name">${toolCallName}</span>, then approve
      </p>
      ${form === undefined
        ? nothing
        : html`<div part="tool-approval-edit-mode" class="tool-approval-edit-mode" role="group" aria-label="Edit as">
            <button
              type="button"
              part="tool-approval-edit-mode-form"
              aria-pressed=${asForm ? 'true' : 'false'}
              ?disabled=${edit.value === undefined}
              title=${edit.value === undefined ? 'The JSON must be an object first' : ''}
              @click=${(event: Event) => options.onEditMode?.(event, toolCallId, 'form')}
            >
              Form
            </button>
            <button
              type="button"
              part="tool-approval-edit-mode-json"
              aria-pressed=${asForm ? 'false' : 'true'}
              @click=${(event: Event) => options.onEditMode?.(event, toolCallId, 'json')}
            >
              JSON
            </button>
          </div>`}
      ${asForm
        ? form
        : html`<label class="tool-approval-edit-label" for=${fieldId}>Arguments (JSON)</label>
            <textarea
              part="tool-approval-edit"
              class="tool-approval-edit"
              id=${fieldId}
              rows="6"
              spellcheck="false"
              aria-invalid=${edit.error ? 'true' : 'false'}
              aria-describedby=${ignored ? `${messageId} ${ignoredId}` : messageId}
              .value=${edit.text}
              @input=${(event: Event) => options.onEditInput(event, toolCallId, (event.target as HTMLTextAreaElement).value)}
            ></textarea>`}
      ${renderEditStatus(edit, asForm, messageId)}
      ${ignored
        ? html`<p part="tool-approval-ignored" class="tool-approval-diff" id=${ignoredId}>
            Ignored: ${ignored.join(', ')} (the tool does not take ${ignored.length === 1 ? 'it' : 'them'}).
          </p>`
        : nothing}
      <div part="tool-approval-actions" class="tool-approval-actions">
        <button
          part="tool-approval-approve tool-approval-approve-edited"
          class="tool-approval-approve"
          type="button"
          ?disabled=${!asForm && edit.error !== undefined}
          aria-disabled=${asForm && edit.error !== undefined ? 'true' : 'false'}
          @click=${(event: Event) => options.onApproveEdited(event, toolCallId)}
        >
          Approve with edits
        </button>
        <button part="tool-approval-edit-cancel" class="tool-approval-edit-cancel" type="button" @click=${(event: Event) => options.onEdit(event, toolCallId, false)}>
          Cancel editing
        </button>
      </div>
    </div>
  `;
}

/**
 * The line under the editor: what the edit changes; why it cannot run. In the form each message shows once, at its
 * field (after the person touched it); here only a pointer to them, after an attempt to approve. The JSON editor has
 * no fields: its line gives the messages, with their paths.
 */
function renderEditStatus(edit: ArgumentsEdit, asForm: boolean, messageId: string): TemplateResult | typeof nothing {
  if (edit.error === undefined) {
    return html`<p part="tool-approval-diff" class="tool-approval-diff" id=${messageId}>
      ${edit.changed.length === 0 ? 'Unchanged.' : `Changed: ${edit.changed.join(', ')}.`}
    </p>`;
  }
  if (!asForm) return html`<p part="tool-approval-edit-error" class="tool-approval-edit-error" id=${messageId} role="alert">${edit.error}</p>`;
  if (edit.touched !== 'all') return nothing;
  const fields = new Set((edit.issues ?? []).map((issue) => issue.path.map(String).join('.'))).size;
  return html`<p part="tool-approval-edit-error" class="tool-approval-edit-error" id=${messageId} role="alert">
    Correct the ${fields === 1 ? 'field' : `${fields} fields`} marked above to approve.
  </p>`;
}
