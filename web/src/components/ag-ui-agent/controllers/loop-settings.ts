/**
 * The loop settings `<ag-ui-agent>` takes from its properties (`max-tool-iterations`, `stream-idle-timeout`,
 * `unknown-tools`, `context`, `forwardedProps`): checked (a bad value is replaced by the default with a console
 * warning), given to a new loop, and applied to the current one when they change.
 * @module
 * @internal
 */
import type { Context } from '@ag-ui/client';
import { DEFAULT_STREAM_IDLE_TIMEOUT_MS, type AgentRunLoop } from '../../../agent/agent-run-loop.js';
import type { AgentRunLoopOptions, UnknownToolsMode } from '../../../agent/types.js';

/** The element properties the settings come from (as a page set them: anything). */
export interface LoopSettingsSource {
  maxToolIterations: number;
  streamIdleTimeoutMs: number;
  unknownTools: UnknownToolsMode;
  context: Context[];
  forwardedProps: Record<string, unknown> | undefined;
}

/** The settings of a new loop. */
export type LoopSettings = Pick<AgentRunLoopOptions, 'maxToolIterations' | 'streamIdleTimeoutMs' | 'unknownTools' | 'context' | 'forwardedProps'>;

/** The checked settings of `source`, for `new AgentRunLoop({ agent, registry, ...loopSettings(source) })`. */
export function loopSettings(source: LoopSettingsSource): LoopSettings {
  return {
    maxToolIterations: validMaxToolIterations(source.maxToolIterations),
    streamIdleTimeoutMs: validStreamIdleTimeout(source.streamIdleTimeoutMs),
    unknownTools: validUnknownTools(source.unknownTools),
    context: Array.isArray(source.context) ? source.context : [],
    ...(source.forwardedProps ? { forwardedProps: source.forwardedProps } : {}),
  };
}

/** Applies to `loop` the settings whose property is in `changed` (a Lit `PropertyValues`). */
export function applyLoopSettings(loop: AgentRunLoop, source: LoopSettingsSource, changed: ReadonlyMap<PropertyKey, unknown>): void {
  if (changed.has('maxToolIterations')) loop.maxToolIterations = validMaxToolIterations(source.maxToolIterations);
  if (changed.has('streamIdleTimeoutMs')) loop.streamIdleTimeoutMs = validStreamIdleTimeout(source.streamIdleTimeoutMs);
  if (changed.has('unknownTools')) loop.unknownTools = validUnknownTools(source.unknownTools);
  if (changed.has('context')) loop.context = Array.isArray(source.context) ? source.context : [];
  if (changed.has('forwardedProps')) loop.forwardedProps = source.forwardedProps;
}

function validMaxToolIterations(value: number): number {
  if (Number.isInteger(value) && value >= 0) return value;
  console.warn(`<ag-ui-agent>: "max-tool-iterations" must be an integer >= 0, got ${String(value)}; using 5.`);
  return 5;
}

function validStreamIdleTimeout(value: number): number {
  if (value === Infinity || (Number.isFinite(value) && value >= 0)) return value;
  console.warn(`<ag-ui-agent>: "stream-idle-timeout" must be a number of ms >= 0, got ${String(value)}; using ${DEFAULT_STREAM_IDLE_TIMEOUT_MS}.`);
  return DEFAULT_STREAM_IDLE_TIMEOUT_MS;
}

function validUnknownTools(value: UnknownToolsMode): UnknownToolsMode {
  if (value === 'answer' || value === 'ignore') return value;
  console.warn(`<ag-ui-agent>: "unknown-tools" must be "ignore" or "answer", got ${String(value)}; using "ignore".`);
  return 'ignore';
}
