import { css } from 'lit';

/** Styles of the default activity views (`render-activity.ts`), loaded with them (`activity-part.ts`). */
export const activityStyles = css`
  .activity-title {
    margin: 0;
    font-weight: 600;
  }

  .activity-progress {
    margin-left: 0.5em;
    font-weight: normal;
    font-size: 0.875em;
    color: var(--ag-ui-color-muted);
  }

  .activity-steps {
    margin: calc(var(--ag-ui-spacing) / 2) 0 0;
    padding: 0;
    list-style: none;
  }

  .activity-step {
    display: flex;
    gap: 0.5em;
    align-items: baseline;
    padding: 0.125em 0;
  }

  .activity-step-mark {
    width: 1em;
    flex: none;
    text-align: center;
    color: var(--ag-ui-color-muted);
  }

  .activity-step[data-status='completed'] .activity-step-mark,
  .activity-step[data-status='complete'] .activity-step-mark,
  .activity-step[data-status='done'] .activity-step-mark {
    color: var(--ag-ui-color-success);
  }

  .activity-step[data-status='in_progress'] .activity-step-mark,
  .activity-step[data-status='running'] .activity-step-mark,
  .activity-step[data-status='active'] .activity-step-mark {
    color: var(--ag-ui-color-accent);
  }

  .activity-step[data-status='failed'] .activity-step-mark,
  .activity-step[data-status='error'] .activity-step-mark {
    color: var(--ag-ui-color-danger);
  }

  .activity-step-text {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  .activity-step-status {
    flex: none;
    font-size: 0.8125em;
    color: var(--ag-ui-color-muted);
  }

  .activity-content {
    margin: calc(var(--ag-ui-spacing) / 2) 0 0;
    max-height: 12rem;
    overflow: auto;
    font-family: var(--ag-ui-code-font-family);
    font-size: 0.8125em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
