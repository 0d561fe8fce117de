/**
 * Activity messages (AG-UI `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`) in the transcript: a page's renderer for the
 * activity's type, else a readable default: a plan (title and steps with their status) when the content has `steps`,
 * otherwise the title and a compact view of the content.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ActivityMessage } from '@ag-ui/client';
import { findRenderer, renderCustom, type CustomRenderer, type RenderedElements } from '../custom-renderer.js';
import { PAYLOAD_PREVIEW_CHARS } from '../tool-call/render-tool-payload.js';
import { A2UI_ACTIVITY_TYPE, type A2uiActivities } from '../a2ui/a2ui-activity.js';

/** What an activity renderer gets (`activityRenderers`): the activity message's id, type and current content. */
export interface ActivityView {
  messageId: string;
  activityType: string;
  content: Record<string, unknown>;
}

/** An activity renderer: a function of the activity, or the tag name of a custom element given it as `activity`. */
export type ActivityRenderer = CustomRenderer<ActivityView>;

/** Step statuses the default view knows, with the word it shows and its mark. */
const STEP_STATUSES: Readonly<Record<string, { label: string; mark: string }>> = {
  pending: { label: 'To do', mark: '○' },
  in_progress: { label: 'In progress', mark: '◐' },
  running: { label: 'In progress', mark: '◐' },
  active: { label: 'In progress', mark: '◐' },
  completed: { label: 'Done', mark: '●' },
  complete: { label: 'Done', mark: '●' },
  done: { label: 'Done', mark: '●' },
  failed: { label: 'Failed', mark: '✕' },
  error: { label: 'Failed', mark: '✕' },
  skipped: { label: 'Skipped', mark: '–' },
  cancelled: { label: 'Cancelled', mark: '–' },
};

/**
 * An activity entry: the page's renderer for its type when there is one, else an A2UI surface (`a2ui-surface`, with
 * `a2ui`), else the default view.
 */
export function renderActivity(
  message: ActivityMessage,
  renderers: Readonly<Record<string, ActivityRenderer>> | undefined,
  elements: RenderedElements,
  a2ui?: A2uiActivities,
): TemplateResult {
  const view: ActivityView = { messageId: message.id, activityType: message.activityType, content: message.content ?? {} };
  const renderer = findRenderer(renderers, view.activityType);
  const custom = renderer ? renderCustom(renderer, view, message.id, 'activity', elements, 'activity') : undefined;
  return html`<section
    part="activity activity-${partName(view.activityType)}"
    class="message activity"
    data-message-id=${message.id}
    data-activity-type=${view.activityType}
    aria-label=${titleOf(view)}
  >
    ${custom?.ok
      ? custom.output
      : html`${custom ? custom.error : nothing}${!custom && a2ui && view.activityType === A2UI_ACTIVITY_TYPE ? a2ui.render(view) : renderDefaultActivity(view)}`}
  </section>`;
}

/** The default view: a plan when the content has `steps`, else its title and content. */
function renderDefaultActivity(view: ActivityView): TemplateResult {
  const steps = Array.isArray(view.content.steps) ? (view.content.steps as unknown[]) : undefined;
  const title = titleOf(view);
  if (steps) {
    const done = steps.filter((step) => ['completed', 'complete', 'done'].includes(stepStatus(step))).length;
    return html`<p part="activity-title" class="activity-title">${title}
        <span part="activity-progress" class="activity-progress">${done} of ${steps.length} done</span></p>
      <ol part="activity-steps" class="activity-steps">
        ${steps.map((step) => {
          const status = stepStatus(step);
          const known = STEP_STATUSES[status];
          return html`<li part="activity-step activity-step-${partName(status || 'pending')}" class="activity-step" data-status=${status}>
            <span class="activity-step-mark" aria-hidden="true">${known?.mark ?? '○'}</span>
            <span part="activity-step-text" class="activity-step-text">${stepText(step)}</span>
            ${status ? html`<span part="activity-step-status" class="activity-step-status">${known?.label ?? status}</span>` : nothing}
          </li>`;
        })}
      </ol>`;
  }
  const rest = Object.fromEntries(Object.entries(view.content).filter(([key]) => key !== 'title'));
  const text = Object.keys(rest).length === 0 ? '' : JSON.stringify(rest, null, 2);
  // Bounded like a tool card's payload: an activity's content is the agent's, of any size.
  const shown = text.length > PAYLOAD_PREVIEW_CHARS ? `${text.slice(0, PAYLOAD_PREVIEW_CHARS)}…` : text;
  return html`<p part="activity-title" class="activity-title">${title}</p>
    ${text === '' ? nothing : html`<pre part="activity-content" class="activity-content">${shown}</pre>`}`;
}

function titleOf(view: ActivityView): string {
  const title = view.content.title;
  if (typeof title === 'string' && title.trim() !== '') return title;
  return view.activityType === A2UI_ACTIVITY_TYPE ? 'Interface' : humanize(view.activityType);
}

function stepStatus(step: unknown): string {
  const status = typeof step === 'object' && step !== null ? (step as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? status.toLowerCase() : '';
}

function stepText(step: unknown): string {
  if (typeof step === 'string') return step;
  if (typeof step !== 'object' || step === null) return String(step);
  for (const key of ['title', 'description', 'label', 'name', 'text']) {
    const value = (step as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return JSON.stringify(step);
}

/** `PLAN` -> `Plan`, `search_results` -> `Search results`. */
function humanize(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words === '' ? 'Activity' : words[0]!.toUpperCase() + words.slice(1);
}

/** A value fit for a `part` name (letters, digits, `-`). */
function partName(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'unknown';
}
