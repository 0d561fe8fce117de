/**
 * Activity messages in `<ag-ui-agent>`'s transcript (`render-activity.ts`, the A2UI entries of
 * `../a2ui/a2ui-activity.ts`, their styles), the entry of a chunk loaded when the transcript first holds an activity:
 * most agents never send one.
 * @module
 * @internal
 */
import { activityStyles } from './render-activity.styles.js';

export { renderActivity } from './render-activity.js';
export { A2uiActivities } from '../a2ui/a2ui-activity.js';

/** Adopted into the element's shadow root on load (`LazyParts`). */
export const styles = [activityStyles];
