/**
 * The cards of tool calls that did not come from the agent (`ToolCallRecord.origin`: a browser's agent through
 * WebMCP). They belong to no message, so they show in a section of their own below the transcript.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ToolCall } from '@ag-ui/client';
import type { ToolCallRecord } from '../../../../agent/types.js';
import { repeat } from '../../../../internal/repeat.js';

/** How many of the latest such calls show (older ones stay in `toolCalls`). */
export const EXTERNAL_CALLS_SHOWN = 20;

/** What each origin is called in the section's heading. */
const ORIGIN_LABELS: Readonly<Record<string, string>> = { webmcp: "Called by the browser's agent (WebMCP)" };

/**
 * The section of external calls, or nothing when there are none.
 * @param card - renders one call's card, given the call as a message would hold it
 */
export function renderExternalCalls(
  records: ReadonlyMap<string, ToolCallRecord> | undefined,
  card: (toolCall: ToolCall, record: ToolCallRecord) => unknown,
): TemplateResult | typeof nothing {
  if (!records || records.size === 0) return nothing;
  const external: ToolCallRecord[] = [];
  for (const record of records.values()) if (record.origin !== undefined) external.push(record);
  if (external.length === 0) return nothing;
  const shown = external.slice(-EXTERNAL_CALLS_SHOWN);
  const origins = new Set(shown.map((record) => record.origin!));
  const heading = origins.size === 1 ? (ORIGIN_LABELS[[...origins][0]!] ?? 'Called from outside the conversation') : 'Called from outside the conversation';
  return html`<section part="external-tool-calls" class="external-tool-calls" aria-label=${heading}>
    <h3 part="external-tool-calls-heading" class="external-tool-calls-heading">${heading}</h3>
    <div part="tool-calls" class="tool-calls">
      ${repeat(shown, (record) => record.toolCallId, (record) => {
        const toolCall: ToolCall = { id: record.toolCallId, type: 'function', function: { name: record.toolCallName, arguments: record.argsText } };
        return card(toolCall, record);
      })}
    </div>
  </section>`;
}
