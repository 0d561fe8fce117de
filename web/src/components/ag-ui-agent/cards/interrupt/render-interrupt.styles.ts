import { css } from 'lit';

/** Styles of the interrupt cards of `<ag-ui-agent>` (`render-interrupt.ts`); only the element's custom properties. */
export const interruptStyles = css`
  .interrupts {
    display: flex;
    flex-direction: column;
    gap: calc(var(--ag-ui-spacing) / 2);
  }

  .interrupt {
    padding: var(--ag-ui-spacing);
    border: 1px solid var(--ag-ui-color-accent);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-surface);
  }

  .interrupt[data-state='expired'] {
    border-color: var(--ag-ui-color-border);
  }

  .interrupt[data-state='resolved'],
  .interrupt[data-state='cancelled'] {
    border-color: var(--ag-ui-color-border);
    color: var(--ag-ui-color-muted);
  }

  .interrupt-reason {
    display: block;
    color: var(--ag-ui-color-muted);
    font-size: 0.85em;
  }

  .interrupt-message {
    margin: 0;
    font-weight: 600;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .interrupt-form {
    display: flex;
    flex-direction: column;
    gap: calc(var(--ag-ui-spacing) * 0.66);
    margin-top: calc(var(--ag-ui-spacing) * 0.66);
  }

  .interrupt-field {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
  }

  .interrupt-field.checkbox {
    display: grid;
    grid-template-columns: auto 1fr;
    align-items: center;
    column-gap: 0.5rem;
  }

  .interrupt-field.checkbox > :not(input) {
    grid-column: 2;
  }

  .interrupt-label {
    font-weight: 500;
  }

  .interrupt-required,
  .interrupt-description {
    color: var(--ag-ui-color-muted);
    font-size: 0.9em;
    font-weight: normal;
  }

  .interrupt-input:not([type='checkbox']) {
    width: 100%;
    padding: 0.4rem 0.5rem;
    font: inherit;
    color: inherit;
    background: var(--ag-ui-color-background);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: calc(var(--ag-ui-radius) / 2);
  }

  .interrupt-input[type='checkbox'] {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    accent-color: var(--ag-ui-color-accent);
  }

  .interrupt-json,
  .interrupt-schema {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.875em;
  }

  .interrupt-json {
    resize: vertical;
  }

  .interrupt-schema {
    margin: 0;
    max-height: 8rem;
    overflow: auto;
    padding: 0.4rem 0.5rem;
    border-radius: calc(var(--ag-ui-radius) / 2);
    background: var(--ag-ui-color-code-background);
    white-space: pre-wrap;
  }

  .interrupt-input[aria-invalid='true'] {
    border-color: var(--ag-ui-color-danger);
  }

  .interrupt-error {
    color: var(--ag-ui-color-danger);
    font-size: 0.9em;
  }

  .interrupt-actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--ag-ui-spacing) / 2);
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  .interrupt-form .interrupt-actions {
    margin-top: 0;
  }

  .interrupt-submit {
    color: var(--ag-ui-color-accent-text);
    background: var(--ag-ui-color-accent);
    border-color: var(--ag-ui-color-accent);
  }

  .interrupt-expired {
    margin: calc(var(--ag-ui-spacing) / 2) 0 0;
    color: var(--ag-ui-color-warning);
  }

  .interrupt-status {
    margin: calc(var(--ag-ui-spacing) / 2) 0 0;
  }
`;
