/**
 * The A2UI renderer, loaded on the first `a2ui-surface` activity (see `a2ui-activity.ts`): each activity's A2UI v0.9
 * messages go through a `MessageProcessor` of `@a2ui/web_core` with the basic catalog of `@a2ui/lit`, and its
 * surfaces render as `<a2ui-surface>`. The middleware sends every state of a surface as a full snapshot (`replace`),
 * so a changed content is processed anew. A surface's actions go to the host (then to the agent), with the data models
 * of the surfaces that asked for them (`sendDataModel`). Text components render markdown with the element's own
 * renderer (marked + the element's DOMPurify config), given to them as the A2UI markdown context. An activity larger
 * than `a2ui-size.ts` allows is refused before it is processed (`a2ui_too_large`).
 *
 * `@a2ui/lit` and `@a2ui/web_core` are imported dynamically, not statically: the no-build bundle inlines this module
 * (one file) and keeps them external, where a static import would become a top-level import of the whole bundle.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { A2uiMessage, MarkdownRenderer, SurfaceModel } from '@a2ui/web_core/v0_9';
import { renderMarkdown } from '../../../../internal/markdown.js';
import type { ActivityView } from '../activity/render-activity.js';
import {
  A2UI_OPERATIONS_KEY,
  A2uiErrorCode,
  type A2uiClientDataModel,
  type A2uiHost,
  type A2uiRenderer,
  type A2uiRendererModule,
  type A2uiUserAction,
} from './a2ui-activity.js';
import { a2uiSizeProblem, type ChildFields } from './a2ui-size.js';

/**
 * The basic catalog's id as `@ag-ui/a2ui-middleware` writes it (its default `catalogId`), which differs from the one
 * `@a2ui/lit` registers it under (`basicCatalog.id`): both name the same catalog.
 */
const MIDDLEWARE_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

type LitCatalog = (typeof import('@a2ui/lit/v0_9'))['basicCatalog'];
type Processor = InstanceType<(typeof import('@a2ui/web_core/v0_9'))['MessageProcessor']>;

/** What the renderer uses of `@a2ui/lit` and `@a2ui/web_core`, once loaded. */
interface A2uiLibrary {
  catalogs: LitCatalog[];
  createProcessor(onAction: (action: A2uiUserAction) => void): Processor;
  /** The child-referencing properties of a component type of the catalogs, for the size bound. */
  childFields: ChildFields;
  /** The context key under which A2UI's Text components ask for a markdown renderer (`Context.markdown`). */
  markdownContext: unknown;
}

/**
 * The markdown renderer A2UI's Text components get: the element's (GFM through `marked`, then its DOMPurify config:
 * no script, handlers or dangerous URLs). A text it cannot render (too large, too deeply nested) shows as plain text.
 */
const renderA2uiMarkdown: MarkdownRenderer = (markdown) => {
  try {
    return Promise.resolve(renderMarkdown(markdown));
  } catch {
    // As text: the DOM escapes it.
    const paragraph = document.createElement('p');
    paragraph.textContent = markdown;
    return Promise.resolve(paragraph.outerHTML);
  }
};

/** A `context-request` event of the Context Community Protocol (what `@lit/context` consumers dispatch). */
interface ContextRequest extends Event {
  context?: unknown;
  callback?: (value: unknown, unsubscribe?: () => void) => void;
}

/**
 * Loads `@a2ui/lit` (which defines `<a2ui-surface>` and the basic catalog's elements) and `@a2ui/web_core`.
 * @throws (rejects) when they are not installed
 */
export async function loadA2ui(): Promise<A2uiRendererModule> {
  const [{ basicCatalog }, { Catalog, Context, MessageProcessor, extractRefFields }] = await Promise.all([
    import('@a2ui/lit/v0_9'),
    import('@a2ui/web_core/v0_9'),
  ]);
  const library: A2uiLibrary = {
    catalogs: [
      basicCatalog,
      new Catalog(MIDDLEWARE_BASIC_CATALOG_ID, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]) as LitCatalog,
    ],
    createProcessor: (onAction) => new MessageProcessor(library.catalogs, onAction) as Processor,
    childFields: (type) => {
      const api = basicCatalog.components.get(type);
      return api && extractRefFields(api.schema);
    },
    markdownContext: Context.markdown,
  };
  return { createA2uiRenderer: (host) => new SurfaceRenderer(host, library) };
}

/** One activity's A2UI state: its processor and surfaces, for the content they were made from. */
interface SurfaceState {
  content: Record<string, unknown>;
  processor: Processor | undefined;
  surfaces: SurfaceModel[];
  /** Why the messages were refused (nothing is shown but this), and its code. */
  error: string | undefined;
  code: A2uiErrorCode;
  /** Component types the catalog does not have (shown as a notice beside the rest). */
  unknown: string[];
}

class SurfaceRenderer implements A2uiRenderer {
  readonly #host: A2uiHost;
  readonly #library: A2uiLibrary;
  readonly #states = new Map<string, SurfaceState>();

  constructor(host: A2uiHost, library: A2uiLibrary) {
    this.#host = host;
    this.#library = library;
  }

  render(view: ActivityView): TemplateResult {
    const state = this.#state(view);
    if (state.error !== undefined) {
      return html`<p part="a2ui-error" class="a2ui-error" role="alert" data-code=${state.code}>
        Could not show this interface: ${state.error}.
      </p>`;
    }
    const unknown =
      state.unknown.length === 0
        ? nothing
        : html`<p part="a2ui-error" class="a2ui-error" role="alert" data-code=${A2uiErrorCode.UNKNOWN_COMPONENT}>
            This interface uses components this page cannot show: ${state.unknown.join(', ')}.
          </p>`;
    return html`${state.surfaces.map(
        (surface) =>
          html`<a2ui-surface
            part="a2ui-surface"
            class="a2ui-surface"
            data-surface-id=${surface.id}
            .surface=${surface}
            @context-request=${this.#provideMarkdown}
          ></a2ui-surface>`,
      )}${unknown}`;
  }

  /** Answers a Text component's request for the markdown renderer (it never changes: no subscription is kept). */
  #provideMarkdown = (event: Event): void => {
    const request = event as ContextRequest;
    if (request.context !== this.#library.markdownContext || typeof request.callback !== 'function') return;
    event.stopPropagation();
    request.callback(renderA2uiMarkdown, () => undefined);
  };

  clear(): void {
    for (const state of this.#states.values()) disposeState(state);
    this.#states.clear();
  }

  /** The state for the activity's current content, processed anew when the content changed. */
  #state(view: ActivityView): SurfaceState {
    const previous = this.#states.get(view.messageId);
    if (previous && previous.content === view.content) return previous;
    if (previous) disposeState(previous);
    const state = this.#process(view);
    this.#states.set(view.messageId, state);
    if (state.error !== undefined) {
      this.#report(view, state.code, state.error);
    } else if (state.unknown.length > 0) {
      this.#report(view, A2uiErrorCode.UNKNOWN_COMPONENT, `unknown components: ${state.unknown.join(', ')}`);
    }
    return state;
  }

  #process(view: ActivityView): SurfaceState {
    const content = view.content;
    const messages = content[A2UI_OPERATIONS_KEY] as unknown[];
    const state: SurfaceState = { content, processor: undefined, surfaces: [], error: undefined, code: A2uiErrorCode.INVALID_SURFACE, unknown: [] };
    // Refused before any of it is processed: processing and rendering are synchronous, one task for the whole surface.
    const tooLarge = a2uiSizeProblem(messages, this.#library.childFields);
    if (tooLarge !== undefined) {
      state.error = tooLarge;
      state.code = A2uiErrorCode.TOO_LARGE;
      return state;
    }
    const processor = this.#library.createProcessor((action) => this.#action(view.messageId, action));
    state.processor = processor;
    try {
      for (const message of messages) {
        if (typeof message !== 'object' || message === null || Array.isArray(message)) throw new Error('an A2UI message is not an object');
        processor.processMessages([message as A2uiMessage]);
      }
    } catch (error) {
      state.error = error instanceof Error && error.message !== '' ? error.message : String(error);
      return state;
    }
    state.surfaces = [...processor.model.surfacesMap.values()] as SurfaceModel[];
    const unknown = new Set<string>();
    for (const surface of state.surfaces) {
      for (const [, component] of surface.componentsModel.entries) {
        if (!surface.catalog.components.has(component.type)) unknown.add(component.type);
      }
    }
    state.unknown = [...unknown];
    if (state.surfaces.length === 0) state.error = 'it creates no surface';
    return state;
  }

  #action(messageId: string, action: A2uiUserAction): void {
    // The surface awaits its action listeners and does not catch: nothing may throw from here.
    try {
      const dataModel = this.#clientDataModel();
      this.#host.action({ messageId, userAction: { ...action, context: { ...action.context } }, ...(dataModel && { dataModel }) });
    } catch (error) {
      console.error('<ag-ui-agent>: an A2UI action could not be sent:', error);
    }
  }

  /**
   * The data models of every surface shown here whose `createSurface` set `sendDataModel` (each processor's
   * `getClientDataModel()`, merged), copied as plain data; `undefined` when none did.
   */
  #clientDataModel(): A2uiClientDataModel | undefined {
    let merged: A2uiClientDataModel | undefined;
    for (const state of this.#states.values()) {
      const model = state.error === undefined ? state.processor?.getClientDataModel() : undefined;
      if (!model) continue;
      merged ??= { version: model.version, surfaces: {} };
      for (const [surfaceId, data] of Object.entries(model.surfaces)) merged.surfaces[surfaceId] = structuredClone(data) as Record<string, unknown>;
    }
    return merged;
  }

  #report(view: ActivityView, code: A2uiErrorCode, message: string): void {
    queueMicrotask(() => this.#host.error({ messageId: view.messageId, code, message }));
  }
}

function disposeState(state: SurfaceState): void {
  try {
    state.processor?.model.dispose();
  } catch {
    // a surface that fails to dispose is dropped all the same
  }
}
