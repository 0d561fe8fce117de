/**
 * An assistant message in the transcript: its markdown (see `markdown-view.ts`), a Copy button once it is written,
 * and its tool call cards: the newest `TOOL_CARDS_SHOWN` and any waiting for approval, after a row that stands for
 * the calls left out (see `tool-cards-window.ts`). Every HTML string here comes from `internal/markdown.ts`, i.e. from
 * DOMPurify.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantMessage } from '@ag-ui/client';
import { repeat } from '../../../../internal/repeat.js';
import type { CopyButton, EntryContext, EntryKind } from '../entry-kind.js';
import { renderReplyText } from '../markdown-view.js';
import { hiddenToolCallsSummary, TOOL_CARDS_PAGE, windowToolCalls } from '../tool-cards-window.js';

/** The entry of an assistant message with text or tool calls (empty ones are not shown). */
export interface AssistantEntry {
  kind: 'assistant';
  id: string;
  message: AssistantMessage;
}

/** Assistant messages: markdown, Copy, tool call cards. */
export const assistantEntry: EntryKind<AssistantEntry> = {
  fromMessage: (message) =>
    message.role === 'assistant' && ((message.content ?? '') !== '' || (message.toolCalls?.length ?? 0) > 0)
      ? { kind: 'assistant', id: message.id, message }
      : undefined,
  render: renderAssistantEntry,
};

function renderAssistantEntry(entry: AssistantEntry, context: EntryContext): TemplateResult {
  const { records } = context;
  const streaming = context.streaming(entry.id);
  const content = entry.message.content ?? '';
  const markdown = content === '' ? undefined : context.markdown(entry.id, () => entry.message.content ?? '', streaming);
  const { shown, hidden } = windowToolCalls(
    entry.message.toolCalls ?? [],
    context.toolCardLimit(entry.id),
    (toolCall) => records?.get(toolCall.id)?.status === 'awaiting_approval',
  );
  // Keyed: a card's DOM stays with its call when the window over the calls moves.
  const cards = repeat(shown, (toolCall) => toolCall.id, (toolCall) => context.renderCard(toolCall));
  const hiddenRow =
    hidden.length === 0
      ? nothing
      : renderHiddenToolCalls(hidden.length, hiddenToolCallsSummary(hidden, (toolCall) => records?.get(toolCall.id)?.status ?? 'unanswered'), context);
  // No Copy while the reply is still being written.
  const copy = streaming ? undefined : context.copyButton(entry.id);
  const text = markdown ? renderReplyText(content, markdown, streaming) : undefined;
  return renderAssistantMessage(entry, text, { cards, count: shown.length, hidden: hiddenRow }, copy);
}

/** The message's box: its text (`renderReplyText`), Copy, and the list of its tool call cards (`hidden` first). */
function renderAssistantMessage(
  entry: AssistantEntry,
  text: TemplateResult | undefined,
  toolCards: { cards: unknown; count: number; hidden: unknown },
  copy: CopyButton | undefined,
): TemplateResult {
  return html`<div part="message message-assistant" class="message assistant" data-message-id=${entry.id}>
    <span class="visually-hidden">Assistant said:</span>
    ${text ?? nothing}
    ${text && copy ? renderCopyButton(entry.id, copy) : nothing}
    ${toolCards.count > 0 ? html`<div part="tool-calls" class="tool-calls">${toolCards.hidden}${toolCards.cards}</div>` : nothing}
  </div>`;
}

function renderCopyButton(messageId: string, copy: CopyButton): TemplateResult {
  return html`<button part="message-copy" class="message-copy" type="button" @click=${() => copy.onCopy(messageId)}>
    ${copy.label}
  </button>`;
}

/** The row that stands for a message's `count` hidden tool calls: what they are doing, and "Show more". */
function renderHiddenToolCalls(count: number, summary: string, context: EntryContext): TemplateResult {
  const more = Math.min(count, TOOL_CARDS_PAGE);
  return html`<div part="tool-calls-hidden" class="tool-calls-hidden">
    <span part="tool-calls-hidden-summary" class="tool-calls-hidden-summary"
      >${count} earlier tool ${count === 1 ? 'call' : 'calls'}: ${summary}</span
    >
    <button
      part="load-earlier-tool-calls"
      class="load-earlier-tool-calls"
      type="button"
      aria-label="Show ${more} more tool ${more === 1 ? 'call' : 'calls'}"
      @click=${context.onShowEarlierToolCalls}
    >
      Show ${more} more
    </button>
  </div>`;
}
