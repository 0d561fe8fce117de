/**
 * Selectors for the element's own nodes. Model content (sanitized markdown) shares the shadow root with the element's
 * cards; the sanitizer leaves it no class, id, part or data attribute (internal/markdown.ts), and every query that
 * finds a control to focus or read also skips model content's containers, so that nothing a model writes can be
 * reached instead of the element's own controls, even if the sanitizer's configuration changes.
 * @module
 * @internal
 */

/** The containers of model content: rendered markdown of assistant messages (`entries/assistant-entry.ts`). */
export const MODEL_CONTENT_SELECTOR = '.message-content.markdown';

/**
 * `selector` restricted to nodes outside model content.
 * @example
 * ```ts
 * root.querySelectorAll(ownSelector('.tool-approval')); // never a node inside a reply's markdown
 * ```
 */
export function ownSelector(selector: string): string {
  return `:is(${selector}):not(${MODEL_CONTENT_SELECTOR} *)`;
}
