/**
 * An activity message (AG-UI `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`) in the transcript; its card is the activity
 * cards' (`cards/activity/`), loaded on the first one.
 * @module
 * @internal
 */
import type { ActivityMessage } from '@ag-ui/client';
import type { EntryKind } from '../entry-kind.js';

/** The entry of an activity message. */
export interface ActivityEntry {
  kind: 'activity';
  id: string;
  message: ActivityMessage;
}

/** Activity messages, as their activity card. */
export const activityEntry: EntryKind<ActivityEntry> = {
  fromMessage: (message) => (message.role === 'activity' ? { kind: 'activity', id: message.id, message } : undefined),
  render: (entry, context) => context.renderActivity(entry.message),
};
