import { isToolEffect, toolEffectOf } from './tool-effect.js';
import { ToolEffect, type ToolDefinition } from './types.js';

/** What the policy says about one tool call. */
export const ToolDecision = {
  /** Run it. */
  ALLOW: 'allow',
  /** Do not run it; the agent gets `{"ok":false,"errorCode":"policy_denied",...}`. Denied tools are not offered either. */
  DENY: 'deny',
  /** Run it only once a person approves it (the element's approval card, or the page's own UI). */
  REQUIRE_APPROVAL: 'require_approval',
} as const;
export type ToolDecision = (typeof ToolDecision)[keyof typeof ToolDecision];

/** Limits on running tools. All optional; unset means no limit. */
export interface ToolBudgets {
  /** Cap on every attempt's timeout, in ms: the effective `metadata.timeoutMs` is `min(own, cap)` (the cap when unset). */
  maxRuntimeMs?: number;
  /**
   * Largest result the agent gets, in UTF-8 bytes. A larger result is not sent: the agent gets
   * `{"ok":false,"errorCode":"result_too_large","message":...,"sizeBytes":N,"maxBytes":M}` and the call fails.
   */
  maxResultBytes?: number;
  /**
   * Most calls of one tool that run per agent run (one AG-UI run, i.e. one tool round), an integer >= 1. The calls
   * past it, in the order the agent made them, are not run: the agent gets `{"ok":false,"errorCode":"rate_limited",
   * "message":...}` and may call the tool again in its next run. Policy-wide, it applies to each tool separately.
   */
  maxCallsPerRun?: number;
}

/** Per-tool settings of a `ToolPolicy` (`tools[name]`). Each field present overrides the policy-wide one for that tool. */
export interface ToolPolicyToolSettings extends ToolBudgets {
  /**
   * The decision for this tool: `deny`, or `allow` / `require_approval` regardless of its effect and its own
   * `requiresApproval`. It cannot allow a tool that `allowedTools`, `deniedTools` or `requireRedaction` denies.
   */
  decision?: ToolDecision;
}

/**
 * Which tools may run and how, as data. Give it to `ToolRegistry.setPolicy()` (or the element's `policy` property);
 * change it by giving a new object, never by mutating one (the registry keeps a frozen copy).
 *
 * Enforced twice: `toAgUiTools()` leaves out denied tools (the model never sees them), and the run loop decides
 * again for every call (`decide()`), so a call to a denied tool, even a name the model made up, never runs.
 *
 * @example
 * ```ts
 * registry.setPolicy({
 *   allowedTools: ['search', 'get_cart', 'add_to_cart'], // everything else is denied
 *   requireApprovalForEffects: ['external_side_effect'], // ask before acting outside the page
 *   tools: { add_to_cart: { decision: 'require_approval', maxRuntimeMs: 5000 } },
 *   budgets: { maxRuntimeMs: 10_000, maxResultBytes: 32_768 },
 * });
 * ```
 */
export interface ToolPolicy {
  /** When present, the only tools that may run (deny by default): every other tool is denied. */
  allowedTools?: readonly string[];
  /** Tools that never run. Wins over everything else. */
  deniedTools?: readonly string[];
  /** Effects whose calls need a person's approval. Default `['state_change', 'external_side_effect']`. */
  requireApprovalForEffects?: readonly ToolEffect[];
  /** Per-tool decision and budgets, by tool name. */
  tools?: Readonly<Record<string, ToolPolicyToolSettings>>;
  /** Limits for every tool (per-tool `tools[name]` values override them). */
  budgets?: ToolBudgets;
  /**
   * Strict mode for pages that log events to telemetry: registering a tool without `redaction` throws
   * (`redaction_required`); tools registered before the policy was set that have none are denied; and the arguments
   * and results of calls to tools without a `redaction` config (backend tools included) are redacted whole in what
   * reaches the page.
   */
  requireRedaction?: boolean;
}

/** Effects that need approval when the policy does not say (`ToolPolicy.requireApprovalForEffects`). */
export const DEFAULT_APPROVAL_EFFECTS: readonly ToolEffect[] = Object.freeze([
  ToolEffect.STATE_CHANGE,
  ToolEffect.EXTERNAL_SIDE_EFFECT,
]);

/** The empty policy: no lists, no budgets, approval for `state_change` and `external_side_effect`. */
export const DEFAULT_TOOL_POLICY: Readonly<ToolPolicy> = Object.freeze({});

/** What `decide()` knows besides the call: the policy and the tool's own rules. */
export interface ToolDecisionContext {
  /** The policy in force; `undefined` is `DEFAULT_TOOL_POLICY`. */
  policy?: ToolPolicy | undefined;
  /**
   * The registered tool: its `requiresApproval` (per-call rule) and `redaction` (for `requireRedaction`). Without it,
   * a `requireRedaction` policy denies.
   */
  tool?: Pick<ToolDefinition, 'requiresApproval' | 'redaction'> | undefined;
}

/** Thrown by `normalizeToolPolicy()` (and so `ToolRegistry.setPolicy()`) for a malformed policy. */
export class ToolPolicyError extends Error {
  override name = 'ToolPolicyError';
  /** Always `invalid_policy`. */
  readonly code = 'invalid_policy';
}

/**
 * Whether the policy denies a tool whatever the arguments: it is in `deniedTools`, not in a present `allowedTools`,
 * its `tools[name].decision` is `deny`, or `requireRedaction` is on and the tool has no `redaction`.
 */
export function isToolDenied(context: ToolDecisionContext, toolName: string): boolean {
  const policy = context.policy;
  if (policy === undefined) return false;
  if (policy.deniedTools?.includes(toolName)) return true;
  if (policy.allowedTools !== undefined && !policy.allowedTools.includes(toolName)) return true;
  if (ownSettings(policy, toolName)?.decision === ToolDecision.DENY) return true;
  return policy.requireRedaction === true && context.tool?.redaction === undefined;
}

/**
 * Decides one tool call. Pure: the same inputs give the same decision. Precedence, first match wins:
 *
 * 1. `deny` when the tool is denied whatever the arguments (`isToolDenied`: `deniedTools`; not in a present
 *    `allowedTools`; `tools[name].decision === 'deny'`; `requireRedaction` and no `redaction`). Denials always win.
 * 2. `tools[name].decision` when it is `allow` or `require_approval` (the page's most specific word on the tool).
 * 3. The tool's `requiresApproval`: `true` -> `require_approval`, `false` -> `allow`; a function is called with `args`
 *    (`true` -> `require_approval`, `false` -> `allow`; throwing -> `require_approval`).
 * 4. `effect` in `requireApprovalForEffects` (default `state_change`, `external_side_effect`) -> `require_approval`.
 * 5. `allow`.
 *
 * An `effect` that is not a `ToolEffect` counts as `external_side_effect`.
 *
 * @param args - the call's arguments, as `requiresApproval` functions expect them (the run loop passes them parsed by
 *   the tool's schema)
 * @example
 * ```ts
 * decide({ policy: { allowedTools: ['get_time'] } }, 'delete_account', 'external_side_effect', {}); // 'deny'
 * decide({ policy: {} }, 'edit_note', 'state_change', { text: 'hi' });                         // 'require_approval'
 * decide({ policy: { tools: { edit_note: { decision: 'allow' } } } }, 'edit_note', 'state_change', {}); // 'allow'
 * ```
 */
export function decide(context: ToolDecisionContext, toolName: string, effect: ToolEffect, args: unknown): ToolDecision {
  if (isToolDenied(context, toolName)) return ToolDecision.DENY;
  const policy = context.policy ?? DEFAULT_TOOL_POLICY;
  const own = ownSettings(policy, toolName)?.decision;
  if (own === ToolDecision.ALLOW || own === ToolDecision.REQUIRE_APPROVAL) return own;
  const rule = context.tool?.requiresApproval;
  if (typeof rule === 'boolean') return rule ? ToolDecision.REQUIRE_APPROVAL : ToolDecision.ALLOW;
  if (typeof rule === 'function') {
    try {
      return rule(args) ? ToolDecision.REQUIRE_APPROVAL : ToolDecision.ALLOW;
    } catch {
      return ToolDecision.REQUIRE_APPROVAL;
    }
  }
  const guarded = policy.requireApprovalForEffects ?? DEFAULT_APPROVAL_EFFECTS;
  return guarded.includes(isToolEffect(effect) ? effect : ToolEffect.EXTERNAL_SIDE_EFFECT)
    ? ToolDecision.REQUIRE_APPROVAL
    : ToolDecision.ALLOW;
}

/**
 * The budgets in force for one tool: each of `tools[name]`'s `maxRuntimeMs`/`maxResultBytes`/`maxCallsPerRun` when set, else the
 * policy-wide `budgets` one. Fields without a limit are left out.
 */
export function budgetsFor(policy: ToolPolicy | undefined, toolName: string): ToolBudgets {
  const own = policy && ownSettings(policy, toolName);
  const maxRuntimeMs = own?.maxRuntimeMs ?? policy?.budgets?.maxRuntimeMs;
  const maxResultBytes = own?.maxResultBytes ?? policy?.budgets?.maxResultBytes;
  const maxCallsPerRun = own?.maxCallsPerRun ?? policy?.budgets?.maxCallsPerRun;
  const budgets: ToolBudgets = {};
  if (maxRuntimeMs !== undefined) budgets.maxRuntimeMs = maxRuntimeMs;
  if (maxResultBytes !== undefined) budgets.maxResultBytes = maxResultBytes;
  if (maxCallsPerRun !== undefined) budgets.maxCallsPerRun = maxCallsPerRun;
  return budgets;
}

function ownSettings(policy: ToolPolicy, toolName: string): ToolPolicyToolSettings | undefined {
  const tools = policy.tools;
  return tools !== undefined && Object.prototype.hasOwnProperty.call(tools, toolName) ? tools[toolName] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function names(value: unknown, field: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new ToolPolicyError(`policy.${field} must be an array of tool names`);
  }
  return Object.freeze([...value]);
}

function budgets(value: unknown, field: string): ToolBudgets {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new ToolPolicyError(`policy.${field} must be an object`);
  const result: ToolBudgets = {};
  for (const key of ['maxRuntimeMs', 'maxResultBytes'] as const) {
    const limit = value[key];
    if (limit === undefined) continue;
    if (typeof limit !== 'number' || !(limit > 0) || limit === Infinity) {
      throw new ToolPolicyError(`policy.${field}.${key} must be a positive number, got ${String(limit)}`);
    }
    result[key] = limit;
  }
  const calls = value.maxCallsPerRun;
  if (calls !== undefined) {
    if (typeof calls !== 'number' || !Number.isInteger(calls) || calls < 1) {
      throw new ToolPolicyError(`policy.${field}.maxCallsPerRun must be an integer >= 1, got ${String(calls)}`);
    }
    result.maxCallsPerRun = calls;
  }
  return result;
}

/**
 * Checks a policy and returns a deep-frozen copy of it (arrays and objects copied, unknown fields dropped), so that
 * later changes to the caller's object have no effect. `undefined` gives `DEFAULT_TOOL_POLICY`.
 * @throws {ToolPolicyError} when a list is not an array of strings, an effect or decision is unknown, or a budget is
 *   not a positive number
 * @internal
 */
export function normalizeToolPolicy(policy: ToolPolicy | undefined): Readonly<ToolPolicy> {
  if (policy === undefined || policy === null) return DEFAULT_TOOL_POLICY;
  if (!isRecord(policy)) throw new ToolPolicyError('A tool policy must be an object');
  const normalized: ToolPolicy = {};
  const allowed = names(policy.allowedTools, 'allowedTools');
  if (allowed) normalized.allowedTools = allowed;
  const denied = names(policy.deniedTools, 'deniedTools');
  if (denied) normalized.deniedTools = denied;
  if (policy.requireApprovalForEffects !== undefined) {
    const effects: unknown = policy.requireApprovalForEffects;
    if (!Array.isArray(effects) || !effects.every(isToolEffect)) {
      throw new ToolPolicyError(
        `policy.requireApprovalForEffects must be an array of ${Object.values(ToolEffect).map((e) => `'${e}'`).join(', ')}`,
      );
    }
    normalized.requireApprovalForEffects = Object.freeze([...effects]);
  }
  if (policy.tools !== undefined) {
    if (!isRecord(policy.tools)) throw new ToolPolicyError('policy.tools must be an object keyed by tool name');
    const tools: Record<string, ToolPolicyToolSettings> = {};
    for (const [name, settings] of Object.entries(policy.tools)) {
      if (!isRecord(settings)) throw new ToolPolicyError(`policy.tools.${name} must be an object`);
      const entry: ToolPolicyToolSettings = budgets(settings, `tools.${name}`);
      if (settings.decision !== undefined) {
        if (!Object.values(ToolDecision).includes(settings.decision as ToolDecision)) {
          throw new ToolPolicyError(`policy.tools.${name}.decision must be 'allow', 'deny' or 'require_approval'`);
        }
        entry.decision = settings.decision as ToolDecision;
      }
      // defineProperty: `__proto__` is a valid tool name.
      Object.defineProperty(tools, name, { value: Object.freeze(entry), enumerable: true });
    }
    normalized.tools = Object.freeze(tools);
  }
  if (policy.budgets !== undefined) normalized.budgets = Object.freeze(budgets(policy.budgets, 'budgets'));
  if (policy.requireRedaction !== undefined) {
    if (typeof policy.requireRedaction !== 'boolean') throw new ToolPolicyError('policy.requireRedaction must be a boolean');
    normalized.requireRedaction = policy.requireRedaction;
  }
  return Object.freeze(normalized);
}

/**
 * `decide()` for a call of a registered tool, the way the run loop asks: the tool's `effect` (see `toolEffectOf`),
 * and for a `requiresApproval` function, the arguments parsed by the tool's schema. Arguments that fail the schema
 * (or a schema that only parses asynchronously) mean `require_approval` rather than calling the function with values
 * of the wrong shape.
 * @param args - the call's arguments as sent (JSON-parsed, not yet validated)
 * @internal
 */
export function decideToolCall(
  policy: ToolPolicy | undefined,
  tool: Pick<ToolDefinition, 'name' | 'effect' | 'schema' | 'requiresApproval' | 'redaction'>,
  args: unknown,
): ToolDecision {
  const rule = tool.requiresApproval;
  const context: ToolDecisionContext = { policy, tool };
  if (typeof rule === 'function') {
    context.tool = {
      redaction: tool.redaction,
      requiresApproval: (raw: unknown) => {
        const parsed = tool.schema.safeParse(raw); // throws for async schemas: decide() then asks
        if (!parsed.success) throw parsed.error;
        return rule(parsed.data);
      },
    };
  }
  return decide(context, tool.name, toolEffectOf(tool), args);
}
