/**
 * The notices under `<ag-ui-agent>`'s transcript: the error banner (the last run's error, or the element's own, e.g.
 * no agent) with Retry and Dismiss, the notice that the model declined to answer, and the notice that the thread
 * could not be kept.
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AgentRunLoop } from '../../../agent/agent-run-loop.js';
import { RunErrorCode, type RunErrorDetail, type RunFinishedDetail } from '../../../agent/types.js';
import type { ThreadStoreError } from '../../../persistence/thread-store-error.js';
import { renderErrorBanner, type ErrorAction } from './render-composer.js';

/** Run errors that running the agent again on the same conversation cannot fix: their banner has no Retry. */
const NOT_RETRYABLE: ReadonlySet<string> = new Set([RunErrorCode.MAX_TOOL_ITERATIONS, RunErrorCode.PROTOCOL_ERROR]);

/**
 * Finish reasons that say the model declined (`RunFinishedDetail.finishReason`): the AI SDK's `content-filter` (what the
 * `ag-ui-lit/llm` agents send for Anthropic's `refusal` and OpenAI's `content_filter`), and the providers' own words.
 */
const DECLINED: ReadonlySet<string> = new Set(['content-filter', 'content_filter', 'refusal']);

/** What the error banner needs from the element. */
export interface ErrorBannerOptions {
  /** The loop whose `lastError` shows, and that Retry runs again. */
  loop(): AgentRunLoop | undefined;
  /** Retry started a run: follow the transcript's end. */
  follow(): void;
  /** Where focus goes after Retry or Dismiss (the composer's input). */
  focusInput(): void;
}

/**
 * Which error the banner shows: the element's own (`show()`) over the run's, unless the person dismissed it; and
 * whether the last run finished because the model declined (its `ag-ui-run-finished` on the host; until the next run).
 */
export class ErrorBanner {
  readonly #host: { requestUpdate(): void };
  readonly #options: ErrorBannerOptions;
  #local: { message: string; action?: ErrorAction } | undefined;
  #dismissed: object | undefined;
  #declined = false;

  constructor(host: { requestUpdate(): void } & EventTarget, options: ErrorBannerOptions) {
    this.#host = host;
    this.#options = options;
    host.addEventListener('ag-ui-run-started', () => this.#setDeclined(false));
    host.addEventListener('ag-ui-run-finished', (event) => {
      const { finishReason } = (event as CustomEvent<RunFinishedDetail>).detail;
      this.#setDeclined(finishReason !== undefined && DECLINED.has(finishReason));
    });
  }

  #setDeclined(declined: boolean): void {
    if (this.#declined === declined) return;
    this.#declined = declined;
    this.#host.requestUpdate();
  }

  /**
   * Shows the element's own error (also logged with `console.warn` unless `log` is `false`: logged already), with a
   * button for `action` when given; running the action hides the error.
   */
  show(message: string, log = true, action?: ErrorAction): void {
    if (log) console.warn(`<ag-ui-agent>: ${message}`);
    const local: { message: string; action?: ErrorAction } = { message };
    if (action) {
      local.action = {
        ...action,
        run: () => {
          if (this.#local === local) this.#local = undefined;
          this.#host.requestUpdate();
          action.run();
        },
      };
    }
    this.#local = local;
    this.#host.requestUpdate();
  }

  /** Drops the element's own error (a message is sent, a run retried). */
  clear(): void {
    this.#local = undefined;
  }

  /** Forgets every error and dismissal (a new conversation). */
  reset(): void {
    this.#local = undefined;
    this.#dismissed = undefined;
    this.#declined = false;
  }

  /** The declined notice, if the last run ended so; the banner, with Retry for a run error another run may not hit again. */
  render(): TemplateResult | typeof nothing {
    const declined = this.#declined
      ? html`<p part="run-notice" class="run-notice" role="status">
          The model declined to answer. Rephrase the request, or start a new conversation.
        </p>`
      : nothing;
    const runError: RunErrorDetail | undefined = this.#options.loop()?.lastError;
    const error = this.#local ?? runError;
    if (error === this.#dismissed) return declined;
    const retry = error === runError && runError !== undefined && !NOT_RETRYABLE.has(runError.code);
    return html`${declined}${renderErrorBanner(error, this.#onDismiss, retry ? this.#onRetry : undefined, this.#local?.action)}`;
  }

  /** Retry: the agent runs again on the conversation as it is (the failed turn's message is already in it). */
  #onRetry = (): void => {
    const loop = this.#options.loop();
    if (!loop || loop.running) return;
    this.#local = undefined;
    this.#options.follow();
    loop.runAgent().catch((error: unknown) => console.error('<ag-ui-agent>: retrying failed:', error));
    this.#options.focusInput();
  };

  /** Dismiss: hides the error shown now (the element's own, else the run's). */
  #onDismiss = (): void => {
    this.#dismissed = this.#local ?? this.#options.loop()?.lastError;
    this.#local = undefined;
    this.#host.requestUpdate();
    this.#options.focusInput();
  };
}

/** The notice that the thread could not be saved or loaded (`role=status`), or nothing. */
export function renderPersistenceNotice(error: ThreadStoreError | undefined): TemplateResult | typeof nothing {
  if (!error) return nothing;
  // Words for any store: the browser's IndexedDB or a server's (HttpThreadStore).
  const what =
    error.code === 'quota_exceeded'
      ? 'there is no storage space left'
      : error.code === 'unavailable'
        ? 'the thread store cannot be reached'
        : error.code === 'unauthenticated'
          ? 'the thread store needs you to sign in'
          : 'the thread store failed';
  return html`<p part="persistence-notice" class="persistence-notice" role="status">
    Not saved: ${what}. This conversation is kept in this tab only.
  </p>`;
}
