import { InterruptSchema, MessageSchema } from '@ag-ui/core/schemas';
import { z } from 'zod';
import type { ToolCallRecord } from '../agent/types.js';
import type { ThreadSnapshot } from './thread-store.js';
import { ThreadStoreError, ThreadStoreErrorCode } from './thread-store-error.js';

/** What the loop reads of a tool-call record to restore it (the rest is optional or shown as is). */
const RestorableToolCallSchema = z.looseObject({
  toolCallId: z.string(),
  toolCallName: z.string(),
  status: z.string(),
  timing: z.looseObject({ createdAt: z.number() }),
});

/** What `readableThread()` returns. */
export interface ReadableThread {
  /** A shallow copy of the thread without what could not be read (a list that is missing is empty). */
  thread: ThreadSnapshot;
  /** Says what was left out (`code` `corrupt`, with the `threadId`); `undefined` when nothing was. */
  error?: ThreadStoreError;
}

/**
 * A stored thread as `AgentRunLoop.restore()` can take it: each message that is not an AG-UI `Message` (`@ag-ui/core`'s
 * `MessageSchema`: e.g. `null`, a number, object `content`, `toolCalls` that are not a list), each tool-call record
 * without its id, name, status and `timing.createdAt`, and each interrupt that is not an AG-UI `Interrupt` is left
 * out; the rest is kept as it was (the items are not copied nor stripped). A store returns what was written, and storage can
 * be tampered with: one bad record must not make the whole thread unreadable.
 * @example
 * ```ts
 * const saved = await store.load(threadId);
 * if (saved) {
 *   const { thread, error } = readableThread(saved);
 *   if (error) console.warn(error.message);
 *   loop.restore(thread);
 * }
 * ```
 */
export function readableThread(snapshot: ThreadSnapshot): ReadableThread {
  const messages = readable(snapshot.messages, (message) => MessageSchema.safeParse(message).success);
  const toolCalls = readable(snapshot.toolCalls, (record) => RestorableToolCallSchema.safeParse(record).success);
  const interrupts = readable(snapshot.interrupts, (interrupt) => InterruptSchema.safeParse(interrupt).success);
  const dropped = [
    [messages.dropped, 'message'],
    [toolCalls.dropped, 'tool-call record'],
    [interrupts.dropped, 'interrupt'],
  ].flatMap(([count, what]) => (count === 0 ? [] : [`${count} ${what}${count === 1 ? '' : 's'}`]));
  const thread: ThreadSnapshot = {
    ...snapshot,
    messages: messages.kept as ThreadSnapshot['messages'],
    toolCalls: toolCalls.kept as ToolCallRecord[],
    interrupts: interrupts.kept as ThreadSnapshot['interrupts'],
  };
  if (dropped.length === 0) return { thread };
  const { threadId } = snapshot;
  const error = new ThreadStoreError(
    `The thread "${threadId}" has stored records that cannot be read (${dropped.join(', ')}); they were left out`,
    ThreadStoreErrorCode.CORRUPT,
    { threadId },
  );
  return { thread, error };
}

/** The items of `list` that `fits` (none when it is not a list), and how many were left out. */
function readable(list: unknown, fits: (item: unknown) => boolean): { kept: unknown[]; dropped: number } {
  if (!Array.isArray(list)) return { kept: [], dropped: list === undefined ? 0 : 1 };
  const kept = list.filter(fits);
  return { kept, dropped: list.length - kept.length };
}
