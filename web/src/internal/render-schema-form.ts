/**
 * A form generated from a JSON Schema (the model is `schema-form.ts`): labelled inputs, fieldsets for objects, lists
 * with Add and Remove for arrays, a JSON text area for what it cannot render otherwise. Shared by the inspector's
 * playground and meant for the approval card's "edit as a form" (issue 23).
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { JSONSchema } from '../tools/types.js';
import {
  enumOptions,
  fieldKind,
  getAt,
  initialValue,
  itemSchema,
  objectFields,
  pathKey,
  unwrapNullable,
  type FieldPath,
} from './schema-form.js';

/** What the form needs from its host: the value, the issues, and where changes go. */
export interface SchemaFormContext {
  /** The arguments being edited. */
  value: unknown;
  /** Validation messages by field path key (`pathKey`); a field shows its own once touched (see `touched`). */
  issues: ReadonlyMap<string, readonly string[]>;
  /**
   * The path keys of the fields the person has left (blur) or changed (a checkbox, a select), or `'all'` after an
   * attempt to submit: a field's message shows only then, never before anything was typed. An object's or a list's
   * own message shows once one of its fields is touched; the root's after a submit attempt.
   */
  touched: ReadonlySet<string> | 'all';
  /** The person left the field at `path`, or changed it for good (see `touched`). */
  onTouch(path: FieldPath): void;
  /** Texts of JSON fields that do not parse, by path key (the value keeps its last good one). */
  jsonDrafts: ReadonlyMap<string, string>;
  /** Prefix of the form's element ids (unique per inspector). */
  idPrefix: string;
  onChange(path: FieldPath, value: unknown): void;
  onJsonInput(path: FieldPath, text: string): void;
  onRemoveItem(path: FieldPath): void;
}

/** A DOM id for a field path. */
export function fieldId(context: SchemaFormContext, path: FieldPath): string {
  return `${context.idPrefix}-f-${path.map(String).join('-').replace(/[^a-zA-Z0-9_-]/g, '_') || 'root'}`;
}

/** Whether the field at `path` (or, for an object or a list, one of its fields) counts as touched. */
function isTouched(context: SchemaFormContext, key: string): boolean {
  const { touched } = context;
  if (touched === 'all') return true;
  if (key === '') return false;
  if (touched.has(key)) return true;
  for (const each of touched) if (each.startsWith(`${key}.`)) return true;
  return false;
}

/** The messages a field shows now: its issues, once touched. */
function shownIssues(context: SchemaFormContext, path: FieldPath): readonly string[] | undefined {
  const key = pathKey(path);
  const issues = context.issues.get(key);
  return issues?.length && isTouched(context, key) ? issues : undefined;
}

function renderIssues(context: SchemaFormContext, path: FieldPath): TemplateResult | typeof nothing {
  const issues = shownIssues(context, path);
  if (!issues) return nothing;
  return html`<ul part="field-issue" id=${`${fieldId(context, path)}-issue`}>
    ${issues.map((message) => html`<li>${message}</li>`)}
  </ul>`;
}

function renderLabel(context: SchemaFormContext, path: FieldPath, label: string, required: boolean): TemplateResult {
  return html`<label part="field-label" for=${fieldId(context, path)}
    >${label}${required ? html`<span part="required" aria-hidden="true"> *</span>` : nothing}</label
  >`;
}

function describedBy(context: SchemaFormContext, path: FieldPath): string | undefined {
  return shownIssues(context, path) ? `${fieldId(context, path)}-issue` : undefined;
}

function renderInput(context: SchemaFormContext, schema: JSONSchema, path: FieldPath, required: boolean): TemplateResult {
  const node = unwrapNullable(schema);
  const id = fieldId(context, path);
  const value = getAt(context.value, path);
  const invalid = shownIssues(context, path) ? 'true' : 'false';
  const touch = (): void => context.onTouch(path);
  const kind = fieldKind(node);
  switch (kind) {
    case 'boolean':
      return html`<input
        part="field-input checkbox"
        id=${id}
        type="checkbox"
        .checked=${value === true}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy(context, path))}
        @change=${(event: Event) => {
          context.onChange(path, (event.target as HTMLInputElement).checked);
          touch();
        }}
      />`;
    case 'enum': {
      const options = enumOptions(node);
      const index = options.findIndex((option) => option === value);
      return html`<select
        part="field-input select"
        id=${id}
        ?required=${required}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy(context, path))}
        @change=${(event: Event) => {
          const chosen = Number((event.target as HTMLSelectElement).value);
          context.onChange(path, chosen < 0 ? undefined : options[chosen]);
          touch();
        }}
      >
        ${required ? nothing : html`<option value="-1" ?selected=${index < 0}>(not set)</option>`}
        ${options.map((option, i) => html`<option value=${i} ?selected=${i === index}>${String(option)}</option>`)}
      </select>`;
    }
    case 'number':
    case 'integer':
      return html`<input
        part="field-input"
        id=${id}
        type="number"
        inputmode=${kind === 'integer' ? 'numeric' : 'decimal'}
        step=${kind === 'integer' ? '1' : 'any'}
        ?required=${required}
        .value=${typeof value === 'number' ? String(value) : ''}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy(context, path))}
        @blur=${touch}
        @input=${(event: Event) => {
          const text = (event.target as HTMLInputElement).value;
          context.onChange(path, text === '' ? undefined : Number(text));
        }}
      />`;
    case 'string':
      return html`<input
        part="field-input"
        id=${id}
        type="text"
        ?required=${required}
        .value=${typeof value === 'string' ? value : ''}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy(context, path))}
        @blur=${touch}
        @input=${(event: Event) => {
          const text = (event.target as HTMLInputElement).value;
          context.onChange(path, text === '' && !required ? undefined : text);
        }}
      />`;
    default: {
      const key = pathKey(path);
      const text = context.jsonDrafts.get(key) ?? (value === undefined ? '' : JSON.stringify(value, null, 2));
      return html`<textarea
        part="field-input json"
        id=${id}
        rows="3"
        spellcheck="false"
        ?required=${required}
        .value=${text}
        aria-invalid=${invalid}
        aria-describedby=${ifDefined(describedBy(context, path))}
        @blur=${touch}
        @input=${(event: Event) => context.onJsonInput(path, (event.target as HTMLTextAreaElement).value)}
      ></textarea>`;
    }
  }
}

/** One field of the form: a labelled input, a fieldset for an object, a list with Add and Remove for an array. */
export function renderField(
  context: SchemaFormContext,
  schema: JSONSchema,
  path: FieldPath,
  label: string,
  required: boolean,
): TemplateResult {
  const node = unwrapNullable(schema);
  const kind = fieldKind(node);
  const description = typeof node.description === 'string' ? node.description : undefined;
  if (kind === 'object') {
    return html`<fieldset part="fieldset">
      <legend part="legend">${label}${required ? html`<span part="required" aria-hidden="true"> *</span>` : nothing}</legend>
      ${description ? html`<p part="field-description">${description}</p>` : nothing}
      ${renderObjectFields(context, node, path)} ${renderIssues(context, path)}
    </fieldset>`;
  }
  if (kind === 'array') {
    const items = getAt(context.value, path);
    const list = Array.isArray(items) ? items : [];
    const child = itemSchema(node);
    return html`<fieldset part="fieldset array">
      <legend part="legend">${label}${required ? html`<span part="required" aria-hidden="true"> *</span>` : nothing}</legend>
      ${description ? html`<p part="field-description">${description}</p>` : nothing}
      <ol part="array-items">
        ${list.map(
          (_, index) => html`<li part="array-item">
            ${renderField(context, child, [...path, index], `${label} ${index + 1}`, true)}
            <button
              type="button"
              part="button remove-item"
              aria-label=${`Remove ${label} ${index + 1}`}
              @click=${() => context.onRemoveItem([...path, index])}
            >
              Remove
            </button>
          </li>`,
        )}
      </ol>
      <button
        type="button"
        part="button add-item"
        @click=${() => context.onChange([...path, list.length], initialValue(child, true))}
      >
        Add ${label}
      </button>
      ${renderIssues(context, path)}
    </fieldset>`;
  }
  return html`<div part="field">
    ${renderLabel(context, path, label, required)}
    ${description ? html`<span part="field-description">${description}</span>` : nothing}
    ${renderInput(context, node, path, required)} ${renderIssues(context, path)}
  </div>`;
}

function renderObjectFields(context: SchemaFormContext, schema: JSONSchema, path: FieldPath): TemplateResult[] {
  return objectFields(schema).map((field) => renderField(context, field.schema, [...path, field.key], field.key, field.required));
}

/**
 * The fields of a tool's arguments: the properties of its (object) schema at the top level, or one JSON field for
 * any other root; the issues of the root (path `[]`) after them.
 */
export function renderSchemaForm(context: SchemaFormContext, schema: JSONSchema): TemplateResult {
  if (fieldKind(schema) !== 'object') return renderField(context, schema, [], 'Arguments', true);
  return html`${renderObjectFields(context, schema, [])}${renderIssues(context, [])}`;
}
