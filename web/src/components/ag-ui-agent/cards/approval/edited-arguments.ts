/**
 * Arguments a person edits in an approval card: parsed, checked against the tool's Zod schema, compared with what
 * the agent proposed.
 * @module
 * @internal
 */
import type { z } from 'zod';
import type { ArgumentsEdit } from './render-tool-approval.js';

/**
 * `text` as an edit of `proposed`: `error` when it is not a JSON object or `schema` refuses it (the schema's messages,
 * with their paths, also one by one in `issues`), else the top-level arguments it changes; `value` is the parsed
 * object whenever `text` is one.
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
  const parsed = schema?.safeParse(value);
  if (parsed && !parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
    const error = issues
      .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    return { text, value: value as Record<string, unknown>, changed: [], error, issues };
  }
  const before = typeof proposed === 'object' && proposed !== null ? (proposed as Record<string, unknown>) : {};
  const after = value as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { text, value: after, changed };
}
