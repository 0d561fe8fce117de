/**
 * The table of transcript entry kinds: entry kind -> the file that builds and renders it. A new kind of entry is one
 * file (an `EntryKind`, see `entry-kind.ts`) and one line here; `TranscriptItem` follows from the table.
 * @module
 * @internal
 */
import type { EntryKind, TranscriptEntry } from './entry-kind.js';
import { activityEntry } from './entries/activity-entry.js';
import { assistantEntry } from './entries/assistant-entry.js';
import { reasoningEntry } from './entries/reasoning-entry.js';
import { userEntry } from './entries/user-entry.js';

/** Every kind of transcript entry, by its `kind`. A message is shown by the first kind (in this order) that takes it. */
export const ENTRY_KINDS = {
  user: userEntry,
  assistant: assistantEntry,
  reasoning: reasoningEntry,
  activity: activityEntry,
} as const;

/** The entry type of an `EntryKind`. */
type EntryOf<Kind> = Kind extends EntryKind<infer Entry extends TranscriptEntry> ? Entry : never;

/** One entry of the transcript, of any kind of the table. */
export type TranscriptItem = { [K in keyof typeof ENTRY_KINDS]: EntryOf<(typeof ENTRY_KINDS)[K]> }[keyof typeof ENTRY_KINDS];
