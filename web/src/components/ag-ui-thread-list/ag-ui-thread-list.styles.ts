import { css } from 'lit';
import { hostBox, lightTokens, themeRules } from '../../internal/theme.styles.js';

/** The list's own dark default (the highlight of the current thread). */
const darkCurrent = css`
  --ag-ui-thread-list-current-background: #1c3350;
`;

/**
 * Styles of `<ag-ui-thread-list>`: `--ag-ui-*` custom properties with light defaults on `:host` (the colour, font,
 * radius and spacing names of `<ag-ui-agent>`), dark ones as the agent has them.
 */
export const agUiThreadListStyles = css`
  :host {
    ${lightTokens}
    --ag-ui-thread-list-current-background: #ddf4ff;

    ${hostBox}
    min-width: 0;
  }

  ${themeRules(darkCurrent)}

  :host([hidden]) {
    display: none;
  }

  @media (prefers-reduced-motion: reduce) {
    :host,
    *,
    *::before,
    *::after {
      transition-duration: 0s !important;
    }
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  :focus-visible {
    outline: var(--ag-ui-focus-ring);
    outline-offset: -2px;
  }

  /* Layout lives here, not on the host, whose display a page's rule may replace: a column whose list scrolls. */
  .base {
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-height: 0;
    height: 100%;
    /* The header's layout follows the element's width (a side panel), not the viewport's. */
    container: ag-ui-thread-list / inline-size;
  }

  .header {
    flex: none;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: calc(var(--ag-ui-spacing) / 2);
    padding: var(--ag-ui-spacing);
    border-bottom: 1px solid var(--ag-ui-color-border);
  }

  .heading {
    font-weight: 600;
  }

  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }

  button:disabled,
  button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }

  .new-button,
  .confirm-delete,
  .confirm-cancel,
  .error-dismiss {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.3rem 0.75rem;
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-surface);
    font-size: 0.9em;
  }

  .new-button {
    margin-left: auto;
    color: var(--ag-ui-color-accent-text);
    background: var(--ag-ui-color-accent);
    border-color: var(--ag-ui-color-accent);
  }

  .error {
    flex: none;
    display: flex;
    align-items: flex-start;
    gap: calc(var(--ag-ui-spacing) / 2);
    margin: calc(var(--ag-ui-spacing) / 2) var(--ag-ui-spacing) 0;
    padding: calc(var(--ag-ui-spacing) / 2) calc(var(--ag-ui-spacing) * 0.75);
    border: 1px solid var(--ag-ui-color-danger);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-danger-background);
    color: var(--ag-ui-color-danger);
    font-size: 0.875em;
  }

  .error-text {
    flex: 1;
    margin: 0;
    overflow-wrap: anywhere;
  }

  .error-dismiss {
    flex: none;
    padding: 0 0.5rem;
    color: var(--ag-ui-color-danger);
    background: transparent;
    border-color: currentColor;
  }

  .empty {
    margin: 0;
    padding: calc(var(--ag-ui-spacing) * 1.5) var(--ag-ui-spacing);
    color: var(--ag-ui-color-muted);
    text-align: center;
  }

  .list {
    flex: 1 1 auto;
    min-height: 0;
    margin: 0;
    padding: calc(var(--ag-ui-spacing) / 3);
    list-style: none;
    overflow-y: auto;
    overscroll-behavior: contain;
  }

  .item {
    position: relative;
    display: flex;
    align-items: center;
    gap: 0.125rem;
    min-height: 2.75rem;
    border-radius: var(--ag-ui-radius);
  }

  .item:hover {
    background: var(--ag-ui-color-surface);
  }

  .item.current {
    background: var(--ag-ui-thread-list-current-background);
  }

  .item.current::before {
    content: '';
    position: absolute;
    inset: 0.5rem auto 0.5rem 0;
    width: 3px;
    border-radius: 3px;
    background: var(--ag-ui-color-accent);
  }

  .select {
    flex: 1 1 auto;
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    padding: 0.4rem 0.25rem 0.4rem 0.75rem;
    border: 0;
    border-radius: var(--ag-ui-radius);
    background: transparent;
    text-align: start;
  }

  .time {
    display: block;
    max-width: 100%;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }

  /* Two lines of a title before it is cut: a narrow side panel still tells threads apart. */
  .title {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    max-width: 100%;
    overflow: hidden;
    overflow-wrap: anywhere;
  }

  .title.untitled {
    font-style: italic;
  }

  .item.current .title {
    font-weight: 600;
  }

  .time {
    color: var(--ag-ui-color-muted);
    font-size: 0.8em;
  }

  .actions,
  .confirm {
    flex: none;
    display: flex;
    align-items: center;
    gap: 0.125rem;
    padding-right: 0.25rem;
  }

  .icon-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 2rem;
    height: 2rem;
    padding: 0;
    border: 0;
    border-radius: calc(var(--ag-ui-radius) * 0.75);
    background: transparent;
    color: var(--ag-ui-color-muted);
  }

  .icon-button:hover {
    color: var(--ag-ui-color-text);
    background: var(--ag-ui-color-background);
  }

  .delete-button:hover {
    color: var(--ag-ui-color-danger);
  }

  .icon {
    width: 1rem;
    height: 1rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }

  /* With a mouse, a row's actions show on hover, on the current row and while any of its controls has focus. */
  @media (hover: hover) {
    .item:not(:hover, :focus-within, .current) .actions {
      opacity: 0;
    }
  }

  .rename-input {
    flex: 1 1 auto;
    min-width: 0;
    margin: 0.3rem 0.25rem 0.3rem 0.5rem;
    padding: 0.3rem 0.5rem;
    font: inherit;
    color: inherit;
    background: var(--ag-ui-color-background);
    border: 1px solid var(--ag-ui-color-accent);
    border-radius: calc(var(--ag-ui-radius) * 0.75);
  }

  .confirm {
    flex: 1 1 auto;
    min-width: 0;
    flex-wrap: wrap;
    gap: 0.35rem;
    padding: 0.35rem 0.5rem 0.35rem 0.75rem;
  }

  .confirm-text {
    flex: 1 1 8rem;
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-size: 0.9em;
  }

  .confirm-delete {
    color: var(--ag-ui-color-background);
    background: var(--ag-ui-color-danger);
    border-color: var(--ag-ui-color-danger);
  }

  .confirm-delete,
  .confirm-cancel {
    padding: 0.15rem 0.6rem;
  }

  /* Too narrow for a label and its buttons side by side: the buttons take a row of their own. */
  @container ag-ui-thread-list (max-width: 339.98px) {
    .new-button {
      flex: 1 1 100%;
      justify-content: center;
    }

    .confirm-text {
      flex-basis: 100%;
    }

    .confirm-delete {
      margin-left: auto;
    }
  }
`;
