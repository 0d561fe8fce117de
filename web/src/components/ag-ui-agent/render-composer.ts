/**
 * The composer and the error banner of `<ag-ui-agent>`: render functions (not elements) so their parts live in the
 * element's own shadow root.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';

/** What the composer shows and its handlers. */
export interface ComposerOptions {
  placeholder: string;
  disabled: boolean;
  /** A turn is in progress: Stop shows, Send is `aria-disabled` (a send is refused until the turn ends). */
  running: boolean;
  onSubmit: (event: SubmitEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onStop: () => void;
}

/** The composer: a labelled textarea, Stop while running, Send. */
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
    ></textarea>
    ${options.running
      ? html`<button part="stop-button" class="stop-button" type="button" @click=${options.onStop}>Stop</button>`
      : nothing}
    <button
      part="send-button"
      class="send-button"
      type="submit"
      ?disabled=${options.disabled}
      aria-disabled=${options.running ? 'true' : 'false'}
    >
      Send
    </button>
  </form>`;
}

/** The error banner (`role="alert"`) with Retry (when `onRetry` is given) and Dismiss, or nothing without an error. */
export function renderErrorBanner(
  error: { message: string } | undefined,
  onDismiss: () => void,
  onRetry?: () => void,
): TemplateResult | typeof nothing {
  if (!error) return nothing;
  return html`<div part="error-banner" class="error-banner" role="alert">
    <p part="error-message" class="error-message">${error.message}</p>
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
