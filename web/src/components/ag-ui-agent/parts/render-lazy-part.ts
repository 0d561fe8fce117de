/**
 * What `<ag-ui-agent>` shows in place of a part loaded on first use (`lazy-part.ts`): a status line while it loads
 * (a local chunk: milliseconds), and, when it cannot be loaded, a contained error with the buttons that let the run
 * go on (so a call waiting for approval, or an interrupt, is still answerable).
 * @module
 * @internal
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from '../../../internal/repeat.js';
import type { PendingDecision } from '../../../agent/types.js';

/** The status line of a part that is loading. */
export function renderPartLoading(label: string): TemplateResult {
  return html`<p part="part-loading" class="part-loading" role="status">${label}</p>`;
}

/** The error of a part that could not be loaded (`data-code="part_load_failed"`), with `actions` (buttons) after it. */
export function renderPartError(what: string, actions: unknown = nothing): TemplateResult {
  return html`<div part="part-error" class="part-error" role="alert" data-code="part_load_failed">
    <p class="part-error-message">Could not load ${what}; check the connection and reload the page.</p>
    ${actions}
  </div>`;
}

/** Handlers of the approval fallback (the approval card's own). */
export interface ApprovalFallbackHandlers {
  onApprove: (event: Event, toolCallId: string) => void;
  onDeny: (event: Event, toolCallId: string, reason: string) => void;
}

/** The approval card's stand-in when its module failed: the question, and plain Approve / Deny. */
export function renderApprovalFallback(toolCallId: string, toolCallName: string, handlers: ApprovalFallbackHandlers): TemplateResult {
  return html`<div
    part="tool-approval"
    class="tool-approval"
    role="group"
    tabindex="-1"
    data-tool-call-id=${toolCallId}
    aria-label="Allow ${toolCallName} to run?"
  >
    <p part="tool-approval-title" class="tool-approval-title">Allow ${toolCallName} to run?</p>
    ${renderPartError(
      'the approval card',
      html`<div part="tool-approval-actions" class="tool-approval-actions">
        <button part="tool-approval-approve" class="tool-approval-approve" type="button" @click=${(event: Event) => handlers.onApprove(event, toolCallId)}>
          Approve
        </button>
        <button part="tool-approval-deny" class="tool-approval-deny" type="button" @click=${(event: Event) => handlers.onDeny(event, toolCallId, '')}>
          Deny
        </button>
      </div>`,
    )}
  </div>`;
}

/**
 * The interrupt cards' stand-in when their module failed: per interrupt its reason and message, and what answers it
 * without a form: Approve / Deny for a `tool_call` interrupt, else Cancel (the run resumes without an answer).
 * @param answered - called after a button answered an interrupt
 */
export function renderInterruptsFallback(decisions: readonly PendingDecision[], answered: () => void): TemplateResult {
  const answer = (run: () => boolean) => () => {
    run();
    answered();
  };
  return html`<div part="interrupts" class="interrupts">
    ${repeat(
      decisions,
      (decision) => decision.id,
      (decision) => {
        const { interrupt } = decision;
        const open = decision.state === 'open' || decision.state === 'expired';
        const actions = !open
          ? nothing
          : decision.toolCallId !== undefined && decision.state === 'open'
            ? html`<button part="interrupt-approve" class="interrupt-approve" type="button" @click=${answer(() => decision.answer({ approved: true }))}>Approve</button>
                <button part="interrupt-deny" class="interrupt-deny" type="button" @click=${answer(() => decision.answer({ approved: false }))}>Deny</button>`
            : html`<button part="interrupt-cancel" class="interrupt-cancel" type="button" @click=${answer(() => decision.cancel())}>Cancel</button>`;
        return html`<div part="interrupt interrupt-${decision.state}" class="interrupt" role="group" aria-label="Interrupt">
          ${interrupt?.reason ? html`<p part="interrupt-reason" class="interrupt-reason">${interrupt.reason}</p>` : nothing}
          ${interrupt?.message ? html`<p part="interrupt-message" class="interrupt-message">${interrupt.message}</p>` : nothing}
          ${open ? renderPartError('the interrupt form', html`<div part="interrupt-actions" class="interrupt-actions">${actions}</div>`) : nothing}
        </div>`;
      },
    )}
  </div>`;
}
