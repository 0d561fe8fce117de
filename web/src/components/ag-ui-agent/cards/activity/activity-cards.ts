/**
 * The activity cards of `<ag-ui-agent>` (AG-UI `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA` messages): their views are
 * loaded on the first activity (`activity-part.ts`; most agents never send one), A2UI surfaces among them, whose
 * actions run the agent. Until the views are there, a placeholder shows; if they cannot be loaded, a contained error.
 * @module
 * @internal
 */
import { html, type TemplateResult } from 'lit';
import type { ActivityMessage } from '@ag-ui/client';
import type { AgentRunLoop } from '../../../../agent/agent-run-loop.js';
import { emitAgentEvent } from '../../ag-ui-agent.events.js';
import { LazyModule, type LazyParts } from '../../parts/lazy-part.js';
import { renderPartError, renderPartLoading } from '../../parts/render-lazy-part.js';
import type { A2uiActionDetail, A2uiActivities } from '../a2ui/a2ui-activity.js';
import type { RenderedElements } from '../custom-renderer.js';
import type { ActivityRenderer } from './render-activity.js';

const activityPart = new LazyModule('activity', () => import('./activity-part.js'));

/** What the activity cards need from the element. */
export interface ActivityCardsOptions {
  loop(): AgentRunLoop | undefined;
  /** The element's `activityRenderers`. */
  renderers(): Record<string, ActivityRenderer>;
  lazy: LazyParts;
  /** Custom elements made for renderers given by tag name (shared with the tool cards). */
  rendered: RenderedElements;
  /** The agent runs for an A2UI action (the element follows the transcript's end). */
  onRun(): void;
}

/** Renders activity entries; the element fires their A2UI events. */
export class ActivityCards {
  readonly #host: HTMLElement & { requestUpdate(): void };
  readonly #options: ActivityCardsOptions;
  /** A2UI surfaces (`a2ui-surface` activities), once the activity module loaded; the renderer loads on the first one. */
  #a2ui: A2uiActivities | undefined;

  constructor(host: HTMLElement & { requestUpdate(): void }, options: ActivityCardsOptions) {
    this.#host = host;
    this.#options = options;
  }

  /** Forgets every A2UI surface (a new conversation). */
  clear(): void {
    this.#a2ui?.clear();
  }

  /** An activity entry: the lazily loaded views, else a placeholder or a contained error in the entry's box. */
  render = (message: ActivityMessage): TemplateResult => {
    const { lazy } = this.#options;
    const module = lazy.use(activityPart);
    if (module) {
      this.#a2ui ??= new module.A2uiActivities({
        requestUpdate: () => this.#host.requestUpdate(),
        action: (detail) => this.#onA2uiAction(detail),
        error: (detail) => emitAgentEvent(this.#host, 'ag-ui-a2ui-error', detail),
      });
      return module.renderActivity(message, this.#options.renderers(), this.#options.rendered, this.#a2ui);
    }
    const failed = lazy.status(activityPart) === 'failed';
    return html`<section part="activity" class="message activity" data-message-id=${message.id} aria-busy=${failed ? 'false' : 'true'}>
      ${failed ? renderPartError('this activity') : renderPartLoading('Loading…')}
    </section>`;
  };

  /**
   * A person used a control of an A2UI surface: `ag-ui-a2ui-action` (cancelable), then a turn whose first run carries
   * the action in `forwardedProps.a2uiAction.userAction` (what `@ag-ui/a2ui-middleware` turns into a message for the
   * agent) and, when surfaces asked for it (`sendDataModel`), their data models in `forwardedProps.a2uiClientDataModel`
   * (A2UI's name for that metadata). A run in progress is stopped first, as when the person sends a message.
   */
  #onA2uiAction(detail: A2uiActionDetail): void {
    if (!emitAgentEvent(this.#host, 'ag-ui-a2ui-action', detail, { cancelable: true })) return;
    const loop = this.#options.loop();
    if (!loop) return;
    this.#options.onRun();
    const dataModel = detail.dataModel ? { a2uiClientDataModel: detail.dataModel } : {};
    void loop.runAgent({ forwardedProps: { a2uiAction: { userAction: detail.userAction }, ...dataModel } });
  }
}
