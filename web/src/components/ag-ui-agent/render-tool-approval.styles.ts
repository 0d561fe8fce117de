import { css } from 'lit';

/** Styles of the approval card of `<ag-ui-agent>` (`render-tool-approval.ts`); only the element's custom properties. */
export const toolApprovalStyles = css`
  .tool-approval {
    margin-top: calc(var(--ag-ui-spacing) / 2);
    padding: calc(var(--ag-ui-spacing) * 0.66);
    border: 1px solid var(--ag-ui-color-accent);
    border-radius: var(--ag-ui-radius);
    background: var(--ag-ui-color-background);
  }

  .tool-approval-title {
    margin: 0;
    font-weight: 600;
  }

  .tool-approval-name {
    font-family: var(--ag-ui-code-font-family);
  }

  .tool-approval-effect,
  .tool-approval-no-args {
    margin: 0.25rem 0 0;
    color: var(--ag-ui-color-muted);
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

  .tool-approval-actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--ag-ui-spacing) / 2);
    margin-top: calc(var(--ag-ui-spacing) / 2);
  }

  /* Looks like the composer's field (the element's styles), sized for one line next to the buttons. */
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

  .tool-call[data-status='awaiting_approval'] .tool-call-status {
    color: var(--ag-ui-color-warning);
  }
`;
