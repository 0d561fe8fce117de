import type { Message } from '@ag-ui/client';

/** The longest derived thread title, in characters (UTF-16 code units). */
export const MAX_THREAD_TITLE_LENGTH = 80;

/**
 * A thread's title when the caller set none: the text of its first user message with whitespace collapsed, cut to
 * `MAX_THREAD_TITLE_LENGTH` characters (ending in `…` when cut); `''` when there is no user text.
 */
export function deriveThreadTitle(messages: readonly Message[]): string {
  const first = messages.find((message) => message.role === 'user');
  if (!first) return '';
  const content: unknown = first.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((part: { type?: string; text?: string }) => (part?.type === 'text' ? (part.text ?? '') : '')).join(' ')
        : '';
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MAX_THREAD_TITLE_LENGTH ? line : `${line.slice(0, MAX_THREAD_TITLE_LENGTH - 1).trimEnd()}…`;
}

/** Orders summaries newest `updatedAt` first (then newest `createdAt`, then by `threadId`, so the order is total). */
export function compareNewestFirst(a: { threadId: string; createdAt: number; updatedAt: number }, b: typeof a): number {
  return b.updatedAt - a.updatedAt || b.createdAt - a.createdAt || (a.threadId < b.threadId ? -1 : a.threadId > b.threadId ? 1 : 0);
}
