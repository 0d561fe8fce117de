/**
 * The hook between `<ag-ui-agent>`'s A2UI entries and `ag-ui-lit/a2ui`: the element may not name the optional peers
 * `@a2ui/lit` and `@a2ui/web_core` (esbuild, Rollup and webpack fail on a missing module even behind a dynamic
 * `import()`), so the subpath registers, when imported, how to load the renderer that does. Free of optional peers.
 * @module
 * @internal
 */
import type { A2uiRendererModule } from './a2ui-activity.js';

/** Loads the A2UI renderer (rejects when `@a2ui/lit` cannot be loaded). */
export type A2uiLoader = () => Promise<A2uiRendererModule>;

// On globalThis: a page that loads the element and the subpath from two copies of the package still meets here.
const KEY = Symbol.for('ag-ui-lit.a2ui-renderer');

/** Called by `ag-ui-lit/a2ui` when imported: from then on, A2UI surfaces render with `load()`'s renderer. */
export function registerA2uiRenderer(load: A2uiLoader): void {
  (globalThis as Record<symbol, unknown>)[KEY] = load;
}

/** The loader `ag-ui-lit/a2ui` registered, or `undefined` when the page did not import it. */
export function registeredA2uiRenderer(): A2uiLoader | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as A2uiLoader | undefined;
}
