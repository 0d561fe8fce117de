/**
 * The run loop's call-time enforcement of the registry's `ToolPolicy`: a denied call is answered `policy_denied`, a
 * call that needs approval waits for a person (`tool-approval-requested`), and an admitted call runs with the
 * policy's budgets (`withToolBudgets`).
 * @module
 * @internal
 */
import type { ToolMessage } from '@ag-ui/client';
import {
  budgetsFor,
  decideToolCall,
  toolEffectOf,
  withToolBudgets,
  type RegisteredTool,
  type ToolDefinition,
  type ToolError,
  type ToolRegistry,
} from '../tools/index.js';
import { ToolApprovals, type ToolApprovalOutcome } from './tool-approvals.js';
import type { ToolCallTracker } from './tool-call-tracker.js';
import { APPROVAL_DENIED_MESSAGE, ToolResultErrorCode, cancelledMessage, toolErrorMessage } from './tool-results.js';
import type { ToolApprovalRequestedDetail } from './types.js';

/** What the gate says about one call: run `tool` (the registered one with the budgets applied), or answer it. */
export type ToolAdmission = { tool: ToolDefinition } | { message: ToolMessage; followUp: boolean };

/**
 * Fires the cancelable `tool-approval-requested`.
 * @returns whether a listener called `preventDefault()`
 */
export type DispatchApprovalRequest = (detail: ToolApprovalRequestedDetail) => boolean;

/** Decides, asks and answers for the loop's frontend calls. One per loop. */
export class ToolCallGate {
  readonly #registry: ToolRegistry;
  readonly #tracker: ToolCallTracker;
  readonly #dispatch: DispatchApprovalRequest;
  readonly #approvals = new ToolApprovals();

  constructor(registry: ToolRegistry, tracker: ToolCallTracker, dispatch: DispatchApprovalRequest) {
    this.#registry = registry;
    this.#tracker = tracker;
    this.#dispatch = dispatch;
  }

  /**
   * The answer to a call of a tool the policy denies whatever the arguments (checked before the arguments are
   * parsed, so the model learns nothing about a tool it may not use): `policy_denied`, status `failed`.
   * @returns `undefined` when the tool is not denied
   */
  denied(tool: RegisteredTool, toolCallId: string): ToolMessage | undefined {
    if (!this.#registry.isDenied(tool.name)) return undefined;
    return this.#deny(toolCallId, tool.name);
  }

  /**
   * Decides a call with parsed arguments (`decideToolCall` against the registry's policy, read now). `allow`: the
   * tool to run, synchronously (no promise for the common case). `require_approval`: a promise that waits (status
   * `awaiting_approval`, `tool-approval-requested`) until `approve()`/`deny()`, or `signal` aborts (Stop). Never
   * throws or rejects.
   */
  admit(tool: RegisteredTool, toolCallId: string, args: unknown, signal: AbortSignal): ToolAdmission | Promise<ToolAdmission> {
    const policy = this.#registry.policy;
    const decision = decideToolCall(policy, tool, args);
    if (decision === 'deny') return { message: this.#deny(toolCallId, tool.name), followUp: true };
    if (decision === 'allow') return { tool: withToolBudgets(tool, budgetsFor(policy, tool.name)) };
    return this.#ask(tool, toolCallId, args, signal).then((outcome): ToolAdmission => {
      if (outcome.status === 'approved') return { tool: withToolBudgets(tool, budgetsFor(this.#registry.policy, tool.name)) };
      const denied = outcome.status === 'denied';
      const code = denied ? ToolResultErrorCode.APPROVAL_DENIED : ToolResultErrorCode.CANCELLED;
      const text = !denied ? cancelledMessage(signal) : outcome.reason ? `${APPROVAL_DENIED_MESSAGE}: ${outcome.reason}` : APPROVAL_DENIED_MESSAGE;
      return { message: this.#notRun(toolCallId, 'cancelled', 'cancelled', code, text), followUp: true };
    });
  }

  /**
   * Answers a call waiting for approval.
   * @returns `false` when `toolCallId` is not waiting
   */
  settle(toolCallId: string, outcome: ToolApprovalOutcome): boolean {
    return this.#approvals.settle(toolCallId, outcome);
  }

  #ask(tool: RegisteredTool, toolCallId: string, args: unknown, signal: AbortSignal): Promise<ToolApprovalOutcome> {
    const handle = this.#approvals.request(toolCallId, signal);
    const effect = toolEffectOf(tool);
    const shownArgs = this.#tracker.onAwaitingApproval(toolCallId, effect, args);
    if (this.#approvals.has(toolCallId)) {
      const approvals = this.#approvals;
      const detail: ToolApprovalRequestedDetail = {
        toolCallId,
        toolCallName: tool.name,
        effect,
        args: shownArgs,
        approve: () => approvals.settle(toolCallId, { status: 'approved' }),
        deny: (reason?: string) =>
          approvals.settle(toolCallId, typeof reason === 'string' && reason.trim() !== '' ? { status: 'denied', reason: reason.trim() } : { status: 'denied' }),
        signal: handle.signal,
      };
      const prevented = this.#dispatch(detail);
      const approval = this.#tracker.views.get(toolCallId)?.approval;
      if (prevented && approval) approval.defaultPrevented = true;
    }
    return handle.outcome;
  }

  #deny(toolCallId: string, toolName: string): ToolMessage {
    return this.#notRun(
      toolCallId,
      'failed',
      'permanent',
      ToolResultErrorCode.POLICY_DENIED,
      `Not run: the page's tool policy does not allow "${toolName}"`,
    );
  }

  #notRun(
    toolCallId: string,
    status: 'failed' | 'cancelled',
    category: ToolError['category'],
    code: ToolResultErrorCode,
    message: string,
  ): ToolMessage {
    this.#tracker.onNotRun(toolCallId, status, { category, code, message, retryable: false });
    return toolErrorMessage(toolCallId, code, message);
  }
}
