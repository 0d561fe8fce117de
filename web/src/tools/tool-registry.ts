import { z } from 'zod';
import { warnDeprecatedOption } from './deprecated-option.js';
import { ToolRegistrationError, ToolRegistrationErrorCode } from './errors.js';
import { isToolEffect, toolEffectOf } from './tool-effect.js';
import type { ToolRegistryChangeDetail, ToolRegistryEventMap } from './tool-events.js';
import { setOwner } from './tool-owner.js';
import { resultCacheOf } from './tool-result-cache.js';
import { refCycleOf } from './schema-ref-cycles.js';
import { DEFAULT_TOOL_POLICY, isToolDenied, normalizeToolPolicy, type ToolPolicy } from './tool-policy.js';
import { TypedEventTarget } from './typed-event-target.js';
import type {
  AgUiToolDescription,
  JSONSchema,
  RegisteredTool,
  ToolDefinition,
  ToolExecutionOutcome,
  ToolStats,
} from './types.js';

/** Tool names OpenAI and Anthropic accept: 1-64 letters, digits, `_` or `-`. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Mutable per-tool counters; `ToolStats` is derived from them on read. */
interface StatsEntry {
  executionCount: number;
  successCount: number;
  failureCount: number;
  cancelledCount: number;
  uncertainCount: number;
  cachedCount: number;
  totalDurationMs: number;
  lastExecutedAt: number | undefined;
}

/**
 * Zod schema -> its JSON Schema as JSON text (see `toolParameters`). Schemas are immutable, so a schema converts
 * once per page, whichever registry (or re-registration) asks.
 */
const jsonSchemaCache = new WeakMap<object, string>();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Zod 4 schema (classic or mini): every one carries `_zod`; Zod 3 schemas do not (and cannot be converted). */
function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { _zod?: unknown })._zod === 'object' &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

function toStats(entry: StatsEntry | undefined): ToolStats {
  if (!entry) {
    return {
      executionCount: 0,
      successCount: 0,
      failureCount: 0,
      cancelledCount: 0,
      uncertainCount: 0,
      cachedCount: 0,
      totalDurationMs: 0,
      averageDurationMs: 0,
      successRate: 0,
      lastExecutedAt: undefined,
    };
  }
  const n = entry.executionCount;
  return {
    executionCount: n,
    successCount: entry.successCount,
    failureCount: entry.failureCount,
    cancelledCount: entry.cancelledCount,
    uncertainCount: entry.uncertainCount,
    cachedCount: entry.cachedCount,
    totalDurationMs: entry.totalDurationMs,
    averageDurationMs: n === 0 ? 0 : entry.totalDurationMs / n,
    successRate: n === 0 ? 0 : entry.successCount / n,
    lastExecutedAt: entry.lastExecutedAt,
  };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}

function validateMetadata(name: string, metadata: unknown): void {
  const fail = (what: string): never => {
    throw new ToolRegistrationError(`Tool "${name}": ${what}`, ToolRegistrationErrorCode.INVALID_DEFINITION, name);
  };
  if (metadata === undefined) return;
  if (!isPlainObject(metadata)) fail('metadata must be an object when given');
  const m = metadata as Record<string, unknown>;
  // Nothing in the runtime reads it; the warning is all the old name gets.
  if (m.estimatedDuration !== undefined) warnDeprecatedOption('metadata.estimatedDuration', 'metadata.estimatedDurationMs');
  // Infinity is allowed: no timeout at all (a tool that waits for a person).
  if (m.timeoutMs !== undefined && !(typeof m.timeoutMs === 'number' && m.timeoutMs > 0)) {
    fail(`metadata.timeoutMs must be a positive number of ms (or Infinity), got ${describeValue(m.timeoutMs)}`);
  }
  if (m.tags !== undefined && !(Array.isArray(m.tags) && m.tags.every((t) => typeof t === 'string'))) {
    fail('metadata.tags must be an array of strings');
  }
  if (m.retryConfig === undefined) return;
  if (!isPlainObject(m.retryConfig)) fail('metadata.retryConfig must be an object when given');
  const r = m.retryConfig as Record<string, unknown>;
  if (r.maxAttempts !== undefined && !(Number.isInteger(r.maxAttempts) && (r.maxAttempts as number) >= 1)) {
    fail(`metadata.retryConfig.maxAttempts must be an integer >= 1, got ${describeValue(r.maxAttempts)}`);
  }
  // The deprecated names too: resolveRetryConfig uses them (and warns) when the new ones are absent.
  for (const key of ['baseDelayMs', 'maxDelayMs', 'backoffMultiplier', 'baseDelay', 'maxDelay'] as const) {
    const v = r[key];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
      fail(`metadata.retryConfig.${key} must be a finite number >= 0, got ${describeValue(v)}`);
    }
  }
  if (r.retryableCategories !== undefined && !Array.isArray(r.retryableCategories)) {
    fail('metadata.retryConfig.retryableCategories must be an array of categories');
  }
}

function validateSafetyFields(name: string, definition: Record<string, unknown>): void {
  const fail = (what: string): never => {
    throw new ToolRegistrationError(`Tool "${name}": ${what}`, ToolRegistrationErrorCode.INVALID_DEFINITION, name);
  };
  if (definition.effect !== undefined && !isToolEffect(definition.effect)) {
    fail(`effect must be 'read_only', 'state_change' or 'external_side_effect', got ${describeValue(definition.effect)}`);
  }
  const rule = definition.requiresApproval;
  if (rule !== undefined && typeof rule !== 'boolean' && typeof rule !== 'function') {
    fail(`requiresApproval must be a boolean or a function of the arguments, got ${describeValue(rule)}`);
  }
  const render = definition.render;
  if (render !== undefined && typeof render !== 'function' && !(typeof render === 'string' && render.includes('-'))) {
    fail(`render must be a function or a custom element's tag name, got ${describeValue(render)}`);
  }
  const recovery = definition.recovery;
  if (recovery !== undefined && recovery !== 'rerun' && recovery !== 'ask' && recovery !== 'fail') {
    fail(`recovery must be 'rerun', 'ask' or 'fail', got ${describeValue(recovery)}`);
  }
  const redaction = definition.redaction;
  if (redaction === undefined) return;
  if (!isPlainObject(redaction)) fail('redaction must be an object ({ args?: string[], result?: string[] })');
  for (const key of ['args', 'result'] as const) {
    const paths = (redaction as Record<string, unknown>)[key];
    if (paths !== undefined && !(Array.isArray(paths) && paths.every((p) => typeof p === 'string'))) {
      fail(`redaction.${key} must be an array of field paths`);
    }
  }
}

/** Options of `new ToolRegistry(options)`. */
export interface ToolRegistryOptions {
  /**
   * A registry this one sees beneath its own tools and policy (default none). Own tools shadow the parent's tools
   * of the same name; the parent's policy applies until this registry sets its own. Fixed for the registry's life.
   */
  parent?: ToolRegistry;
}

/**
 * Forwards a parent's `tool-registry-change` to a child. The parent's listener holds only a `WeakRef` to the child,
 * so a child its owner dropped (an element's registry) is collected, and its listener then removed.
 */
const childListeners = new FinalizationRegistry<{ parent: ToolRegistry; listener: EventListener }>(({ parent, listener }) =>
  parent.removeEventListener('tool-registry-change', listener),
);

/**
 * The tools an agent may call in this page, by name, their policy, and their execution statistics.
 *
 * Names are ids: registering a name that exists throws (unregister first); nothing is silently overwritten.
 * Every change fires `tool-registry-change`. Statistics are keyed by tool name, independent of registration
 * (they survive `unregister` so a re-registered tool keeps its history; `clearStats()` resets them).
 *
 * The registry is the single source of truth for the `ToolPolicy` (`policy`, `setPolicy()`): `toAgUiTools()` leaves
 * out the tools it denies, `register()` enforces its `requireRedaction`, and the run loop reads it for every call (so
 * a policy set on a registry shared by several elements applies to all of them, as its tools do).
 *
 * A registry with a `parent` (`new ToolRegistry({ parent: globalToolRegistry })`, one per element) sees the parent's
 * tools and policy beneath its own: lookups (`get`, `has`, `names`, `all`, `size`, `getByCategory`, `getByTag`,
 * `isDenied`, `toAgUiTools`) see its own tools first, then the parent's that it does not shadow; `policy` is its own
 * once `setPolicy()` gave it one, else the parent's (live). Changes (`register`, `unregister`, `clear`, `setPolicy`,
 * statistics) touch its own state only, so setting tools or a policy on one child never changes another, while tools
 * registered in the parent reach every child. The statistics of a parent's tool are the parent's (the registry that
 * holds a tool records its executions, see `ToolExecutionManagerOptions.registry`).
 *
 * @fires {CustomEvent<ToolRegistryChangeDetail>} tool-registry-change - after register, unregister (of a registered
 * name), clear (of a non-empty registry) and `setPolicy()`; on a child also after such a change of its parent that
 * shows through (not for a name the child shadows, nor a parent policy while the child has its own), with the
 * parent's `action` and `toolName` and the child's `toolNames`
 *
 * @example
 * ```ts
 * const registry = new ToolRegistry();
 * registry.register({
 *   name: 'get_weather',
 *   description: 'Current weather for a city',
 *   effect: 'read_only',
 *   schema: z.object({ city: z.string(), unit: z.enum(['C', 'F']).default('C') }),
 *   handler: async ({ city, unit }, { signal }) => (await fetch(`/weather?city=${city}&unit=${unit}`, { signal })).json(),
 *   metadata: { category: 'weather', timeoutMs: 5000 },
 * });
 * agent.runAgent({ tools: registry.toAgUiTools() });
 * ```
 */
export class ToolRegistry extends TypedEventTarget<ToolRegistryEventMap> {
  /** The registry whose tools and policy this one sees beneath its own (see the class docs); `undefined`: none. */
  readonly parent: ToolRegistry | undefined;
  #tools = new Map<string, RegisteredTool>();
  #stats = new Map<string, StatsEntry>();
  /** The policy `setPolicy()` set; `undefined`: the parent's, or the default. */
  #policy: Readonly<ToolPolicy> | undefined;

  /**
   * @param options - `parent`: a registry seen beneath this one (default none)
   * @throws {TypeError} when `parent` is given and is not a `ToolRegistry`
   */
  constructor(options: ToolRegistryOptions = {}) {
    super();
    const parent = options.parent;
    if (parent !== undefined && !(parent instanceof ToolRegistry)) {
      throw new TypeError('ToolRegistry: options.parent must be a ToolRegistry');
    }
    this.parent = parent;
    if (parent !== undefined) {
      const child = new WeakRef(this);
      const listener = (event: Event): void => {
        const registry = child.deref();
        if (registry === undefined) parent.removeEventListener('tool-registry-change', listener);
        else registry.#onParentChange((event as CustomEvent<ToolRegistryChangeDetail>).detail);
      };
      parent.addEventListener('tool-registry-change', listener);
      childListeners.register(this, { parent, listener });
    }
  }

  /**
   * The policy in force: a frozen copy of what was given to `setPolicy()`; without one, the parent's `policy` (live),
   * or with no parent the default `{}` (every tool allowed, approval for `state_change` and `external_side_effect`).
   */
  get policy(): Readonly<ToolPolicy> {
    return this.#policy ?? this.parent?.policy ?? DEFAULT_TOOL_POLICY;
  }

  /**
   * Replaces this registry's own policy (a frozen copy is kept; `undefined` removes it, so the parent's policy, or the
   * default, applies again). It applies from the next decision on: the next run's `toAgUiTools()` and every call not
   * yet decided. Registered tools stay registered: under `requireRedaction`, those without `redaction` are denied (not
   * offered, not run) rather than removed, and come back when the policy no longer requires it.
   * @throws {ToolPolicyError} for a malformed policy (the previous one stays)
   * @fires tool-registry-change with `action: 'policy-changed'`
   */
  setPolicy(policy: ToolPolicy | undefined): void {
    this.#policy = policy === undefined || policy === null ? undefined : normalizeToolPolicy(policy);
    this.#emit({ action: 'policy-changed', toolNames: this.names });
  }

  /**
   * Adds a tool. The registry keeps a frozen shallow copy with `registeredAt` (ms since the epoch) and `effect` (a
   * definition from plain JavaScript without one gets `external_side_effect` and a console warning, once per name).
   * @returns the registered copy (what `get()` returns)
   * @throws {ToolRegistrationError} `invalid_name` when the name does not match `^[a-zA-Z0-9_-]{1,64}$`;
   *   `duplicate_name` when the name is taken by one of this registry's own tools (a parent's tool of that name is
   *   shadowed, not replaced); `invalid_definition` when the definition is not an object, the
   *   description is not a string, the schema is not a Zod 4 schema, the handler is not a function, the effect is not
   *   a `ToolEffect`, `requiresApproval` is not a boolean or function, `redaction` is not lists of paths, or the metadata
   *   is malformed (`timeoutMs` not > 0, `retryConfig.maxAttempts` not an integer >= 1, negative delays, ...);
   *   `redaction_required` when the policy has `requireRedaction` and the definition has no `redaction`;
   *   `invalid_schema` when no arguments could be validated with the schema (a `$ref` cycle that never reaches a
   *   value, see `ToolRegistrationErrorCode.INVALID_SCHEMA`)
   * @fires tool-registry-change with `action: 'registered'`
   */
  register<TArgs>(definition: ToolDefinition<TArgs>): RegisteredTool<TArgs> {
    if (!isPlainObject(definition)) {
      throw new ToolRegistrationError(
        `A tool definition must be an object, got ${describeValue(definition)}`,
        ToolRegistrationErrorCode.INVALID_DEFINITION,
      );
    }
    const { name } = definition;
    if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
      throw new ToolRegistrationError(
        `Invalid tool name ${typeof name === 'string' ? JSON.stringify(name) : describeValue(name)}: ` +
          'a name must be 1-64 characters of letters, digits, "_" or "-" (^[a-zA-Z0-9_-]{1,64}$)',
        ToolRegistrationErrorCode.INVALID_NAME,
        typeof name === 'string' ? name : undefined,
      );
    }
    if (this.#tools.has(name)) {
      throw new ToolRegistrationError(
        `A tool named "${name}" is already registered; call unregister("${name}") first to replace it`,
        ToolRegistrationErrorCode.DUPLICATE_NAME,
        name,
      );
    }
    const invalid = (what: string): never => {
      throw new ToolRegistrationError(`Tool "${name}": ${what}`, ToolRegistrationErrorCode.INVALID_DEFINITION, name);
    };
    if (typeof definition.description !== 'string') {
      invalid(`description must be a string, got ${describeValue(definition.description)}`);
    }
    if (!isZodSchema(definition.schema)) {
      invalid(`schema must be a Zod 4 schema (e.g. z.object({...})), got ${describeValue(definition.schema)}`);
    }
    if (typeof definition.handler !== 'function') {
      invalid(`handler must be a function, got ${describeValue(definition.handler)}`);
    }
    refuseEndlessSchema(name, definition.schema);
    validateMetadata(name, definition.metadata);
    validateSafetyFields(name, definition as unknown as Record<string, unknown>);
    if (this.policy.requireRedaction === true && definition.redaction === undefined) {
      throw new ToolRegistrationError(
        `Tool "${name}": the policy requires a redaction config ({ args?: string[], result?: string[] }) on every tool`,
        ToolRegistrationErrorCode.REDACTION_REQUIRED,
        name,
      );
    }

    const effect = toolEffectOf(definition);
    const tool = Object.freeze({ ...definition, effect, registeredAt: Date.now() }) as RegisteredTool<TArgs>;
    this.#tools.set(name, tool);
    setOwner(tool, this);
    this.#emit({ action: 'registered', toolName: name, toolNames: this.names });
    return tool;
  }

  /**
   * Removes one of this registry's own tools (its statistics stay; a parent's tool of that name shows again).
   * @returns `true` if it was registered
   * @fires tool-registry-change with `action: 'unregistered'` (only when it was registered)
   */
  unregister(name: string): boolean {
    if (!this.#tools.delete(name)) return false;
    this.#emit({ action: 'unregistered', toolName: name, toolNames: this.names });
    return true;
  }

  /**
   * Removes every one of this registry's own tools (statistics stay; see `clearStats()`); the parent's stay visible.
   * @fires tool-registry-change with `action: 'cleared'` and `removedToolNames` (only when something was removed)
   */
  clear(): void {
    if (this.#tools.size === 0) return;
    const removedToolNames = this.names;
    this.#tools.clear();
    this.#emit({ action: 'cleared', toolNames: [], removedToolNames });
  }

  /** The tool of that name (an own tool, else the parent's), or `undefined`. */
  get(name: string): RegisteredTool | undefined {
    return this.#tools.get(name) ?? this.parent?.get(name);
  }

  /** Whether a tool of that name is registered here or in the parent. */
  has(name: string): boolean {
    return this.#tools.has(name) || this.parent?.has(name) === true;
  }

  /** Tool names: own ones in registration order, then the parent's it does not shadow (a new array each time). */
  get names(): string[] {
    return this.all.map((tool) => tool.name);
  }

  /** Tools: own ones in registration order, then the parent's it does not shadow (a new array each time). */
  get all(): RegisteredTool[] {
    const own = [...this.#tools.values()];
    if (this.parent === undefined) return own;
    return own.concat(this.parent.all.filter((tool) => !this.#tools.has(tool.name)));
  }

  /** Number of tools (`names.length`). */
  get size(): number {
    return this.parent === undefined ? this.#tools.size : this.all.length;
  }

  /** Tools whose `metadata.category` equals `category`. */
  getByCategory(category: string): RegisteredTool[] {
    return this.all.filter((tool) => tool.metadata?.category === category);
  }

  /** Tools whose `metadata.tags` include `tag`. */
  getByTag(tag: string): RegisteredTool[] {
    return this.all.filter((tool) => tool.metadata?.tags?.includes(tag) === true);
  }

  /**
   * Whether the policy in force denies a tool (own or the parent's) whatever the arguments (see `isToolDenied`);
   * `false` for a name that is not registered.
   */
  isDenied(name: string): boolean {
    const tool = this.get(name);
    return tool !== undefined && isToolDenied({ policy: this.policy, tool }, name);
  }

  /**
   * The tools in the shape of AG-UI's `RunAgentInput.tools` (`@ag-ui/core`'s `Tool`), in registration order, leaving
   * out the tools the policy denies (so the model never sees them; see `isDenied()`).
   *
   * `parameters` is Zod's own conversion, `z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })`, with
   * the root `$schema` removed:
   * - `io: 'input'` describes what the model must SEND: fields with `.default()` are optional, a `z.coerce.number()`
   *   or a `.transform()` is described by its input type, and unknown keys are not forbidden (`z.object` strips them)
   *   - the handler still receives the parsed output.
   * - `unrepresentable: 'any'` turns what JSON Schema cannot express (`z.date()`, `z.bigint()`, `z.custom()`, ...)
   *   into `{}` (any value) instead of throwing; the Zod schema still validates the arguments when the tool runs.
   *
   * Deterministic: the same tools give deep-equal output on every call. Each schema converts once (schemas are
   * immutable); every call returns fresh plain objects parsed from the cached JSON text, so a caller may mutate them
   * without touching the cache. Not frozen: a frozen object makes Chromium's `JSON.stringify` of the run input ~3x slower (measured).
   *
   * @throws {ToolRegistrationError} `schema_conversion_failed` (naming the tool) if Zod cannot convert a schema
   */
  toAgUiTools(): AgUiToolDescription[] {
    const tools: AgUiToolDescription[] = [];
    const policy = this.policy;
    for (const tool of this.all) {
      if (isToolDenied({ policy, tool }, tool.name)) continue;
      tools.push({ name: tool.name, description: tool.description, parameters: toolParameters(tool) });
    }
    return tools;
  }

  /**
   * Statistics of one tool (a fresh object; zeros when it never ran). For a parent's tool this registry does not
   * shadow, the parent's statistics.
   */
  getStats(name: string): ToolStats {
    if (this.parent !== undefined && !this.#tools.has(name) && this.parent.has(name)) return this.parent.getStats(name);
    return toStats(this.#stats.get(name));
  }

  /**
   * Statistics of every tool that is visible (`names`) or has run here, as a plain object keyed by tool name (a fresh
   * snapshot each time; JSON-serializable); a parent's tool has the parent's statistics (see `getStats()`).
   */
  get allStats(): Record<string, ToolStats> {
    const all: Record<string, ToolStats> = {};
    for (const name of this.names) all[name] = this.getStats(name);
    for (const [name, entry] of this.#stats) if (!(name in all)) all[name] = toStats(entry);
    return all;
  }

  /**
   * Forgets the cached results (`metadata.cache`) of one tool, or of all tools when `name` is omitted. The cache of a
   * tool lives in the registry that registered it (a parent's tool: the parent's).
   */
  clearCache(name?: string): void {
    resultCacheOf(this).clear(name);
  }

  /** Resets this registry's own statistics of one tool, or of all tools when `name` is omitted. */
  clearStats(name?: string): void {
    if (name === undefined) this.#stats.clear();
    else this.#stats.delete(name);
  }

  /**
   * Records a finished execution. Called by `ToolExecutionManager`; call it yourself only if you run tools
   * some other way.
   * @param durationMs - ms the execution took (from its start to its end), counted into `totalDurationMs`
   * @param finishedAt - when it finished, ms since the epoch; default `Date.now()`
   * @param cached - the result came from the result cache (counted in `cachedCount` as well); default `false`
   */
  recordExecution(
    name: string,
    outcome: ToolExecutionOutcome,
    durationMs: number,
    finishedAt: number = Date.now(),
    cached = false,
  ): void {
    let entry = this.#stats.get(name);
    if (entry === undefined) {
      entry = {
        executionCount: 0,
        successCount: 0,
        failureCount: 0,
        cancelledCount: 0,
        uncertainCount: 0,
        cachedCount: 0,
        totalDurationMs: 0,
        lastExecutedAt: undefined,
      };
      this.#stats.set(name, entry);
    }
    entry.executionCount++;
    if (cached) entry.cachedCount++;
    if (outcome === 'succeeded') entry.successCount++;
    else if (outcome === 'failed') entry.failureCount++;
    else if (outcome === 'uncertain') entry.uncertainCount++;
    else entry.cancelledCount++;
    entry.totalDurationMs += durationMs > 0 ? durationMs : 0;
    entry.lastExecutedAt = finishedAt;
  }

  /** Re-fires a parent's change when it shows through this registry (see the class docs). */
  #onParentChange(detail: ToolRegistryChangeDetail): void {
    const { action, toolName } = detail;
    if (action === 'policy-changed') {
      if (this.#policy === undefined) this.#emit({ action, toolNames: this.names });
    } else if (action === 'cleared') {
      const removedToolNames = (detail.removedToolNames ?? []).filter((name) => !this.#tools.has(name));
      if (removedToolNames.length > 0) this.#emit({ action, toolNames: this.names, removedToolNames });
    } else if (toolName !== undefined && !this.#tools.has(toolName)) {
      this.#emit({ action, toolName, toolNames: this.names });
    }
  }

  #emit(detail: ToolRegistryChangeDetail): void {
    const event = new CustomEvent('tool-registry-change', { detail });
    this.dispatchEvent(event);
  }
}

/** A fresh copy of the tool's JSON Schema (converted once per Zod schema, cached as text). */
function toolParameters(tool: RegisteredTool): JSONSchema {
  return JSON.parse(schemaText(tool.name, tool.schema)) as JSONSchema;
}

/**
 * A tool's JSON Schema as JSON text, without `$schema`, converted once per Zod schema.
 * @throws {ToolRegistrationError} `schema_conversion_failed` if Zod cannot convert it
 */
function schemaText(name: string, schema: z.ZodType): string {
  let text = jsonSchemaCache.get(schema);
  if (text === undefined) {
    let json: JSONSchema;
    try {
      json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema;
    } catch (cause) {
      throw new ToolRegistrationError(
        `Tool "${name}": its schema cannot be converted to JSON Schema (${cause instanceof Error ? cause.message : String(cause)})`,
        ToolRegistrationErrorCode.SCHEMA_CONVERSION_FAILED,
        name,
        { cause },
      );
    }
    const { $schema: _dialect, ...parameters } = json;
    text = JSON.stringify(parameters);
    jsonSchemaCache.set(schema, text);
  }
  return text;
}

/**
 * Refuses a schema that no arguments could be validated with: a `$ref` cycle that applies itself to the same value
 * without end (`refCycleOf`; `z.lazy` recursion that never reaches a value converts to one, and a foreign JSON Schema
 * carried as metadata is emitted as is). A schema Zod cannot convert is left to `toAgUiTools()`, as before.
 * @throws {ToolRegistrationError} `invalid_schema`, naming the tool and the schema locations of the cycle
 */
function refuseEndlessSchema(name: string, schema: z.ZodType): void {
  let text: string;
  try {
    text = schemaText(name, schema);
  } catch {
    return;
  }
  const cycle = refCycleOf(JSON.parse(text) as JSONSchema);
  if (cycle === undefined) return;
  throw new ToolRegistrationError(
    `Tool "${name}": its input schema cannot validate any arguments: ${[...cycle, cycle[0]].join(' -> ')} ` +
      'applies itself to the same value without end (a $ref cycle)',
    ToolRegistrationErrorCode.INVALID_SCHEMA,
    name,
  );
}

/**
 * The page-wide registry: what the `ag-ui-register-tool` document event fills and `<ag-ui-agent>` uses unless given
 * another (a `new ToolRegistry({ parent: globalToolRegistry })` sees its tools too). Statistics of its tools are
 * recorded here (see `ToolExecutionManagerOptions.registry`).
 */
export const globalToolRegistry: ToolRegistry = new ToolRegistry();
