import type { ToolRegistry } from './tool-registry.js';

/** Registered tool object (or a copy derived from one) -> the registry that registered it. */
const owners = new WeakMap<object, ToolRegistry>();

/**
 * The registry that registered `tool` (the object `ToolRegistry.register()` returned, or a copy made from it by
 * `withToolBudgets()`), or `undefined` for a tool never registered. `ToolExecutionManager` records statistics
 * there when it was given no `registry` option.
 * @internal
 */
export function ownerOf(tool: object): ToolRegistry | undefined {
  return owners.get(tool);
}

/** Marks `tool` as registered by `registry` (called by `ToolRegistry.register()`). @internal */
export function setOwner(tool: object, registry: ToolRegistry): void {
  owners.set(tool, registry);
}

/**
 * Gives `copy`, a new tool object made from `original`, the registry of `original` (if any), so that statistics
 * of the copy's executions land where the original's would. Every wrapper that derives a tool must call it.
 * @internal
 */
export function carryOwner(original: object, copy: object): void {
  const owner = owners.get(original);
  if (owner !== undefined) owners.set(copy, owner);
}
