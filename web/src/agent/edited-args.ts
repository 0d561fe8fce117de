/**
 * Arguments a person edited before approving a call, as the tool's schema parses them: what its handler receives
 * (`z.object` strips unknown keys, defaults fill in, transforms run), which is what the card diffs, the record shows
 * and the agent is told.
 * @module
 * @internal
 */
import type { z } from 'zod';

/**
 * `schema.safeParse(value, params)`, or `undefined` for a schema that only parses asynchronously (or throws).
 * `params.error`: the error map of this parse (the schema's own messages still win).
 */
export function parseNow(schema: z.ZodType, value: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>): z.ZodSafeParseResult<unknown> | undefined {
  try {
    return schema.safeParse(value, params);
  } catch {
    return undefined;
  }
}

/**
 * The edit as the round runs it and reports it: `shown` is what the tool's handler receives (the parsed value; the
 * edit as typed when the schema refuses it, and then nothing runs). `run` is what goes to the manager: the parsed
 * value when parsing it again gives it back (so any executor hands the handler exactly `shown`), else the edit as
 * typed, which a validating executor parses to `shown` (a transform must not run twice).
 */
export function parsedEdit(schema: z.ZodType, edited: Record<string, unknown>): { run: unknown; shown: unknown } {
  const parsed = parseNow(schema, edited);
  if (!parsed?.success) return { run: edited, shown: edited };
  const again = parseNow(schema, parsed.data);
  const stable = again?.success === true && JSON.stringify(again.data) === JSON.stringify(parsed.data);
  return { run: stable ? parsed.data : edited, shown: parsed.data };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The keys of `input` that parsing left out of `output` (unknown keys a `z.object` strips), as dotted paths
 * (`cc`, `address.note`, `items.0.extra`), in `input`'s order.
 */
export function ignoredKeys(input: unknown, output: unknown, prefix = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, index) => (index < output.length ? ignoredKeys(item, output[index], `${prefix}${index}.`) : []));
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.keys(input).flatMap((key) =>
    Object.hasOwn(output, key) ? ignoredKeys(input[key], output[key], `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
