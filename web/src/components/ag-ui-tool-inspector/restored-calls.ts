/**
 * The calls of a thread `<ag-ui-agent>` restored from its store (a reload, a switch of thread), as the inspector's
 * Calls panel shows them: rebuilt from the thread's tool-call records, since the executions that ran them belonged to
 * an earlier page.
 * @module
 * @internal
 */
import type { ToolCallRecord } from '../../agent/types.js';
import { ToolExecutionStatus, type ToolExecution } from '../../tools/types.js';

const EXECUTION_STATUSES = new Set<string>(Object.values(ToolExecutionStatus));

/**
 * The execution a tool-call record tells of: only a call that ran on a page (it has `executionId`) and settled there;
 * `undefined` for any other (streaming, waiting for approval, a server's call, one answered without running).
 * The record's fields are already what the page may see (redacted as its card is).
 */
export function executionOfRecord(record: ToolCallRecord): ToolExecution | undefined {
  const { executionId, status, timing } = record;
  if (executionId === undefined || record.timing.completedAt === undefined || !EXECUTION_STATUSES.has(status)) return undefined;
  const startedAt = timing.startedAt;
  const completedAt = timing.completedAt;
  const attempts = record.attempts ?? { attemptNumber: 1, maxAttempts: 1 };
  return {
    id: executionId,
    toolCallId: record.toolCallId,
    toolName: record.toolCallName,
    args: record.args,
    status: status as ToolExecutionStatus,
    ...(record.result !== undefined && { result: record.result }),
    ...(record.error !== undefined && { error: { ...record.error } }),
    timing: {
      queuedAt: startedAt ?? timing.createdAt,
      ...(startedAt !== undefined && { startedAt }),
      completedAt,
      ...(startedAt !== undefined && completedAt !== undefined && { duration: completedAt - startedAt }),
    },
    // The errors of earlier attempts are not kept in the record.
    retry: { attemptNumber: attempts.attemptNumber, maxAttempts: attempts.maxAttempts, previousErrors: [] },
    ...(record.lateCompletion !== undefined && { lateCompletion: { ...record.lateCompletion } }),
  };
}

/** The executions the records of a thread tell of, in the order they started (see `executionOfRecord`). */
export function executionsOfThread(records: Iterable<ToolCallRecord>): ToolExecution[] {
  return [...records]
    .flatMap((record) => executionOfRecord(record) ?? [])
    .sort((a, b) => a.timing.queuedAt - b.timing.queuedAt);
}
