import { html, type TemplateResult } from 'lit';
import type { ToolDecision } from '../../tools/tool-policy.js';
import type { CircuitState, JSONSchema, RegisteredTool, ToolStats } from '../../tools/types.js';
import type { ToolCallStats } from './tool-call-stats.js';

/** What the policy says of a tool with no arguments at hand; `per_call` when its own rule looks at the arguments. */
export type ToolDecisionView = ToolDecision | 'per_call';

/** One tool as the Tools panel shows it. */
export interface ToolView {
  tool: RegisteredTool;
  /** Its JSON Schema, as the model sees it. */
  schema: JSONSchema;
  /** `own`: registered in the bound registry; `inherited`: its parent's (page-wide). */
  scope: 'own' | 'inherited';
  /** Where it comes from: `page`, `MCP: <server>` or `WebMCP`. */
  source: string;
  decision: ToolDecisionView;
  /** The registry's statistics. */
  stats: ToolStats;
  /** What the inspector derived from the calls it saw. */
  calls: ToolCallStats;
  circuit: CircuitState;
}

export interface ToolsPanelHandlers {
  onResetCircuit(toolName: string): void;
  onTry(toolName: string): void;
}

const DECISION_LABELS: Record<ToolDecisionView, string> = {
  allow: 'allowed',
  require_approval: 'needs approval',
  deny: 'denied',
  per_call: 'approval per call',
};

/** A duration in ms for the panels: whole ms, or `–` when unknown. */
export function formatMs(ms: number | undefined): string {
  return ms === undefined ? '–' : `${Math.round(ms)} ms`;
}

function renderFailures(byCategory: Record<string, number>): string {
  const entries = Object.entries(byCategory);
  return entries.length === 0 ? 'none' : entries.map(([category, count]) => `${category} ${count}`).join(', ');
}

function renderTool(view: ToolView, handlers: ToolsPanelHandlers): TemplateResult {
  const { tool, stats, calls } = view;
  // No heading: the page around the inspector owns the outline, and its level is not ours to guess.
  return html`<li part="tool" data-tool=${tool.name}>
      <div part="tool-header">
        <code part="tool-name">${tool.name}</code>
        <span part="badge effect" data-effect=${tool.effect}>${tool.effect}</span>
        <span part="badge decision" data-decision=${view.decision}>${DECISION_LABELS[view.decision]}</span>
        <span part="badge source">${view.source}${view.scope === 'inherited' ? ' (page-wide)' : ''}</span>
      </div>
      <p part="tool-description">${tool.description}</p>
      <dl part="stats">
        <div><dt>Calls</dt><dd data-stat="calls">${stats.executionCount}</dd></div>
        <div><dt>Succeeded</dt><dd data-stat="succeeded">${stats.successCount}</dd></div>
        <div><dt>Failed</dt><dd data-stat="failed">${stats.failureCount + stats.uncertainCount}</dd></div>
        <div><dt>Cancelled</dt><dd data-stat="cancelled">${stats.cancelledCount}</dd></div>
        <div><dt>Retries</dt><dd data-stat="retries">${calls.retries}</dd></div>
        <div><dt>p50</dt><dd data-stat="p50">${formatMs(calls.p50Ms)}</dd></div>
        <div><dt>p95</dt><dd data-stat="p95">${formatMs(calls.p95Ms)}</dd></div>
        <div><dt>Failures by category</dt><dd data-stat="failures">${renderFailures(calls.failuresByCategory)}</dd></div>
      </dl>
      <div part="circuit">
        <span>Circuit: <strong part="circuit-state" data-state=${view.circuit}>${view.circuit}</strong></span>
        <button
          type="button"
          part="button reset-circuit"
          ?disabled=${view.circuit === 'closed'}
          aria-label=${`Reset the circuit of ${tool.name}`}
          @click=${() => handlers.onResetCircuit(tool.name)}
        >
          Reset
        </button>
        <button type="button" part="button try" aria-label=${`Try it: ${tool.name}`} @click=${() => handlers.onTry(tool.name)}>
          Try it
        </button>
      </div>
      <details part="schema">
        <summary>JSON Schema</summary>
        <pre part="code">${JSON.stringify(view.schema, null, 2)}</pre>
      </details>
  </li>`;
}

/** The Tools panel: every tool of the bound registry (own, then the parent's), or why there is none. */
export function renderToolsPanel(views: readonly ToolView[] | undefined, handlers: ToolsPanelHandlers): TemplateResult {
  if (views === undefined) {
    return html`<p part="empty">Not bound: set <code>for</code> to the id of an <code>&lt;ag-ui-agent&gt;</code>, or set <code>registry</code>.</p>`;
  }
  if (views.length === 0) return html`<p part="empty">No tools registered.</p>`;
  return html`<ul part="tools" aria-label="Tools">
    ${views.map((view) => renderTool(view, handlers))}
  </ul>`;
}
