/**
 * Answers to AG-UI interrupts: which `responseSchema`s get a form (and its fields), reading a field's value, reading
 * a JSON answer, and checking an answer against a schema's basic constraints.
 *
 * Not a JSON Schema validator: the protocol carries `responseSchema` opaquely and the agent validates what it gets.
 * This catches the mistakes a person makes in a form (a missing required value, text where a number goes) before
 * the answer leaves the page.
 * @module
 * @internal
 */

/** The kinds of value a form field edits. */
export type InterruptFieldKind = 'boolean' | 'string' | 'number' | 'integer';

/** One field of an interrupt's form: one property of an object `responseSchema`. */
export interface InterruptField {
  /** The property's name in the payload. */
  name: string;
  kind: InterruptFieldKind;
  /** The property's `title`, else its name. */
  label: string;
  /** The property's `description`. */
  description?: string;
  /** Listed in the schema's `required`. */
  required: boolean;
  /** The property's `enum` values: the field is a select. */
  options?: readonly (string | number)[];
  /** The property's `default`, when it has the field's kind. */
  defaultValue?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** In characters (UTF-16 code units, as `maxlength`). */
  minLength?: number;
  maxLength?: number;
}

/** What reading a field (or a JSON answer) gave: a value, nothing (an empty optional field), or an error to show. */
export type AnswerReading = { ok: true; present: true; value: unknown } | { ok: true; present: false } | { ok: false; error: string };

/** Keywords a simple property may carry; any other (e.g. `pattern`, `oneOf`, `$ref`) makes the schema not simple. */
const FIELD_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'title',
  'description',
  'default',
  'enum',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'format',
  'examples',
  '$comment',
]);

/** Keywords a simple object schema may carry at its top. */
const OBJECT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'title',
  'description',
  'additionalProperties',
  '$schema',
  '$id',
  '$comment',
  'examples',
]);

const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
const LENGTH_KEYWORDS = ['minLength', 'maxLength'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The form fields of a simple `responseSchema`, or `undefined` when it is not simple (then the answer is JSON).
 *
 * Simple: `type: 'object'` with at least one property, each of `type` `boolean`, `string`, `number` or `integer`
 * (one type, not a list), with only `title`, `description`, `default`, `enum` (values of that type; not for
 * booleans), `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum` (numbers), `minLength`/`maxLength` (strings),
 * and annotations (`format`, `examples`, `$comment`). `required` must be a list of property names.
 */
export function interruptFormFields(schema: unknown): InterruptField[] | undefined {
  if (!isRecord(schema) || schema.type !== 'object' || !isRecord(schema.properties)) return undefined;
  if (Object.keys(schema).some((keyword) => !OBJECT_KEYWORDS.has(keyword))) return undefined;
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) return undefined;
  const entries = Object.entries(schema.properties);
  if (entries.length === 0) return undefined;
  const fields: InterruptField[] = [];
  for (const [name, property] of entries) {
    const field = fieldFor(name, property, required.includes(name));
    if (!field) return undefined;
    fields.push(field);
  }
  return fields;
}

function fieldFor(name: string, property: unknown, required: boolean): InterruptField | undefined {
  if (!isRecord(property)) return undefined;
  if (Object.keys(property).some((keyword) => !FIELD_KEYWORDS.has(keyword))) return undefined;
  const kind = property.type;
  if (kind !== 'boolean' && kind !== 'string' && kind !== 'number' && kind !== 'integer') return undefined;
  const numeric = kind === 'number' || kind === 'integer';
  if (!numeric && NUMBER_KEYWORDS.some((keyword) => keyword in property)) return undefined;
  if (kind !== 'string' && LENGTH_KEYWORDS.some((keyword) => keyword in property)) return undefined;

  const field: InterruptField = {
    name,
    kind,
    label: typeof property.title === 'string' && property.title.trim() !== '' ? property.title : name,
    required,
  };
  if (typeof property.description === 'string' && property.description.trim() !== '') field.description = property.description;
  if (property.enum !== undefined) {
    const options = property.enum;
    if (kind === 'boolean' || !Array.isArray(options) || options.length === 0) return undefined;
    if (!options.every((option) => hasJsonType(option, kind))) return undefined;
    field.options = options as (string | number)[];
  }
  if (property.default !== undefined && hasJsonType(property.default, kind)) {
    field.defaultValue = property.default as string | number | boolean;
  }
  for (const keyword of NUMBER_KEYWORDS) {
    const value = property[keyword];
    if (value === undefined) continue;
    if (!isFiniteNumber(value)) return undefined;
    field[keyword] = value;
  }
  for (const keyword of LENGTH_KEYWORDS) {
    const value = property[keyword];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || (value as number) < 0) return undefined;
    field[keyword] = value as number;
  }
  return field;
}

/**
 * Reads one field's control: `raw` is a checkbox's `checked`, or the `value` of a text input, number input or select
 * (for a select, the index of the chosen option, `''` for none). `badInput` is the control's `validity.badInput`
 * (a number input holding text reports `value === ''`).
 *
 * An empty control is absent (an error when `required`); a checkbox is always present (`true`/`false`).
 */
export function readInterruptField(field: InterruptField, raw: string | boolean, badInput = false): AnswerReading {
  if (field.kind === 'boolean') return { ok: true, present: true, value: raw === true };
  const text = typeof raw === 'string' ? raw : '';
  if (field.options) {
    const option = text === '' ? undefined : field.options[Number(text)];
    if (option === undefined) return field.required ? { ok: false, error: 'Choose an option.' } : { ok: true, present: false };
    return { ok: true, present: true, value: option };
  }
  if (field.kind === 'string') {
    if (text === '') return field.required ? { ok: false, error: 'This field is required.' } : { ok: true, present: false };
    const error = lengthError(field, text);
    return error ? { ok: false, error } : { ok: true, present: true, value: text };
  }
  const trimmed = text.trim();
  if (trimmed === '' && !badInput) {
    return field.required ? { ok: false, error: 'This field is required.' } : { ok: true, present: false };
  }
  const value = Number(trimmed);
  if (badInput || trimmed === '' || !Number.isFinite(value)) return { ok: false, error: 'Enter a number.' };
  if (field.kind === 'integer' && !Number.isInteger(value)) return { ok: false, error: 'Enter a whole number.' };
  const error = rangeError(field, value);
  return error ? { ok: false, error } : { ok: true, present: true, value };
}

function lengthError(field: InterruptField, text: string): string | undefined {
  if (field.minLength !== undefined && text.length < field.minLength) {
    return `Enter at least ${field.minLength} character${field.minLength === 1 ? '' : 's'}.`;
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return `Enter at most ${field.maxLength} character${field.maxLength === 1 ? '' : 's'}.`;
  }
  return undefined;
}

function rangeError(field: InterruptField, value: number): string | undefined {
  if (field.minimum !== undefined && value < field.minimum) return `Enter ${field.minimum} or more.`;
  if (field.maximum !== undefined && value > field.maximum) return `Enter ${field.maximum} or less.`;
  if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum) return `Enter more than ${field.exclusiveMinimum}.`;
  if (field.exclusiveMaximum !== undefined && value >= field.exclusiveMaximum) return `Enter less than ${field.exclusiveMaximum}.`;
  return undefined;
}

/**
 * Reads a JSON answer. Empty text is no answer: allowed without a schema (the interrupt is resolved without a
 * payload), an error with one. Otherwise the text must parse, and the value must pass `schemaError`.
 */
export function readJsonAnswer(text: string, schema: Record<string, unknown> | undefined): AnswerReading {
  if (text.trim() === '') {
    return schema === undefined ? { ok: true, present: false } : { ok: false, error: 'Enter an answer in JSON.' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This is not valid JSON.' };
  }
  const error = schema === undefined ? undefined : schemaError(schema, value);
  return error ? { ok: false, error } : { ok: true, present: true, value };
}

const MAX_DEPTH = 16;

/**
 * The first violation of `schema`'s basic constraints by `value`, as a sentence naming the path (e.g.
 * `"approved" must be a boolean.`), or `undefined`. Checks `type` (a name or a list), `enum`, `const`, and for objects
 * `required` and `properties`, for arrays `items` (a schema), recursively. Other keywords are not checked.
 */
export function schemaError(schema: unknown, value: unknown, path = '', depth = 0): string | undefined {
  if (!isRecord(schema) || depth > MAX_DEPTH) return undefined;
  const where = path === '' ? 'The answer' : `"${path}"`;
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : undefined;
  if (types && !types.some((type) => typeof type === 'string' && hasJsonType(value, type))) {
    return `${where} must be ${types.map(article).join(' or ')}.`;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => jsonEqual(option, value))) {
    return `${where} must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}.`;
  }
  if ('const' in schema && !jsonEqual(schema.const, value)) return `${where} must be ${JSON.stringify(schema.const)}.`;
  if (isRecord(value)) {
    if (Array.isArray(schema.required)) {
      const missing = schema.required.find((name) => typeof name === 'string' && !Object.hasOwn(value, name));
      if (missing !== undefined) return `"${join(path, missing as string)}" is required.`;
    }
    if (isRecord(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        if (!Object.hasOwn(value, name)) continue;
        const error = schemaError(property, value[name], join(path, name), depth + 1);
        if (error) return error;
      }
    }
  } else if (Array.isArray(value) && isRecord(schema.items)) {
    for (let i = 0; i < value.length; i++) {
      const error = schemaError(schema.items, value[i], `${path}[${i}]`, depth + 1);
      if (error) return error;
    }
  }
  return undefined;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** Whether `value` is of the JSON Schema `type` (`number`: finite only). A field's `kind` is such a type name too. */
function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return isFiniteNumber(value);
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return true; // an unknown type name constrains nothing we know of
  }
}

function article(type: unknown): string {
  switch (type) {
    case 'null':
      return 'null';
    case 'integer':
    case 'object':
    case 'array':
      return `an ${String(type)}`;
    default:
      return `a ${String(type)}`;
  }
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Sets `name` on `target` as an own, enumerable property, even for names such as `__proto__`. */
export function setAnswerProperty(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
