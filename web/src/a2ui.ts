/**
 * A2UI surfaces in `<ag-ui-agent>` (subpath `ag-ui-lit/a2ui`): importing it registers the A2UI renderer, so that the
 * element shows each `a2ui-surface` activity (as `@ag-ui/a2ui-middleware` sends them) with `@a2ui/lit` and its basic
 * catalog. Kept out of the main entry because `@a2ui/lit` and `@a2ui/web_core` are optional peers: a page that
 * imports only `ag-ui-lit` bundles with any bundler whether they are installed or not, and shows a notice in place of
 * a surface. The renderer itself (and `@a2ui/lit`) is loaded on the first surface.
 *
 * A person's action on a surface fires the cancelable `ag-ui-a2ui-action` on the element; a surface that cannot be
 * shown fires `ag-ui-a2ui-error` (see `A2uiErrorCode`); one larger than `A2UI_MAX_COMPONENTS` or `A2UI_MAX_DEPTH` is
 * refused (`a2ui_too_large`).
 * @example
 * ```ts
 * import 'ag-ui-lit';
 * import 'ag-ui-lit/a2ui'; // with `npm install @a2ui/lit @a2ui/web_core`
 * ```
 * @module
 */
import { registerA2uiRenderer } from './components/ag-ui-agent/cards/a2ui/a2ui-registration.js';

registerA2uiRenderer(() => import('./components/ag-ui-agent/cards/a2ui/render-a2ui.js').then((module) => module.loadA2ui()));

export { A2UI_ACTIVITY_TYPE, A2uiErrorCode } from './components/ag-ui-agent/cards/a2ui/a2ui-activity.js';
export { A2UI_MAX_COMPONENTS, A2UI_MAX_DEPTH } from './components/ag-ui-agent/cards/a2ui/a2ui-size.js';
export type { A2uiActionDetail, A2uiClientDataModel, A2uiErrorDetail, A2uiUserAction } from './components/ag-ui-agent/cards/a2ui/a2ui-activity.js';
