/**
 * What a default tool card says in words: the tool's title (`metadata.title`, else its name made readable) and a
 * one-line summary of the call (its first scalar arguments, or once it succeeded a short result text).
 * @module
 * @internal
 */
import { parseToolId } from '../../../../tools/tool-namespace.js';
import { PAYLOAD_PRETTY_MAX_CHARS } from './render-tool-payload.js';

/** Characters of a summary line before it is cut with an ellipsis (CSS also cuts it to the card's width). */
export const SUMMARY_MAX_CHARS = 120;

/** Scalar arguments (or result fields) a summary shows at most. */
const SUMMARY_FIELDS = 2;

/**
 * A tool name as words: the tool part of a namespaced id (`mcp__github__create_issue` -> `create_issue`,
 * `webmcp__add_todo` -> `add_todo`), split at `_`, `-`, `.` and camelCase humps, first letter capitalized:
 * `get_weather` -> `Get weather`, `searchDocs` -> `Search docs`. Upper-case acronyms keep their case (`get_URL` ->
 * `Get URL`). An empty result falls back to the name itself.
 */
export function humanizeToolName(name: string): string {
  const tool = parseToolId(name)?.tool ?? (name.startsWith('webmcp__') ? name.slice('webmcp__'.length) : name);
  const words = tool
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));
  if (words.length === 0) return name;
  const first = words[0]!;
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

/** The card's title: the tool's own `metadata.title` when it has a non-blank one, else its name made readable. */
export function toolTitle(toolCallName: string, title: string | undefined): string {
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : humanizeToolName(toolCallName);
}

/**
 * Whether the raw `toolCallName` would only repeat `title` ("Add" and `add`, "Get weather" and `get_weather`): the two
 * differ at most in case and separators (spaces, `_`, `-`, `.`). A namespaced name (`mcp__notes__add`) says more.
 */
export function nameRepeatsTitle(toolCallName: string, title: string): boolean {
  const bare = (text: string) => text.toLowerCase().replace(/[\s_.-]+/g, '');
  return bare(toolCallName) === bare(title);
}

/** `text` on one line, cut to {@link SUMMARY_MAX_CHARS} with an ellipsis. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= SUMMARY_MAX_CHARS ? line : `${line.slice(0, SUMMARY_MAX_CHARS - 1).trimEnd()}…`;
}

function parseJson(text: string): unknown {
  // A payload too long to pretty-print is too long to parse on every render too: it gets no summary.
  if (text.length > PAYLOAD_PRETTY_MAX_CHARS) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** `key: value` for the first scalar fields of an object (`undefined` when it has none). */
function fieldsLine(value: Record<string, unknown>): string | undefined {
  const fields = Object.entries(value)
    .filter((entry): entry is [string, string | number | boolean] => isScalar(entry[1]) && entry[1] !== '')
    .slice(0, SUMMARY_FIELDS)
    .map(([key, field]) => `${key}: ${String(field)}`);
  return fields.length === 0 ? undefined : oneLine(fields.join(', '));
}

/**
 * A call's arguments in one line: its first one or two scalar arguments (`city: Tokyo, days: 3`); `undefined` while
 * they are not complete JSON (still streaming), when they have no scalar argument, or are too long to parse here.
 */
export function argumentsSummary(argsText: string): string | undefined {
  const args = parseJson(argsText);
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? fieldsLine(args as Record<string, unknown>) : undefined;
}

/**
 * A result in one line: a JSON string or number as it is, an object's first scalar fields, other text as received
 * (its first characters); `undefined` for an empty result or one with nothing short to say (an array, an object of
 * objects).
 */
export function resultSummary(result: string): string | undefined {
  if (result.trim() === '') return undefined;
  const value = parseJson(result);
  if (value === undefined) return oneLine(result.slice(0, SUMMARY_MAX_CHARS * 2));
  if (isScalar(value)) return oneLine(String(value));
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return fieldsLine(value as Record<string, unknown>);
  return undefined;
}
