// The `echo` tool that the scripted agents of web/server call by default, in the two forms the tests read back.
import { z } from 'zod';
import type { ToolDefinition, ToolMetadata } from '../../web/src/tools/index.js';

type EchoOverrides = Partial<ToolDefinition<Record<string, unknown>>> & { metadata?: ToolMetadata };

/**
 * `echo`, answering `{ echoed: <its arguments> }`: the run loop tests check that wrapper in the tool messages they
 * send back (`'{"echoed":{"n":1}}'`). `overrides` replace any field, e.g. the handler.
 */
export function echoTool(overrides: EchoOverrides = {}): ToolDefinition<Record<string, unknown>> {
  return {
    name: 'echo',
    description: 'Echoes its arguments',
    effect: 'read_only',
    schema: z.record(z.string(), z.unknown()),
    handler: (args) => ({ echoed: args }),
    ...overrides,
  };
}

/**
 * `echo`, answering with its arguments themselves: the element tests read them back on the tool card
 * (`{"note":"milk"}` in `part="tool-call-result"`).
 */
export function echoArgsTool(overrides: EchoOverrides = {}): ToolDefinition<Record<string, unknown>> {
  return echoTool({ description: 'Returns its arguments', handler: (args) => args, ...overrides });
}
