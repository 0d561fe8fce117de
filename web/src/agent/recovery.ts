/**
 * Recovery after a reload: what a restored thread had in flight is answered at once, put back, or run again by a
 * recovery round (`AgentRunLoop.restore()`).
 * @module
 * @internal
 */
import type { Interrupt } from '@ag-ui/client';
import { ToolErrorCode } from '../tools/index.js';
import { toolRecoveryOf } from '../tools/tool-effect.js';
import { CANCELLED_BY_USER_MESSAGE, RELOADED_BEFORE_RUN_MESSAGE } from './tool-results.js';
import { answerUnanswered, misrecorded, outcomeUnknown, refuse, type RecoveryMode, type ToolRoundContext } from './tool-round.js';

/**
 * What a restored thread had in flight (see `restore()`): answers at once what cannot run again, puts back the tool
 * messages of calls answered before the reload, and returns the calls the recovery round runs (with their
 * `RecoveryMode`; `undefined`: through the gate as usual, i.e. an approval asked again).
 * @param interrupts - the thread's pending interrupts: a server's call one of them names still waits for its answer
 */
export function recoverCalls(context: ToolRoundContext, interrupts: readonly Interrupt[]): Map<string, RecoveryMode | undefined> {
  const round = new Map<string, RecoveryMode | undefined>();
  const { conversation, store, registry } = context;
  const named = new Set(interrupts.map((interrupt) => interrupt.toolCallId).filter((id) => id !== undefined));
  for (const record of store.records.values()) {
    const { toolCallId } = record;
    const call = conversation.getToolCall(toolCallId)?.toolCall.function;
    if (conversation.getToolResult(toolCallId) !== undefined || call === undefined) continue;
    // Decided from the tool the call names, never from stored text: a record that names another is not trusted at all.
    const recordedAs = store.renamed(toolCallId, call.name, call.arguments);
    if (recordedAs !== undefined) {
      conversation.insertToolMessage(misrecorded(context, toolCallId, recordedAs).message);
      continue;
    }
    const answered = store.answeredMessage(toolCallId);
    if (answered) {
      conversation.insertToolMessage(answered);
      continue;
    }
    if (record.kind === 'backend') {
      if (record.status === 'awaiting_approval' && !named.has(toolCallId)) {
        store.approvalAnswered(toolCallId, false, 'Not answered before the page was reloaded');
      } else store.unanswered(toolCallId);
      continue;
    }
    const tool = registry.get(call.name);
    const started = record.timing.startedAt !== undefined || record.executionId !== undefined || record.approval?.reason === 'recovery';
    if (started) {
      const mode = tool ? toolRecoveryOf(tool) : 'fail';
      if (mode === 'fail') conversation.insertToolMessage(outcomeUnknown(context, toolCallId).message);
      else round.set(toolCallId, mode);
    } else if (record.status === 'awaiting_approval' && tool) {
      round.set(toolCallId, undefined);
    } else {
      refuse(context, [toolCallId], ToolErrorCode.CANCELLED, {
        category: 'cancelled',
        code: ToolErrorCode.CANCELLED,
        message: RELOADED_BEFORE_RUN_MESSAGE,
        retryable: false,
      });
    }
  }
  return round;
}

/**
 * Stop during a recovery round: a call still asking "Run again?" is answered "outcome unknown" (it may have run
 * before the reload); the others as any stopped call.
 */
export function answerRecovering(context: ToolRoundContext, calls: readonly string[]): void {
  const { conversation, store } = context;
  for (const toolCallId of calls) {
    if (conversation.getToolResult(toolCallId) !== undefined) continue;
    const record = store.get(toolCallId);
    if (record?.answer === undefined && record?.approval?.reason === 'recovery') {
      conversation.insertToolMessage(outcomeUnknown(context, toolCallId).message);
    } else answerUnanswered(context, [toolCallId], CANCELLED_BY_USER_MESSAGE);
  }
}
