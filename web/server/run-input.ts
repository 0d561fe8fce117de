import type { RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import type { JsonErrorBody } from './http-json.js';

/** Result of {@link parseRunAgentInput}: the input, or the 400 error body to answer with. */
export type ParsedRunAgentInput =
  | {
      ok: true;
      /** The input as validated by `RunAgentInputSchema` (`tools`/`context` default to `[]`). */
      input: RunAgentInput;
      /** The JSON exactly as the client sent it (what request recording keeps). */
      raw: RunAgentInput;
    }
  | { ok: false; error: JsonErrorBody['error'] };

/**
 * Parses and validates a POSTed `RunAgentInput` with `@ag-ui/core`'s `RunAgentInputSchema`.
 * Never throws: a body that is not JSON gives `invalid_json`, one that is JSON but not a `RunAgentInput` gives
 * `invalid_input` with zod's issues.
 */
export function parseRunAgentInput(body: string): ParsedRunAgentInput {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return {
      ok: false,
      error: { code: 'invalid_json', message: `The request body is not JSON: ${(error as Error).message}` },
    };
  }
  const result = RunAgentInputSchema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'The request body is not an AG-UI RunAgentInput.',
        issues: result.error.issues.map((issue) => ({
          path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
          message: issue.message,
        })),
      },
    };
  }
  return { ok: true, input: result.data as RunAgentInput, raw: json as RunAgentInput };
}
