/**
 * The empty state of `<ag-ui-agent>` (shown while the conversation is empty): the `empty` slot, whose default content
 * is a short line and the page's suggestion chips; and the `suggestions` attribute (a JSON array of strings).
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';

/** The strings of `value` when it is an array (anything else is no suggestions); empty and blank ones are dropped. */
export function validSuggestions(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/** Lit converter of the `suggestions` attribute: a JSON array of strings; anything else is `[]` and a console warning. */
export const suggestionsConverter = {
  fromAttribute(value: string | null): string[] {
    if (value === null || value.trim() === '') return [];
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
    } catch {
      // Reported below, once, with the fix.
    }
    console.warn('<ag-ui-agent>: ignoring the "suggestions" attribute: it must be a JSON array of strings, e.g. \'["What time is it?"]\'');
    return [];
  },
  toAttribute(value: string[]): string {
    return JSON.stringify(value);
  },
};

/** The empty state: the `empty` slot around its default content (a line, then one chip per suggestion). */
export function renderEmptyState(
  suggestions: readonly string[],
  disabled: boolean,
  onSuggestion: (text: string) => void,
): TemplateResult {
  return html`<div part="empty" class="empty">
    <slot name="empty">
      <p part="empty-text" class="empty-text">
        ${suggestions.length > 0 ? 'Type a message below, or start with a suggestion.' : 'Type a message below to start.'}
      </p>
      ${suggestions.length > 0
        ? html`<ul part="suggestions" class="suggestions" aria-label="Suggestions">
            ${suggestions.map(
              (text) =>
                html`<li>
                  <button part="suggestion" class="suggestion" type="button" ?disabled=${disabled} @click=${() => onSuggestion(text)}>
                    ${text}
                  </button>
                </li>`,
            )}
          </ul>`
        : nothing}
    </slot>
  </div>`;
}
