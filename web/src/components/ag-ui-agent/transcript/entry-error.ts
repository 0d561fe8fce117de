/**
 * What a transcript entry shows when it cannot be rendered (fully), and how that is reported: a notice in the entry
 * (`part="message-render-error"`, `data-code`), its text still there as plain text where it has some; the other entries
 * render as usual. The element fires `ag-ui-render-error` once per entry and code.
 * @module
 * @internal
 */
import { html, type TemplateResult } from 'lit';

/** Stable codes of `ag-ui-render-error`. */
export const RenderErrorCode = {
  /** A reply's markdown could not be rendered (`marked` or DOMPurify threw on it): it is shown as plain text. */
  MARKDOWN_RENDER_FAILED: 'markdown_render_failed',
  /** An entry could not be rendered at all (its render function threw): a notice stands in its place. */
  ENTRY_RENDER_FAILED: 'entry_render_failed',
} as const;
export type RenderErrorCode = (typeof RenderErrorCode)[keyof typeof RenderErrorCode];

/** Detail of `ag-ui-render-error`: an entry of the transcript could not be rendered (fully); it says so in its place. */
export interface RenderErrorDetail {
  /** The message of the entry. */
  messageId: string;
  code: RenderErrorCode;
  /** What the renderer threw, e.g. `RangeError: Maximum call stack size exceeded`. */
  message: string;
}

/** The words of each notice. */
const NOTICES: Readonly<Record<RenderErrorCode, string>> = {
  markdown_render_failed: 'This reply could not be formatted, so it is shown as plain text.',
  entry_render_failed: 'This message could not be shown.',
};

/** The notice of an entry that could not be rendered (fully): escaped text, `role=status`, its code in `data-code`. */
export function renderEntryNotice(code: RenderErrorCode): TemplateResult {
  return html`<p part="message-render-error" class="message-render-error" role="status" data-code=${code}>${NOTICES[code]}</p>`;
}

/** An entry whose render function threw: its box (same id, so the list keeps its place) with the notice only. */
export function renderFailedEntry(messageId: string): TemplateResult {
  return html`<div part="message" class="message" data-message-id=${messageId}>${renderEntryNotice(RenderErrorCode.ENTRY_RENDER_FAILED)}</div>`;
}
