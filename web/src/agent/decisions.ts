/**
 * Human in the loop: the loop's one list of pending decisions: approvals of frontend tool calls, AG-UI interrupts
 * (from the moment their run finishes), and kinds that plug in from their own file (UI-tool answers).
 * @module
 * @internal
 */
import { buildResumeArray, isInterruptExpired, type Interrupt, type ResumeEntry } from '@ag-ui/client';
import type { ApprovalReason, ApprovalScope, PendingDecision } from './types.js';

/**
 * How an approval of a frontend call ended. `withdrawn`: what was asked no longer holds (the policy now denies the
 * tool, or its arguments changed): the caller decides the call again.
 */
export type ApprovalOutcome =
  | { status: 'approved'; remember?: ApprovalScope; editedArgs?: Record<string, unknown> }
  | { status: 'denied'; reason?: string }
  | { status: 'cancelled' }
  | { status: 'withdrawn' };

/** The answer schema of an approval (AG-UI's recommended `responseSchema` for `tool_call` interrupts, plus a reason). */
export const APPROVAL_RESPONSE_SCHEMA: Readonly<Record<string, unknown>> = Object.freeze({
  type: 'object',
  properties: { approved: { type: 'boolean' }, reason: { type: 'string' } },
  required: ['approved'],
});

/** The answer schema of a frontend call's approval: `APPROVAL_RESPONSE_SCHEMA` plus `remember` (an `ApprovalScope`). */
const TOOL_APPROVAL_SCHEMA: Readonly<Record<string, unknown>> = Object.freeze({
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    reason: { type: 'string' },
    remember: { enum: ['thread', 'always'] },
    editedArgs: { type: 'object' },
  },
  required: ['approved'],
});

/** Longest `setTimeout` delay browsers honour (2^31 - 1 ms); a later expiry is re-checked then. */
const MAX_TIMER_MS = 2_147_483_647;

type ResumeResponse = Parameters<typeof buildResumeArray>[1][string];

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A decision as the list keeps it (the public `PendingDecision` is its read-only face). */
interface Decision extends Mutable<PendingDecision> {
  response?: ResumeResponse;
  controller: AbortController;
  /** An approval's arguments text as asked about (unredacted: the conversation's). */
  askedArgsText?: string;
  /** What the approval was asked about (the registered tool): a change of it withdraws the approval. */
  askedSubject?: object;
  /** Ends an approval with `outcome`. */
  finish?: (outcome: ApprovalOutcome) => boolean;
}

/** What the list tells its owner (the run loop). */
export interface DecisionsHost {
  /** The list changed (a decision opened, was answered, expired, or left). */
  changed(): void;
  /**
   * Fires the request event of a decision (`tool-approval-requested` or `interrupt`).
   * @returns whether a listener called `preventDefault()` (it asks the person itself)
   */
  request(decision: PendingDecision): boolean;
  /** Every interrupt of the batch is answered: run the agent once with these resume entries. */
  resume(entries: ResumeEntry[]): void;
  /**
   * A `tool_call` interrupt about `toolCallId` was answered (`approved`, with the person's `editedArgs` if any), or its
   * batch left unanswered (`undefined`).
   */
  toolCallDecided(toolCallId: string, approved: boolean | undefined, editedArgs?: Record<string, unknown>): void;
  /**
   * A `tool_call` interrupt asks about the server's call `toolCallId`: its record waits for approval instead of
   * running (`editable`: the interrupt's `responseSchema` takes `editedArgs`; `message`: the interrupt's question).
   */
  toolCallAwaits(toolCallId: string, editable: boolean, message: string | undefined): void;
}

/** A `tool_call` answer's `editedArgs` (AG-UI: a full replacement of the call's arguments), when it is an object. */
function editedArgsIn(payload: unknown): Record<string, unknown> | undefined {
  const edited = (payload as { editedArgs?: unknown } | null | undefined)?.editedArgs;
  return typeof edited === 'object' && edited !== null && !Array.isArray(edited) ? (edited as Record<string, unknown>) : undefined;
}

/**
 * Whether a `tool_call` interrupt's `responseSchema` takes `editedArgs`: AG-UI's signal that a client may offer to
 * edit the arguments ("Approve with edits" in the interrupts spec; the agent's `humanInTheLoop.approveWithEdits`).
 */
export function acceptsEditedArgs(responseSchema: unknown): boolean {
  const properties = (responseSchema as { properties?: unknown } | null | undefined)?.properties;
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, 'editedArgs');
}

/** Whether an approval answer (`{ approved: boolean, reason? }`) approves (`undefined`: not an approval's shape). */
function approvedIn(payload: unknown): boolean | undefined {
  const approved = (payload as { approved?: unknown } | null | undefined)?.approved;
  return typeof approved === 'boolean' ? approved : undefined;
}

/**
 * The pending decisions of one `AgentRunLoop`, in the order they were asked: frontend calls waiting for approval
 * (`kind: 'tool-approval'`, one per call, gone once answered) and the interrupts the last run finished with
 * (`kind: 'interrupt'`, the whole batch kept, with each one's `state`, until the agent is resumed or the batch is
 * dropped), and decisions of other kinds opened by their own file (`open()`, `close()`: a UI tool's question, see
 * `ui-tool-answers.ts`).
 *
 * It also keeps the interrupts the last finished run ended with (`interrupts`, the loop's `pendingInterrupts`) from
 * the moment that run finishes: they are offered as decisions once the turn is over (`offerInterrupts()`), and stay
 * pending until a run finishes without interrupts (`runFinished()`) or the thread changes (`setInterrupts()`).
 *
 * An interrupt batch resumes the agent exactly once, when no interrupt is open any more and someone answered one
 * (AG-UI: "a single resume array must address every open interrupt"). An interrupt past its `expiresAt`
 * (`isInterruptExpired`, checked when it arrives, when answered and by a timer at its expiry) is `expired` and
 * resumes as `cancelled`; expiry alone never starts a run unless an answer was given (so that answer is not lost);
 * answering an expired interrupt only acknowledges it (its `cancel()` counts as that).
 */
export class Decisions {
  #list: Decision[] = [];
  readonly #host: DecisionsHost;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The current interrupt batch: answered by someone, resume scheduled. */
  #batch: { acted: boolean; resumeScheduled: boolean } | undefined;
  /** The interrupts the last finished run ended with; replaced (never mutated) when that changes. */
  #interrupts: Interrupt[] = [];

  constructor(host: DecisionsHost) {
    this.#host = host;
  }

  /** The pending decisions, in the order they were asked; a new array whenever it changes. */
  get list(): readonly PendingDecision[] {
    return this.#list;
  }

  /** The interrupts the last finished run ended with (empty once a run finishes without), answered or not. */
  get interrupts(): Interrupt[] {
    return this.#interrupts;
  }

  /**
   * A run finished, with `interrupts` (its outcome was `interrupt`) or none: they become the pending ones, offered once
   * the turn is over (`offerInterrupts()`); the records of the server's calls that `tool_call` ones ask about wait for
   * approval from now on.
   */
  runFinished(interrupts: readonly Interrupt[]): void {
    this.#interrupts = [...interrupts];
    this.#awaitToolCalls();
  }

  /** The pending interrupts of another thread (a restored one's, none for a new one), not offered yet. */
  setInterrupts(interrupts: readonly Interrupt[]): void {
    this.#interrupts = [...interrupts];
  }

  /**
   * The turn is over: the pending interrupts become the interrupt batch (see `openInterrupts()`).
   * @param again - they were offered before (a restored thread, or a turn that failed while they were pending): the
   *   records of the server's calls they ask about are put back to waiting for approval first
   */
  offerInterrupts(again: boolean): void {
    if (this.#interrupts.length === 0) return;
    if (again) this.#awaitToolCalls();
    this.openInterrupts(this.#interrupts);
  }

  /** Adds a decision of a kind that lives in its own file (`kind: 'ui-tool-answer'`); it stays until `close()`. */
  open(decision: PendingDecision): void {
    this.#list = [...this.#list, decision as Decision];
    this.#host.changed();
  }

  /** Removes a decision added by `open()`. @returns `false` when it was not in the list */
  close(decision: PendingDecision): boolean {
    if (!this.#list.includes(decision as Decision)) return false;
    this.#list = this.#list.filter((each) => each !== decision);
    this.#host.changed();
    return true;
  }

  /** The open approval of `toolCallId` (a frontend call's, or a `tool_call` interrupt's), if any. */
  approvalFor(toolCallId: string): PendingDecision | undefined {
    return this.#list.find((decision) => decision.toolCallId === toolCallId && decision.state === 'open' && isApproval(decision));
  }

  /**
   * Asks a person to approve a frontend call. Resolves once answered (`answer({ approved, reason? })`, `cancel()`)
   * or when `signal` aborts (Stop: `cancelled`). A request still open for the same call is cancelled first.
   * @param shownArgs - the arguments as the page may see them (redacted)
   * @param onRequested - told whether the page took the request over, right after the request event
   * @param reason - `'recovery'`: the call was running when the page went away; approving runs it again
   * @param subject - what is asked about (the registered tool), handed to `withdraw()`'s predicate
   */
  askApproval(
    toolCallId: string,
    toolCallName: string,
    argsText: string,
    shownArgs: unknown,
    signal: AbortSignal,
    onRequested: (takenOver: boolean) => void,
    reason: ApprovalReason = 'policy',
    subject?: object,
  ): Promise<ApprovalOutcome> {
    this.approvalFor(toolCallId)?.cancel();
    return new Promise<ApprovalOutcome>((resolve) => {
      const controller = new AbortController();
      const finish = (outcome: ApprovalOutcome): boolean => {
        if (decision.state !== 'open') return false;
        decision.state = outcome.status === 'approved' || outcome.status === 'denied' ? 'resolved' : 'cancelled';
        signal.removeEventListener('abort', onAbort);
        this.#list = this.#list.filter((each) => each !== decision);
        controller.abort();
        resolve(outcome);
        this.#host.changed();
        return true;
      };
      const onAbort = (): void => void finish({ status: 'cancelled' });
      const decision: Decision = {
        id: toolCallId,
        kind: 'tool-approval',
        toolCallId,
        toolCallName,
        args: shownArgs,
        reason,
        message:
          reason === 'recovery'
            ? `${toolCallName} was running when the page was reloaded, so it may have completed. Run it again?`
            : `Allow ${toolCallName} to run?`,
        responseSchema: TOOL_APPROVAL_SCHEMA,
        state: 'open',
        handledByPage: false,
        controller,
        signal: controller.signal,
        askedArgsText: argsText,
        ...(subject !== undefined && { askedSubject: subject }),
        finish,
        answer: (payload?: unknown) => {
          const approved = approvedIn(payload);
          if (approved === undefined) return false;
          if (approved) {
            const { remember, editedArgs } = payload as { remember?: unknown; editedArgs?: unknown };
            const outcome: ApprovalOutcome & { status: 'approved' } = { status: 'approved' };
            if (remember === 'thread' || remember === 'always') outcome.remember = remember;
            if (typeof editedArgs === 'object' && editedArgs !== null && !Array.isArray(editedArgs)) {
              outcome.editedArgs = editedArgs as Record<string, unknown>;
            }
            return finish(outcome);
          }
          const reason = (payload as { reason?: unknown }).reason;
          const trimmed = typeof reason === 'string' ? reason.trim() : '';
          return finish(trimmed === '' ? { status: 'denied' } : { status: 'denied', reason: trimmed });
        },
        cancel: () => finish({ status: 'cancelled' }),
      };
      if (signal.aborted) {
        resolve({ status: 'cancelled' });
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      this.#list = [...this.#list, decision];
      this.#host.changed();
      const takenOver = this.#host.request(decision);
      if (decision.state !== 'open') return;
      decision.handledByPage = takenOver;
      onRequested(takenOver);
      if (takenOver) this.#host.changed();
    });
  }

  /**
   * The interrupts a run finished with become the interrupt batch (replacing any other), and each one's request
   * event fires in order. A `tool_call` interrupt with a `toolCallId` is an approval: `answer({ approved })`.
   */
  openInterrupts(interrupts: readonly Interrupt[]): void {
    this.dropInterrupts();
    const batch = { acted: false, resumeScheduled: false };
    this.#batch = batch;
    const opened: Decision[] = interrupts.map((interrupt) => {
      const controller = new AbortController();
      const toolCall = interrupt.reason === 'tool_call' && typeof interrupt.toolCallId === 'string';
      const decision: Decision = {
        id: interrupt.id,
        kind: 'interrupt',
        interrupt,
        message: interrupt.message || (toolCall ? 'Allow this tool call?' : 'The agent needs an answer to continue.'),
        state: 'open',
        handledByPage: false,
        controller,
        signal: controller.signal,
        answer: (payload?: unknown) => {
          if (toolCall && approvedIn(payload) === undefined) return false;
          return this.#answerInterrupt(decision, payload === undefined ? { status: 'resolved' } : { status: 'resolved', payload });
        },
        cancel: () => this.#answerInterrupt(decision, { status: 'cancelled' }),
      };
      if (toolCall) decision.toolCallId = interrupt.toolCallId!;
      const schema = interrupt.responseSchema ?? (toolCall ? APPROVAL_RESPONSE_SCHEMA : undefined);
      if (schema !== undefined) decision.responseSchema = schema;
      if (interrupt.expiresAt !== undefined) decision.expiresAt = interrupt.expiresAt;
      return decision;
    });
    this.#list = [...this.#list.filter((decision) => decision.kind !== 'interrupt'), ...opened];
    this.#checkExpiry();
    this.#host.changed();
    for (const decision of opened) {
      if (this.#batch !== batch) return;
      if (this.#host.request(decision)) decision.handledByPage = true;
    }
    if (this.#batch === batch) this.#host.changed();
  }

  /** Drops the interrupt batch's decisions (a new run, `reset()`); `interrupts` stays as it is. */
  dropInterrupts(): void {
    const dropped = this.#list.filter((decision) => decision.kind === 'interrupt');
    this.#batch = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (dropped.length === 0) return;
    this.#list = this.#list.filter((decision) => decision.kind !== 'interrupt');
    for (const decision of dropped) {
      (decision as Decision).controller.abort();
      if (decision.toolCallId !== undefined && decision.state === 'open') this.#host.toolCallDecided(decision.toolCallId, undefined);
    }
    this.#host.changed();
  }

  /**
   * Withdraws the open approvals of frontend calls for which `stale(toolCallId, toolCallName, askedArgsText, subject)` says
   * what was asked no longer holds: each ends `withdrawn` (its `signal` aborts) and its call is decided again.
   */
  withdraw(stale: (toolCallId: string, toolCallName: string, askedArgsText: string, subject: object | undefined) => boolean): void {
    for (const decision of this.#list as Decision[]) {
      if (decision.kind !== 'tool-approval' || decision.state !== 'open') continue;
      if (stale(decision.toolCallId!, decision.toolCallName!, decision.askedArgsText ?? '', decision.askedSubject)) {
        decision.finish?.({ status: 'withdrawn' });
      }
    }
  }

  /** Cancels every open approval (its call is answered `cancelled`) and drops the interrupts. */
  clear(): void {
    for (const decision of this.#list) if (decision.kind === 'tool-approval') decision.cancel();
    this.dropInterrupts();
  }

  /** The `tool_call` interrupts among the pending ones: their records wait for approval, not run. */
  #awaitToolCalls(): void {
    for (const interrupt of this.#interrupts) {
      if (interrupt.reason !== 'tool_call' || typeof interrupt.toolCallId !== 'string') continue;
      const message = typeof interrupt.message === 'string' && interrupt.message.trim() !== '' ? interrupt.message : undefined;
      this.#host.toolCallAwaits(interrupt.toolCallId, acceptsEditedArgs(interrupt.responseSchema), message);
    }
  }

  #answerInterrupt(decision: Decision, response: ResumeResponse): boolean {
    const batch = this.#batch;
    if (!batch || !this.#list.includes(decision) || batch.resumeScheduled) return false;
    this.#checkExpiry();
    if (decision.state === 'expired') {
      // An expired interrupt cannot be answered; answering acknowledges it (and may let the batch resume).
      batch.acted = true;
      decision.response = { status: 'cancelled' };
      this.#host.changed();
      this.#resumeWhenAnswered();
      return response.status === 'cancelled';
    }
    if (decision.state !== 'open') return false;
    decision.state = response.status;
    decision.response = response;
    batch.acted = true;
    decision.controller.abort();
    if (decision.toolCallId !== undefined) {
      const approved = response.status === 'resolved' && approvedIn(response.payload) === true;
      this.#host.toolCallDecided(decision.toolCallId, approved, approved ? editedArgsIn(response.payload) : undefined);
    }
    this.#host.changed();
    this.#resumeWhenAnswered();
    return true;
  }

  /** Once no interrupt is open, resumes (once, after the current task: every listener has run). */
  #resumeWhenAnswered(): void {
    const batch = this.#batch;
    const interrupts = this.#list.filter((decision) => decision.kind === 'interrupt');
    if (!batch || batch.resumeScheduled || !batch.acted || interrupts.some((decision) => decision.state === 'open')) return;
    batch.resumeScheduled = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    queueMicrotask(() => {
      if (this.#batch !== batch) return;
      // An answer given in time but sent after the deadline can no longer be accepted: it goes as cancelled.
      this.#checkExpiry(false);
      const responses: Record<string, ResumeResponse> = {};
      for (const decision of interrupts) {
        responses[decision.id] = decision.state === 'expired' ? { status: 'cancelled' } : (decision.response ?? { status: 'cancelled' });
      }
      let resume: ResumeEntry[];
      try {
        resume = buildResumeArray(interrupts.map((decision) => decision.interrupt!), responses);
      } catch (error) {
        // Only duplicate interrupt ids get here (an agent's mistake): answer each id once rather than not at all.
        console.warn('[ag-ui-lit] could not build the resume entries:', error);
        resume = Object.entries(responses).map(([interruptId, response]) => ({ interruptId, ...response }));
      }
      this.#host.resume(resume);
    });
  }

  /**
   * Marks the interrupts past their `expiresAt` as expired, and schedules the next check at the earliest expiry still
   * ahead. When expiry closes the last open interrupt of a batch someone already answered, the resume starts.
   */
  #checkExpiry(schedule = true): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#batch;
    if (!batch) return;
    const now = new Date();
    let next = Infinity;
    let changed = false;
    for (const decision of this.#list) {
      // An answer not yet sent expires too: a resume past `expiresAt` cannot be accepted (AG-UI contract rule 7).
      const unsent = decision.state === 'open' || decision.state === 'resolved';
      if (decision.kind !== 'interrupt' || !unsent || decision.expiresAt === undefined) continue;
      if (isInterruptExpired(decision.interrupt!, now)) {
        decision.state = 'expired';
        decision.controller.abort();
        if (decision.toolCallId !== undefined) this.#host.toolCallDecided(decision.toolCallId, false);
        changed = true;
        continue;
      }
      const at = Date.parse(decision.expiresAt);
      if (Number.isFinite(at)) next = Math.min(next, at);
    }
    if (changed) {
      this.#host.changed();
      if (schedule) this.#resumeWhenAnswered();
    }
    if (!schedule || batch.resumeScheduled || next === Infinity) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#batch === batch) this.#checkExpiry();
    }, Math.min(Math.max(0, next - now.getTime()), MAX_TIMER_MS));
  }
}

/** Whether a decision is answered with `{ approved }`: a frontend call's approval, or a `tool_call` interrupt. */
function isApproval(decision: PendingDecision): boolean {
  return decision.kind === 'tool-approval' || (decision.kind === 'interrupt' && decision.toolCallId !== undefined);
}
