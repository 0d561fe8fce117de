/**
 * Which tool calls of one agent message `<ag-ui-agent>` shows as cards: a message may hold thousands of calls, and a
 * card per call (~11 nodes) made frames of 70-120 ms at 1,000 calls. The transcript's own window counts messages, so
 * it does not bound this; this does, per message.
 * @module
 * @internal
 */
import type { ToolCallStatus } from '../../../agent/types.js';

/** Cards an agent message shows before the reader asks for more (its newest calls). */
export const TOOL_CARDS_SHOWN = 50;
/** Cards added by each "Show more" of a message's earlier tool calls. */
export const TOOL_CARDS_PAGE = 50;

/** The calls of a message to show, and those left out (in order). */
export interface ToolCardsWindow<T> {
  shown: readonly T[];
  hidden: readonly T[];
}

/**
 * The newest `limit` of `calls`, plus every older call for which `needsReader` holds (a call waiting for the
 * reader's approval is never left out: its card is where the reader answers it), in their order; the rest hidden.
 * O(calls) when over the limit, O(1) otherwise.
 * @param limit - how many of the newest calls to show (>= 0)
 */
export function windowToolCalls<T>(calls: readonly T[], limit: number, needsReader: (call: T) => boolean): ToolCardsWindow<T> {
  if (calls.length <= limit) return { shown: calls, hidden: [] };
  const first = calls.length - limit;
  const shown: T[] = [];
  const hidden: T[] = [];
  for (let i = 0; i < first; i++) {
    const call = calls[i]!;
    (needsReader(call) ? shown : hidden).push(call);
  }
  for (let i = first; i < calls.length; i++) shown.push(calls[i]!);
  return { shown, hidden };
}

/** How a hidden call counts in the summary of a message's hidden calls (by the status its card would show). */
const GROUPS: Readonly<Record<ToolCallStatus, Group>> = {
  streaming: 'pending',
  pending: 'pending',
  validating: 'running',
  executing: 'running',
  awaiting_approval: 'waiting for approval',
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
  uncertain: 'may have completed',
  unanswered: 'without a result',
};
type Group =
  | 'running'
  | 'pending'
  | 'waiting for approval'
  | 'succeeded'
  | 'failed'
  | 'may have completed'
  | 'cancelled'
  | 'without a result';
const GROUP_ORDER: readonly Group[] = [
  'running',
  'pending',
  'waiting for approval',
  'succeeded',
  'failed',
  'may have completed',
  'cancelled',
  'without a result',
];

/**
 * What the hidden calls of a message are doing, e.g. `10 running, 940 succeeded` (groups in that order: running,
 * pending, waiting for approval, succeeded, failed, may have completed, cancelled, without a result; empty groups
 * left out). O(hidden).
 * @param statusOf - the status its card would show
 */
export function hiddenToolCallsSummary<T>(hidden: readonly T[], statusOf: (call: T) => ToolCallStatus): string {
  const counts = new Map<Group, number>();
  for (const call of hidden) {
    const group = GROUPS[statusOf(call)] ?? 'pending';
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return GROUP_ORDER.filter((group) => counts.has(group))
    .map((group) => `${counts.get(group)} ${group}`)
    .join(', ');
}
