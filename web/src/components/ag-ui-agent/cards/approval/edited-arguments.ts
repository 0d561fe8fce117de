/**
 * Arguments a person edits in an approval card: parsed, checked against the tool's Zod schema, compared with what
 * the agent proposed.
 * @module
 * @internal
 */
import type { z } from 'zod';
import { ignoredKeys, parseNow } from '../../../../agent/edited-args.js';
import { PLAIN_MESSAGES } from '../../../../internal/plain-issue-messages.js';
import type { ArgumentsEdit } from './render-tool-approval.js';

/**
 * `text` as an edit of `proposed`: `error` when it is not a JSON object or `schema` refuses it (the schema's messages,
 * in plain words unless the schema gives its own (`plainIssueMessage`), with their paths, also one by one in `issues`), else the top-level arguments it changes as the schema parses both
 * (what the handler gets) and the keys the schema drops (`ignored`); `value` is the object typed, whenever `text` is
 * one.
 */
export function checkEditedArguments(text: string, proposed: unknown, schema: z.ZodType | undefined): ArgumentsEdit {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { text, changed: [], error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { text, changed: [], error: 'The arguments must be a JSON object' };
  }
  const parsed = schema && parseNow(schema, value, PLAIN_MESSAGES);
  if (parsed && !parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    const error = issues
      .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    return { text, value: value as Record<string, unknown>, changed: [], error, issues };
  }
  // Compared as the schema parses them, both sides: what the handler would get, not what was typed.
  const typed = value as Record<string, unknown>;
  const before = asParsed(schema, typeof proposed === 'object' && proposed !== null ? (proposed as Record<string, unknown>) : {});
  const after = asParsed(schema, typed, parsed);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  const ignored = parsed?.success ? ignoredKeys(typed, parsed.data) : [];
  return { text, value: typed, changed, ...(ignored.length > 0 && { ignored }) };
}

/** `value` as `schema` parses it, when it does so to an object; else `value` itself. */
function asParsed(
  schema: z.ZodType | undefined,
  value: Record<string, unknown>,
  parsed = schema && parseNow(schema, value),
): Record<string, unknown> {
  const data: unknown = parsed?.success ? parsed.data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : value;
}
