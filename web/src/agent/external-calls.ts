/**
 * Calls that arrive from outside a run (a browser's agent through WebMCP, the tool inspector): run through the same
 * gate as the agent's calls, recorded in the store, never entered in the conversation (`AgentRunLoop.runToolCall()`).
 * @module
 * @internal
 */
import { randomUUID, type AssistantMessage, type ToolCall } from '@ag-ui/client';
import type { ToolCallEntry } from './conversation.js';
import { CANCELLED_BY_USER_MESSAGE, contentText } from './tool-results.js';
import { runToolRound, type ToolRoundContext } from './tool-round.js';
import type { ExternalToolCallOutcome } from './types.js';

/** The calls of one loop that came from outside its runs, while they run. */
export class ExternalCalls {
  /** The calls running now, by toolCallId: they are in no message, so the round looks them up here. */
  readonly #running = new Map<string, ToolCallEntry>();
  /** Aborts every running call (`abortAll()`); replaced after each use. */
  #abort = new AbortController();
  readonly #tools: ToolRoundContext;

  /** @param tools - the loop's round context; its conversation and journal are replaced for these calls */
  constructor(tools: ToolRoundContext) {
    const running = this.#running;
    this.#tools = {
      ...tools,
      conversation: {
        getToolCall: (toolCallId) => running.get(toolCallId),
        getToolResult: () => undefined,
        insertToolMessage: () => undefined,
      },
      // The journal makes a thread's calls exclusive across tabs; a call from outside belongs to this page alone.
      journal: () => undefined,
    };
  }

  /**
   * Runs one call of `toolCallName` with `args` (see `AgentRunLoop.runToolCall()`).
   * @param options - `origin`: kept in the record, and the id's prefix; `signal`: cancels this call
   * @returns how it ended; never rejects
   */
  async run(toolCallName: string, args: unknown, options: { origin: string; signal?: AbortSignal }): Promise<ExternalToolCallOutcome> {
    const { store } = this.#tools;
    const toolCallId = `${options.origin}-${randomUUID()}`;
    let argsText: string;
    try {
      argsText = JSON.stringify(args === undefined ? {} : args) ?? '{}';
    } catch {
      argsText = '';
    }
    const toolCall: ToolCall = { id: toolCallId, type: 'function', function: { name: toolCallName, arguments: argsText } };
    const owner: AssistantMessage = { id: toolCallId, role: 'assistant', toolCalls: [toolCall] };
    this.#running.set(toolCallId, { toolCall, owner });
    const controller = new AbortController();
    const all = this.#abort.signal;
    const abort = (): void => controller.abort(options.signal?.aborted ? options.signal.reason : all.reason);
    const signals = [options.signal, all].filter((signal) => signal !== undefined);
    for (const signal of signals) {
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }
    try {
      store.start(toolCallId, toolCallName, undefined, options.origin);
      store.endArgs(toolCallId, argsText);
      const [outcome] = await runToolRound(this.#tools, [toolCallId], controller.signal);
      const content = contentText(outcome!.message.content);
      const status = store.get(toolCallId)?.status;
      const settled = status === 'succeeded' || status === 'failed' || status === 'cancelled' || status === 'uncertain' ? status : outcome!.message.error === undefined ? 'succeeded' : 'failed';
      const result: ExternalToolCallOutcome = { toolCallId, status: settled, content };
      if (settled !== 'succeeded') result.errorCode = errorCodeOf(content);
      return result;
    } finally {
      for (const signal of signals) signal.removeEventListener('abort', abort);
      this.#running.delete(toolCallId);
    }
  }

  /** Cancels every call running now (a new thread, or the loop is gone). */
  abortAll(): void {
    this.#abort.abort(new DOMException(CANCELLED_BY_USER_MESSAGE, 'AbortError'));
    this.#abort = new AbortController();
  }
}

/** The `errorCode` of a tool message's error content (`{"ok":false,"errorCode":...}`), or `'unknown'`. */
function errorCodeOf(content: string): string {
  try {
    const code = (JSON.parse(content) as { errorCode?: unknown } | null)?.errorCode;
    return typeof code === 'string' ? code : 'unknown';
  } catch {
    return 'unknown';
  }
}
