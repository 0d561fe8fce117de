import type { Deadline } from './attempt-deadlines.js';
import type { ToolExecutionEvent, ToolExecutionEventBase, ToolExecutionEventType } from './tool-events.js';
import type { ToolResultCache } from './tool-result-cache.js';
import {
  ToolExecutionStatus,
  type RetryConfig,
  type ToolDefinition,
  type ToolError,
  type ToolExecution,
  type ToolExecutionResult,
  type ToolLateCompletion,
} from './types.js';

/**
 * What a retrying step adds for an `ExecutionHook` (the fields of `tool-execution-retrying` beyond the record).
 * @internal
 */
export interface RetryNotice {
  /** 1-based number of the next attempt. */
  attemptNumber: number;
  maxAttempts: number;
  error: ToolError;
  /** ms before the next attempt. */
  delayMs: number;
  /** ms since the epoch. */
  retryAt: number;
}

/**
 * A follower of one execution (internal: the run loop's `ToolCallTracker`, until it follows through `onEvent`):
 * called synchronously at each lifecycle step with the live record, before the step's `onEvent` observer and
 * listeners. It must not keep or mutate the record; a throw is reported and ignored.
 * @internal
 */
export type ExecutionHook = (record: ExecutionRecord, type: ToolExecutionEventType, retry?: RetryNotice) => void;

/**
 * A tool's retry and timeout settings, resolved for one execution.
 * @internal
 */
export interface ToolRunConfig {
  retry: Readonly<RetryConfig>;
  /** `retry.maxAttempts` as a usable integer >= 1. */
  maxAttempts: number;
  /** Per-attempt timeout in ms; `undefined`: none. */
  timeoutMs: number | undefined;
}

/**
 * The mutable record of one execution, owned by `ToolExecutionManager` (internal; the public `ToolExecution`
 * is a frozen snapshot of it, see `snapshotExecution`).
 * @internal
 */
export class ExecutionRecord {
  status: ToolExecutionStatus = ToolExecutionStatus.PENDING;
  startedAt: number | undefined = undefined;
  completedAt: number | undefined = undefined;
  attemptNumber = 0;
  previousErrors: ToolError[] | undefined = undefined;
  /** Admitted by a half-open circuit as a trial. */
  trial = false;
  /** The controller of the attempt in flight (its identity too); `undefined` between attempts and once settled. */
  attempt: AbortController | undefined = undefined;
  /** The backoff timer between attempts, or the rate limit wait (one at a time). */
  timer: ReturnType<typeof setTimeout> | undefined = undefined;
  /** The timeout of the attempt in flight. */
  deadline: Deadline | undefined = undefined;
  /** The outcome once settled (what `execute()` resolves). */
  outcome: ToolExecutionResult | undefined = undefined;
  /** Resolves `execute()`'s promise (`follow()` has none). */
  resolve: ((result: ToolExecutionResult) => void) | undefined = undefined;
  /** The caller's signal (`execute(..., { signal })`), while running. */
  caller: AbortSignal | undefined = undefined;
  /** The caller's `onEvent` observer (`execute(..., { onEvent })`). */
  observer: ((event: ToolExecutionEvent) => void) | undefined = undefined;
  /** The caller's lean follower (`execute(..., { hook })`, internal). */
  hook: ExecutionHook | undefined = undefined;
  /** Abandoned attempts (timed out, cancelled) still in flight -> their attempt numbers. */
  abandoned: Map<AbortController, number> | undefined = undefined;
  /** The outcome of the last abandoned attempt that settled afterwards. */
  lateCompletion: ToolLateCompletion | undefined = undefined;
  /** A write (effect not `read_only`) whose handler started was abandoned: the action may have happened. */
  mayHaveRun = false;
  /** Where this call's result is cached, for a `read_only` tool with `metadata.cache` (and arguments JSON can hold). */
  cacheSlot: { cache: ToolResultCache; key: string; ttlMs: number } | undefined = undefined;
  /** Answered from the result cache. */
  cached = false;
  /** The start reserved under the tool's rate limit while the execution waits for it (ms since the epoch). */
  rateSlot: number | undefined = undefined;

  constructor(
    readonly id: string,
    readonly toolCallId: string,
    readonly tool: ToolDefinition,
    readonly args: unknown,
    readonly config: ToolRunConfig,
    readonly queuedAt: number,
    /** Whether the tool's effect is not `read_only`. */
    readonly write: boolean,
    /** Whether the runtime may repeat an attempt on its own (see `isRetrySafe`). */
    readonly retrySafe: boolean,
  ) {}

  /** Marks the attempt in flight as abandoned (its late outcome is still reported); a write's may have run. */
  abandon(attempt: AbortController): void {
    (this.abandoned ??= new Map()).set(attempt, this.attemptNumber);
    if (this.write) this.mayHaveRun = true;
  }

  get toolName(): string {
    return this.tool.name;
  }

  /** Finished (succeeded, failed, cancelled or uncertain). */
  get settled(): boolean {
    return this.outcome !== undefined;
  }

  get result(): string | undefined {
    const outcome = this.outcome;
    return outcome !== undefined && outcome.success ? outcome.result : undefined;
  }

  get error(): ToolError | undefined {
    const outcome = this.outcome;
    return outcome !== undefined && !outcome.success ? outcome.error : undefined;
  }

  /** ms from start (or queueing, when it never started) to completion. */
  get duration(): number | undefined {
    return this.completedAt === undefined ? undefined : this.completedAt - (this.startedAt ?? this.queuedAt);
  }
}

const EMPTY_ERRORS: readonly ToolError[] = Object.freeze([]);

/**
 * A frozen `ToolExecution` copy of the record (nested `timing`, `retry` and `previousErrors` frozen too).
 * @internal
 */
export function snapshotExecution(record: ExecutionRecord): ToolExecution {
  const timing: ToolExecution['timing'] = { queuedAt: record.queuedAt };
  if (record.startedAt !== undefined) timing.startedAt = record.startedAt;
  if (record.completedAt !== undefined) timing.completedAt = record.completedAt;
  if (record.duration !== undefined) timing.duration = record.duration;
  const execution: ToolExecution = {
    id: record.id,
    toolCallId: record.toolCallId,
    toolName: record.toolName,
    args: record.args,
    status: record.status,
    timing: Object.freeze(timing),
    retry: Object.freeze({
      attemptNumber: record.attemptNumber,
      maxAttempts: record.config.maxAttempts,
      previousErrors: (record.previousErrors ? Object.freeze([...record.previousErrors]) : EMPTY_ERRORS) as ToolError[],
    }),
  };
  if (record.result !== undefined) execution.result = record.result;
  if (record.error !== undefined) execution.error = record.error;
  if (record.lateCompletion !== undefined) execution.lateCompletion = record.lateCompletion;
  if (record.cached) execution.cached = true;
  return Object.freeze(execution);
}

/**
 * The ids every execution event carries.
 * @internal
 */
export function eventBase(record: ExecutionRecord): ToolExecutionEventBase {
  return { executionId: record.id, toolCallId: record.toolCallId, toolName: record.toolName };
}

/**
 * Freezes a ToolError record (not its `cause`) so the snapshots sharing it cannot be altered through it.
 * @internal
 */
export function freezeError(error: ToolError): ToolError {
  if (!Object.isFrozen(error)) {
    if (error.validationErrors) Object.freeze(error.validationErrors);
    Object.freeze(error);
  }
  return error;
}

/**
 * Resolves a tool's run config: `maxAttempts` made an integer >= 1, `timeoutMs` kept only when a positive finite number.
 * @internal
 */
export function toRunConfig(retry: Readonly<RetryConfig>, timeoutMs: number | undefined): ToolRunConfig {
  const attempts = Math.floor(retry.maxAttempts);
  return {
    retry,
    maxAttempts: Number.isFinite(attempts) && attempts >= 1 ? attempts : 1,
    timeoutMs: typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs < Infinity ? timeoutMs : undefined,
  };
}
