import type { z } from 'zod';

/**
 * Descriptive and operational metadata of a tool. Every field is optional.
 */
export interface ToolMetadata {
  /** A title for people, e.g. `Current weather`: the heading of the tool's card (default: its name made readable). */
  title?: string;
  /** Free-form grouping, queried with `ToolRegistry.getByCategory()`. */
  category?: string;
  /** Free-form labels, queried with `ToolRegistry.getByTag()`. */
  tags?: string[];
  /**
   * True when running the tool twice with the same arguments has the effect of running it once. A tool whose effect is
   * not `read_only` is retried automatically (backoff, a timed-out attempt) only when this or `acceptsIdempotencyKey`
   * is `true`: otherwise a failed or timed-out attempt is final, since it may already have changed something.
   */
  idempotent?: boolean;
  /**
   * True when the handler sends `context.idempotencyKey` to the API it calls (its `Idempotency-Key` header), so that
   * the API applies a repeated attempt once. Lets a `state_change` or `external_side_effect` tool be retried
   * automatically, as `idempotent` does. Default `false`.
   */
  acceptsIdempotencyKey?: boolean;
  /** Expected run time of one attempt, in ms. Informational (UIs may show it). */
  estimatedDurationMs?: number;
  /**
   * @deprecated Use `estimatedDurationMs`; registering a tool with this name logs a console warning (once). It will
   * be removed in the next release.
   */
  estimatedDuration?: number;
  /**
   * Upper bound of one attempt, in ms. When it expires the attempt's `AbortSignal` is aborted with a
   * `TimeoutError` and the attempt fails with category `timeout` (retryable by default). Unset: the manager's
   * `defaultTimeoutMs` (`DEFAULT_TOOL_TIMEOUT_MS`, 60000, unless the manager says otherwise). `Infinity`: no timeout,
   * for a tool that waits for a person (a dialog it opens). A policy's `maxRuntimeMs` caps it either way.
   */
  timeoutMs?: number;
  /** Per-tool retry settings; each field present overrides the manager's default for this tool. */
  retryConfig?: RetryConfigOverrides;
  /**
   * Caches the results of a `read_only` tool: a call with equal arguments (the same JSON once object keys are sorted)
   * within `ttlMs` of a successful one gets that result without running the handler (its events and statistics say
   * `cached`). Kept in the registry that registered the tool (`ToolRegistry.clearCache(name?)`), at most 100 results
   * per tool. Ignored for any other effect: a write always runs.
   */
  cache?: { ttlMs: number };
  /**
   * At most `max` executions of this tool start in any `perMs` (a sliding window, per `ToolExecutionManager`). A call
   * over the limit waits for its turn (status `pending`, event `tool-execution-rate-limited`; cancellable like any
   * execution), unless the wait would pass its deadline (`maxWaitMs`, default the tool's timeout; no timeout: no
   * deadline): then it is refused at once, category `transient`, code `rate_limited`, `retryAfter` the wait.
   */
  rateLimit?: ToolRateLimit;
  /**
   * Whether the agent is run again after this tool's result is appended (AG-UI's follow-up run).
   * Default `true`. A run whose executed tools all say `false` gets no follow-up.
   */
  followUp?: boolean;
}

/** A tool's rate limit (`ToolMetadata.rateLimit`). */
export interface ToolRateLimit {
  /** Executions that may start in any window of `perMs` (integer >= 1). */
  max: number;
  /** Length of the window, in ms. */
  perMs: number;
  /** Longest a call waits for its turn, in ms; a longer wait refuses it (`rate_limited`). Default: the tool's timeout. */
  maxWaitMs?: number;
}

/** What a handler receives besides its arguments. One context per attempt. */
export interface ToolExecutionContext {
  /** Id of the execution (stable across its retry attempts). */
  executionId: string;
  /** AG-UI `toolCallId` the execution answers. */
  toolCallId: string;
  /** Name of the tool being run. */
  toolName: string;
  /**
   * Aborted when the execution is cancelled (`reason`: a `DOMException` named `AbortError`, or the caller's
   * reason) or this attempt times out (`reason`: a `DOMException` named `TimeoutError`). Pass it to `fetch` and
   * check it in long loops. Each attempt has its own signal.
   */
  signal: AbortSignal;
  /** 1-based number of this attempt. */
  attemptNumber: number;
  /** Attempts allowed for this execution (`RetryConfig.maxAttempts` after per-tool overrides). */
  maxAttempts: number;
  /**
   * A key that names this tool call's action, the same on every attempt (and every execution) of one tool call: the
   * value to send in an API's `Idempotency-Key` header, so that a retried write is applied once. Derived from the
   * call id (it is `toolCallId`).
   */
  idempotencyKey: string;
  /**
   * Reports how far this attempt has come (an MCP server's progress notifications arrive this way): the manager fires
   * `tool-execution-progress`, and `<ag-ui-agent>` its `ag-ui-tool-status-changed` with `progress`. Ignored once the
   * attempt is over (settled, timed out, cancelled) and for a `progress` that is not a finite number.
   */
  reportProgress(progress: ToolProgress): void;
}

/** How far a running tool call has come (`ToolExecutionContext.reportProgress()`). */
export interface ToolProgress {
  /** Work done so far, in the tool's own units; it should grow with each report. */
  progress: number;
  /** The total work in the same units, when known. */
  total?: number;
  /** A short line for people ("Indexed 3 of 10 files"). */
  message?: string;
}

/**
 * What running a tool does, declared by every tool (`ToolDefinition.effect`). The policy asks a person before running
 * the guarded levels (`ToolPolicy.requireApprovalForEffects`, default `state_change` and `external_side_effect`).
 */
export const ToolEffect = {
  /** Only reads (the page, the time, a public API): running it changes nothing. Never needs approval by default. */
  READ_ONLY: 'read_only',
  /** Changes the page or the app's state in this browser (edit a note, fill a form, navigate). */
  STATE_CHANGE: 'state_change',
  /**
   * Acts outside the page with the user's session (submits an order, sends a message, calls a write API). The most
   * guarded level; a definition without `effect` (plain JavaScript) is treated as this one.
   */
  EXTERNAL_SIDE_EFFECT: 'external_side_effect',
} as const;
export type ToolEffect = (typeof ToolEffect)[keyof typeof ToolEffect];

/**
 * What a tool renderer (`ToolDefinition.render`, `<ag-ui-agent>`'s `renderers`) gets: one call as it is now. Plain
 * data, derived from the call's record; what the page may see (redacted for a tool with `redaction`).
 */
export interface ToolRenderContext<TArgs = unknown> {
  toolCallId: string;
  toolCallName: string;
  /** `frontend`: a tool of this page; `backend`: run by the agent's server. */
  kind: 'frontend' | 'backend';
  /** The call's status (`ToolCallStatus`): `streaming`, `awaiting_approval`, `pending`, `executing`, `succeeded`, ... */
  status: 'streaming' | 'awaiting_approval' | 'unanswered' | ToolExecutionStatus;
  /**
   * The arguments: while they stream, a best-effort parse of what arrived so far (fields appear as they complete);
   * once complete, the whole object. `undefined` while nothing can be parsed.
   */
  args: Partial<TArgs> | undefined;
  /** The arguments' JSON text as received so far. */
  argsText: string;
  /** The result: parsed when it is JSON, else its text; `undefined` until there is one. */
  result: unknown;
  /** Why it failed, was cancelled or was not run. */
  error?: { message: string; code?: string; category: ToolErrorCategory };
  /** The call's whole record (`ToolCallRecord`: attempts, timing, approval, ...). */
  record: Readonly<Record<string, unknown>>;
}

/**
 * What happens, after a reload, to a call that was running when the page went away (`ToolDefinition.recovery`):
 * - `'rerun'`: it runs again, once (through the policy as any call; the tool must be safe to repeat);
 * - `'ask'`: it is not run; its card says the outcome is unknown and offers "Run again" and "Mark as failed";
 * - `'fail'`: it is not run; the agent is told the outcome is unknown.
 */
export const ToolRecovery = {
  RERUN: 'rerun',
  ASK: 'ask',
  FAIL: 'fail',
} as const;
export type ToolRecovery = (typeof ToolRecovery)[keyof typeof ToolRecovery];

/**
 * Allowlists of the fields of a tool's arguments and result that may reach the page (event details, the transcript's
 * tool card, execution snapshots in events): every other value is replaced by `'[redacted]'` (`REDACTED`). The agent
 * always gets the real arguments and result.
 *
 * A path is dot-separated object keys: `'user.name'`. `*` matches any one key or array index (`'items.*.id'`), and
 * `key[]` is the same as `key.*` (`'items[].id'`); a number matches that array index (`'items.0'`). A path that names
 * an object or array allows everything under it. `''` or `'*'` alone allows the whole value (also a result that is
 * not JSON, or a JSON string or number at the root, which are otherwise redacted whole). Keys stay visible; only
 * values are replaced. A missing list allows nothing: `{ result: ['id'] }` redacts every argument.
 *
 * @example
 * ```ts
 * redaction: { args: ['orderId'], result: ['status', 'items[].sku'] } // card: {"orderId":"A1","card":"[redacted]"}
 * ```
 */
export interface ToolRedaction {
  /** Argument paths that may be shown. */
  args?: readonly string[];
  /** Result paths that may be shown. */
  result?: readonly string[];
}

/**
 * A tool the agent can call in the browser.
 *
 * The handler receives the arguments as parsed by `schema` (defaults applied, transforms run). Its return value
 * becomes the tool result string sent to the agent: a string as is, `undefined` as `''`, anything else through
 * `JSON.stringify` (a value that cannot be serialized, e.g. a cycle or a BigInt, fails the call with category
 * `execution`). Throwing fails the attempt; the error's category (see `categorizeError`) decides whether it is retried.
 *
 * @example
 * ```ts
 * const calculator: ToolDefinition<{ a: number; b: number }> = {
 *   name: 'add',
 *   description: 'Adds two numbers',
 *   effect: 'read_only',
 *   schema: z.object({ a: z.number(), b: z.number() }),
 *   handler: ({ a, b }) => a + b,
 * };
 * ```
 */
export interface ToolDefinition<TArgs = any> {
  /** Unique name, `^[a-zA-Z0-9_-]{1,64}$` (what OpenAI and Anthropic accept). */
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** Zod schema of the arguments; also the source of the JSON Schema sent to the agent. */
  schema: z.ZodType<TArgs>;
  /** Runs the tool. May be async; should honour `context.signal`. */
  handler: (args: TArgs, context: ToolExecutionContext) => unknown | Promise<unknown>;
  /**
   * What running it does: `read_only`, `state_change` or `external_side_effect` (see `ToolEffect`). Required: the
   * policy decides from it whether a person must approve a call. Plain JavaScript that leaves it out gets
   * `external_side_effect` (the most guarded level) and a console warning, once per tool name.
   */
  effect: ToolEffect;
  /**
   * Whether a call needs a person's approval, decided by the tool itself: `true`/`false`, or per call from the
   * arguments (parsed by `schema`; a function that throws means "ask"). Overrides the effect rule
   * (`ToolPolicy.requireApprovalForEffects`) but not a per-tool decision in the policy (see `decide()`).
   */
  requiresApproval?: boolean | ((args: TArgs) => boolean);
  /** Which argument and result fields may be shown to the page (see `ToolRedaction`). Unset: all of them. */
  redaction?: ToolRedaction;
  /**
   * How `<ag-ui-agent>` shows a call of this tool in place of the default card's arguments and result (the card keeps
   * its header, status, approval and a Details toggle with the raw record): a function of the call (returning anything
   * Lit renders: a `TemplateResult`, a string, a DOM node), called again whenever the call changes, or the tag name of
   * a custom element, given the call as its `toolCall` property. The element's `renderers` may override it.
   */
  render?: ((context: ToolRenderContext<TArgs>) => unknown) | string;
  /**
   * What a restored thread does with a call of this tool that was running when the page went away (reload, crash,
   * closed tab), so its outcome is unknown (see `ToolRecovery`). Default: `'rerun'` for a `read_only` tool or one
   * marked `metadata.idempotent` / `metadata.acceptsIdempotencyKey`; `'ask'` for any other.
   */
  recovery?: ToolRecovery;
  /** Optional metadata (timeouts, retries, follow-up, grouping). */
  metadata?: ToolMetadata;
}

/** A tool as held by a `ToolRegistry`: `effect` is always set (`external_side_effect` when the definition had none). */
export interface RegisteredTool<TArgs = any> extends ToolDefinition<TArgs> {
  /** When it was registered, ms since the epoch. */
  registeredAt: number;
}

/** Lifecycle states of a `ToolExecution` (Lit's `TaskStatus` pattern: an `as const` object plus a type). */
export const ToolExecutionStatus = {
  /** Queued, waiting for its turn under a rate limit, or waiting out a retry backoff. */
  PENDING: 'pending',
  /** An attempt is about to validate its arguments. */
  VALIDATING: 'validating',
  /** An attempt is running (the executor validates, then runs the handler). */
  EXECUTING: 'executing',
  /** Finished with a result. */
  SUCCEEDED: 'succeeded',
  /** Finished with an error after its last attempt (or failed fast: open circuit, invalid arguments). */
  FAILED: 'failed',
  /** Cancelled (`cancel()`, `cancelAll()` or the caller's `signal`). */
  CANCELLED: 'cancelled',
  /**
   * A tool whose effect is not `read_only` was stopped (timeout, cancellation) after its handler started: it may or may
   * not have done what it does. Never retried; the error's category is `uncertain`, code `uncertain_outcome`.
   */
  UNCERTAIN: 'uncertain',
} as const;
export type ToolExecutionStatus = (typeof ToolExecutionStatus)[keyof typeof ToolExecutionStatus];

/** Categories of tool failure; they decide retries (`RetryConfig.retryableCategories`). */
export const ToolErrorCategory = {
  /** Arguments did not match the schema. Never retried. */
  VALIDATION: 'validation',
  /** The handler failed (threw, or returned something that cannot be serialized). */
  EXECUTION: 'execution',
  /** An attempt exceeded `metadata.timeoutMs`. */
  TIMEOUT: 'timeout',
  /** The execution was cancelled. */
  CANCELLED: 'cancelled',
  /** A failure that may pass: network loss, HTTP 408/425/429/5xx, an open circuit. */
  TRANSIENT: 'transient',
  /** A failure that will not pass by retrying: HTTP 4xx other than 408/425/429. */
  PERMANENT: 'permanent',
  /** Anything else. */
  UNKNOWN: 'unknown',
  /**
   * A `state_change` or `external_side_effect` call was stopped after its handler started (timeout, cancellation): the
   * action may have completed. Never retried.
   */
  UNCERTAIN: 'uncertain',
} as const;
export type ToolErrorCategory = (typeof ToolErrorCategory)[keyof typeof ToolErrorCategory];

/** One schema violation, from one Zod issue. */
export interface ToolValidationIssue {
  /** Path to the offending value, e.g. `['items', '0', 'id']`; `[]` for the root. */
  path: string[];
  /** Zod's message. */
  message: string;
  /** The offending value, when Zod reports it. */
  received?: unknown;
}

/** A tool failure as plain data (safe to snapshot, log and send). */
export interface ToolError {
  category: ToolErrorCategory;
  message: string;
  /** The original thrown value, when there was one. Not serialized into tool results. */
  cause?: unknown;
  /**
   * Whether the runtime retries (or would retry) this failure: its category is in `retryableCategories` of the
   * retry config in force for the tool. Always `false` for `validation` and `cancelled`, and for a fail-fast
   * `circuit_open` rejection (which is not retried within the execution; `retryAfter` says when to try again).
   */
  retryable: boolean;
  /** Minimum wait before retrying, in ms (from `Retry-After`, or an open circuit's time left). */
  retryAfter?: number;
  /** One entry per schema violation, for category `validation`. */
  validationErrors?: ToolValidationIssue[];
  /** HTTP status, when the failure came from an HTTP response. */
  status?: number;
  /** Stable machine-readable code where the runtime knows one, e.g. `circuit_open`, `not_serializable`. */
  code?: string;
}

/** Outcome of running a tool: never a rejection. */
export type ToolExecutionResult = { success: true; result: string } | { success: false; error: ToolError };

/** One execution of a tool for one tool call, across its attempts. */
export interface ToolExecution {
  /** Unique id of this execution. */
  id: string;
  toolCallId: string;
  toolName: string;
  /** Arguments as given (before validation). */
  args: unknown;
  status: ToolExecutionStatus;
  /** The result string, once `succeeded`. */
  result?: string;
  /** The final error, once `failed` or `cancelled`. */
  error?: ToolError;
  /** Times are ms since the epoch; `duration` is ms from `startedAt` to `completedAt`. */
  timing: { queuedAt: number; startedAt?: number; completedAt?: number; duration?: number };
  /**
   * `attemptNumber` is the current (or last) attempt, 1-based (0 before the first); `previousErrors` holds the
   * errors of the attempts before it (the final error is in `error`, not here).
   */
  retry: { attemptNumber: number; maxAttempts: number; previousErrors: ToolError[] };
  /**
   * The outcome of an attempt that was abandoned (timed out, cancelled) and settled afterwards, the last one if
   * several did (see `tool-execution-late-completion`). It does not change `status`, `result` or `error`. `at` is ms
   * since the epoch.
   */
  lateCompletion?: ToolLateCompletion;
  /** `true` when the result came from the tool's result cache (`metadata.cache`): the handler did not run. */
  cached?: boolean;
}

/** A result (or error) that an abandoned attempt produced after the runtime stopped waiting for it. */
export interface ToolLateCompletion {
  /** 1-based number of the abandoned attempt. */
  attemptNumber: number;
  /** When it settled, ms since the epoch. */
  at: number;
  /** The result string, when the attempt succeeded. */
  result?: string;
  /** The error, when the attempt failed. */
  error?: ToolError;
}

/**
 * Retry policy. The delay before attempt n+1 is `d = min(baseDelayMs * backoffMultiplier^(n-1), maxDelayMs)` with
 * "equal jitter" (a uniform value in `[d/2, d]`, see `computeRetryDelay`), never less than an error's `retryAfter`
 * (still capped by `maxDelayMs`).
 */
export interface RetryConfig {
  /** Attempts in all, including the first. `1` disables retries. */
  maxAttempts: number;
  /** Delay before the second attempt, in ms. */
  baseDelayMs: number;
  /** Cap on any delay, in ms. */
  maxDelayMs: number;
  /** Growth factor of the delay per attempt. */
  backoffMultiplier: number;
  /** Categories that are retried. `validation` and `cancelled` are never retried, even when listed. */
  retryableCategories: ToolErrorCategory[];
}

/**
 * Retry settings as a caller passes them (`ToolMetadata.retryConfig`, `new ToolExecutionManager(executor, config)`):
 * any fields of `RetryConfig`, plus the two names the delays had before every duration ended in `Ms`. An old name
 * still works for this release and logs a console warning once per name; when both are given, the new one wins.
 */
export interface RetryConfigOverrides extends Partial<RetryConfig> {
  /** @deprecated Use `baseDelayMs` (the same value, in ms). Removed in the next release. */
  baseDelay?: number;
  /** @deprecated Use `maxDelayMs` (the same value, in ms). Removed in the next release. */
  maxDelay?: number;
}

/**
 * Timeout of one attempt of a tool whose `metadata.timeoutMs` is unset, in ms: 60000 (the
 * `ToolExecutionManagerOptions.defaultTimeoutMs` default). Time a call waits for a person's approval is not counted:
 * approval is asked before the tool runs.
 */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

/** Defaults: 3 attempts, 1 s base delay doubling up to 30 s, retrying `transient` and `timeout` failures. */
export const DEFAULT_RETRY_CONFIG: Readonly<RetryConfig> = Object.freeze({
  maxAttempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30000,
  backoffMultiplier: 2,
  retryableCategories: ['transient', 'timeout'] as ToolErrorCategory[],
});

/** How a finished execution ended, as recorded in `ToolStats` (`ToolRegistry.recordExecution`). */
export type ToolExecutionOutcome = 'succeeded' | 'failed' | 'cancelled' | 'uncertain';

/** Per-tool statistics kept by the registry and updated by the `ToolExecutionManager`. */
export interface ToolStats {
  /** Finished executions (succeeded + failed + cancelled + uncertain). */
  executionCount: number;
  successCount: number;
  failureCount: number;
  cancelledCount: number;
  /** Executions that ended `uncertain` (a write stopped after its handler started). */
  uncertainCount: number;
  /** Successful executions answered from the result cache (`metadata.cache`); also counted in `successCount`. */
  cachedCount: number;
  /** Sum of finished executions' durations, in ms. */
  totalDurationMs: number;
  /** `totalDurationMs / executionCount`, or 0. */
  averageDurationMs: number;
  /** `successCount / executionCount` in [0, 1], or 0 when nothing ran. */
  successRate: number;
  /** When the last execution finished, ms since the epoch; `undefined` before any. */
  lastExecutedAt?: number;
}

/** Circuit breaker states (per tool). */
export const CircuitState = {
  CLOSED: 'closed',
  OPEN: 'open',
  HALF_OPEN: 'half-open',
} as const;
export type CircuitState = (typeof CircuitState)[keyof typeof CircuitState];

/** Circuit breaker settings (the AG-UI Kotlin tools SDK's design). */
export interface CircuitBreakerConfig {
  /** Consecutive failed executions that open the circuit. Default 5. */
  failureThreshold: number;
  /** Time the circuit stays open before letting a trial call through (half-open), in ms. Default 60000. */
  recoveryTimeoutMs: number;
  /**
   * Successes in half-open that close the circuit; also how many trial executions run at once while half-open
   * (further calls fail fast until a trial ends). Default 2.
   */
  successThreshold: number;
}

/** Defaults: open after 5 consecutive failed executions, half-open after 60 s, close after 2 successes. */
export const DEFAULT_CIRCUIT_BREAKER_CONFIG: Readonly<CircuitBreakerConfig> = Object.freeze({
  failureThreshold: 5,
  recoveryTimeoutMs: 60000,
  successThreshold: 2,
});

/** JSON Schema object as produced by `z.toJSONSchema` (without `$schema`). */
export type JSONSchema = Record<string, unknown>;

/** The shape AG-UI's `RunAgentInput.tools` takes (`@ag-ui/core`'s `Tool`). */
export interface AgUiToolDescription {
  name: string;
  description: string;
  parameters: JSONSchema;
}
