/**
 * The run loop's pending approvals: one per frontend call that waits for a person (`tool-approval-requested`).
 * @module
 * @internal
 */

/** How an approval request ended. */
export type ToolApprovalOutcome =
  | { status: 'approved' }
  | { status: 'denied'; reason?: string }
  | { status: 'cancelled' };

/** One pending request, as handed to the loop. */
export interface ToolApprovalHandle {
  /** Settles once with the person's answer, or `cancelled` when the caller's signal aborts first. Never rejects. */
  readonly outcome: Promise<ToolApprovalOutcome>;
  /** Aborted once the request is settled (answered or cancelled). */
  readonly signal: AbortSignal;
}

interface Pending {
  settle: (outcome: ToolApprovalOutcome) => void;
}

/** Pending approvals by toolCallId. Settling is idempotent: the first answer counts. */
export class ToolApprovals {
  readonly #pending = new Map<string, Pending>();

  /**
   * Opens a request for `toolCallId`. A request still open for the same id (a server that reuses ids) is cancelled
   * first, so that nothing waits forever.
   * @param signal - cancels the request when aborted (the loop's tool batch: Stop)
   */
  request(toolCallId: string, signal: AbortSignal): ToolApprovalHandle {
    this.settle(toolCallId, { status: 'cancelled' });
    const settled = new AbortController();
    let resolve!: (outcome: ToolApprovalOutcome) => void;
    const outcome = new Promise<ToolApprovalOutcome>((r) => (resolve = r));
    const onAbort = (): void => settle({ status: 'cancelled' });
    const settle = (result: ToolApprovalOutcome): void => {
      if (this.#pending.get(toolCallId) !== entry) return;
      this.#pending.delete(toolCallId);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
      settled.abort();
    };
    const entry: Pending = { settle };
    this.#pending.set(toolCallId, entry);
    if (signal.aborted) settle({ status: 'cancelled' });
    else signal.addEventListener('abort', onAbort, { once: true });
    return { outcome, signal: settled.signal };
  }

  /** Whether `toolCallId` waits for an answer. */
  has(toolCallId: string): boolean {
    return this.#pending.has(toolCallId);
  }

  /**
   * Answers a pending request.
   * @returns `false` when `toolCallId` has none (never asked, or already answered or cancelled)
   */
  settle(toolCallId: string, outcome: ToolApprovalOutcome): boolean {
    const entry = this.#pending.get(toolCallId);
    if (entry === undefined) return false;
    entry.settle(outcome);
    return true;
  }
}
