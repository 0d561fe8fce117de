/**
 * What a tool's handler returned, kept beside the result text the manager makes of it (`ToolCallEndDetail.value`).
 * @module
 * @internal
 */
import { carryOwner } from '../tools/tool-owner.js';
import type { ToolDefinition, ToolExecutionContext } from '../tools/index.js';

/** A tool whose handler notes what it returned, per attempt; `returned(n)` reads attempt `n`'s value. */
export interface ValueKeepingTool<T extends ToolDefinition> {
  tool: T;
  /** What attempt `attemptNumber` (1-based) returned, wrapped; `undefined` when it returned nothing (threw, never ran). */
  returned(attemptNumber: number): { value: unknown } | undefined;
}

/**
 * `tool` with a handler that notes the value each attempt returns (awaited), for one call: the manager turns that
 * value into the result text (JSON for objects), and the page's `ag-ui-tool-call-end` also gets the value itself.
 * Keyed by attempt, so an abandoned attempt that settles late never passes for the one that succeeded.
 */
export function keepHandlerValue<T extends ToolDefinition>(tool: T): ValueKeepingTool<T> {
  const values = new Map<number, { value: unknown }>();
  const handler = tool.handler;
  const copy = {
    ...tool,
    handler: (args: unknown, context: ToolExecutionContext): unknown => {
      const keep = (value: unknown): unknown => {
        values.set(context.attemptNumber, { value });
        return value;
      };
      // A handler that returns at once (or throws) still does so: only a promise gets a reaction.
      const returned: unknown = handler(args, context);
      return isThenable(returned) ? Promise.resolve(returned).then(keep) : keep(returned);
    },
  } as T;
  carryOwner(tool, copy);
  return { tool: copy, returned: (attemptNumber) => values.get(attemptNumber) };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
