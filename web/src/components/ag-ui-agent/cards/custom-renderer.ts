/**
 * Page-supplied renderers (per-tool renderers, activity renderers): a function returning anything Lit renders, or
 * the tag name of a custom element that receives the data as a property. A renderer that throws is contained: its
 * entry shows a short error instead, and the rest of the transcript renders.
 * @module
 * @internal
 */
import { html, type TemplateResult } from 'lit';

/** A renderer: `(data) => template | string | node`, or the tag name of a custom element (given `data` as `property`). */
export type CustomRenderer<T> = ((data: T) => unknown) | string;

/** What rendering with a page's renderer gave: its output, or the error it threw. */
export type CustomRendering = { ok: true; output: unknown } | { ok: false; error: TemplateResult };

/** Custom elements made for renderers named by tag, one per entry key, so an element keeps its state across frames. */
export class RenderedElements {
  readonly #elements = new Map<string, HTMLElement>();

  /**
   * The element for `key` (created on first use; created again when the tag changed), with `property` set to `data`.
   * @throws when `tag` is not a valid custom element name
   */
  get(key: string, tag: string, property: string, data: unknown): HTMLElement {
    let element = this.#elements.get(key);
    if (!element || element.localName !== tag.toLowerCase()) {
      element = document.createElement(tag);
      this.#elements.set(key, element);
    }
    (element as unknown as Record<string, unknown>)[property] = data;
    return element;
  }

  /** Forgets every element (a new conversation). */
  clear(): void {
    this.#elements.clear();
  }
}

/**
 * Renders `data` with `renderer` for the entry `key`, containing any error (logged once per render with `what`).
 * @param property - the property a custom element named by tag receives `data` in
 */
export function renderCustom<T>(
  renderer: CustomRenderer<T>,
  data: T,
  key: string,
  property: string,
  elements: RenderedElements,
  what: string,
): CustomRendering {
  try {
    if (typeof renderer === 'string') return { ok: true, output: elements.get(key, renderer, property, data) };
    return { ok: true, output: renderer(data) };
  } catch (error) {
    console.error(`<ag-ui-agent>: the ${what} renderer failed:`, error);
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: html`<p part="renderer-error" class="renderer-error" role="status">Could not show this ${what}: ${message}</p>` };
  }
}

/**
 * The renderer of `name` in `renderers`: an exact key first, then the first key with `*` wildcards (any run of
 * characters) that matches, in the object's key order.
 */
export function findRenderer<T>(renderers: Readonly<Record<string, CustomRenderer<T>>> | undefined, name: string): CustomRenderer<T> | undefined {
  if (!renderers || typeof renderers !== 'object') return undefined;
  if (Object.hasOwn(renderers, name)) return validRenderer(renderers[name]);
  for (const [pattern, renderer] of Object.entries(renderers)) {
    if (pattern.includes('*') && wildcard(pattern).test(name)) return validRenderer(renderer);
  }
  return undefined;
}

function validRenderer<T>(renderer: unknown): CustomRenderer<T> | undefined {
  return typeof renderer === 'function' || (typeof renderer === 'string' && renderer.includes('-')) ? (renderer as CustomRenderer<T>) : undefined;
}

const patterns = new Map<string, RegExp>();

function wildcard(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    regex = new RegExp(`^${source}$`);
    patterns.set(pattern, regex);
  }
  return regex;
}
