/**
 * The model behind a form generated from a tool's JSON Schema (the inspector's playground): what kind of field a JSON
 * Schema node becomes, the value a new form starts with (defaults, required fields), and immutable reads and writes of
 * the arguments by field path.
 * @module
 * @internal
 */
import type { JSONSchema } from '../tools/types.js';

/** A field's place in the arguments: object keys and array indexes, from the root. */
export type FieldPath = readonly (string | number)[];

/** The kinds of field the form renders; `json` is a JSON text area for what it cannot render otherwise. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'object' | 'array' | 'json';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema itself, or for a nullable `anyOf: [X, {type: 'null'}]` its `X`, for `type: [T, 'null']` (what Zod emits
 * for a nullable scalar) `type: T` (the form never sends `null`).
 */
export function unwrapNullable(schema: JSONSchema): JSONSchema {
  if (Array.isArray(schema.type)) {
    const types = (schema.type as unknown[]).filter((type) => type !== 'null');
    return types.length === 1 ? { ...schema, type: types[0] } : schema;
  }
  const anyOf = schema.anyOf;
  if (!Array.isArray(anyOf)) return schema;
  const others = anyOf.filter((member) => !(isRecord(member) && member.type === 'null'));
  return others.length === 1 && isRecord(others[0]) ? { ...others[0], ...withoutAnyOf(schema) } : schema;
}

function withoutAnyOf(schema: JSONSchema): JSONSchema {
  const { anyOf: _anyOf, ...rest } = schema;
  return rest;
}

/** The field a schema node becomes. */
export function fieldKind(schema: JSONSchema): FieldKind {
  const node = unwrapNullable(schema);
  if (Array.isArray(node.enum) && node.enum.every((option) => ['string', 'number', 'boolean'].includes(typeof option))) {
    return 'enum';
  }
  switch (node.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return node.type;
    case 'object':
      return isRecord(node.properties) ? 'object' : 'json';
    case 'array':
      return isRecord(node.items) ? 'array' : 'json';
    default:
      return 'json';
  }
}

/** The enum options of a schema node (`enum`), as given. */
export function enumOptions(schema: JSONSchema): ReadonlyArray<string | number | boolean> {
  const node = unwrapNullable(schema);
  return Array.isArray(node.enum) ? (node.enum as Array<string | number | boolean>) : [];
}

/** The properties of an object node, with whether each is required, in schema order. */
export function objectFields(schema: JSONSchema): Array<{ key: string; schema: JSONSchema; required: boolean }> {
  const node = unwrapNullable(schema);
  const properties = isRecord(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required) ? (node.required as string[]) : [];
  return Object.entries(properties)
    .filter((entry): entry is [string, JSONSchema] => isRecord(entry[1]))
    .map(([key, child]) => ({ key, schema: child, required: required.includes(key) }));
}

/** The item schema of an array node. */
export function itemSchema(schema: JSONSchema): JSONSchema {
  const items = unwrapNullable(schema).items;
  return isRecord(items) ? items : {};
}

/**
 * The value a new form starts with for a schema node: its `default` when it has one; for a required field a value of
 * its kind (`''`, `false`, the first enum option, `[]`, an object of its own starting values); otherwise `undefined`
 * (an optional field is left out until the person fills it). Numbers start empty: there is no neutral number.
 */
export function initialValue(schema: JSONSchema, required = true): unknown {
  const node = unwrapNullable(schema);
  if ('default' in node) return structuredClone(node.default);
  if (!required) return undefined;
  switch (fieldKind(node)) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'enum':
      return enumOptions(node)[0];
    case 'array':
      return [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const field of objectFields(node)) {
        const start = initialValue(field.schema, field.required);
        if (start !== undefined) value[field.key] = start;
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** The value at `path` in `root`, or `undefined`. */
export function getAt(root: unknown, path: FieldPath): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/**
 * A copy of `root` with `value` at `path` (containers created on the way; `undefined` removes an object key).
 * `root` is not changed.
 */
export function setAt(root: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const child = setAt(getAt(root, [key]), rest, value);
  if (typeof key === 'number') {
    const copy = Array.isArray(root) ? [...(root as unknown[])] : [];
    copy[key] = child;
    return copy;
  }
  const copy: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  if (child === undefined) delete copy[key];
  else copy[key] = child;
  return copy;
}

/** A copy of `root` without the array item at `path` (its last part the index). */
export function removeAt(root: unknown, path: FieldPath): unknown {
  const index = path[path.length - 1];
  const list = getAt(root, path.slice(0, -1));
  if (typeof index !== 'number' || !Array.isArray(list)) return root;
  return setAt(root, path.slice(0, -1), list.filter((_, i) => i !== index));
}

/** The key of a field path in `issuesByPath` maps: its parts joined with `.` (`''` for the root). */
export function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Validation messages by field path key (see `pathKey`), each message once per field. */
export function issuesByPath(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const issue of issues) {
    const key = pathKey(issue.path);
    const list = byPath.get(key);
    if (!list) byPath.set(key, [issue.message]);
    else if (!list.includes(issue.message)) list.push(issue.message);
  }
  return byPath;
}

/**
 * Whether the form renders every field of `schema` as a field of its own kind: an object root whose fields, at any
 * depth, are strings, numbers, integers, booleans, enums, objects with properties or arrays of those (no `json`
 * fallback field: a union, a free-form object, a `$ref`). The approval card offers its form only then.
 */
export function formCanExpress(schema: JSONSchema): boolean {
  return fieldKind(schema) === 'object' && expressible(schema, 0);
}

/** Deeper than this, a schema is recursive in practice (a `$ref` loop expanded) and left to the JSON editor. */
const MAX_FORM_DEPTH = 8;

function expressible(schema: JSONSchema, depth: number): boolean {
  if (depth > MAX_FORM_DEPTH) return false;
  switch (fieldKind(schema)) {
    case 'json':
      return false;
    case 'object':
      return objectFields(schema).every((field) => expressible(field.schema, depth + 1));
    case 'array':
      return expressible(itemSchema(schema), depth + 1);
    default:
      return true;
  }
}
