import { circuitOpenError, CircuitBreaker, recordCircuitOutcome } from './circuit-breaker.js';
import { categorizeError } from './errors.js';
import {
  cancelledError,
  checkedProgress,
  failure,
  INVALID_TOOL_ERROR,
  isResult,
  isToolDefinition,
  reasonMessage,
  reportObserverError,
  timeoutError,
  uncertainError,
  type FinalStatus,
} from './execution-results.js';
import { ListenerCountingEventTarget } from './listener-counts.js';
import type { ToolExecuteOptions, ToolExecutionManagerOptions } from './tool-execution-manager-options.js';
import { CallerSignals } from './caller-signals.js';
import { ExecutionHistory } from './execution-history.js';
import { computeRetryDelay, resolveRetryConfig, withRetryable } from './retry.js';
import type {
  ToolExecutionEvent,
  ToolExecutionEventType,
  ToolExecutionManagerEventMap,
} from './tool-events.js';
import { AttemptDeadlines } from './attempt-deadlines.js';
import { eventBase, ExecutionRecord, freezeError, snapshotExecution, toRunConfig } from './tool-execution-record.js';
import { ValidatingToolExecutor, type ToolExecutor } from './tool-executor.js';
import { lateOutcome, watchHandler, type HandlerOutcome } from './handler-outcome.js';
import { isRetrySafe, toolEffectOf } from './tool-effect.js';
import { ownerOf } from './tool-owner.js';
import { RateLimiter, rateLimitedError, usableRateLimit } from './rate-limiter.js';
import { lookUpResult } from './tool-result-cache.js';
import type { ToolRegistry } from './tool-registry.js';
import {
  DEFAULT_RETRY_CONFIG,
  DEFAULT_TOOL_TIMEOUT_MS,
  ToolEffect,
  ToolExecutionStatus,
  type CircuitState,
  type RetryConfig,
  type RetryConfigOverrides,
  type ToolDefinition,
  type ToolError,
  type ToolExecution,
  type ToolExecutionContext,
  type ToolExecutionResult,
  type ToolProgress,
} from './types.js';

export type { ToolExecuteOptions, ToolExecutionManagerOptions } from './tool-execution-manager-options.js';

/**
 * Runs tools for tool calls: validation (through its executor), retries with exponential backoff and jitter,
 * per-attempt timeouts, cancellation, a circuit breaker per tool, statistics, and a bounded history.
 *
 * - `execute()` never rejects: it resolves `{ success: true, result }` or `{ success: false, error }`.
 * - Attempts: each attempt gets a context with its own `AbortSignal` and is run by `await executor.execute(...)`.
 * - Retries: a failed attempt is retried when its category is in `retryableCategories` (per-tool
 *   `metadata.retryConfig` overrides the manager's default field by field) and attempts remain. The delay is
 *   computed by `computeRetryDelay` (exponential, equal jitter, never below the error's `retryAfter` capped by
 *   `maxDelayMs`). `validation` and `cancelled` are never retried.
 * - Cancellation: `cancel()`, `cancelAll()` or the caller's `signal` abort the running attempt's signal (with the
 *   given reason), end a backoff wait at once, and settle the execution `cancelled` immediately, even if the handler
 *   ignores its signal; whatever such a handler returns later is ignored.
 * - Timeouts: `metadata.timeoutMs` bounds each attempt, `defaultTimeoutMs` (60000 ms by default) when the tool sets
 *   none; on expiry the attempt's signal aborts with a `DOMException` named `TimeoutError` and the attempt fails
 *   with category `timeout` (retryable by default). A tool that waits for a person sets `timeoutMs: Infinity`.
 *   Backoff waits are not attempt time, nor is waiting for approval (the run loop asks before `execute()`).
 * - Circuit breaker (per tool name): `failureThreshold` consecutive failed executions open it (an execution that
 *   fails after all its retries counts once; cancellations, invalid arguments and circuit rejections do not count).
 *   While open, executions fail fast without running the handler: category `transient`, code `circuit_open`, a
 *   message saying the tool is temporarily unavailable, `retryAfter` = ms until half-open. Such a rejection is not
 *   retried within the execution (the wait is usually longer than a backoff, and retrying would only hammer the
 *   breaker), so its `retryable` is `false`. The circuit is checked once per execution, when it starts.
 * - Statistics: each finished execution is recorded in a `ToolRegistry` (see `ToolExecutionManagerOptions.registry`).
 * - History: finished executions are kept up to `historyLimit` (the oldest finished evicted first); running
 *   executions are never evicted.
 *
 * Timers and clocks are `globalThis.setTimeout`/`clearTimeout` and `Date.now()`, looked up at call time, so fake
 * timers (sinon) control backoff, timeouts and the breaker.
 *
 * @fires {CustomEvent<ToolExecutionStartedDetail>} tool-execution-started - an execution was queued
 * @fires {CustomEvent<ToolExecutionValidatingDetail>} tool-execution-validating - an attempt begins validating
 * @fires {CustomEvent<ToolExecutionExecutingDetail>} tool-execution-executing - an attempt runs
 * @fires {CustomEvent<ToolExecutionProgressDetail>} tool-execution-progress - the running attempt reported progress
 * @fires {CustomEvent<ToolExecutionSucceededDetail>} tool-execution-succeeded - finished with a result
 * @fires {CustomEvent<ToolExecutionRetryingDetail>} tool-execution-retrying - an attempt failed; another follows
 * @fires {CustomEvent<ToolExecutionFailedDetail>} tool-execution-failed - finished with an error
 * @fires {CustomEvent<ToolExecutionCancelledDetail>} tool-execution-cancelled - cancelled
 * @fires {CustomEvent<CircuitStateChangedDetail>} circuit-state-changed - a tool's circuit changed state
 *
 * @example
 * ```ts
 * const manager = new ToolExecutionManager();
 * manager.addEventListener('tool-execution-retrying', (e) => console.log(`retry in ${e.detail.delayMs} ms`));
 * const outcome = await manager.execute(registry.get('get_weather')!, toolCallId, JSON.parse(argsText));
 * const content = outcome.success ? outcome.result : `Error: ${outcome.error.message}`;
 * ```
 */
export class ToolExecutionManager extends ListenerCountingEventTarget<ToolExecutionManagerEventMap> {
  /** Default retry settings (before per-tool overrides). */
  readonly defaultRetryConfig: Readonly<RetryConfig>;
  /** Finished executions kept in the history. */
  readonly historyLimit: number;
  /** Attempt timeout (ms) of tools without `metadata.timeoutMs`; 0 when they have none. Default 60000. */
  readonly defaultTimeoutMs: number;

  #executor: ToolExecutor;
  /** `undefined`: the registry that registered each tool (see `ToolExecutionManagerOptions.registry`). */
  #registry: ToolRegistry | null | undefined;
  #breaker: CircuitBreaker | undefined;
  #random: () => number;
  #idPrefix = `te_${Math.random().toString(36).slice(2, 8)}_`;
  #counter = 0;
  #executions: ExecutionHistory;
  /** Caller signals being watched, with the running executions each one cancels. */
  #callerSignals = new CallerSignals((record, reason) => this.#cancel(record, reason));
  #rateLimiter = new RateLimiter();
  #deadlines = new AttemptDeadlines();

  /**
   * @param executor - runs one attempt; default a `ValidatingToolExecutor`
   * @param defaultRetryConfig - retry settings for every tool; missing fields come from `DEFAULT_RETRY_CONFIG`
   *   (3 attempts, 1000 ms base, x2, 30000 ms cap, `transient` and `timeout` retried); the deprecated `baseDelay` and
   *   `maxDelay` still work for this release, with a console warning
   * @param options - statistics registry, circuit breaker, history limit, jitter source, default timeout
   * @throws {RangeError} for a circuit breaker config with thresholds < 1 or a negative recovery timeout
   */
  constructor(
    executor: ToolExecutor = new ValidatingToolExecutor(),
    defaultRetryConfig: RetryConfigOverrides = DEFAULT_RETRY_CONFIG,
    options: ToolExecutionManagerOptions = {},
  ) {
    super();
    this.#executor = executor;
    this.defaultRetryConfig = resolveRetryConfig(DEFAULT_RETRY_CONFIG, defaultRetryConfig);
    this.#registry = options.registry;
    this.#random = options.random ?? Math.random;
    const limit = options.historyLimit ?? 500;
    this.historyLimit = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 500;
    this.#executions = new ExecutionHistory(this.historyLimit);
    const timeout = options.defaultTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    // 0 and Infinity turn it off; anything else that is not a positive number (NaN, negative) keeps the default.
    this.defaultTimeoutMs =
      timeout === 0 || timeout === Infinity ? 0 : Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TOOL_TIMEOUT_MS;
    this.#breaker =
      options.circuitBreaker === false
        ? undefined
        : new CircuitBreaker(options.circuitBreaker ?? {}, (detail) => {
            const event = new CustomEvent('circuit-state-changed', { detail: Object.freeze(detail) });
            this.dispatchEvent(event);
          });
  }

  /**
   * Runs `tool` for the tool call `toolCallId`. Resolves when the execution finishes (after its retries), fails, or
   * is cancelled; never rejects. The execution is registered synchronously, so `getExecutionsForToolCall(toolCallId)`
   * finds it as soon as `execute()` returns.
   *
   * @param args - the arguments as received (validated by the executor on every attempt)
   * @param options - `signal` to cancel the execution from outside, `onEvent` to follow its lifecycle events
   * @returns `{ success: true, result }` or `{ success: false, error }` (also for cancellation: category `cancelled`)
   * @fires tool-execution-started, tool-execution-validating, tool-execution-executing, then tool-execution-succeeded,
   *   tool-execution-retrying, tool-execution-failed or tool-execution-cancelled (see the class docs)
   */
  execute<TArgs>(
    tool: ToolDefinition<TArgs>,
    toolCallId: string,
    args: unknown,
    options: ToolExecuteOptions = {},
  ): Promise<ToolExecutionResult> {
    if (!isToolDefinition(tool)) return Promise.resolve(failure(INVALID_TOOL_ERROR));
    return new Promise<ToolExecutionResult>((resolve) => {
      this.#run(tool as ToolDefinition, toolCallId, args, options.signal, options.onEvent, resolve);
    });
  }

  /**
   * Cancels a running execution: aborts its attempt's signal with `reason` (default a `DOMException` named
   * `AbortError`), ends a backoff wait, and settles it `cancelled` at once.
   * @returns `false` when the execution is unknown or already finished
   * @fires tool-execution-cancelled
   */
  cancel(executionId: string, reason?: unknown): boolean {
    const record = this.#executions.get(executionId);
    if (record === undefined || record.settled) return false;
    this.#cancel(record, reason);
    return true;
  }

  /**
   * Cancels every running execution (see `cancel()`).
   * @returns how many were cancelled
   */
  cancelAll(reason?: unknown): number {
    const running = this.#executions.running();
    for (const record of running) this.#cancel(record, reason);
    return running.length;
  }

  /** A frozen snapshot of an execution (running or in the history), or `undefined`. */
  getExecution(executionId: string): ToolExecution | undefined {
    const record = this.#executions.get(executionId);
    return record && snapshotExecution(record);
  }

  /** Frozen snapshots of the executions for a tool call (running or in the history), oldest first. */
  getExecutionsForToolCall(toolCallId: string): ToolExecution[] {
    return this.#executions.forToolCall(toolCallId).map(snapshotExecution);
  }

  /** Frozen snapshots of the running executions (including those waiting out a backoff), oldest first. */
  get activeExecutions(): ToolExecution[] {
    return this.#executions.running().map(snapshotExecution);
  }

  /** Frozen snapshots of the finished executions in the history, oldest first. */
  get history(): ToolExecution[] {
    return this.#executions.finished().map(snapshotExecution);
  }

  /**
   * State of a tool's circuit: `closed` (also when the breaker is disabled or the tool never failed), `open` or
   * `half-open`. An open circuit past its recovery timeout turns half-open here (firing `circuit-state-changed`).
   */
  getCircuitState(toolName: string): CircuitState {
    return this.#breaker ? this.#breaker.getState(toolName) : 'closed';
  }

  /**
   * Closes the circuit of one tool, or of every tool, and forgets their failure streaks.
   * @fires circuit-state-changed for each circuit that was not closed
   */
  resetCircuit(toolName?: string): void {
    this.#breaker?.reset(toolName);
  }

  /** Creates, registers and starts an execution; never throws. */
  #run(
    tool: ToolDefinition,
    toolCallId: string,
    args: unknown,
    signal: AbortSignal | undefined,
    observer: ToolExecuteOptions['onEvent'],
    resolve: ((result: ToolExecutionResult) => void) | undefined,
  ): void {
    const id = this.#idPrefix + ++this.#counter;
    const metadata = tool.metadata;
    const timeoutMs = metadata?.timeoutMs ?? this.defaultTimeoutMs;
    const config = toRunConfig(resolveRetryConfig(this.defaultRetryConfig, metadata?.retryConfig), timeoutMs);
    const write = toolEffectOf(tool) !== ToolEffect.READ_ONLY;
    const record = new ExecutionRecord(id, toolCallId, tool, args, config, Date.now(), write, isRetrySafe(tool));
    record.observer = observer;
    record.resolve = resolve;
    try {
      this.#start(record, signal);
    } catch (error) {
      // Only a bug (or a hostile registry or listener setup) gets here; keep the never-rejects promise.
      this.#fail(record, error);
    }
  }

  #start(record: ExecutionRecord, signal: AbortSignal | undefined): void {
    this.#executions.add(record);
    this.#dispatch(record, 'tool-execution-started', () => ({ ...eventBase(record), execution: snapshotExecution(record) }));
    if (record.settled) return; // a follower cancelled it
    if (signal !== undefined) {
      if (signal.aborted) {
        this.#cancel(record, signal.reason);
        return;
      }
      this.#callerSignals.watch(record, signal);
    }
    if (this.#answerFromCache(record)) return;
    if (this.#waitForRateLimit(record)) return;
    this.#admit(record);
  }

  /**
   * Under the tool's `metadata.rateLimit`: refuses an execution that would wait past its deadline (`true`), or holds
   * it back until its turn (`true`; it is admitted then), or lets it start now (`false`).
   */
  #waitForRateLimit(record: ExecutionRecord): boolean {
    const limit = usableRateLimit(record.tool.metadata?.rateLimit);
    if (limit === undefined) return false;
    const deadlineMs = limit.maxWaitMs ?? record.config.timeoutMs ?? Infinity;
    const now = Date.now();
    const slot = this.#rateLimiter.reserve(record.toolName, limit, now, deadlineMs);
    if (!slot.admitted) {
      this.#finish(record, ToolExecutionStatus.FAILED, failure(rateLimitedError(record.toolName, limit, slot.waitMs, deadlineMs)));
      return true;
    }
    if (slot.waitMs <= 0) return false;
    record.rateSlot = slot.startAt;
    this.#dispatch(record, 'tool-execution-rate-limited', () => ({
      ...eventBase(record),
      delayMs: slot.waitMs,
      startAt: slot.startAt,
      execution: snapshotExecution(record),
    }));
    if (record.settled) return true;
    record.timer = globalThis.setTimeout(() => {
      record.timer = undefined;
      record.rateSlot = undefined; // used
      record.startedAt = Date.now();
      if (!record.settled) this.#admit(record);
    }, slot.waitMs);
    return true;
  }

  /** Lets an execution through its circuit and starts its first attempt. */
  #admit(record: ExecutionRecord): void {
    if (this.#breaker !== undefined) {
      const admission = this.#breaker.admit(record.toolName);
      if (!admission.admitted) {
        this.#finish(record, ToolExecutionStatus.FAILED, failure(circuitOpenError(record.toolName, admission)));
        return;
      }
      record.trial = admission.trial;
    }
    record.startedAt ??= record.queuedAt; // nothing else queues executions: they start when execute() is called
    this.#startAttempt(record);
  }

  /**
   * For a `read_only` tool with `metadata.cache`: settles the execution with a cached result (the handler does not
   * run; `true`), or notes where to cache its result. The key is the canonical JSON of the arguments as given (the
   * validated ones exist only inside the executor); a tool never registered has no cache.
   */
  #answerFromCache(record: ExecutionRecord): boolean {
    if (record.write) return false;
    const lookup = lookUpResult(record.tool, record.args, Date.now());
    if (lookup === undefined) return false;
    if (lookup.result === undefined) {
      record.cacheSlot = lookup.slot;
      return false;
    }
    record.cached = true;
    record.startedAt = record.queuedAt;
    this.#finish(record, ToolExecutionStatus.SUCCEEDED, { success: true, result: lookup.result });
    return true;
  }

  #startAttempt(record: ExecutionRecord): void {
    const attemptNumber = ++record.attemptNumber;
    const { maxAttempts, timeoutMs } = record.config;
    record.status = ToolExecutionStatus.VALIDATING;
    this.#dispatch(record, 'tool-execution-validating', () => ({
      ...eventBase(record),
      args: record.args,
      attemptNumber,
    }));
    if (record.settled) return;
    record.status = ToolExecutionStatus.EXECUTING;
    this.#dispatch(record, 'tool-execution-executing', () => ({
      ...eventBase(record),
      attemptNumber,
      maxAttempts,
    }));
    if (record.settled) return;

    const attempt = new AbortController();
    record.attempt = attempt;
    const context: ToolExecutionContext = {
      executionId: record.id,
      toolCallId: record.toolCallId,
      toolName: record.toolName,
      signal: attempt.signal,
      attemptNumber,
      maxAttempts,
      idempotencyKey: record.toolCallId,
      reportProgress: (progress) => this.#onProgress(record, attempt, attemptNumber, progress),
    };
    if (timeoutMs !== undefined) record.deadline = this.#deadlines.add(timeoutMs, () => this.#onTimeout(record, attempt, timeoutMs));
    void this.#runAttempt(record, attempt, context);
  }

  /** A handler's progress report: an event while its attempt is the running one, ignored after. */
  #onProgress(record: ExecutionRecord, attempt: AbortController, attemptNumber: number, reported: ToolProgress): void {
    if (record.settled || record.attempt !== attempt || attempt.signal.aborted) return;
    const progress = checkedProgress(reported);
    if (progress === undefined) return;
    this.#dispatch(record, 'tool-execution-progress', () => ({ ...eventBase(record), attemptNumber, progress }));
  }

  /** Runs one attempt through the executor and takes its outcome; never rejects. */
  async #runAttempt(record: ExecutionRecord, attempt: AbortController, context: ToolExecutionContext): Promise<void> {
    let result: ToolExecutionResult;
    const handled: HandlerOutcome = {};
    try {
      result = await this.#executor.execute(watchHandler(record.tool, handled), record.args, context);
    } catch (error) {
      result = failure(categorizeError(error, 'execution'));
    }
    if (record.attempt === attempt) this.#onAttemptSettled(record, result);
    else void lateOutcome(handled, attempt.signal).then((late) => this.#onLateCompletion(record, attempt, late));
  }

  /** Takes the outcome of the attempt in flight. */
  #onAttemptSettled(record: ExecutionRecord, result: ToolExecutionResult): void {
    record.attempt = undefined;
    this.#cancelDeadline(record);
    try {
      if (!isResult(result)) {
        this.#onAttemptFailed(record, categorizeError(new TypeError('The tool executor returned no result'), 'unknown'));
      } else if (result.success) {
        this.#finish(record, ToolExecutionStatus.SUCCEEDED, result);
      } else {
        this.#onAttemptFailed(record, result.error);
      }
    } catch (error) {
      this.#fail(record, error);
    }
  }

  /**
   * An abandoned attempt (timed out, cancelled) settled: its outcome (`result`: what the handler did, `undefined` when
   * it did nothing to report) changes nothing, but is recorded on the execution and reported to its followers.
   */
  #onLateCompletion(record: ExecutionRecord, attempt: AbortController, result: ToolExecutionResult | undefined): void {
    const attemptNumber = record.abandoned?.get(attempt);
    if (attemptNumber === undefined) return;
    record.abandoned!.delete(attempt);
    if (result === undefined) {
      if (record.settled && record.abandoned!.size === 0) record.observer = undefined;
      return;
    }
    const at = Date.now();
    const late = result.success ? { attemptNumber, at, result: result.result } : { attemptNumber, at, error: freezeError(result.error) };
    record.lateCompletion = Object.freeze(late);
    this.#dispatch(record, 'tool-execution-late-completion', () => ({ ...eventBase(record), ...late, execution: snapshotExecution(record) }));
    // A settled execution kept its follower only for its abandoned attempts.
    if (record.settled && record.abandoned!.size === 0) record.observer = undefined;
  }

  #cancelDeadline(record: ExecutionRecord): void {
    if (record.deadline === undefined) return;
    this.#deadlines.cancel(record.deadline);
    record.deadline = undefined;
  }

  #onTimeout(record: ExecutionRecord, attempt: AbortController, timeoutMs: number): void {
    if (record.attempt !== attempt) return;
    record.attempt = undefined;
    record.deadline = undefined;
    record.abandon(attempt);
    const reason = new DOMException(`Tool "${record.toolName}" timed out after ${timeoutMs} ms`, 'TimeoutError');
    attempt.abort(reason);
    if (record.settled) return; // an abort listener cancelled the execution
    const error = timeoutError(reason);
    if (record.write && !this.#willRetry(record, error)) {
      this.#finish(record, ToolExecutionStatus.UNCERTAIN, failure(uncertainError(record.toolName, `timed out after ${timeoutMs} ms`, reason)));
      return;
    }
    this.#onAttemptFailed(record, error);
  }

  /** Whether a failed attempt with `error` gets another attempt. */
  #willRetry(record: ExecutionRecord, error: ToolError): boolean {
    return record.retrySafe && withRetryable(error, record.config.retry).retryable && record.attemptNumber < record.config.maxAttempts;
  }

  #onAttemptFailed(record: ExecutionRecord, attemptError: ToolError): void {
    const { retry, maxAttempts } = record.config;
    const checked = withRetryable(attemptError, retry);
    // A write that is not safe to repeat is never retried blindly: its failure is final.
    const error = freezeError(checked.retryable && !record.retrySafe ? { ...checked, retryable: false } : checked);
    if (!error.retryable || record.attemptNumber >= maxAttempts) {
      this.#finish(record, ToolExecutionStatus.FAILED, failure(error));
      return;
    }
    (record.previousErrors ??= []).push(error);
    const delayMs = computeRetryDelay(record.attemptNumber, retry, error.retryAfter, this.#random);
    record.status = ToolExecutionStatus.PENDING;
    this.#dispatch(record, 'tool-execution-retrying', () => ({
      ...eventBase(record),
      attemptNumber: record.attemptNumber + 1,
      maxAttempts,
      error,
      delayMs,
      retryAt: Date.now() + delayMs,
      execution: snapshotExecution(record),
    }));
    if (record.settled) return;
    record.timer = globalThis.setTimeout(() => {
      record.timer = undefined;
      if (!record.settled) this.#startAttempt(record);
    }, delayMs);
  }

  #cancel(record: ExecutionRecord, reason: unknown): void {
    if (record.settled) return;
    const abortReason = reason ?? new DOMException(`Tool execution "${record.id}" was cancelled`, 'AbortError');
    const attempt = record.attempt;
    if (attempt !== undefined) {
      record.attempt = undefined;
      if (record.timer !== undefined) {
        globalThis.clearTimeout(record.timer);
        record.timer = undefined;
      }
      record.abandon(attempt);
      // Tell the handler first; its abort listeners run now, synchronously.
      attempt.abort(abortReason);
      if (record.settled) return; // an abort listener settled it meanwhile
    }
    if (record.mayHaveRun) {
      const how = reasonMessage(abortReason, 'cancelled');
      this.#finish(record, ToolExecutionStatus.UNCERTAIN, failure(uncertainError(record.toolName, how, abortReason)));
      return;
    }
    this.#finish(record, ToolExecutionStatus.CANCELLED, failure(cancelledError(record.toolName, abortReason)));
  }

  /** Settles an execution after an internal error (never expected), keeping `execute()` from rejecting or hanging. */
  #fail(record: ExecutionRecord, error: unknown): void {
    if (record.settled) return;
    record.attempt?.abort(error);
    record.attempt = undefined;
    this.#finish(record, ToolExecutionStatus.FAILED, failure(categorizeError(error, 'unknown')));
  }

  /** Settles an execution: record, history, statistics, circuit, event, promise; in that order. */
  #finish(record: ExecutionRecord, status: FinalStatus, outcome: ToolExecutionResult): void {
    if (!outcome.success) freezeError(outcome.error);
    record.outcome = outcome; // settled from here on
    record.status = status;
    const completedAt = Date.now();
    const duration = completedAt - (record.startedAt ?? record.queuedAt);
    record.completedAt = completedAt;
    if (record.timer !== undefined) {
      globalThis.clearTimeout(record.timer);
      record.timer = undefined;
    }
    this.#cancelDeadline(record);
    if (record.caller !== undefined) this.#callerSignals.unwatch(record);
    if (record.rateSlot !== undefined) {
      this.#rateLimiter.release(record.toolName, record.rateSlot);
      record.rateSlot = undefined;
    }

    this.#executions.finish(record);
    try {
      const registry = this.#registry === undefined ? ownerOf(record.tool) : this.#registry;
      registry?.recordExecution(record.toolName, status, duration, completedAt, record.cached);
      const slot = record.cacheSlot;
      if (slot !== undefined && outcome.success) slot.cache.set(record.toolName, slot.key, outcome.result, completedAt + slot.ttlMs);
      // A cached answer never reached the circuit: it neither proves nor disproves the tool works.
      if (this.#breaker !== undefined && !record.cached) recordCircuitOutcome(this.#breaker, record.toolName, record.trial, status, record.error);
      const execution = (): ToolExecution => snapshotExecution(record);
      if (status === ToolExecutionStatus.SUCCEEDED) {
        const cached = record.cached ? { cached: true } : {};
        this.#dispatch(record, 'tool-execution-succeeded', () => ({ ...eventBase(record), execution: execution(), result: record.result!, ...cached }));
      } else if (status === ToolExecutionStatus.FAILED) {
        this.#dispatch(record, 'tool-execution-failed', () => ({ ...eventBase(record), execution: execution(), error: record.error! }));
      } else if (status === ToolExecutionStatus.UNCERTAIN) {
        this.#dispatch(record, 'tool-execution-uncertain', () => ({ ...eventBase(record), execution: execution(), error: record.error! }));
      } else {
        this.#dispatch(record, 'tool-execution-cancelled', () => ({ ...eventBase(record), execution: execution() }));
      }
    } finally {
      // The history keeps the record, not the caller's followers (kept only until abandoned attempts settle).
      if (record.abandoned === undefined || record.abandoned.size === 0) record.observer = undefined;
      // Whatever a custom registry does, execute() must settle.
      const resolve = record.resolve;
      record.resolve = undefined;
      resolve?.(outcome);
    }
  }

  /**
   * Delivers one lifecycle step of `record`: to its `onEvent` observer, then the manager's listeners. The detail is
   * built only when someone follows the step (`ListenerCounts` says why, with the figures and when to remove it). A step that a follower's cancellation
   * overtook (the execution settled meanwhile) goes no further, so nobody sees it after the
   * `tool-execution-cancelled` it caused.
   */
  #dispatch<K extends ToolExecutionEventType>(
    record: ExecutionRecord,
    type: K,
    makeDetail: () => ToolExecutionManagerEventMap[K]['detail'],
  ): void {
    const observer = record.observer;
    const listened = this.hasListener(type);
    if (observer === undefined && !listened) return;
    const terminal = record.settled;
    const detail = Object.freeze(makeDetail());
    if (observer !== undefined) {
      try {
        observer({ type, detail } as ToolExecutionEvent);
      } catch (error) {
        reportObserverError(error);
      }
      if (!terminal && record.settled) return; // overtaken
    }
    if (listened) this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
