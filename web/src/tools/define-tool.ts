import type { z } from 'zod';
import type { ToolDefinition } from './types.js';

/**
 * A tool definition whose handler arguments are typed by its schema: `ToolDefinition` with `schema` of type `TSchema`
 * and `args` (of `handler` and `requiresApproval`) of `z.output<TSchema>`, the parsed arguments.
 */
export type SchemaToolDefinition<TSchema extends z.ZodType> = Omit<ToolDefinition<z.output<TSchema>>, 'schema'> & {
  /** Zod schema of the arguments; its output type is the handler's `args`. */
  schema: TSchema;
};

/**
 * Declares a tool with its handler's arguments inferred from its Zod schema, wherever the tool is then given
 * (`el.tools`, `el.registerTool()`, `registry.register()`). Returns `definition` itself: it only types it, and checks
 * nothing at run time (the registry validates on `register`).
 *
 * @param definition - a `ToolDefinition`; `handler` receives `z.output<typeof schema>` (defaults applied, transforms run)
 * @returns the same object, typed `ToolDefinition<z.output<TSchema>>`
 *
 * @example
 * ```ts
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Adds two numbers',
 *   effect: 'read_only',
 *   schema: z.object({ a: z.number(), b: z.number() }),
 *   handler: ({ a, b }) => a + b, // a: number, b: number
 * });
 * document.querySelector('ag-ui-agent')!.tools = [add];
 * ```
 */
export function defineTool<TSchema extends z.ZodType>(
  definition: SchemaToolDefinition<TSchema>,
): ToolDefinition<z.output<TSchema>> {
  return definition as ToolDefinition<z.output<TSchema>>;
}
