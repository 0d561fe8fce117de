/**
 * What the inspector's Tools panel shows of a registry's tools: each tool with its JSON Schema, whether it is the
 * registry's own or inherited, where it comes from, what the policy decides before any arguments, its statistics,
 * its calls in the log and its circuit.
 * @module
 * @internal
 */
import { z } from 'zod';
import type { ToolExecutionManager } from '../../tools/tool-execution-manager.js';
import { parseToolId } from '../../tools/tool-namespace.js';
import { decide, isToolDenied } from '../../tools/tool-policy.js';
import type { ToolRegistry } from '../../tools/tool-registry.js';
import type { JSONSchema, RegisteredTool } from '../../tools/types.js';
import type { InspectorCall } from './call-log.js';
import type { ToolDecisionView, ToolView } from './render-tools.js';
import { callsByTool, toolCallStats } from './tool-call-stats.js';

/** The views of `registry`'s tools, with the statistics of `calls` (the log's entries) and `manager`'s circuits. */
export function toolViews(registry: ToolRegistry, manager: ToolExecutionManager, calls: readonly InspectorCall[]): ToolView[] {
  const schemas = toolSchemas(registry);
  const groups = callsByTool(calls);
  const own = (tool: RegisteredTool) => registry.parent?.get(tool.name) !== tool;
  return registry.all.map((tool) => ({
    tool,
    schema: schemas.get(tool.name) ?? {},
    scope: own(tool) ? 'own' : 'inherited',
    source: sourceOf(tool.name),
    decision: decisionView(registry, tool),
    stats: registry.getStats(tool.name),
    calls: toolCallStats(groups.get(tool.name) ?? []),
    circuit: manager.getCircuitState(tool.name),
  }));
}

/** What the policy says of a tool before any arguments are known. */
function decisionView(registry: ToolRegistry, tool: RegisteredTool): ToolDecisionView {
  const policy = registry.policy;
  if (isToolDenied({ policy, tool }, tool.name)) return 'deny';
  if (typeof tool.requiresApproval === 'function' && policy.tools?.[tool.name]?.decision === undefined) return 'per_call';
  return decide({ policy, tool }, tool.name, tool.effect, undefined);
}

/**
 * The JSON Schemas of a registry's tools: what `toAgUiTools()` offers the model; for a tool it does not offer (denied
 * by the policy) or cannot convert (then `toAgUiTools()` throws for all), Zod's conversion with the same options, or
 * `{}` when that fails too. Never throws: one bad schema must not blank the inspector.
 */
export function toolSchemas(registry: ToolRegistry): Map<string, JSONSchema> {
  const schemas = new Map<string, JSONSchema>();
  try {
    for (const tool of registry.toAgUiTools()) schemas.set(tool.name, tool.parameters);
  } catch {
    // Converted one by one below.
  }
  for (const tool of registry.all) {
    if (schemas.has(tool.name)) continue;
    try {
      const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema;
      schemas.set(tool.name, schema);
    } catch {
      schemas.set(tool.name, {});
    }
  }
  return schemas;
}

/** Where a tool comes from, by its name: `mcp__<server>__<tool>` (an MCP server), `webmcp__<tool>` (WebMCP), else the page. */
function sourceOf(name: string): string {
  if (name.startsWith('webmcp__')) return 'WebMCP';
  const parsed = parseToolId(name);
  return parsed?.namespace === 'mcp' ? `MCP: ${parsed.server}` : 'page';
}
