import type { ToolPolicy } from './tool-policy.js';
import { ToolErrorCode } from './errors.js';
import type { ToolError, ToolExecution, ToolExecutionResult, ToolRedaction } from './types.js';

/** What a redacted value is replaced by. */
export const REDACTED = '[redacted]';

/** A compiled allowlist: `all` allows the whole subtree; `keys` and `any` (`*`) lead to deeper paths. */
interface PathNode {
  all: boolean;
  keys: Map<string, PathNode> | undefined;
  any: PathNode | undefined;
}

const compiled = new WeakMap<readonly string[], PathNode>();

function newNode(): PathNode {
  return { all: false, keys: undefined, any: undefined };
}

/** `'items[].id'` -> `['items', '*', 'id']`; `''` and `'*'` alone -> `[]` (the root). */
function splitPath(path: string): string[] {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '*') return [];
  const segments: string[] = [];
  for (const raw of trimmed.split('.')) {
    let segment = raw;
    let arrays = 0;
    while (segment.endsWith('[]')) {
      segment = segment.slice(0, -2);
      arrays++;
    }
    if (segment !== '') segments.push(segment);
    for (let i = 0; i < arrays; i++) segments.push('*');
  }
  return segments;
}

function compile(allow: readonly string[]): PathNode {
  let root = compiled.get(allow);
  if (root) return root;
  root = newNode();
  for (const path of allow) {
    if (typeof path !== 'string') continue;
    let node = root;
    for (const segment of splitPath(path)) {
      if (segment === '*') node = node.any ??= newNode();
      else {
        node.keys ??= new Map();
        let next = node.keys.get(segment);
        if (!next) node.keys.set(segment, (next = newNode()));
        node = next;
      }
    }
    node.all = true;
  }
  compiled.set(allow, root);
  return root;
}

function childNodes(nodes: readonly PathNode[], key: string): PathNode[] {
  const children: PathNode[] = [];
  for (const node of nodes) {
    const exact = node.keys?.get(key);
    if (exact) children.push(exact);
    if (node.any) children.push(node.any);
  }
  return children;
}

function redactWith(value: unknown, nodes: readonly PathNode[]): unknown {
  if (nodes.some((node) => node.all)) return value;
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      const children = childNodes(nodes, String(index));
      return children.length === 0 ? REDACTED : redactWith(item, children);
    });
  }
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const children = childNodes(nodes, key);
      copy[key] = children.length === 0 ? REDACTED : redactWith(item, children);
    }
    return copy;
  }
  return REDACTED;
}

/**
 * Whether `allow` allows the whole value (it holds `''` or `'*'`).
 * @internal
 */
export function allowsAll(allow: readonly string[] | undefined): boolean {
  return allow !== undefined && compile(allow).all;
}

/**
 * A copy of `value` in which only the allowlisted paths keep their values (see `ToolRedaction` for the syntax); every
 * other leaf, and every object or array no path reaches into, is `REDACTED`. Object keys and array lengths stay. A
 * primitive root is kept only when the whole value is allowed. `value` itself is never modified; allowed subtrees are
 * shared, not copied. O(size of the value).
 * @param allow - the allowlist; `undefined` or `[]` allows nothing
 * @example
 * ```ts
 * redactValue({ user: { name: 'Ada', email: 'a@x' }, items: [{ id: 1, price: 9 }] }, ['user.name', 'items[].id']);
 * // { user: { name: 'Ada', email: '[redacted]' }, items: [{ id: 1, price: '[redacted]' }] }
 * ```
 */
export function redactValue(value: unknown, allow: readonly string[] | undefined): unknown {
  return redactWith(value, [compile(allow ?? [])]);
}

/**
 * `redactValue` for a JSON text (a tool's arguments or result string): the redacted value as JSON. A blank text stays
 * blank (no arguments). Text that is not JSON is `REDACTED` unless the whole value is allowed (`''` or `'*'`), and so
 * is a JSON primitive at the root (the marker is returned bare, not as a JSON string).
 */
export function redactJsonText(text: string, allow: readonly string[] | undefined): string {
  if (text.trim() === '') return text;
  if (allowsAll(allow)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return REDACTED;
  }
  const redacted = redactValue(parsed, allow);
  return redacted === REDACTED ? REDACTED : JSON.stringify(redacted);
}

/**
 * A tool's arguments as the page may see them: as is without a `redaction` config, else per `redaction.args`.
 * @internal
 */
export function redactToolArgs(redaction: ToolRedaction | undefined, args: unknown): unknown {
  return redaction === undefined ? args : redactValue(args, redaction.args);
}

/**
 * A tool's result string as the page may see it: as is without a `redaction` config, else per `redaction.result`.
 * @internal
 */
export function redactToolResult(redaction: ToolRedaction | undefined, result: string): string {
  return redaction === undefined ? result : redactJsonText(result, redaction.result);
}

/**
 * The config that redacts everything (what `requireRedaction` applies to tools that have none).
 * @internal
 */
export const REDACT_ALL: Readonly<ToolRedaction> = Object.freeze({});

/**
 * The redaction in force for calls of a tool: its own `redaction`; else, under a `requireRedaction` policy,
 * `REDACT_ALL` (also for a name that is not registered, e.g. a backend tool); else `undefined` (nothing redacted).
 */
export function redactionInForce(
  tool: { redaction?: ToolRedaction | undefined } | undefined,
  policy: ToolPolicy | undefined,
): ToolRedaction | undefined {
  if (tool?.redaction !== undefined) return tool.redaction;
  return policy?.requireRedaction === true ? REDACT_ALL : undefined;
}

/** Codes of the errors the runtime writes itself: their messages hold no arguments or results. */
const RUNTIME_CODES: ReadonlySet<string> = new Set(Object.values(ToolErrorCode));

/**
 * Whether an error's message is the runtime's or the schema's own words (a timeout, a cancellation, a validation
 * issue, an open circuit, ...), rather than text a handler wrote, which may quote the arguments or the result.
 */
function runtimeMessage(error: ToolError): boolean {
  if (error.category === 'validation' || error.category === 'timeout' || error.category === 'cancelled') return true;
  return error.code !== undefined && RUNTIME_CODES.has(error.code);
}

/**
 * A `ToolError` as the page may see it for a redacted tool: a frozen copy without `cause` (which may hold the
 * arguments or the result) and without the `received` values of `validationErrors`; the message of an error a
 * handler raised (anything but the runtime's own: timeouts, cancellations, validation issues, the codes of
 * `ToolErrorCode`) goes through the result's redaction, like the result would (`redactJsonText`: `[redacted]` unless
 * `redaction.result` allows the whole value). `undefined` redaction: as is. The agent still gets the full message.
 */
export function redactToolError(redaction: ToolRedaction | undefined, error: ToolError): ToolError {
  if (redaction === undefined) return error;
  const copy: ToolError = { ...error };
  delete copy.cause;
  if (!runtimeMessage(error)) copy.message = redactJsonText(error.message, redaction.result);
  if (error.validationErrors) {
    copy.validationErrors = Object.freeze(error.validationErrors.map(({ path, message }) => Object.freeze({ path, message }))) as ToolError['validationErrors'];
  }
  return Object.freeze(copy);
}

/**
 * An execution snapshot as the page may see it for a redacted tool: a frozen copy with `args`, `result` and a late
 * completion's result redacted and its errors passed through `redactToolError`. `undefined` redaction: as is.
 * @internal
 */
export function redactExecution(redaction: ToolRedaction | undefined, execution: ToolExecution): ToolExecution {
  if (redaction === undefined) return execution;
  const copy: ToolExecution = { ...execution, args: redactValue(execution.args, redaction.args) };
  if (execution.result !== undefined) copy.result = redactJsonText(execution.result, redaction.result);
  if (execution.error !== undefined) copy.error = redactToolError(redaction, execution.error);
  const late = execution.lateCompletion;
  if (late !== undefined) {
    copy.lateCompletion = Object.freeze({
      ...late,
      ...(late.result !== undefined && { result: redactJsonText(late.result, redaction.result) }),
      ...(late.error !== undefined && { error: redactToolError(redaction, late.error) }),
    });
  }
  if (execution.retry.previousErrors.length > 0) {
    copy.retry = Object.freeze({
      ...execution.retry,
      previousErrors: Object.freeze(execution.retry.previousErrors.map((error) => redactToolError(redaction, error))) as ToolError[],
    });
  }
  return Object.freeze(copy);
}

/**
 * A manager's outcome as the page may see it for a redacted tool: the result through `redactToolResult`, the error
 * through `redactToolError`. `undefined` redaction: as is.
 * @internal
 */
export function redactExecutionResult(redaction: ToolRedaction | undefined, result: ToolExecutionResult): ToolExecutionResult {
  if (redaction === undefined) return result;
  return result.success
    ? { success: true, result: redactToolResult(redaction, result.result) }
    : { success: false, error: redactToolError(redaction, result.error) };
}

/**
 * A handler's return value as the page may see it: as is without a `redaction` config, else per `redaction.result`
 * (`redactValue`: as the result text is redacted, a string or other primitive is `REDACTED` unless the whole result is
 * allowed).
 * @internal
 */
export function redactToolValue(redaction: ToolRedaction | undefined, value: unknown): unknown {
  return redaction === undefined ? value : redactValue(value, redaction.result);
}
