/**
 * A2UI surfaces in the transcript: activity messages of type `a2ui-surface`, as `@ag-ui/a2ui-middleware` emits them
 * (content `{ a2ui_operations: [...] }`, A2UI v0.9 messages; or, before the surface is painted, a lifecycle content
 * `{ status: 'building' | 'retrying' | 'failed', ... }`). This part is small and free of optional peers: the renderer
 * (`render-a2ui.ts`, which loads the optional peer `@a2ui/lit`) is registered by `ag-ui-lit/a2ui` and loaded on the
 * first surface, so a page that never gets one never loads it. Until it is there a placeholder shows; without
 * `ag-ui-lit/a2ui`, a notice says to import it; if `@a2ui/lit` cannot be loaded, a notice says to install it.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ActivityView } from '../activity/render-activity.js';
import { registeredA2uiRenderer, type A2uiLoader } from './a2ui-registration.js';

/** The `activityType` of A2UI surfaces (`@ag-ui/a2ui-middleware`'s `A2UIActivityType`). */
export const A2UI_ACTIVITY_TYPE = 'a2ui-surface';

/** The key of the A2UI messages in an `a2ui-surface` activity's content (the middleware's `A2UI_OPERATIONS_KEY`). */
export const A2UI_OPERATIONS_KEY = 'a2ui_operations';

/**
 * A person's action on an A2UI surface (A2UI v0.9 client-to-server `action`), as `@ag-ui/a2ui-middleware` reads it
 * from `forwardedProps.a2uiAction.userAction`.
 */
export interface A2uiUserAction {
  /** The action's name, from the component's `action.event.name`. */
  name: string;
  surfaceId: string;
  /** The id of the component (e.g. the Button) the person used. */
  sourceComponentId: string;
  /** ISO 8601 time of the action. */
  timestamp: string;
  /** The action's `context`, its data-model paths resolved to their values. */
  context: Record<string, unknown>;
}

/** Stable codes of `ag-ui-a2ui-error`. */
export const A2uiErrorCode = {
  /** `@a2ui/lit` (or `@a2ui/web_core`) could not be loaded: not installed, or not mapped on a no-build page. */
  UNAVAILABLE: 'a2ui_unavailable',
  /** The surface's messages were refused (malformed, unknown catalog, invalid component properties...). */
  INVALID_SURFACE: 'a2ui_invalid_surface',
  /** The surface names components its catalog does not have (they are not shown). */
  UNKNOWN_COMPONENT: 'a2ui_unknown_component',
  /** The agent gave up building the surface (the middleware's `status: 'failed'`). */
  GENERATION_FAILED: 'a2ui_generation_failed',
  /**
   * The surface is larger than this page shows: more than `A2UI_MAX_COMPONENTS` (200) components to render, or nested
   * deeper than `A2UI_MAX_DEPTH` (32) levels, or in a cycle (see `a2ui-size.ts`). Nothing of it is shown but the notice.
   */
  TOO_LARGE: 'a2ui_too_large',
} as const;
export type A2uiErrorCode = (typeof A2uiErrorCode)[keyof typeof A2uiErrorCode];

/** Detail of `ag-ui-a2ui-error`: an A2UI surface could not be shown (fully); its entry says so. */
export interface A2uiErrorDetail {
  /** The activity message of the surface. */
  messageId: string;
  code: A2uiErrorCode;
  message: string;
}

/**
 * The data models of the surfaces whose `createSurface` set `sendDataModel: true` (A2UI v0.9 client-to-server
 * `a2uiClientDataModel`): surface id -> that surface's whole data model, as the person left it.
 */
export interface A2uiClientDataModel {
  /** The A2UI version, `'v0.9'`. */
  version: string;
  surfaces: Record<string, Record<string, unknown>>;
}

/** Detail of `ag-ui-a2ui-action` (cancelable): a person used a control of an A2UI surface. */
export interface A2uiActionDetail {
  /** The activity message of the surface. */
  messageId: string;
  userAction: A2uiUserAction;
  /**
   * The data models of this element's surfaces that asked for them (`sendDataModel: true`), a copy taken when the
   * person acted; absent when none asked. The agent's run carries it as `forwardedProps.a2uiClientDataModel`.
   */
  dataModel?: A2uiClientDataModel;
}

/** What the A2UI entries need from the element. */
export interface A2uiHost {
  /** Render again (the renderer has loaded, or a surface changed). */
  requestUpdate(): void;
  /** A person used a control of a surface. */
  action(detail: A2uiActionDetail): void;
  /** A surface could not be shown (called once per activity content). */
  error(detail: A2uiErrorDetail): void;
}

/** What `render-a2ui.ts`'s `loadA2ui()` gives once `@a2ui/lit` is loaded: makes the renderer of an element's surfaces. */
export interface A2uiRendererModule {
  createA2uiRenderer(host: A2uiHost): A2uiRenderer;
}

/** One element's A2UI surfaces: each activity's A2UI state, kept across frames, by activity message id. */
export interface A2uiRenderer {
  /** The surfaces of an activity whose content carries `a2ui_operations`. */
  render(view: ActivityView): TemplateResult;
  /** Forgets every surface (a new conversation). */
  clear(): void;
}

export type { A2uiLoader };

/** Why an `a2ui-surface` activity is not shown when the page did not import `ag-ui-lit/a2ui`. */
const NOT_IMPORTED = 'A2UI is not loaded on this page';

/**
 * The A2UI entries of one element: loads the renderer on the first surface, shows the middleware's lifecycle states
 * (building, retrying, failed) without it, and contains every failure in the entry.
 */
export class A2uiActivities {
  readonly #host: A2uiHost;
  /** The loader given to the constructor (else the one `ag-ui-lit/a2ui` registered, looked up when needed). */
  readonly #load: A2uiLoader | undefined;
  #renderer: A2uiRenderer | undefined;
  #loading: Promise<void> | undefined;
  #unavailable: string | undefined;
  /** Activity contents whose error has been reported (an error is reported once per content). */
  readonly #reported = new WeakSet<object>();

  /** @param load - loads the renderer; default: the one `ag-ui-lit/a2ui` registered (replaceable in tests) */
  constructor(host: A2uiHost, load?: A2uiLoader) {
    this.#host = host;
    this.#load = load;
  }

  /** The entry of an `a2ui-surface` activity. */
  render(view: ActivityView): TemplateResult {
    const content = view.content;
    const status = typeof content.status === 'string' ? content.status : undefined;
    const operations = content[A2UI_OPERATIONS_KEY];
    if (operations === undefined && status !== undefined) return this.#renderLifecycle(view, status);
    if (!Array.isArray(operations)) {
      return this.#renderError(view, A2uiErrorCode.INVALID_SURFACE, `its content has no "${A2UI_OPERATIONS_KEY}" list`);
    }
    if (this.#renderer) return this.#renderer.render(view);
    // Looked up at each render: the page may import `ag-ui-lit/a2ui` after the first surface arrived.
    if (!this.#loader()) return this.#renderError(view, A2uiErrorCode.UNAVAILABLE, NOT_IMPORTED);
    this.#startLoading();
    if (this.#unavailable !== undefined) return this.#renderError(view, A2uiErrorCode.UNAVAILABLE, this.#unavailable);
    return html`<p part="a2ui-loading" class="a2ui-loading" role="status">Loading interface…</p>`;
  }

  /** Forgets every surface (a new conversation). */
  clear(): void {
    this.#renderer?.clear();
  }

  /** The middleware's pre-paint states: building (with its token estimate), retrying, failed. */
  #renderLifecycle(view: ActivityView, status: string): TemplateResult {
    const { content } = view;
    if (status === 'failed') {
      const error = typeof content.error === 'string' && content.error !== '' ? content.error : 'the agent could not build it';
      return this.#renderError(view, A2uiErrorCode.GENERATION_FAILED, error);
    }
    // Warm the renderer while the agent writes the surface.
    this.#startLoading();
    let text = 'Building interface…';
    if (status === 'retrying') {
      const attempt = typeof content.attempt === 'number' ? content.attempt : undefined;
      const max = typeof content.maxAttempts === 'number' ? content.maxAttempts : undefined;
      text = attempt !== undefined && max !== undefined ? `Retrying… (attempt ${attempt} of ${max})` : 'Retrying…';
    } else if (typeof content.progressTokens === 'number') {
      text = `Building interface… (${content.progressTokens} tokens)`;
    }
    return html`<p part="a2ui-loading" class="a2ui-loading" role="status" data-status=${status}>${text}</p>`;
  }

  #renderError(view: ActivityView, code: A2uiErrorCode, message: string): TemplateResult {
    if (!this.#reported.has(view.content)) {
      this.#reported.add(view.content);
      // Not from inside render(): the page's listener may change the element.
      queueMicrotask(() => this.#host.error({ messageId: view.messageId, code, message }));
    }
    const hint =
      code !== A2uiErrorCode.UNAVAILABLE
        ? nothing
        : message === NOT_IMPORTED
          ? html` Add <code>import 'ag-ui-lit/a2ui'</code> to the page to show it.`
          : html` Install <code>@a2ui/lit</code> to show it.`;
    return html`<p part="a2ui-error" class="a2ui-error" role="alert" data-code=${code}>Could not show this interface: ${message}.${hint}</p>`;
  }

  #loader(): A2uiLoader | undefined {
    return this.#load ?? registeredA2uiRenderer();
  }

  #startLoading(): void {
    const load = this.#loader();
    if (!load || this.#renderer || this.#loading || this.#unavailable !== undefined) return;
    const unavailable = (error: unknown): void => {
      console.error('<ag-ui-agent>: could not load the A2UI renderer (is @a2ui/lit installed?):', error);
      this.#unavailable = 'the A2UI renderer could not be loaded';
    };
    this.#loading = load().then((module) => {
      try {
        this.#renderer = module.createA2uiRenderer(this.#host);
      } catch (error) {
        unavailable(error);
      }
    }, unavailable);
    void this.#loading.then(() => {
      this.#loading = undefined;
      this.#host.requestUpdate();
    });
  }
}
