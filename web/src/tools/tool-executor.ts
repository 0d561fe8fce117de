import { categorizeError, toValidationIssues, ToolErrorCode } from './errors.js';
import type { ToolDefinition, ToolError, ToolExecutionContext, ToolExecutionResult } from './types.js';

/**
 * Runs one attempt of a tool. Implementations never reject: every failure is a `{ success: false, error }`
 * result (the `ToolExecutionManager` still guards against executors that break this rule).
 */
export interface ToolExecutor {
  /**
   * @param args - the arguments as received from the agent
   * @param context - ids, the attempt's `AbortSignal` and attempt numbers
   */
  execute<TArgs>(tool: ToolDefinition<TArgs>, args: unknown, context: ToolExecutionContext): Promise<ToolExecutionResult>;
}

function fail(error: ToolError): ToolExecutionResult {
  return { success: false, error };
}

/**
 * The failure of an attempt whose signal was aborted: `cancelled` for an `AbortError` reason, `timeout` for a
 * `TimeoutError`, else as `categorizeError` files the reason (default `cancelled`).
 */
function abortedResult(signal: AbortSignal): ToolExecutionResult {
  return fail(categorizeError(signal.reason, 'cancelled'));
}

/**
 * Turns a handler's return value into the tool result string: a string as is, `undefined` as `''`, anything
 * else through `JSON.stringify`. A value `JSON.stringify` cannot handle (a cycle, a BigInt) or turns into nothing
 * (a function, a symbol) gives an `execution` failure with code `not_serializable`; it never throws.
 */
export function serializeToolResult(value: unknown): ToolExecutionResult {
  if (typeof value === 'string') return { success: true, result: value };
  if (value === undefined) return { success: true, result: '' };
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    return fail({
      category: 'execution',
      code: ToolErrorCode.NOT_SERIALIZABLE,
      message: `The tool result cannot be serialized to JSON: ${cause instanceof Error ? cause.message : String(cause)}`,
      retryable: false,
      cause,
    });
  }
  if (json === undefined) {
    return fail({
      category: 'execution',
      code: ToolErrorCode.NOT_SERIALIZABLE,
      message: `The tool result cannot be serialized to JSON: a ${typeof value} has no JSON form`,
      retryable: false,
    });
  }
  return { success: true, result: json };
}

function isZodAsyncError(error: unknown): boolean {
  return error instanceof Error && (error.constructor.name === '$ZodAsyncError' || /synchronous parse/i.test(error.message));
}

/** Whether `error` is the engine's stack overflow (V8, JavaScriptCore: `RangeError`; SpiderMonkey: `InternalError`). */
function isStackOverflow(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'RangeError' || error.name === 'InternalError') &&
    /call stack|too much recursion/i.test(error.message)
  );
}

/**
 * The failure of a validation that overflowed the stack: a schema that recurses without end (which the registry
 * refuses, see `ToolRegistrationErrorCode.INVALID_SCHEMA`) or arguments nested deeper than the engine can follow.
 */
function endlessValidation(toolName: string): ToolError {
  const message = `Invalid arguments for tool "${toolName}": its schema could not finish checking them (it recurses without end, or the arguments nest too deeply)`;
  return { category: 'validation', code: ToolErrorCode.INVALID_ARGUMENTS, message, retryable: false };
}

type SafeParseResult =
  | { success: true; data: unknown }
  | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; input?: unknown }> } };

/**
 * Runs one attempt (the implementation of `DefaultToolExecutor` and `ValidatingToolExecutor`); never rejects.
 * - `validate`: `safeParse` with `tool.schema` (falling back to `safeParseAsync` for schemas with async refinements or
 *   transforms); a failure is category `validation` (see `validationFailure`) and the handler does not run; the
 *   parsed data reaches it. A schema that throws for any other reason is an `execution` failure.
 * - The handler is called before the first `await` when the schema is synchronous, so it has started by the time
 *   `execute()` returns (a cancellation right after reaches its signal).
 * - The handler does not run when `context.signal` is already aborted; once the signal is aborted, any outcome is
 *   reported as `cancelled`/`timeout` from `signal.reason` (see `abortedResult`).
 * - A thrown error or rejection becomes `categorizeError(error, 'execution')`; a value is serialized by
 *   `serializeToolResult`.
 */
async function runAttempt(
  tool: ToolDefinition,
  args: unknown,
  context: ToolExecutionContext,
  validate: boolean,
): Promise<ToolExecutionResult> {
  const { signal } = context;
  if (validate) {
    let parsed: SafeParseResult;
    try {
      parsed = tool.schema.safeParse(args) as SafeParseResult;
    } catch (error) {
      if (isStackOverflow(error)) return fail(endlessValidation(tool.name));
      if (!isZodAsyncError(error)) return fail(categorizeError(error, 'execution'));
      try {
        parsed = (await tool.schema.safeParseAsync(args)) as SafeParseResult;
      } catch (asyncError) {
        return fail(isStackOverflow(asyncError) ? endlessValidation(tool.name) : categorizeError(asyncError, 'execution'));
      }
    }
    if (!parsed.success) return validationFailure(tool.name, parsed);
    args = parsed.data;
  }
  if (signal?.aborted) return abortedResult(signal);
  try {
    const value: unknown = await tool.handler(args, context);
    return signal?.aborted ? abortedResult(signal) : serializeToolResult(value);
  } catch (error) {
    return signal?.aborted ? abortedResult(signal) : fail(categorizeError(error, 'execution'));
  }
}

/**
 * Runs the handler with the arguments as given (no validation) and serializes its result (see
 * `serializeToolResult`). A thrown error or rejection becomes `categorizeError(error, 'execution')`; once the
 * attempt's signal is aborted, any outcome is reported as `cancelled`/`timeout` from `signal.reason`. A handler
 * is not run at all when the signal is already aborted.
 *
 * It waits for the handler; settling at once on abort when a handler ignores its signal is the
 * `ToolExecutionManager`'s job. Subclass it and override `execute` to wrap attempts (logging, tracing); the
 * manager then calls your `execute`.
 */
export class DefaultToolExecutor implements ToolExecutor {
  /** Runs one attempt (see the class docs). Never rejects. */
  execute<TArgs>(tool: ToolDefinition<TArgs>, args: unknown, context: ToolExecutionContext): Promise<ToolExecutionResult> {
    return runAttempt(tool as ToolDefinition, args, context, false);
  }
}

/**
 * The failure for arguments that fail the schema: category `validation`, code `invalid_arguments`, one
 * `validationErrors` entry per Zod issue (`path` as strings, Zod's `message`), never retryable.
 */
function validationFailure(toolName: string, error: SafeParseResult & { success: false }): ToolExecutionResult {
  const validationErrors = toValidationIssues(error.error.issues);
  const summary = validationErrors
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return fail({
    category: 'validation',
    code: ToolErrorCode.INVALID_ARGUMENTS,
    message: `Invalid arguments for tool "${toolName}": ${summary}`,
    retryable: false,
    validationErrors,
    cause: error.error,
  });
}

/**
 * Validates the arguments with the tool's schema, then runs the handler with the PARSED value (defaults
 * applied, coercions and transforms run). A schema failure never reaches the handler: it is category
 * `validation` with one entry per Zod issue, and is never retried.
 *
 * Uses `safeParse`, falling back to `safeParseAsync` for schemas with async refinements or transforms. A
 * schema that throws for any other reason is an `execution` failure.
 *
 * @example
 * ```ts
 * const executor = new ValidatingToolExecutor();
 * const result = await executor.execute(tool, { city: 'Paris' }, context);
 * if (!result.success && result.error.category === 'validation') console.log(result.error.validationErrors);
 * ```
 */
export class ValidatingToolExecutor extends DefaultToolExecutor {
  /** Validates, then runs one attempt with the parsed arguments (see the class docs). Never rejects. */
  override execute<TArgs>(tool: ToolDefinition<TArgs>, args: unknown, context: ToolExecutionContext): Promise<ToolExecutionResult> {
    return runAttempt(tool as ToolDefinition, args, context, true);
  }
}
