/**
 * The composer and the error banner of `<ag-ui-agent>`: render functions (not elements) so their parts live in the
 * element's own shadow root.
 * @module
 * @internal
 */
import { html, nothing, svg, type TemplateResult } from 'lit';

/** Whether the browser sizes the textarea to its text itself (`field-sizing: content`); else `fitInput` does. */
const FIELD_SIZING = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * Grows (or shrinks) the composer's textarea to its text where `field-sizing: content` is not supported; its CSS
 * `max-height` (8 lines) caps it, then it scrolls. Sets the height through the CSSOM (allowed under a strict CSP).
 */
export function fitInput(textarea: HTMLTextAreaElement): void {
  if (FIELD_SIZING) return;
  textarea.style.height = 'auto';
  textarea.style.height = `${textarea.scrollHeight + textarea.offsetHeight - textarea.clientHeight}px`;
}

/** Icons of the compact (narrow) composer's buttons; decorative: the label stays in the button, visually hidden. */
const SEND_ICON = svg`<path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" />`;
const STOP_ICON = svg`<rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />`;

function icon(shape: TemplateResult): TemplateResult {
  return html`<svg class="button-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${shape}</svg>`;
}

/** What the composer shows and its handlers. */
export interface ComposerOptions {
  placeholder: string;
  disabled: boolean;
  /** A turn is in progress: Stop shows, Send is `aria-disabled` (a send is refused until the turn ends). */
  running: boolean;
  onSubmit: (event: SubmitEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onInput: (event: InputEvent) => void;
  onStop: () => void;
}

/**
 * The composer: a labelled textarea that grows with its text (up to 8 lines), Stop while running, Send. Below 420 px
 * of element width the buttons show an icon, their label visually hidden (their accessible name).
 */
export function renderComposer(options: ComposerOptions): TemplateResult {
  return html`<form part="composer" class="composer" @submit=${options.onSubmit}>
    <textarea
      part="input"
      class="input"
      rows="1"
      aria-label="Message"
      placeholder=${options.placeholder}
      ?disabled=${options.disabled}
      @keydown=${options.onKeyDown}
      @input=${options.onInput}
    ></textarea>
    ${options.running
      ? html`<button part="stop-button" class="stop-button" type="button" @click=${options.onStop}>
          ${icon(STOP_ICON)}<span class="button-label">Stop</span>
        </button>`
      : nothing}
    <button
      part="send-button"
      class="send-button"
      type="submit"
      ?disabled=${options.disabled}
      aria-disabled=${options.running ? 'true' : 'false'}
    >
      ${icon(SEND_ICON)}<span class="button-label">Send</span>
    </button>
  </form>`;
}

/** A button of the error banner that acts on the error (e.g. "Sign in" for an MCP server that needs a sign-in). */
export interface ErrorAction {
  /** The button's text. */
  label: string;
  /** Its accessible name, when the text alone does not say what it acts on. */
  ariaLabel?: string;
  run(): void;
}

/**
 * The error banner (`role="alert"`) with the error's own action (when `action` is given), Retry (when `onRetry` is
 * given) and Dismiss, or nothing without an error.
 */
export function renderErrorBanner(
  error: { message: string } | undefined,
  onDismiss: () => void,
  onRetry?: () => void,
  action?: ErrorAction,
): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<div part="error-banner" class="error-banner" role="alert">
    <p part="error-message" class="error-message">${error.message}</p>
    ${action
      ? html`<button part="error-action" class="error-action" type="button" aria-label=${action.ariaLabel ?? action.label} @click=${action.run}>
          ${action.label}
        </button>`
      : nothing}
    ${onRetry
      ? html`<button part="error-retry" class="error-retry" type="button" aria-label="Retry the run" @click=${onRetry}>
          Retry
        </button>`
      : nothing}
    <button part="error-dismiss" class="error-dismiss" type="button" aria-label="Dismiss error" @click=${onDismiss}>
      Dismiss
    </button>
  </div>`;
}
