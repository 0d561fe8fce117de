/**
 * How the loop's `Decisions` reach the rest of the loop: the request events a decision fires
 * (`tool-approval-requested`, `interrupt`), `decisions-changed`, the resume run, and the tool-call records that
 * decisions about calls write.
 * @module
 * @internal
 */
import type { ResumeEntry } from '@ag-ui/client';
import { decideToolCall } from '../tools/tool-policy.js';
import type { ToolRegistry } from '../tools/index.js';
import type { Conversation } from './conversation.js';
import type { Decisions, DecisionsHost } from './decisions.js';
import type { Emit, ToolCallStore } from './tool-call-store.js';
import { parseToolArguments } from './tool-results.js';
import type { InterruptDetail, PendingDecision, ToolApprovalRequestedDetail } from './types.js';

/** What the host works with: the loop (its events), its conversation and store, and how it resumes the agent. */
export interface DecisionRequestsContext {
  /** The loop, where the request events are dispatched. */
  readonly target: EventTarget;
  readonly emit: Emit;
  readonly conversation: Conversation;
  readonly store: ToolCallStore;
  /** The list (read when it changes: it is built with this host). */
  decisions(): Decisions;
  /** Runs the agent once with the answers of an interrupt batch. */
  resume(entries: ResumeEntry[]): void;
}

/** The `DecisionsHost` of a loop. */
export function decisionsHost(context: DecisionRequestsContext): DecisionsHost {
  const { store, conversation } = context;
  return {
    changed: () => context.emit('decisions-changed', { decisions: context.decisions().list }),
    request: (decision) => request(context, decision),
    resume: (entries) => context.resume(entries),
    toolCallDecided: (toolCallId, approved, editedArgs) => {
      // The server runs what the person approved: the record shows it (`argsEdited`).
      if (approved === true && editedArgs !== undefined) store.argsEdited(toolCallId, editedArgs);
      store.approvalAnswered(toolCallId, approved === true, approved === undefined ? 'Not answered' : 'Denied');
    },
    toolCallAwaits: (toolCallId, editable, message) => {
      const record = store.get(toolCallId);
      if (!record || record.status === 'succeeded' || record.status === 'failed') return;
      const parsed = parseToolArguments(conversation.getToolCall(toolCallId)?.toolCall.function.arguments ?? '');
      store.awaitApproval(toolCallId, undefined, parsed.ok ? parsed.args : undefined, 'policy', false, editable, message);
    },
  };
}

/**
 * Withdraws the open approvals of calls the policy now denies, whose tool is gone, or whose tool was registered again
 * (another definition: what the person was asked about no longer holds); their round decides again.
 */
export function withdrawDenied(decisions: Decisions, registry: ToolRegistry): void {
  decisions.withdraw((_toolCallId, name, asked, subject) => {
    const tool = registry.get(name);
    if (!tool || registry.isDenied(name)) return true;
    if (subject !== undefined && subject !== tool) return true;
    const parsed = parseToolArguments(asked);
    return parsed.ok && decideToolCall(registry.policy, tool, parsed.args) === 'deny';
  });
}

/**
 * Fires a decision's cancelable request event: `tool-approval-requested` for a frontend call, `interrupt` for an
 * interrupt. A `preventDefault()` hides default UIs (the record's `approval.defaultPrevented` for a `tool_call` one).
 * @returns whether a listener called `preventDefault()`
 */
function request(context: DecisionRequestsContext, decision: PendingDecision): boolean {
  const { store } = context;
  let event: CustomEvent<ToolApprovalRequestedDetail | InterruptDetail>;
  if (decision.kind === 'tool-approval') {
    const toolCallId = decision.toolCallId!;
    const detail: ToolApprovalRequestedDetail = {
      toolCallId,
      toolCallName: decision.toolCallName!,
      effect: store.get(toolCallId)?.approval?.effect ?? 'external_side_effect',
      args: decision.args,
      approve: () => decision.answer({ approved: true }),
      deny: (reason?: string) =>
        decision.answer(typeof reason === 'string' && reason.trim() !== '' ? { approved: false, reason } : { approved: false }),
      signal: decision.signal,
      reason: decision.reason ?? 'policy',
    };
    event = new CustomEvent('tool-approval-requested', { detail, cancelable: true });
  } else {
    const detail: InterruptDetail = {
      interrupt: decision.interrupt!,
      decision,
      resolve: (payload?: unknown) => decision.answer(payload),
      cancel: () => decision.cancel(),
    };
    event = new CustomEvent('interrupt', { detail, cancelable: true });
  }
  const prevented = !context.target.dispatchEvent(event);
  if (prevented && decision.kind === 'interrupt' && decision.toolCallId !== undefined) store.approvalTakenOver(decision.toolCallId);
  return prevented;
}
