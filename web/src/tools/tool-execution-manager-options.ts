import type { ToolExecutionEvent } from './tool-events.js';
import type { ToolRegistry } from './tool-registry.js';
import type { CircuitBreakerConfig } from './types.js';

/** Options of `ToolExecutionManager`. */
export interface ToolExecutionManagerOptions {
  /**
   * Where the statistics of finished executions are recorded (`ToolRegistry.recordExecution`).
   * - omitted (default): in the registry that registered the tool being run (the object `register()` returned, or
   *   a copy of it made by `withToolBudgets()`); a tool never registered is recorded nowhere.
   * - a `ToolRegistry`: always there, whichever registry holds the tool.
   * - `null`: nowhere.
   */
  registry?: ToolRegistry | null;
  /**
   * Circuit breaker settings; fields override `DEFAULT_CIRCUIT_BREAKER_CONFIG` (5 failures, 60000 ms, 2
   * successes). `false` disables the breaker.
   */
  circuitBreaker?: Partial<CircuitBreakerConfig> | false;
  /** Finished executions kept for `getExecution()`/`getExecutionsForToolCall()`. Default 500. Running ones are never evicted. */
  historyLimit?: number;
  /** Source of uniform numbers in [0, 1) for retry jitter. Default `Math.random` (inject one in tests). */
  random?: () => number;
  /**
   * Timeout of one attempt, in ms, for a tool whose `metadata.timeoutMs` is unset (a tool's own `timeoutMs` always
   * wins). Default `DEFAULT_TOOL_TIMEOUT_MS` (60000); 0 or `Infinity`: such tools run without a timeout.
   */
  defaultTimeoutMs?: number;
}

/** Options of one `ToolExecutionManager.execute()` call. */
export interface ToolExecuteOptions {
  /**
   * Cancels the execution when aborted (e.g. the AG-UI run loop's signal, to cancel a batch of tool calls). The
   * handler's signal is aborted with this signal's `reason`.
   */
  signal?: AbortSignal;
  /**
   * Follows this execution: called synchronously with each of its lifecycle events (the manager event's `type` and
   * frozen `detail`, the same object the manager's listeners get), before the event is dispatched to the manager's
   * listeners, whether or not anyone listens to the manager. A caller that follows only its own executions (the
   * AG-UI run loop) needs no listener on the manager, nor to filter other callers' events out. A throw is reported
   * (`reportError`) and does not affect the execution, as a throwing event listener would not.
   */
  onEvent?: (event: ToolExecutionEvent) => void;
}
