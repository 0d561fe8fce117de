import type { z } from 'zod';
import type { ToolDefinition, ToolEffect, ToolMetadata, ToolRenderContext } from './types.js';

/**
 * Where `defineUiTool()` keeps, on the tool, how to check an answer: a registered symbol, so the key survives the
 * registry's copy of the definition and a second copy of this module in a page.
 */
const ANSWER_CHECK = Symbol.for('ag-ui-lit.ui-tool-answer-check');

/**
 * Checks a person's answer to a UI tool call against the tool's `result` schema (any value when it has none).
 * @returns the value the call returns (as parsed by the schema), or why the answer is refused
 * @internal
 */
export type UiToolAnswerCheck = (value: unknown) => { ok: true; value: unknown } | { ok: false; message: string };

/** What a UI tool's `render` gets: the call, and while it waits for the person, how to answer it. */
export interface UiToolRenderContext<TArgs = unknown> extends ToolRenderContext<TArgs> {
  /**
   * Answers the call with `value` (checked against the tool's `result` schema, when it has one): the call succeeds
   * with it and the run continues. Present only while the call waits for an answer.
   * @returns `{ ok: true }`, or `{ ok: false, message }` when `value` does not match `result` (the call keeps waiting)
   */
  respond?: (value: unknown) => { ok: true } | { ok: false; message: string };
  /** Declines to answer: the call ends `cancelled` and the agent is told (`reason` in its message). */
  cancel?: (reason?: string) => void;
}

/** What `defineUiTool()` takes. */
export interface UiToolDefinition<TSchema extends z.ZodType, TResult> {
  name: string;
  description: string;
  /** Zod schema of the arguments the agent sends (what the person is asked about). */
  schema: TSchema;
  /** Zod schema of the person's answer; an answer that does not match it is refused. Default: any value. */
  result?: z.ZodType<TResult>;
  /**
   * Shows the question and takes the answer: `context.respond(value)` / `context.cancel()` while the call waits.
   * A function returning anything Lit renders, or a custom element's tag name (given the context as `toolCall`).
   */
  render: ((context: UiToolRenderContext<z.output<TSchema>>) => unknown) | string;
  /** Default `read_only`: asking a question changes nothing (a call that was waiting asks again after a reload). */
  effect?: ToolEffect;
  /** Default: no timeout (a person answers when they answer); `followUp: true`. */
  metadata?: ToolMetadata;
}

/**
 * A tool answered by the person instead of code (human in the loop as a tool, CopilotKit's `renderAndWaitForResponse`):
 * when the agent calls it, its `render` shows in the call's card with `respond(value)` and `cancel()`; the answer
 * (checked against `result`) becomes the tool's result and the run continues. It goes through the same pipeline as any
 * tool (arguments validated, policy, events, stats); Stop cancels it. After a reload it asks again (a `read_only`
 * call is run again by `ToolRecovery`).
 * @example
 * ```ts
 * const pickDate = defineUiTool({
 *   name: 'pick_date',
 *   description: 'Asks the user to pick a date',
 *   schema: z.object({ question: z.string() }),
 *   result: z.object({ date: z.iso.date() }),
 *   render: ({ args, respond }) => html`<label>${args?.question}
 *     <input type="date" ?disabled=${!respond} @change=${(e) => respond?.({ date: e.target.value })}></label>`,
 * });
 * ```
 */
export function defineUiTool<TSchema extends z.ZodType, TResult = unknown>(
  definition: UiToolDefinition<TSchema, TResult>,
): ToolDefinition<z.output<TSchema>> {
  const { result, render, metadata, effect, schema, name, description } = definition;
  const check: UiToolAnswerCheck = (value) => {
    if (!result) return { ok: true, value };
    const parsed = result.safeParse(value);
    if (!parsed.success) return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
    return { ok: true, value: parsed.data };
  };
  return {
    name,
    description,
    schema: schema as unknown as z.ZodType<z.output<TSchema>>,
    effect: effect ?? 'read_only',
    render: render as ToolDefinition<z.output<TSchema>>['render'],
    metadata: { timeoutMs: Infinity, ...metadata },
    // The run loop that runs the call answers it (the question waits among its decisions, see `uiToolAnswerCheck`);
    // run anywhere else (a bare manager), nobody can answer, so the call waits until it is cancelled.
    handler: (_args, { signal }) =>
      new Promise((_resolve, reject) => {
        if (signal.aborted) reject(signal.reason);
        else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    [ANSWER_CHECK]: check,
  } as ToolDefinition<z.output<TSchema>>;
}

/**
 * How a person's answer to a call of `tool` is checked, when `tool` is a UI tool (`defineUiTool()`, or a registry's
 * copy of one); `undefined` for any other tool. The run loop uses it to wait for the answer among its decisions.
 * @internal
 */
export function uiToolAnswerCheck(tool: object): UiToolAnswerCheck | undefined {
  const check = (tool as { [ANSWER_CHECK]?: unknown })[ANSWER_CHECK];
  return typeof check === 'function' ? (check as UiToolAnswerCheck) : undefined;
}
