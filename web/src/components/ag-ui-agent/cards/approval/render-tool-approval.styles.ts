import { css } from 'lit';

/** Styles of the approval card of `<ag-ui-agent>` (`render-tool-approval.ts`); only the element's custom properties. */
export const toolApprovalStyles = css`
  /*
   * Unlike anything a reply can draw (model content has no class or style, and these rules skip it anyway): a thick
   * accent edge, a ring and a question mark badge mark the element's own question.
   */
  .tool-approval:not(.markdown *) {
    margin-top: calc(var(--ag-ui-spacing) / 2);
    padding: calc(var(--ag-ui-spacing) * 0.66);
    border: 1px solid var(--ag-ui-color-accent);
    border-left-width: 4px;
    border-radius: var(--ag-ui-radius);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--ag-ui-color-accent) 18%, transparent);
    background: var(--ag-ui-color-background);
  }

  .tool-approval-title:not(.markdown *) {
    margin: 0;
    font-weight: 600;
  }

  .tool-approval-title:not(.markdown *)::before {
    content: '?' / '';
    display: inline-grid;
    place-items: center;
    width: 1.3em;
    height: 1.3em;
    margin-right: 0.4em;
    border-radius: 50%;
    color: var(--ag-ui-color-accent-text);
    background: var(--ag-ui-color-accent);
    font-size: 0.85em;
  }

  .tool-approval-name {
    font-family: var(--ag-ui-code-font-family);
  }

  .tool-approval-no-args {
    margin: 0.25rem 0 0;
    color: var(--ag-ui-color-muted);
  }

  /* What running it does: the line that matters most, so it is the card's strongest text after its question. */
  .tool-approval-effect {
    margin: 0.25rem 0 0;
    font-weight: 600;
  }

  /* The agent's question: its own line breaks kept, a long word wrapped. */
  .tool-approval-message {
    margin: 0.25rem 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .tool-approval-effect-id {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.85em;
  }

  .tool-approval[data-effect='external_side_effect'] .tool-approval-effect {
    color: var(--ag-ui-color-danger);
  }

  .tool-approval-args {
    margin: calc(var(--ag-ui-spacing) / 2) 0 0;
  }

  .tool-approval-actions,
  .tool-approval-options {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--ag-ui-spacing) / 2);
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  /* Approve and Deny are the pair that answers; Edit arguments steps aside from them. */
  .tool-approval-approve,
  .tool-approval-deny {
    min-width: 6rem;
  }

  .tool-approval-edit-button {
    margin-inline-start: auto;
  }

  /* The second row only shapes what Approve or Deny sends: smaller, and apart from the buttons. */
  .tool-approval-options {
    font-size: 0.875em;
  }

  .tool-approval-remember-field {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    color: var(--ag-ui-color-muted);
  }

  .tool-approval-remember {
    padding: 0.3rem 0.4rem;
    font: inherit;
    color: var(--ag-ui-color-text);
    background: var(--ag-ui-color-background);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
  }

  /* Looks like the composer's field (the element's styles), sized for one line. */
  .tool-approval-reason {
    flex: 1 1 12rem;
    min-width: 0;
    padding: 0.4rem 0.625rem;
  }

  .tool-approval-approve {
    color: var(--ag-ui-color-accent-text);
    background: var(--ag-ui-color-accent);
    border-color: var(--ag-ui-color-accent);
  }

  .tool-approval-edit-label {
    display: block;
    margin-top: calc(var(--ag-ui-spacing) / 2);
    font-size: 0.875em;
    color: var(--ag-ui-color-muted);
  }

  .tool-approval-edit {
    box-sizing: border-box;
    width: 100%;
    margin-top: 0.25rem;
    padding: 0.5rem;
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.8125rem;
    color: var(--ag-ui-color-text);
    background: var(--ag-ui-color-background);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: var(--ag-ui-radius);
    resize: vertical;
  }

  .tool-approval-edit[aria-invalid='true'] {
    border-color: var(--ag-ui-color-danger);
  }

  .tool-approval-edit-mode {
    display: flex;
    gap: 0.25rem;
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  .tool-approval-edit-mode [aria-pressed='true'] {
    border-color: var(--ag-ui-color-accent);
    box-shadow: inset 0 -2px 0 var(--ag-ui-color-accent);
  }

  /* The generated form (approval-edit-form.ts): its nodes carry the schema form's parts, scoped to the card here. */
  .tool-approval-form {
    display: grid;
    gap: 0.5rem;
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  .tool-approval-form [part~='field'] {
    display: grid;
    gap: 0.15rem;
  }

  .tool-approval-form [part~='field-label'],
  .tool-approval-form [part~='legend'] {
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.875em;
  }

  .tool-approval-form [part~='field-description'] {
    font-size: 0.8125em;
    color: var(--ag-ui-color-muted);
  }

  .tool-approval-form [part~='required'],
  .tool-approval-form [part~='field-issue'] {
    color: var(--ag-ui-color-danger);
  }

  .tool-approval-form [part~='field-issue'] {
    margin: 0;
    padding-left: 1rem;
    font-size: 0.8125em;
  }

  .tool-approval-form [part~='field-input'] {
    box-sizing: border-box;
    min-width: 0;
    padding: 0.35rem 0.5rem;
    font: inherit;
    color: var(--ag-ui-color-text);
    background: var(--ag-ui-color-background);
    border: 1px solid var(--ag-ui-color-border);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
  }

  .tool-approval-form [part~='field-input'][aria-invalid='true'] {
    border-color: var(--ag-ui-color-danger);
  }

  .tool-approval-form [part~='field-input'][type='checkbox'] {
    justify-self: start;
  }

  .tool-approval-form [part~='fieldset'] {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    min-width: 0;
    padding: 0.4rem 0.6rem 0.6rem;
    border: 1px solid var(--ag-ui-color-border);
    border-radius: calc(var(--ag-ui-radius) * 0.6);
  }

  .tool-approval-form [part~='array-items'] {
    display: grid;
    gap: 0.4rem;
    margin: 0;
    padding-left: 1.25rem;
  }

  .tool-approval-form [part~='array-item'] {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: end;
    gap: 0.4rem;
  }

  .tool-approval-form [part~='add-item'] {
    justify-self: start;
  }

  .tool-approval-edit-error {
    margin: 0.25rem 0 0;
    color: var(--ag-ui-color-danger);
    font-size: 0.875em;
  }

  .tool-approval-diff {
    margin: 0.25rem 0 0;
    color: var(--ag-ui-color-muted);
    font-size: 0.875em;
  }

  .tool-call-approved-by {
    font-size: 0.8125em;
    color: var(--ag-ui-color-muted);
  }

  .tool-call[data-status='awaiting_approval'] .tool-call-status {
    color: var(--ag-ui-color-warning);
  }
`;
