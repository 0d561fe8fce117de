import type { ToolPolicy } from '../src/tools/index.js';

/**
 * The demo page's tool policy: data, given to the element's `policy` property. The defaults ask a person before
 * every `state_change` or `external_side_effect` call, so `edit_note` shows the approval card; the background is
 * harmless and undone in a click, so a per-tool decision lets `change_background` run without asking. Budgets bound
 * every tool's runtime and the size of what it sends back to the agent; `pick_color` waits for a person, so its own
 * bound is ten minutes.
 */
export const demoPolicy: ToolPolicy = {
  requireApprovalForEffects: ['state_change', 'external_side_effect'],
  tools: { change_background: { decision: 'allow' }, pick_color: { maxRuntimeMs: 600_000 } },
  budgets: { maxRuntimeMs: 10_000, maxResultBytes: 16_384 },
};
