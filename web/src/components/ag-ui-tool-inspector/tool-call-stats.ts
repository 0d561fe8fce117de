import type { InspectorCall } from './call-log.js';

/** What the inspector derives from the calls it saw of one tool (what `ToolRegistry.getStats()` does not keep). */
export interface ToolCallStats {
  /** Finished calls seen. */
  finished: number;
  /** Failed and uncertain calls by error category (`transient`, `timeout`, `validation`, ...). */
  failuresByCategory: Record<string, number>;
  /** Retries: attempts beyond the first, summed over the calls. */
  retries: number;
  /** Median duration of the finished calls, in ms; `undefined` when none finished. */
  p50Ms: number | undefined;
  /** 95th percentile duration, in ms (nearest rank); `undefined` when none finished. */
  p95Ms: number | undefined;
}

/** The nearest-rank percentile `p` (0-100) of ascending `sorted` values; `undefined` for none. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Statistics of calls (of one tool). */
export function toolCallStats(calls: Iterable<InspectorCall>): ToolCallStats {
  const durations: number[] = [];
  const failuresByCategory: Record<string, number> = {};
  let retries = 0;
  for (const { execution } of calls) {
    retries += Math.max(0, execution.retry.attemptNumber - 1);
    const duration = execution.timing.duration;
    if (duration === undefined) continue;
    durations.push(duration);
    if (execution.error && execution.status !== 'cancelled') {
      const category = execution.error.category;
      failuresByCategory[category] = (failuresByCategory[category] ?? 0) + 1;
    }
  }
  durations.sort((a, b) => a - b);
  return {
    finished: durations.length,
    failuresByCategory,
    retries,
    p50Ms: percentile(durations, 50),
    p95Ms: percentile(durations, 95),
  };
}

/** Calls grouped by tool name (one pass). */
export function callsByTool(calls: Iterable<InspectorCall>): Map<string, InspectorCall[]> {
  const groups = new Map<string, InspectorCall[]>();
  for (const call of calls) {
    const name = call.execution.toolName;
    let group = groups.get(name);
    if (!group) groups.set(name, (group = []));
    group.push(call);
  }
  return groups;
}
