import { PermanentToolError, ToolErrorCode } from './errors.js';
import type { ToolBudgets } from './tool-policy.js';
import { serializeToolResult } from './tool-executor.js';
import { carryOwner } from './tool-owner.js';
import type { ToolDefinition, ToolExecutionContext } from './types.js';

/**
 * A result larger than the budget's `maxResultBytes` (category `permanent`, code `result_too_large`). Thrown by the
 * handler `withToolBudgets()` wraps; the run loop turns it into
 * `{"ok":false,"errorCode":"result_too_large","message":...,"sizeBytes":N,"maxBytes":M}` for the agent.
 */
export class ResultTooLargeError extends PermanentToolError {
  override name = 'ResultTooLargeError';
  /** Size of the result, in UTF-8 bytes. */
  readonly sizeBytes: number;
  /** The limit, in UTF-8 bytes. */
  readonly maxBytes: number;

  constructor(toolName: string, sizeBytes: number, maxBytes: number) {
    super(`The result of "${toolName}" is too large: ${sizeBytes} bytes, the limit is ${maxBytes} bytes`, {
      code: ToolErrorCode.RESULT_TOO_LARGE,
    });
    this.sizeBytes = sizeBytes;
    this.maxBytes = maxBytes;
  }
}

let encoder: TextEncoder | undefined;

/** Length of `text` in UTF-8 bytes (`TextEncoder`), e.g. 1 for `'a'`, 3 for `'€'`, 4 for an emoji. */
export function utf8ByteLength(text: string): number {
  return (encoder ??= new TextEncoder()).encode(text).length;
}

interface BudgetedTool {
  maxRuntimeMs: number | undefined;
  maxResultBytes: number | undefined;
  tool: ToolDefinition;
}

const budgeted = new WeakMap<ToolDefinition, BudgetedTool>();

/**
 * The tool as the budgets let it run (the tool itself when they change nothing):
 * - `maxRuntimeMs` caps `metadata.timeoutMs` (`min(own, cap)`; the cap when the tool has none), so every attempt is
 *   aborted with a `TimeoutError` past it.
 * - `maxResultBytes`: the handler's result is serialized (as `ToolExecutionManager` would) and, when it is larger
 *   in UTF-8 bytes, the attempt fails with a `ResultTooLargeError` (`permanent`, `result_too_large`) instead: the
 *   result is neither sent nor kept. The wrapped handler is async.
 *
 * The copy is memoized per tool and budgets (the same tool and budgets give the same object). It keeps
 * the tool's registry: a `ToolExecutionManager` without a `registry` option records its statistics where it would
 * record the tool's.
 * @example
 * ```ts
 * const tool = withToolBudgets(registry.get('search')!, budgetsFor(registry.policy, 'search'));
 * await manager.execute(tool, toolCallId, args);
 * ```
 */
export function withToolBudgets<TArgs>(tool: ToolDefinition<TArgs>, budgets: ToolBudgets): ToolDefinition<TArgs> {
  const { maxRuntimeMs, maxResultBytes } = budgets;
  const ownTimeout: unknown = tool.metadata?.timeoutMs;
  // A timeout of 0 (or none) means no limit of its own: the cap applies.
  const ownLimit = typeof ownTimeout === 'number' && ownTimeout > 0 ? ownTimeout : undefined;
  const capsTimeout = maxRuntimeMs !== undefined && !(ownLimit !== undefined && ownLimit <= maxRuntimeMs);
  if (!capsTimeout && maxResultBytes === undefined) return tool;
  const key = tool as ToolDefinition;
  const cached = budgeted.get(key);
  if (cached && cached.maxRuntimeMs === maxRuntimeMs && cached.maxResultBytes === maxResultBytes) {
    return cached.tool as ToolDefinition<TArgs>;
  }
  const copy: ToolDefinition<TArgs> = { ...tool };
  if (capsTimeout) copy.metadata = { ...tool.metadata, timeoutMs: maxRuntimeMs };
  if (maxResultBytes !== undefined) {
    const handler = tool.handler;
    const check = (value: unknown): unknown => {
      const serialized = serializeToolResult(value);
      // A value that cannot be serialized fails in the manager as usual (not_serializable).
      if (!serialized.success) return value;
      const size = utf8ByteLength(serialized.result);
      if (size > maxResultBytes) throw new ResultTooLargeError(tool.name, size, maxResultBytes);
      return serialized.result;
    };
    copy.handler = async (args: TArgs, context: ToolExecutionContext) => check(await handler(args, context));
  }
  Object.freeze(copy);
  carryOwner(tool, copy);
  budgeted.set(key, { maxRuntimeMs, maxResultBytes, tool: copy as ToolDefinition });
  return copy;
}
