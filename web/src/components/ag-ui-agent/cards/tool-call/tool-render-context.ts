/**
 * What a per-tool renderer of `<ag-ui-agent>` gets: one call's record, with its arguments parsed as they stream and
 * its result parsed when it is JSON.
 * @module
 */
import { parsePartialJson } from '../../../../agent/partial-json.js';
import type { PendingDecision, ToolCallRecord } from '../../../../agent/types.js';
import type { ToolRenderContext, UiToolRenderContext } from '../../../../tools/index.js';
import { uiToolAnswers } from '../../../../agent/ui-tool-answers.js';
import type { CustomRenderer } from '../custom-renderer.js';

/**
 * `ToolRenderContext` with the record typed: what `renderers` and `ToolDefinition.render` are called with; for a call
 * of a UI tool (`defineUiTool`) waiting for the person, also `respond()` and `cancel()`.
 */
export interface ToolCallRenderContext<TArgs = unknown> extends ToolRenderContext<TArgs>, Pick<UiToolRenderContext<TArgs>, 'respond' | 'cancel'> {
  record: Readonly<ToolCallRecord> & Readonly<Record<string, unknown>>;
}

/** A per-tool renderer: a function of the call, or the tag name of a custom element given it as `toolCall`. */
export type ToolCallRenderer = CustomRenderer<ToolCallRenderContext>;

/**
 * The render context of a call, from its record (the page's view of it: redacted where the tool says) and the loop's
 * `decisions` (where a UI tool's question waits).
 */
export function toolRenderContext(record: ToolCallRecord, decisions: readonly PendingDecision[] = []): ToolCallRenderContext {
  const context: ToolCallRenderContext = {
    toolCallId: record.toolCallId,
    toolCallName: record.toolCallName,
    kind: record.kind,
    status: record.status,
    args: (record.args ?? parsePartialJson(record.argsText)) as ToolCallRenderContext['args'],
    argsText: record.argsText,
    result: record.result === undefined ? undefined : parseResult(record.result),
    record: record as ToolCallRenderContext['record'],
  };
  const answers = record.kind === 'frontend' && record.status === 'executing' ? uiToolAnswers(decisions, record.toolCallId) : undefined;
  if (answers) Object.assign(context, answers);
  if (record.error) {
    const { message, code, category } = record.error;
    context.error = { message, category, ...(code !== undefined && { code }) };
  }
  return context;
}

function parseResult(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
