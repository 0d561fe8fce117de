import type { z } from 'zod';
import type { ToolDefinition, ToolEffect, ToolMetadata, ToolRenderContext } from './types.js';

/** A call of a UI tool waiting for the person's answer. */
interface Waiting {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  result: z.ZodType | undefined;
}

/** UI tool calls waiting for an answer, by toolCallId (call ids are unique per thread, and providers make them unique). */
const waiting = new Map<string, Waiting>();

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
  return {
    name,
    description,
    schema: schema as unknown as z.ZodType<z.output<TSchema>>,
    effect: effect ?? 'read_only',
    render: render as ToolDefinition<z.output<TSchema>>['render'],
    metadata: { timeoutMs: Infinity, ...metadata },
    handler: (_args, { toolCallId, signal }) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) {
          reject(signal.reason);
          return;
        }
        const entry: Waiting = { resolve, reject, result };
        waiting.set(toolCallId, entry);
        signal.addEventListener(
          'abort',
          () => {
            if (waiting.get(toolCallId) === entry) waiting.delete(toolCallId);
            reject(signal.reason);
          },
          { once: true },
        );
      }),
  };
}

/**
 * How to answer the UI tool call `toolCallId` while it waits (`respond`, `cancel`), or `undefined` when it does not
 * wait for an answer (not a UI tool, not started, or answered). The element adds them to a renderer's context.
 * @internal
 */
export function uiToolAnswers(toolCallId: string): Pick<UiToolRenderContext, 'respond' | 'cancel'> | undefined {
  const entry = waiting.get(toolCallId);
  if (!entry) return undefined;
  return {
    respond: (value) => {
      if (waiting.get(toolCallId) !== entry) return { ok: false, message: 'This question was already answered' };
      if (entry.result) {
        const parsed = entry.result.safeParse(value);
        if (!parsed.success) return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
        value = parsed.data;
      }
      waiting.delete(toolCallId);
      entry.resolve(value);
      return { ok: true };
    },
    cancel: (reason) => {
      if (waiting.get(toolCallId) !== entry) return;
      waiting.delete(toolCallId);
      // An AbortError: the call ends `cancelled`, as a Stop would end it.
      entry.reject(new DOMException(reason ? `The user declined: ${reason}` : 'The user declined to answer', 'AbortError'));
    },
  };
}
