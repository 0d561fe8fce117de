import { css } from 'lit';

/**
 * Styles of a tool call card's progress line (`render-tool-call.ts`), part of the element's styles: a thin bar in the
 * accent colour and the "2 of 4 · message" text beside it, which wraps under the bar on a narrow card.
 */
export const toolCallProgressStyles = css`
  .tool-call-progress-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem calc(var(--ag-ui-spacing) / 2);
    margin-top: calc(var(--ag-ui-spacing) / 3);
  }

  .tool-call-progress {
    flex: 1 1 8rem;
    max-width: 16rem;
    height: 0.5rem;
    accent-color: var(--ag-ui-color-accent);
  }

  .tool-call-progress-text {
    flex: 1 1 10rem;
    min-width: 0;
    overflow-wrap: anywhere;
    color: var(--ag-ui-color-muted);
    font-variant-numeric: tabular-nums;
  }
`;
