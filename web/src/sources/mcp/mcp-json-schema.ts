import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { z } from 'zod';
import type { JSONSchema } from '../../tools/index.js';

/** The dialects `@cfworker/json-schema` knows, by `$schema` URI (without a trailing `#`). */
const DRAFTS: Record<string, SchemaDraft> = {
  'http://json-schema.org/draft-04/schema': '4',
  'http://json-schema.org/draft-07/schema': '7',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
};

/**
 * The dialect of a schema: its `$schema` when it names one the validator knows, else 2020-12 (the dialect MCP
 * specifies for a schema without `$schema`).
 */
function draftOf(schema: JSONSchema): SchemaDraft {
  const uri = typeof schema.$schema === 'string' ? schema.$schema.replace(/#$/, '') : '';
  return DRAFTS[uri] ?? '2020-12';
}

/** `#/items/0/id` -> `['items', '0', 'id']` (JSON Pointer unescaping). */
function pointerPath(location: string): string[] {
  return location
    .replace(/^#/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The errors worth showing: the validator also reports every enclosing keyword that failed because a nested one did
 * (`properties`, `allOf`, ...) with a summary message; keep only the deepest error per instance location.
 */
function leafErrors(errors: readonly OutputUnit[]): OutputUnit[] {
  const byLocation = new Map<string, OutputUnit>();
  for (const error of errors) {
    const previous = byLocation.get(error.instanceLocation);
    if (!previous || error.keywordLocation.length > previous.keywordLocation.length) byLocation.set(error.instanceLocation, error);
  }
  const locations = [...byLocation.keys()];
  return [...byLocation.values()].filter(
    (error) => !locations.some((other) => other !== error.instanceLocation && other.startsWith(`${error.instanceLocation}/`)),
  );
}

/**
 * A Zod schema for a tool whose arguments are described by a foreign JSON Schema (an MCP server's `inputSchema`):
 * - it accepts any value and passes it through unchanged, after validating it against `jsonSchema` with
 *   `@cfworker/json-schema` (no code generation, so it runs under a CSP without `unsafe-eval`); each violation
 *   becomes a Zod issue, so the executor fails the call with category `validation` before the handler runs;
 * - it carries `jsonSchema` as its Zod metadata, which `z.toJSONSchema` (and so `ToolRegistry.toAgUiTools()`) emits
 *   verbatim: the agent is offered the server's own schema.
 *
 * `$schema` picks the dialect (draft 4, 7, 2019-09 or 2020-12; default 2020-12) and is left out of the metadata; so
 * is a string `id` (draft 4's `$id`), which Zod would read as its own schema id.
 * @throws {Error} when the validator cannot compile `jsonSchema`
 */
export function jsonSchemaArguments(jsonSchema: JSONSchema): z.ZodType<Record<string, unknown>> {
  const validator = new Validator(jsonSchema as Schema, draftOf(jsonSchema), false);
  const { $schema: _dialect, id: _id, ...offered } = jsonSchema;
  const schema = z.unknown().superRefine((value, ctx) => {
    const result = validator.validate(value);
    if (result.valid) return;
    for (const error of leafErrors(result.errors)) {
      ctx.addIssue({ code: 'custom', message: error.error, path: pointerPath(error.instanceLocation) });
    }
  });
  return schema.meta(offered) as unknown as z.ZodType<Record<string, unknown>>;
}
