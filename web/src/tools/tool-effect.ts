import { ToolEffect, type ToolDefinition, type ToolRecovery } from './types.js';

const EFFECTS: ReadonlySet<unknown> = new Set(Object.values(ToolEffect));

/** Tool names already warned about a missing `effect` (once per name per page). */
const warned = new Set<string>();

/** Whether `value` is one of the `ToolEffect` values. */
export function isToolEffect(value: unknown): value is ToolEffect {
  return EFFECTS.has(value);
}

/**
 * The effect of a tool definition: its `effect` when it is a `ToolEffect`, otherwise `external_side_effect` (the most
 * guarded level) with a `console.warn`, once per tool name. For definitions from plain JavaScript; TypeScript requires
 * `effect`. Never throws.
 * @internal
 */
export function toolEffectOf(definition: { name?: unknown; effect?: unknown }): ToolEffect {
  const effect = definition.effect;
  if (isToolEffect(effect)) return effect;
  const name = typeof definition.name === 'string' ? definition.name : '(unnamed)';
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(
      `Tool "${name}" declares no effect ('read_only' | 'state_change' | 'external_side_effect'): ` +
        `treating it as 'external_side_effect', so its calls need approval under the default policy.`,
    );
  }
  return ToolEffect.EXTERNAL_SIDE_EFFECT;
}

/**
 * Whether the runtime may run an attempt of `tool` again on its own (backoff, a timed-out attempt): always for a
 * `read_only` tool; for any other only when it says a repeat is safe (`metadata.idempotent` or
 * `metadata.acceptsIdempotencyKey`). A write that may already have happened is never repeated blindly.
 * @internal
 */
export function isRetrySafe(tool: ToolDefinition): boolean {
  if (toolEffectOf(tool) === ToolEffect.READ_ONLY) return true;
  return tool.metadata?.idempotent === true || tool.metadata?.acceptsIdempotencyKey === true;
}

/**
 * What a restored thread does with a call of `tool` that was running when the page went away: the tool's own
 * `recovery`, else `'rerun'` when a repeat is safe (`isRetrySafe`), else `'ask'`.
 * @internal
 */
export function toolRecoveryOf(tool: ToolDefinition): ToolRecovery {
  return tool.recovery ?? (isRetrySafe(tool) ? 'rerun' : 'ask');
}
