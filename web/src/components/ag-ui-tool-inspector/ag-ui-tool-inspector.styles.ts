import { css } from 'lit';
import { hostBox, lightTokens, themeRules } from '../../internal/theme.styles.js';

/**
 * Styles of `<ag-ui-tool-inspector>`: the shared `--ag-ui-*` tokens (light on `:host`, dark by scheme or `theme`), a
 * column of tabs over a scrolling panel.
 */
export const agUiToolInspectorStyles = css`
  :host {
    ${lightTokens}

    ${hostBox}
    min-width: 0;
    min-height: 0;
  }

  ${themeRules()}

  :host([hidden]),
  [hidden] {
    display: none !important;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  :focus-visible {
    outline: var(--ag-ui-focus-ring);
    outline-offset: 1px;
  }

  [part~='base'] {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-height: 0;
  }

  [part~='tabs'] {
    display: flex;
    gap: 0.25rem;
    padding: 0.25rem 0.5rem 0;
    border-bottom: 1px solid var(--ag-ui-color-border);
    background: var(--ag-ui-color-surface);
    flex-wrap: wrap;
  }

  [part~='tab'] {
    font: inherit;
    color: var(--ag-ui-color-muted);
    background: none;
    border: none;
    border-bottom: 2px solid transparent;
    padding: 0.4rem 0.6rem;
    cursor: pointer;
  }

  [part~='tab-selected'] {
    color: var(--ag-ui-color-text);
    border-bottom-color: var(--ag-ui-color-accent);
    font-weight: 600;
  }

  [part~='count'] {
    font-size: 0.75em;
    padding: 0 0.4em;
    border-radius: 999px;
    background: var(--ag-ui-color-border);
    color: var(--ag-ui-color-text);
  }

  [part~='panel'] {
    flex: 1;
    min-height: 0;
    overflow: auto;
    padding: calc(var(--ag-ui-spacing) * 0.75);
  }

  ul,
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  p {
    margin: 0.25rem 0;
  }

  code,
  pre {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.8125rem;
  }

  pre {
    margin: 0.35rem 0 0;
    padding: 0.5rem;
    background: var(--ag-ui-color-code-background);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
    /* Wrapped, never a scroll box of its own: the panel scrolls. */
    white-space: pre-wrap;
    word-break: break-word;
  }

  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }

  [part~='button'] {
    border: 1px solid var(--ag-ui-color-border);
    background: var(--ag-ui-color-surface);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
    padding: 0.2rem 0.6rem;
    cursor: pointer;
  }

  [part~='button']:disabled {
    cursor: default;
    opacity: 0.6;
  }

  [part~='run'],
  [part~='approve'] {
    background: var(--ag-ui-color-accent);
    border-color: var(--ag-ui-color-accent);
    color: var(--ag-ui-color-accent-text);
  }

  select,
  input:not([type='checkbox']),
  textarea {
    border: 1px solid var(--ag-ui-color-border);
    background: var(--ag-ui-color-background);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
    padding: 0.2rem 0.4rem;
    max-width: 100%;
  }

  [part~='empty'] {
    color: var(--ag-ui-color-muted);
  }

  /* Tools */
  [part~='tools'] {
    display: grid;
    gap: 0.6rem;
  }

  [part~='tool'] {
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    padding: 0.5rem 0.7rem;
    background: var(--ag-ui-color-background);
  }

  [part~='tool-header'] {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.35rem;
  }

  [part~='tool-name'] {
    margin: 0 0.25rem 0 0;
    font-size: 0.9375rem;
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  [part~='tool-description'] {
    color: var(--ag-ui-color-muted);
  }

  [part~='badge'] {
    font-size: 0.75rem;
    padding: 0 0.45rem;
    border-radius: 999px;
    border: 1px solid currentColor;
    color: var(--ag-ui-color-muted);
    white-space: nowrap;
  }

  [data-decision='allow'],
  [part~='badge'][data-status='succeeded'] {
    color: var(--ag-ui-color-success);
  }

  [data-decision='require_approval'],
  [data-decision='per_call'],
  [part~='badge'][data-status='pending'],
  [part~='badge'][data-status='executing'],
  [part~='badge'][data-status='validating'],
  [data-state='half-open'] {
    color: var(--ag-ui-color-warning);
  }

  [data-decision='deny'],
  [part~='badge'][data-status='failed'],
  [part~='badge'][data-status='uncertain'],
  [data-state='open'] {
    color: var(--ag-ui-color-danger);
  }

  [part~='stats'] {
    display: flex;
    flex-wrap: wrap;
    gap: 0.15rem 0.9rem;
    margin: 0.4rem 0;
    font-size: 0.8125rem;
  }

  [part~='stats'] div {
    display: flex;
    gap: 0.3rem;
    align-items: baseline;
    min-width: 0;
  }

  [part~='stats'] dt {
    color: var(--ag-ui-color-muted);
  }

  [part~='stats'] dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }

  [part~='circuit'],
  [part~='calls-toolbar'],
  [part~='playground-toolbar'],
  [part~='form-actions'],
  [part~='fixture'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4rem;
  }

  [part~='schema'] summary {
    cursor: pointer;
    color: var(--ag-ui-color-muted);
    margin-top: 0.3rem;
  }

  /* Calls */
  [part~='calls-count'] {
    color: var(--ag-ui-color-muted);
    font-size: 0.8125rem;
  }

  [part~='calls'] {
    border-top: 1px solid var(--ag-ui-color-border);
  }

  [part~='call'] {
    border-bottom: 1px solid var(--ag-ui-color-border);
  }

  [part~='call-summary'] {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto auto auto auto;
    gap: 0.5rem;
    align-items: baseline;
    width: 100%;
    text-align: start;
    background: none;
    border: none;
    padding: 0.3rem 0.2rem;
    cursor: pointer;
    font-size: 0.8125rem;
  }

  [part~='call-summary']:hover {
    background: var(--ag-ui-color-surface);
  }

  [part~='call-tool'] {
    font-family: var(--ag-ui-code-font-family);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  [part~='call-time'],
  [part~='call-attempts'],
  [part~='call-duration'],
  [part~='call-origin'] {
    color: var(--ag-ui-color-muted);
    font-variant-numeric: tabular-nums;
  }

  [part~='call-record'] {
    padding: 0 0.2rem 0.5rem;
    font-size: 0.8125rem;
  }

  [part~='attempts'] {
    list-style: none;
  }

  [part~='backoff'] {
    color: var(--ag-ui-color-warning);
  }

  [part~='show-more'] {
    margin-top: 0.5rem;
  }

  /* Playground */
  [part~='form'] {
    display: grid;
    gap: 0.5rem;
    margin: 0.5rem 0;
  }

  [part~='field'] {
    display: grid;
    gap: 0.15rem;
  }

  [part~='field-label'],
  [part~='legend'] {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.875rem;
  }

  [part~='field-description'] {
    font-size: 0.8125rem;
    color: var(--ag-ui-color-muted);
  }

  [part~='required'],
  [part~='field-issue'] {
    color: var(--ag-ui-color-danger);
  }

  [part~='field-issue'] {
    font-size: 0.8125rem;
  }

  [part~='field-input'][type='checkbox'] {
    justify-self: start;
  }

  [part~='fieldset'] {
    display: grid;
    gap: 0.5rem;
    border: 1px solid var(--ag-ui-color-border);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
    padding: 0.4rem 0.6rem 0.6rem;
    margin: 0;
    min-width: 0;
  }

  [part~='array-items'] {
    display: grid;
    gap: 0.4rem;
  }

  [part~='array-item'] {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: end;
    gap: 0.4rem;
  }

  [part~='add-item'] {
    justify-self: start;
  }

  [part~='approval'] {
    border: 1px solid var(--ag-ui-color-warning);
    border-radius: var(--ag-ui-radius);
    padding: 0.5rem 0.7rem;
    margin: 0.5rem 0;
  }

  [part~='outcome'] {
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    padding: 0.5rem 0.7rem;
    margin: 0.5rem 0;
  }

  [part~='outcome-success'] strong {
    color: var(--ag-ui-color-success);
  }

  [part~='outcome-error'],
  [part~='outcome-refused'] {
    background: var(--ag-ui-color-danger-background);
    border-color: var(--ag-ui-color-danger);
  }

  [part~='fixtures'] {
    margin-top: 0.75rem;
    border-top: 1px solid var(--ag-ui-color-border);
    padding-top: 0.5rem;
  }

  [part~='heading'] {
    display: block;
    font-size: 0.875rem;
    margin: 0 0 0.35rem;
  }

  [part~='fixture-list'] {
    display: grid;
    gap: 0.3rem;
    margin-top: 0.4rem;
  }

  [part~='fixture-label'] {
    flex: 1 1 12rem;
    min-width: 0;
    overflow-wrap: anywhere;
    font-size: 0.8125rem;
  }

  [part~='notice'] {
    margin-inline-start: 0.4rem;
    color: var(--ag-ui-color-muted);
    font-size: 0.8125rem;
  }
`;
