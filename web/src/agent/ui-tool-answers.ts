/**
 * A UI tool's question as a kind of pending decision (`kind: 'ui-tool-answer'`): while a call of a `defineUiTool()`
 * tool runs, it waits in the `Decisions` of the loop that runs it, and the person's answer (through the call's card,
 * or `answer()` on the decision) is its result.
 * @module
 * @internal
 */
import type { ToolDefinition, UiToolRenderContext } from '../tools/index.js';
import { uiToolAnswerCheck, type UiToolAnswerCheck } from '../tools/ui-tool.js';
import type { Decisions } from './decisions.js';
import type { DecisionState, PendingDecision } from './types.js';

/** How a card answers the question (`UiToolRenderContext.respond` and `cancel`). */
export type UiToolAnswers = Required<Pick<UiToolRenderContext, 'respond' | 'cancel'>>;

/** A UI tool's question as the list keeps it: the public decision, with the card's two ways to answer. */
interface AnswerDecision extends PendingDecision {
  state: DecisionState;
  respond: UiToolAnswers['respond'];
  /** Declines, with the person's reason for the agent. @returns `false` when no longer open */
  decline(reason?: string): boolean;
}

/**
 * `tool` as the loop runs it: a UI tool's handler becomes a question among `decisions` that the call waits on (any
 * other tool is returned as it is).
 * @param shownArgs - the call's arguments as the page may see them (redacted), read when the question opens
 */
export function withUiToolAnswers<T extends ToolDefinition>(tool: T, decisions: Decisions, shownArgs: () => unknown): T {
  const check = uiToolAnswerCheck(tool);
  if (!check) return tool;
  return {
    ...tool,
    handler: (_args: unknown, { toolCallId, signal }: { toolCallId: string; signal: AbortSignal }) =>
      waitForAnswer(decisions, toolCallId, tool.name, shownArgs(), check, signal),
  };
}

/**
 * How to answer the UI tool call `toolCallId` while its question is open in `decisions` (a loop's `decisions`), or
 * `undefined` when it waits for no answer (not a UI tool, not started, or answered). The element adds them to a
 * renderer's context.
 */
export function uiToolAnswers(decisions: readonly PendingDecision[], toolCallId: string): UiToolAnswers | undefined {
  const decision = decisions.find((each) => each.kind === 'ui-tool-answer' && each.toolCallId === toolCallId && each.state === 'open');
  if (!decision) return undefined;
  // Only this file opens decisions of this kind, so the object is an `AnswerDecision`.
  const { respond, decline } = decision as AnswerDecision;
  return { respond, cancel: (reason) => void decline(reason) };
}

/** Opens the question and resolves with the accepted answer; rejects when declined (an AbortError) or cancelled. */
function waitForAnswer(
  decisions: Decisions,
  toolCallId: string,
  toolCallName: string,
  shownArgs: unknown,
  check: UiToolAnswerCheck,
  signal: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const controller = new AbortController();
    const settle = (state: DecisionState): boolean => {
      if (decision.state !== 'open') return false;
      decision.state = state;
      signal.removeEventListener('abort', onAbort);
      controller.abort();
      decisions.close(decision);
      return true;
    };
    const onAbort = (): void => {
      if (settle('cancelled')) reject(signal.reason);
    };
    const decision: AnswerDecision = {
      id: toolCallId,
      kind: 'ui-tool-answer',
      toolCallId,
      toolCallName,
      args: shownArgs,
      message: `${toolCallName} is waiting for your answer`,
      state: 'open',
      handledByPage: false,
      signal: controller.signal,
      respond: (value) => {
        if (decision.state !== 'open') return { ok: false, message: 'This question was already answered' };
        const checked = check(value);
        if (!checked.ok) return checked;
        settle('resolved');
        resolve(checked.value);
        return { ok: true };
      },
      decline: (reason?: string) => {
        if (!settle('cancelled')) return false;
        // An AbortError: the call ends `cancelled`, as a Stop would end it.
        reject(new DOMException(reason ? `The user declined: ${reason}` : 'The user declined to answer', 'AbortError'));
        return true;
      },
      answer: (payload?: unknown) => decision.respond(payload).ok,
      cancel: () => decision.decline(),
    };
    signal.addEventListener('abort', onAbort, { once: true });
    decisions.open(decision);
  });
}
