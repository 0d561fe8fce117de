/**
 * What the transcript of `<ag-ui-agent>` shows, derived from the AG-UI message list through the table of entry kinds
 * (`entry-kinds.ts`), and how an entry renders. Render functions (not elements), so that every part lives in the
 * element's own shadow root.
 * @module
 * @internal
 */
import type { Message } from '@ag-ui/client';
import type { EntryContext, EntryKind } from './entry-kind.js';
import { errorText } from '../../../internal/error-text.js';
import { renderFailedEntry, RenderErrorCode } from './entry-error.js';
import { ENTRY_KINDS, type TranscriptItem } from './entry-kinds.js';

export type { TranscriptItem };

/** The transcript of a message list. */
export interface Transcript {
  items: TranscriptItem[];
}

const KINDS = Object.values(ENTRY_KINDS) as readonly EntryKind<TranscriptItem>[];

/**
 * Builds the transcript: each message as the entry of the first kind that takes it (user, assistant text and tool
 * calls, reasoning, activity), in order. System, developer and tool messages are not entries (a tool message's call
 * shows its record in its card); empty assistant and reasoning messages are skipped. O(messages × kinds).
 */
export function buildTranscript(messages: readonly Message[]): Transcript {
  const items: TranscriptItem[] = [];
  for (const message of messages) {
    for (const kind of KINDS) {
      const item = kind.fromMessage(message);
      if (item) {
        items.push(item);
        break;
      }
    }
  }
  return { items };
}

/**
 * An entry's DOM, by its kind's render function. One that throws is contained: the entry shows a notice in its place
 * (`renderFailedEntry`), reported through `context.renderFailed`, and the other entries render.
 */
export function renderEntry(item: TranscriptItem, context: EntryContext): unknown {
  try {
    return (ENTRY_KINDS[item.kind] as EntryKind<TranscriptItem>).render(item, context);
  } catch (cause) {
    context.renderFailed(item.id, RenderErrorCode.ENTRY_RENDER_FAILED, errorText(cause));
    return renderFailedEntry(item.id);
  }
}
