/**
 * The interrupt card of `<ag-ui-agent>`: a render function (not an element) so its parts live in the element's own
 * shadow root and `::part()` reaches them without `exportparts`.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Interrupt } from '@ag-ui/client';
import type { InterruptField } from '../../../../internal/interrupt-form.js';

/** Where an interrupt stands: open for an answer, answered (resolved or cancelled), or expired. */
export type InterruptCardState = 'open' | 'resolved' | 'cancelled' | 'expired';

/** Name of the JSON answer's control (fields are named `f<index>`). */
export const JSON_ANSWER_CONTROL = 'answer';

/** What a card shows. */
export interface InterruptCardData {
  /** Unique in the shadow root: the prefix of the card's element ids, and its `data-interrupt-key`. */
  key: string;
  interrupt: Interrupt;
  state: InterruptCardState;
  /** The form's fields; `undefined` for a JSON answer. */
  fields: readonly InterruptField[] | undefined;
  /** Errors to show, by control name (`f<index>` or `JSON_ANSWER_CONTROL`). */
  errors: ReadonlyMap<string, string>;
  /** An expired card shows Dismiss until it is dismissed (or the others are answered). */
  dismissible: boolean;
  /** A `tool_call` interrupt: answered with Approve / Deny (`{ approved }`), never a free-form answer. */
  approval?: boolean;
}

/** Handlers of a card; each gets the card's key. */
export interface InterruptCardHandlers {
  onSubmit: (event: SubmitEvent, key: string) => void;
  onCancel: (event: Event, key: string) => void;
  onDismiss: (event: Event, key: string) => void;
  onInput: (event: Event, key: string) => void;
  onApprove: (event: Event, key: string) => void;
  onDeny: (event: Event, key: string) => void;
}

/** The name of field `index`'s control in its form. */
export function fieldControlName(index: number): string {
  return `f${index}`;
}

const STATUS_TEXT: Record<Exclude<InterruptCardState, 'open' | 'expired'>, string> = {
  resolved: 'Answered.',
  cancelled: 'Cancelled.',
};

/**
 * One card per interrupt: its reason and message; while open, a form (one labelled control per field of a simple
 * `responseSchema`, else a JSON textarea) with Submit and Cancel; once answered, a status line; once expired, a
 * notice and a Dismiss button. Errors show under their control, which gets `aria-invalid` and `aria-describedby`.
 */
export function renderInterrupt(data: InterruptCardData, handlers: InterruptCardHandlers): TemplateResult {
  const { key, interrupt, state } = data;
  const messageId = `${key}-message`;
  return html`
    <div
      role="group"
      part="interrupt interrupt-${state}"
      class="interrupt"
      data-interrupt-key=${key}
      data-interrupt-id=${interrupt.id}
      data-state=${state}
      aria-labelledby=${messageId}
    >
      ${interrupt.reason ? html`<span part="interrupt-reason" class="interrupt-reason">${interrupt.reason}</span>` : nothing}
      <p part="interrupt-message" class="interrupt-message" id=${messageId}>${interrupt.message || 'The agent needs an answer to continue.'}</p>
      ${state === 'open'
        ? data.approval
          ? renderApproval(data, handlers)
          : renderForm(data, handlers)
        : state === 'expired'
          ? html`<p part="interrupt-expired" class="interrupt-expired">This request expired and can no longer be answered.</p>
              ${data.dismissible
                ? html`<div part="interrupt-actions" class="interrupt-actions">
                    <button
                      part="interrupt-dismiss"
                      class="interrupt-dismiss"
                      type="button"
                      @click=${(event: Event) => handlers.onDismiss(event, key)}
                    >
                      Dismiss
                    </button>
                  </div>`
                : nothing}`
          : html`<p part="interrupt-status" class="interrupt-status">${STATUS_TEXT[state]}</p>`}
    </div>
  `;
}

/** Approve / Deny of a `tool_call` interrupt (AG-UI: the payload is `{ approved: boolean }`). */
function renderApproval(data: InterruptCardData, handlers: InterruptCardHandlers): TemplateResult {
  const { key } = data;
  return html`<div part="interrupt-actions" class="interrupt-actions">
    <button part="interrupt-approve" class="interrupt-approve" type="button" @click=${(event: Event) => handlers.onApprove(event, key)}>
      Approve
    </button>
    <button part="interrupt-deny" class="interrupt-deny" type="button" @click=${(event: Event) => handlers.onDeny(event, key)}>
      Deny
    </button>
  </div>`;
}

function renderForm(data: InterruptCardData, handlers: InterruptCardHandlers): TemplateResult {
  const { key } = data;
  return html`<form
    part="interrupt-form"
    class="interrupt-form"
    novalidate
    @submit=${(event: SubmitEvent) => handlers.onSubmit(event, key)}
    @input=${(event: Event) => handlers.onInput(event, key)}
    @change=${(event: Event) => handlers.onInput(event, key)}
  >
    ${data.fields
      ? data.fields.map((field, index) => renderField(data, field, index))
      : renderJsonAnswer(data)}
    <div part="interrupt-actions" class="interrupt-actions">
      <button part="interrupt-submit" class="interrupt-submit" type="submit">Submit</button>
      <button part="interrupt-cancel" class="interrupt-cancel" type="button" @click=${(event: Event) => handlers.onCancel(event, key)}>
        Cancel
      </button>
    </div>
  </form>`;
}

/** Ids of a control's label, description and error, and its `aria-describedby`. */
function controlIds(data: InterruptCardData, name: string, description: string | undefined) {
  const id = `${data.key}-${name}`;
  const error = data.errors.get(name);
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, error, describedBy: describedBy || undefined };
}

function renderHelp(id: string, description: string | undefined, error: string | undefined): TemplateResult {
  return html`${description
    ? html`<span part="interrupt-description" class="interrupt-description" id="${id}-description">${description}</span>`
    : nothing}${error ? html`<span part="interrupt-error" class="interrupt-error" id="${id}-error">${error}</span>` : nothing}`;
}

function renderField(data: InterruptCardData, field: InterruptField, index: number): TemplateResult {
  const name = fieldControlName(index);
  const { id, error, describedBy } = controlIds(data, name, field.description);
  const invalid = error ? 'true' : 'false';
  const label = html`<label part="interrupt-label" class="interrupt-label" for=${id}
    >${field.label}${field.required && field.kind !== 'boolean'
      ? html`<span class="interrupt-required"> (required)</span>`
      : nothing}</label
  >`;

  if (field.kind === 'boolean') {
    return html`<div part="interrupt-field interrupt-field-boolean" class="interrupt-field checkbox">
      <input
        part="interrupt-input"
        class="interrupt-input"
        type="checkbox"
        id=${id}
        name=${name}
        ?checked=${field.defaultValue === true}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy)}
      />
      ${label}${renderHelp(id, field.description, error)}
    </div>`;
  }

  const common = {
    id,
    name,
    required: field.required ? 'true' : 'false',
  };
  let control: TemplateResult;
  if (field.options) {
    const selected = field.defaultValue === undefined ? -1 : field.options.indexOf(field.defaultValue as string | number);
    control = html`<select
      part="interrupt-input"
      class="interrupt-input"
      id=${common.id}
      name=${common.name}
      aria-required=${common.required}
      aria-invalid=${invalid}
      aria-describedby=${ifDefined(describedBy)}
    >
      <option value="" ?selected=${selected < 0}>${field.required ? 'Choose…' : '(none)'}</option>
      ${field.options.map((option, i) => html`<option value=${String(i)} ?selected=${i === selected}>${String(option)}</option>`)}
    </select>`;
  } else if (field.kind === 'string') {
    control = html`<input
      part="interrupt-input"
      class="interrupt-input"
      type="text"
      id=${common.id}
      name=${common.name}
      value=${field.defaultValue === undefined ? '' : String(field.defaultValue)}
      maxlength=${ifDefined(field.maxLength)}
      autocomplete="off"
      aria-required=${common.required}
      aria-invalid=${invalid}
      aria-describedby=${ifDefined(describedBy)}
    />`;
  } else {
    control = html`<input
      part="interrupt-input"
      class="interrupt-input"
      type="number"
      inputmode=${field.kind === 'integer' ? 'numeric' : 'decimal'}
      step=${field.kind === 'integer' ? '1' : 'any'}
      id=${common.id}
      name=${common.name}
      value=${field.defaultValue === undefined ? '' : String(field.defaultValue)}
      min=${ifDefined(field.minimum)}
      max=${ifDefined(field.maximum)}
      aria-required=${common.required}
      aria-invalid=${invalid}
      aria-describedby=${ifDefined(describedBy)}
    />`;
  }
  return html`<div part="interrupt-field interrupt-field-${field.kind}" class="interrupt-field">
    ${label}${control}${renderHelp(id, field.description, error)}
  </div>`;
}

function renderJsonAnswer(data: InterruptCardData): TemplateResult {
  const schema = data.interrupt.responseSchema;
  const { id, error, describedBy } = controlIds(data, JSON_ANSWER_CONTROL, schema ? 'Must match the schema:' : undefined);
  const hint = schema
    ? html`<span part="interrupt-description" class="interrupt-description" id="${id}-description"
          >A JSON value matching this schema:</span
        ><pre part="interrupt-schema" class="interrupt-schema">${JSON.stringify(schema, null, 2)}</pre>`
    : nothing;
  return html`<div part="interrupt-field interrupt-field-json" class="interrupt-field">
    <label part="interrupt-label" class="interrupt-label" for=${id}
      >Answer (JSON${schema ? '' : ', optional'})</label
    >
    ${hint}
    <textarea
      part="interrupt-input interrupt-json"
      class="interrupt-input interrupt-json"
      id=${id}
      name=${JSON_ANSWER_CONTROL}
      rows="3"
      spellcheck="false"
      autocomplete="off"
      aria-required=${schema ? 'true' : 'false'}
      aria-invalid=${error ? 'true' : 'false'}
      aria-describedby=${ifDefined(describedBy)}
    ></textarea>
    ${error ? html`<span part="interrupt-error" class="interrupt-error" id="${id}-error">${error}</span>` : nothing}
  </div>`;
}
