/**
 * ag-ui-lit as one file for pages without a build step (`ag-ui-lit/bundle`, `dist/bundle/ag-ui-lit.js`): everything
 * the main entry, `ag-ui-lit/persistence` and `ag-ui-lit/thread-list` export, its dependencies bundled in and
 * minified, and Zod's `z` for tool
 * schemas. Importing it defines `<ag-ui-agent>` and `<ag-ui-thread-list>`.
 *
 * @example
 * ```html
 * <script type="module">
 *   import { z, defineTool } from '/vendor/ag-ui-lit.js';
 *   document.querySelector('ag-ui-agent').tools = [defineTool({ name: 'get_title', description: 'Page title',
 *     effect: 'read_only', schema: z.object({}), handler: () => document.title })];
 * </script>
 * ```
 * @module
 */
// `export *` rather than named re-exports: the bundle is the main entry plus `z`, and must never drift from it.
export * from './index.js';
// A page without a build step gets the thread stores and the thread list too: it cannot pick subpaths.
export * from './persistence/index.js';
// Named, because the main entry exports these two as types only: a name two `export *` give differently is dropped.
export { ThreadStoreError, ThreadStoreErrorCode } from './persistence/index.js';
export * from './thread-list.js';
// And A2UI surfaces (its renderer loads `@a2ui/lit` on the first surface, where the page maps it in an import map).
export * from './a2ui.js';
export { z } from 'zod';
