/**
 * A user message in the transcript: plain text (never markdown: it is the person's literal words).
 * @module
 * @internal
 */
import { html } from 'lit';
import { contentText } from '../../../../agent/tool-results.js';
import type { EntryKind } from '../entry-kind.js';

/** The entry of a user message. */
export interface UserEntry {
  kind: 'user';
  id: string;
  text: string;
}

/** User messages, as plain text. */
export const userEntry: EntryKind<UserEntry> = {
  fromMessage: (message) => (message.role === 'user' ? { kind: 'user', id: message.id, text: contentText(message.content) } : undefined),
  render: (entry) => html`<div part="message message-user" class="message user" data-message-id=${entry.id}>
    <span class="visually-hidden">You said:</span>
    <div part="message-content" class="message-content plain">${entry.text}</div>
  </div>`,
};
