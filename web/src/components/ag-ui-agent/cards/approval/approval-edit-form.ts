/**
 * The approval card's "edit as a form": the form generated from the tool's JSON Schema (`render-schema-form.ts`),
 * pre-filled with the proposed arguments. Loaded with a dynamic `import()` the first time a person edits arguments, so
 * pages that never do so do not pay for the form.
 * @module
 * @internal
 */
import { html, type TemplateResult } from 'lit';
import { z } from 'zod';
import { renderSchemaForm, type SchemaFormContext } from '../../../../internal/render-schema-form.js';
import { formCanExpress, issuesByPath, pathKey, removeAt, setAt, type FieldPath } from '../../../../internal/schema-form.js';
import type { JSONSchema } from '../../../../tools/types.js';
import type { ArgumentsEdit } from './render-tool-approval.js';

/** The form's schema per Zod schema: its JSON Schema, or `null` when the form cannot express it. */
const formSchemas = new WeakMap<z.ZodType, JSONSchema | null>();

/**
 * The JSON Schema the form renders for a tool's Zod schema (an MCP tool's carries the server's JSON Schema, which
 * `z.toJSONSchema` emits), or `undefined` when it cannot be converted or the form cannot express it (the card then
 * offers the JSON editor only). Converted once per schema.
 */
export function formSchemaOf(schema: z.ZodType | undefined): JSONSchema | undefined {
  if (!schema) return undefined;
  let cached = formSchemas.get(schema);
  if (cached === undefined) {
    try {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema;
      cached = formCanExpress(json) ? json : null;
    } catch {
      cached = null;
    }
    formSchemas.set(schema, cached);
  }
  return cached ?? undefined;
}

/**
 * The form of an edit in the approval card: each field shows `edit.value` and, once touched (`edit.touched`), the
 * schema's issue at its path; each change calls `onValue` with the whole new arguments object (the host turns it into
 * JSON text and checks it with `checkEditedArguments`, like a typed edit); leaving a field calls `onTouch` with its
 * path key.
 */
export function renderApprovalEditForm(
  toolCallId: string,
  schema: JSONSchema,
  edit: ArgumentsEdit,
  onValue: (value: Record<string, unknown>) => void,
  onTouch: (key: string) => void,
): TemplateResult {
  const value = edit.value ?? {};
  const write = (next: unknown): void => onValue(typeof next === 'object' && next !== null && !Array.isArray(next) ? (next as Record<string, unknown>) : {});
  const context: SchemaFormContext = {
    value,
    issues: issuesByPath(edit.issues ?? []),
    touched: edit.touched === 'all' ? 'all' : new Set(edit.touched),
    onTouch: (path: FieldPath) => onTouch(pathKey(path)),
    // The form is offered only for schemas without JSON text fields (`formCanExpress`), so there are no drafts.
    jsonDrafts: new Map(),
    idPrefix: `tool-approval-form-${toolCallId}`,
    onChange: (path: FieldPath, next: unknown) => write(setAt(value, path, next)),
    onJsonInput: (path: FieldPath, text: string) => {
      try {
        write(setAt(value, path, JSON.parse(text)));
      } catch {
        // Not JSON yet: the field keeps its text and the arguments their last good value.
      }
    },
    onRemoveItem: (path: FieldPath) => write(removeAt(value, path)),
  };
  return html`<div part="tool-approval-form" class="tool-approval-form">${renderSchemaForm(context, schema)}</div>`;
}
