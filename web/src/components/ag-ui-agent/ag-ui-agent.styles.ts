import { css } from 'lit';
import { hostBox, lightTokens, themeRules } from '../../internal/theme.styles.js';
import { toolCallProgressStyles } from './cards/tool-call/render-tool-call.styles.js';

/**
 * Styles of `<ag-ui-agent>`. Every public knob is a `--ag-ui-*` custom property with its default on `:host` (light),
 * dark defaults under `prefers-color-scheme: dark` or `theme="dark"`; the focus ring follows the accent colour.
 */
export const agUiAgentStyles = css`
  :host {
    ${lightTokens}
    --ag-ui-max-height: 32rem;

    ${hostBox}
  }

  ${themeRules()}

  :host([hidden]) {
    display: none;
  }

  /* No motion for a person who asked for less: no transitions, animations or smooth scrolling, page rules included. */
  @media (prefers-reduced-motion: reduce) {
    :host,
    *,
    *::before,
    *::after {
      scroll-behavior: auto !important;
      transition-duration: 0s !important;
      transition-delay: 0s !important;
      animation-duration: 0s !important;
      animation-iteration-count: 1 !important;
    }
  }

  /*
   * The element's layout lives in this box, not on the host, because a page's own rule for the host (display: block,
   * a grid or flex item) wins over :host. It fills a host with a definite height (height: 100%; min-height: 100% beats
   * max-height, so a page's 600px is not capped at --ag-ui-max-height) and, in a host without one (percentages are
   * then auto), grows with the conversation up to --ag-ui-max-height. overflow: hidden lets it shrink as a flex item
   * (its automatic minimum height is then 0) when the page caps the host's max-height.
   */
  .base {
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    width: 100%;
    height: 100%;
    min-height: 100%;
    max-height: var(--ag-ui-max-height);
    overflow: hidden;
    /* The composer's layout follows the element's width, not the viewport's (see the @container rule). */
    container: ag-ui-base / inline-size;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }

  :focus-visible {
    outline: var(--ag-ui-focus-ring);
    outline-offset: 2px;
  }

  .transcript {
    /* The containing block of what it scrolls: Chromium anchors to a 1px anchor out of view otherwise. */
    position: relative;
    flex: 1 1 auto;
    /* Shrinks below its content (and scrolls) so that the composer stays in the box. */
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: var(--ag-ui-spacing);
  }

  .transcript-items > * + * {
    margin-top: var(--ag-ui-spacing);
  }

  /*
   * Pinned to the bottom by the browser (ScrollFollowController): the anchor is the only node that takes part in
   * scroll anchoring; while it is in view, content growing above it keeps it (the bottom) in place.
   */
  .transcript > * {
    overflow-anchor: none;
  }

  .transcript > .scroll-anchor {
    overflow-anchor: auto;
    height: 1px;
    margin-top: -1px;
  }

  .empty {
    color: var(--ag-ui-color-muted);
    text-align: center;
    padding: var(--ag-ui-spacing) 0;
  }

  .empty-text {
    margin: 0 0 var(--ag-ui-spacing);
  }

  .suggestions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: calc(var(--ag-ui-spacing) / 2);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .suggestion {
    border-radius: 999px;
    padding: 0.3rem 0.9rem;
  }

  .load-earlier {
    display: block;
    margin: 0 auto var(--ag-ui-spacing);
  }

  .load-newer {
    display: block;
    margin: var(--ag-ui-spacing) auto 0;
  }

  .message {
    max-width: 100%;
    overflow-wrap: anywhere;
  }

  .message.user {
    width: fit-content;
    max-width: 85%;
    margin-left: auto;
    padding: calc(var(--ag-ui-spacing) * 0.66) var(--ag-ui-spacing);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-user-background);
    color: var(--ag-ui-color-user-text);
  }

  .message.assistant {
    background: var(--ag-ui-color-assistant-background);
  }

  .message-copy {
    display: block;
    margin-top: calc(var(--ag-ui-spacing) / 3);
    padding: 0.1rem 0.5rem;
    font-size: 0.8em;
    color: var(--ag-ui-color-muted);
  }

  .plain {
    white-space: pre-wrap;
  }

  .markdown > :first-child > :first-child,
  .markdown > :first-child > :first-child > :first-child {
    margin-top: 0;
  }

  /*
   * A long reply's completed blocks come in chunks of up to 8 KB of text (IncrementalMarkdown): big chunks out of
   * view are neither laid out nor painted, so a frame's style and layout work stays small however long the reply
   * grows. Per chunk, not per block: Chromium checks every content-visibility: auto element in every frame. The
   * height of one never shown is estimated inline (transcript/markdown-view.ts, renderChunk).
   */
  .markdown-chunk.skippable {
    content-visibility: auto;
  }

  .markdown > :last-child > :last-child {
    margin-bottom: 0;
  }

  .markdown p,
  .markdown ul,
  .markdown ol,
  .markdown pre,
  .markdown blockquote,
  .markdown table {
    margin: 0 0 calc(var(--ag-ui-spacing) * 0.66);
  }

  .markdown code,
  .markdown pre,
  .tool-call pre,
  .message-rest-section pre {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.875em;
  }

  .markdown code {
    padding: 0.1em 0.3em;
    border-radius: calc(var(--ag-ui-radius) / 2);
    background: var(--ag-ui-color-code-background);
  }

  .markdown pre {
    padding: var(--ag-ui-spacing);
    overflow-x: auto;
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-code-background);
  }

  .markdown pre code {
    padding: 0;
    background: none;
  }

  .markdown a {
    color: var(--ag-ui-color-accent);
  }

  .markdown blockquote {
    padding-left: var(--ag-ui-spacing);
    border-left: 3px solid var(--ag-ui-color-border);
    color: var(--ag-ui-color-muted);
  }

  .markdown table {
    border-collapse: collapse;
    display: block;
    overflow-x: auto;
  }

  .markdown th,
  .markdown td {
    padding: 0.25em 0.5em;
    border: 1px solid var(--ag-ui-color-border);
  }

  .markdown img {
    max-width: 100%;
  }

  .reasoning {
    color: var(--ag-ui-color-muted);
    font-size: 0.9em;
  }

  .reasoning summary {
    cursor: pointer;
  }

  .reasoning-content {
    margin-top: calc(var(--ag-ui-spacing) / 2);
    padding-left: var(--ag-ui-spacing);
    border-left: 3px solid var(--ag-ui-color-border);
  }

  .tool-calls {
    display: flex;
    flex-direction: column;
    gap: calc(var(--ag-ui-spacing) / 2);
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  .tool-calls-hidden {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--ag-ui-spacing) / 2);
    color: var(--ag-ui-color-muted);
    font-size: 0.9em;
  }

  /* The card look is the element's own: never drawn on model content (which has no class anyway). */
  .tool-call:not(.markdown *) {
    /* A run can make hundreds of calls: cards out of view are neither laid out nor painted. */
    content-visibility: auto;
    contain-intrinsic-size: auto 4.5em;
    padding: calc(var(--ag-ui-spacing) * 0.66);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-surface);
    font-size: 0.9em;
  }

  .tool-call-header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--ag-ui-spacing) / 2);
  }

  .tool-call-title {
    font-weight: 600;
  }

  .tool-call-name {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.8em;
    color: var(--ag-ui-color-muted);
  }

  .tool-call-summary {
    margin: calc(var(--ag-ui-spacing) / 4) 0 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    color: var(--ag-ui-color-muted);
  }

  .tool-call-summary[data-of='result'] {
    color: var(--ag-ui-color-text);
  }

  .tool-call-badge {
    padding: 0 0.4em;
    border: 1px solid var(--ag-ui-color-border);
    border-radius: 999px;
    color: var(--ag-ui-color-muted);
    font-size: 0.85em;
  }

  /* The status mark and its text wrap as one, never the mark on one line and its text on the next. */
  .tool-call-state {
    display: inline-flex;
    align-items: baseline;
    gap: 0.25em;
    white-space: nowrap;
  }

  .tool-call-status {
    color: var(--ag-ui-color-muted);
  }

  .tool-call[data-status='succeeded'] .tool-call-status {
    color: var(--ag-ui-color-success);
  }

  .tool-call[data-status='failed'] .tool-call-status,
  .tool-call-error {
    color: var(--ag-ui-color-danger);
  }

  .tool-call[data-status='retrying'] .tool-call-status,
  .tool-call[data-status='uncertain'] .tool-call-status {
    color: var(--ag-ui-color-warning);
  }

  ${toolCallProgressStyles}

  .tool-call-cancel {
    margin-left: auto;
  }

  .tool-call-section,
  .message-rest-section {
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  .tool-call-section-label,
  .message-rest-section-label {
    display: block;
    color: var(--ag-ui-color-muted);
    font-size: 0.85em;
  }

  .tool-call-truncated,
  .tool-call-show-all,
  .message-rest-truncated,
  .message-rest-show-all {
    margin: 0;
    color: var(--ag-ui-color-muted);
    font-size: 0.85em;
  }

  .message-render-error {
    margin: 0;
    color: var(--ag-ui-color-danger);
  }

  .tool-call pre,
  .message-rest-section pre {
    margin: 0;
    max-height: 12rem;
    overflow: auto;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .tool-call-error {
    margin: calc(var(--ag-ui-spacing) / 2) 0 0;
  }

  .tool-call-status-icon {
    display: inline-block;
    min-width: 1em;
    text-align: center;
    color: var(--ag-ui-color-muted);
  }

  .tool-call-status-icon[data-status='succeeded'] {
    color: var(--ag-ui-color-success);
  }

  .tool-call-status-icon[data-status='failed'] {
    color: var(--ag-ui-color-danger);
  }

  .tool-call-status-icon[data-status='uncertain'],
  .tool-call-status-icon[data-status='retrying'],
  .tool-call-status-icon[data-status='awaiting_approval'] {
    color: var(--ag-ui-color-warning);
  }

  .tool-call-custom {
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  .tool-call-details {
    margin-top: calc(var(--ag-ui-spacing) / 2);
    font-size: 0.875em;
  }

  .tool-call-details > summary {
    cursor: pointer;
    color: var(--ag-ui-color-muted);
  }

  .renderer-error {
    margin: calc(var(--ag-ui-spacing) / 2) 0;
    color: var(--ag-ui-color-warning);
    font-size: 0.875em;
  }

  .activity {
    padding: calc(var(--ag-ui-spacing) * 0.66) var(--ag-ui-spacing);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-surface);
  }

  .persistence-notice,
  .run-notice {
    flex: none;
    margin: 0 var(--ag-ui-spacing) calc(var(--ag-ui-spacing) * 0.5);
    font-size: 0.8125rem;
    color: var(--ag-ui-color-warning);
  }

  .error-banner {
    flex: none;
    display: flex;
    align-items: flex-start;
    gap: var(--ag-ui-spacing);
    margin: 0 var(--ag-ui-spacing) var(--ag-ui-spacing);
    padding: calc(var(--ag-ui-spacing) * 0.66) var(--ag-ui-spacing);
    border: 1px solid var(--ag-ui-color-danger);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-danger-background);
    color: var(--ag-ui-color-danger);
  }

  .error-message {
    flex: 1;
    margin: 0;
    overflow-wrap: anywhere;
  }

  .composer {
    flex: none;
    display: flex;
    align-items: flex-end;
    gap: calc(var(--ag-ui-spacing) / 2);
    padding: var(--ag-ui-spacing);
    border-top: 1px solid var(--ag-ui-color-border);
    background: var(--ag-ui-color-background);
  }

  /* Grows with its text (field-sizing, else fitInput in render-composer.ts) up to 8 lines, then scrolls. */
  .input {
    flex: 1;
    min-width: 0;
    min-height: 2.5rem;
    max-height: calc(8em * var(--ag-ui-line-height) + 1rem + 2px);
    field-sizing: content;
    resize: none;
    padding: 0.5rem 0.625rem;
  }

  /* A long placeholder stays on one line (cut with an ellipsis) instead of making the empty composer taller. */
  .input::placeholder {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }

  /* Text fields: the composer's and an approval card's reason. */
  .input,
  .tool-approval-reason {
    font: inherit;
    color: inherit;
    background: var(--ag-ui-color-background);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
  }

  button {
    font: inherit;
    padding: 0.4rem 0.9rem;
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    color: var(--ag-ui-color-text);
    background: var(--ag-ui-color-surface);
    cursor: pointer;
  }

  .tool-call-cancel,
  .error-action,
  .error-retry,
  .error-dismiss,
  .load-earlier,
  .load-newer,
  .load-earlier-tool-calls {
    padding: 0.15rem 0.6rem;
    font-size: 0.9em;
  }

  .send-button {
    min-height: 2.5rem;
    color: var(--ag-ui-color-accent-text);
    background: var(--ag-ui-color-accent);
    border-color: var(--ag-ui-color-accent);
  }

  .stop-button {
    min-height: 2.5rem;
  }

  .send-button,
  .stop-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    flex: none;
  }

  .button-icon {
    display: none;
  }

  /*
   * A narrow element (a phone, a sidebar): icon-only Send and Stop, their labels visually hidden (still their
   * accessible names), so the input keeps the room for a one-line placeholder.
   */
  @container ag-ui-base (max-width: 419.98px) {
    .composer {
      padding: calc(var(--ag-ui-spacing) * 0.66);
    }

    .send-button,
    .stop-button {
      position: relative;
      width: 2.5rem;
      padding: 0;
    }

    .button-icon {
      display: block;
    }

    .button-label {
      position: absolute;
      width: 1px;
      height: 1px;
      margin: -1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }

  button:disabled,
  button[aria-disabled='true'],
  .input:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
