/**
 * What a kind of transcript entry is: a file that says which messages it shows and how it renders them, plugged into
 * the table of `entry-kinds.ts`. A new kind (branches, attachments, feedback) is one such file and one table line.
 * @module
 * @internal
 */
import type { ActivityMessage, Message, ToolCall } from '@ag-ui/client';
import type { ToolCallRecord } from '../../../agent/types.js';
import type { RenderedMarkdown } from '../../../internal/markdown.js';
import type { RenderErrorCode } from './entry-error.js';

/** What every transcript entry has: its kind (a key of the table) and a stable id (its message's). */
export interface TranscriptEntry {
  kind: string;
  id: string;
}

/** The Copy button of a finished assistant message: its label (`Copy`, then `Copied` or `Copy failed`) and handler. */
export interface CopyButton {
  label: 'Copy' | 'Copied' | 'Copy failed';
  onCopy: (messageId: string) => void;
}

/** What an entry's render function gets from the transcript, once per frame. */
export interface EntryContext {
  /** Whether the run may still write entry `id` (the last entry while a run is in progress). */
  streaming(id: string): boolean;
  /**
   * The markdown of message `id`, advanced within the frame's time budget (the rest follows in later frames).
   * @param content - reads the message's current text
   */
  markdown(id: string, content: () => string, streaming: boolean): RenderedMarkdown;
  /** The thread's tool call records, by `toolCallId`. */
  records: ReadonlyMap<string, ToolCallRecord> | undefined;
  /** How many tool call cards message `id` shows (its newest; more after "Show more"). */
  toolCardLimit(id: string): number;
  /** The card of one tool call. */
  renderCard(toolCall: ToolCall): unknown;
  /** "Show more" of a message's hidden tool calls (the event's target is inside the message). */
  onShowEarlierToolCalls(event: Event): void;
  /** The Copy button of message `id`. */
  copyButton(id: string): CopyButton;
  /** An activity message, as the activity cards render it. */
  renderActivity(message: ActivityMessage): unknown;
  /** Entry `id` could not be rendered (fully): reported once per entry and code (`ag-ui-render-error`). */
  renderFailed(id: string, code: RenderErrorCode, message: string): void;
}

/** One kind of transcript entry: which messages it shows, and how. */
export interface EntryKind<Entry extends TranscriptEntry> {
  /** The entry of `message`, or `undefined` when this kind does not show it. */
  fromMessage(message: Message): Entry | undefined;
  /** The entry's DOM (a keyed item of the transcript list). */
  render(entry: Entry, context: EntryContext): unknown;
}
