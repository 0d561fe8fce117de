/**
 * Which interrupts `<ag-ui-agent>` shows a card for: the element asks this on every render, to load the interrupt
 * cards (`interrupt-part.ts`) only once one is due.
 * @module
 * @internal
 */
import type { AgentRunLoop } from '../../../../agent/agent-run-loop.js';
import type { PendingDecision } from '../../../../agent/types.js';

/**
 * The interrupts of the loop's `decisions` that get a card: those the page did not take over (`preventDefault()` on
 * `ag-ui-interrupt`), except a `tool_call` interrupt about a call whose card asks (its record awaits approval).
 */
export function shownInterrupts(loop: AgentRunLoop | undefined): PendingDecision[] {
  if (!loop) return [];
  return loop.decisions.filter((decision) => {
    if (decision.kind !== 'interrupt' || decision.handledByPage) return false;
    return decision.toolCallId === undefined || loop.toolCalls.get(decision.toolCallId)?.approval === undefined;
  });
}
