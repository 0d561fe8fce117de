/**
 * A reasoning message in the transcript, collapsed in a `<details>` (plain text); "Thinking…" while it streams.
 * @module
 * @internal
 */
import { html } from 'lit';
import type { ReasoningMessage } from '@ag-ui/client';
import type { EntryKind } from '../entry-kind.js';

/** The entry of a reasoning message (empty ones are not shown). */
export interface ReasoningEntry {
  kind: 'reasoning';
  id: string;
  message: ReasoningMessage;
}

/** Reasoning messages, collapsed. */
export const reasoningEntry: EntryKind<ReasoningEntry> = {
  fromMessage: (message) =>
    message.role === 'reasoning' && message.content !== '' ? { kind: 'reasoning', id: message.id, message } : undefined,
  render: (entry, context) => html`<details part="reasoning" class="message reasoning" data-message-id=${entry.id}>
    <summary part="reasoning-summary">${context.streaming(entry.id) ? 'Thinking…' : 'Reasoning'}</summary>
    <div part="reasoning-content" class="reasoning-content plain">${entry.message.content}</div>
  </details>`,
};
