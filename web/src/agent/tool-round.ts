/**
 * A tool round as plain async functions: for each frontend call of a finished run, the gate (policy, approval), then
 * `await manager.execute()`; the round is all of them, concurrently, with their tool messages in call order.
 * @module
 * @internal
 */
import type { ToolMessage } from '@ag-ui/client';
import { toolEffectOf } from '../tools/tool-effect.js';
import { decideToolCall } from '../tools/tool-policy.js';
import {
  budgetsFor,
  categorizeError,
  ToolErrorCode,
  withToolBudgets,
  type RegisteredTool,
  type ToolError,
  type ToolExecutionManager,
  type ToolExecutionResult,
  type ToolRegistry,
} from '../tools/index.js';
import type { Conversation } from './conversation.js';
import type { Decisions } from './decisions.js';
import type { ToolCallAnswer, ToolCallStore } from './tool-call-store.js';
import { isRememberable, type ApprovalMemory } from './approval-memory.js';
import { parsedEdit } from './edited-args.js';
import { keepHandlerValue } from './handler-value.js';
import type { ToolCallClaim, ToolCallJournal } from './types.js';
import { withUiToolAnswers } from './ui-tool-answers.js';
import {
  APPROVAL_DENIED_MESSAGE,
  INVALID_JSON_MESSAGE,
  RELOADED_WHILE_RUNNING_MESSAGE,
  cancelledMessage,
  parseToolArguments,
  toolErrorMessage,
  toolFailureMessage,
  toolMessage,
} from './tool-results.js';

/** What a round works with: the loop's conversation, registry, manager, tool-call store and decisions. */
export interface ToolRoundContext {
  /** Where calls and their answers are looked up (the loop's conversation, or the calls that came from elsewhere). */
  readonly conversation: Pick<Conversation, 'getToolCall' | 'getToolResult' | 'insertToolMessage'>;
  readonly registry: ToolRegistry;
  readonly manager: ToolExecutionManager;
  readonly store: ToolCallStore;
  readonly decisions: Decisions;
  /** The journal that makes executions durable and exclusive across tabs (`AgentRunLoop.journal`), read per call. */
  journal(): ToolCallJournal | undefined;
  /** Approvals a person asked to remember, and the thread the round is in. */
  readonly approvals: ApprovalMemory;
  threadId(): string;
}

/**
 * How a restored call that was running when the page went away is handled by its round: `'rerun'` runs it again
 * through the gate; `'ask'` asks a person first (approval with reason `'recovery'`).
 */
export type RecoveryMode = 'rerun' | 'ask';

/** One answered call: its tool message, and whether it asks for a follow-up run. */
export interface ToolOutcome {
  message: ToolMessage;
  followUp: boolean;
  /** `message` is the agent's own answer, already in the conversation (the call was not run): not inserted again. */
  inConversation?: boolean;
}

/** The calls among `toolCallIds` (a run's, in stream order) that name a registered tool and have no result yet. */
export function callsToRun(context: ToolRoundContext, toolCallIds: readonly string[]): string[] {
  const { conversation, registry } = context;
  return toolCallIds.filter((toolCallId) => {
    const entry = conversation.getToolCall(toolCallId);
    return entry !== undefined && conversation.getToolResult(toolCallId) === undefined && registry.has(entry.toolCall.function.name);
  });
}

/**
 * Runs `calls` concurrently under `signal` (aborted by Stop, or when the run fails after its tools started).
 * @returns their outcomes in call order; never rejects
 */
export function runToolRound(
  context: ToolRoundContext,
  calls: readonly string[],
  signal: AbortSignal,
  recovery?: ReadonlyMap<string, RecoveryMode>,
): Promise<ToolOutcome[]> {
  const overBudget = overRunBudget(context, calls);
  return Promise.all(
    calls.map((toolCallId) => {
      const refusal = overBudget.get(toolCallId);
      if (refusal !== undefined) return Promise.resolve(refusal());
      return runToolCall(context, toolCallId, signal, recovery?.get(toolCallId));
    }),
  );
}

/**
 * The calls past their tool's `maxCallsPerRun` (the policy's budget), in call order, each with the refusal that
 * answers it (`rate_limited`, not run).
 */
function overRunBudget(context: ToolRoundContext, calls: readonly string[]): Map<string, () => ToolOutcome> {
  const refused = new Map<string, () => ToolOutcome>();
  const policy = context.registry.policy;
  if (!policy.budgets?.maxCallsPerRun && !policy.tools) return refused;
  const counts = new Map<string, number>();
  for (const toolCallId of calls) {
    const name = context.conversation.getToolCall(toolCallId)?.toolCall.function.name;
    if (name === undefined) continue;
    const limit = budgetsFor(policy, name).maxCallsPerRun;
    if (limit === undefined) continue;
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (count <= limit) continue;
    const text = `Not run: the page's tool policy allows at most ${limit} call${limit === 1 ? '' : 's'} of "${name}" per run`;
    refused.set(toolCallId, () => {
      const error: ToolError = { category: 'transient', code: ToolErrorCode.RATE_LIMITED, message: text, retryable: false };
      return answer(context, toolCallId, { status: 'failed', message: toolFailureMessage(toolCallId, error), followUp: true, error });
    });
  }
  return refused;
}

/**
 * One frontend call: registered? denied? JSON arguments? approval? then the manager. Never rejects: a throw (only a
 * bug, or a hostile registry or policy, gets there) answers the call `failed`, category `unknown`.
 */
async function runToolCall(context: ToolRoundContext, toolCallId: string, signal: AbortSignal, recovery?: RecoveryMode): Promise<ToolOutcome> {
  try {
    return await gateAndRun(context, toolCallId, signal, recovery);
  } catch (cause) {
    const error = categorizeError(cause, 'unknown');
    return answer(context, toolCallId, { status: 'failed', message: toolFailureMessage(toolCallId, error), followUp: true, error });
  }
}

/**
 * Decides the call against what holds when it would run: the tool as registered now, the policy now, the arguments
 * the conversation holds now. A call that needs approval waits for it; if, meanwhile, the policy came to deny the tool
 * or the arguments were replaced (a later `MESSAGES_SNAPSHOT`), the approval is withdrawn (see `Decisions.withdraw`)
 * or no longer counts, and the call is decided again: a denial always wins, and what runs is what was approved. A
 * call the agent answered itself meanwhile (`TOOL_CALL_RESULT`) is withdrawn likewise, and then not run at all.
 */
async function gateAndRun(context: ToolRoundContext, toolCallId: string, signal: AbortSignal, recovery?: RecoveryMode): Promise<ToolOutcome> {
  const { conversation, registry, store } = context;
  // A person chose "Run again" for a call that may already have run: that choice is the approval.
  let rerunApproved = false;
  for (;;) {
    // The agent answered the call itself meanwhile (its record says so: `answered_by_agent`): it never runs here.
    const answered = conversation.getToolResult(toolCallId);
    if (answered) return { message: answered, followUp: false, inConversation: true };
    const entry = conversation.getToolCall(toolCallId);
    if (!entry) return notRun(context, toolCallId, 'cancelled', 'cancelled', ToolErrorCode.CANCELLED, 'Not run: the call left the conversation');
    const name = entry.toolCall.function.name;
    const argsText = entry.toolCall.function.arguments;
    // A call is the tool it was recorded as: a later snapshot that renames it runs neither tool.
    const recordedAs = store.renamed(toolCallId, name, argsText);
    if (recordedAs !== undefined) {
      const text = `Not run: this call was recorded as "${recordedAs}", and a later message snapshot names "${name}"`;
      return notRun(context, toolCallId, 'failed', 'permanent', ToolErrorCode.TOOL_CALL_RENAMED, text);
    }
    const tool = registry.get(name);
    if (!tool) return notRun(context, toolCallId, 'cancelled', 'cancelled', ToolErrorCode.CANCELLED, 'Not run: the tool is no longer registered');
    // Checked before the arguments are parsed, so the model learns nothing about a tool it may not use.
    if (registry.isDenied(name)) return policyDenied(context, toolCallId, name);
    const parsed = parseToolArguments(argsText);
    if (!parsed.ok) return notRun(context, toolCallId, 'failed', 'validation', ToolErrorCode.INVALID_JSON, INVALID_JSON_MESSAGE);
    const args = parsed.args;

    if (recovery === 'ask' && !rerunApproved) {
      const shownArgs = store.awaitApproval(toolCallId, toolEffectOf(tool), args, 'recovery');
      const verdict = await context.decisions.askApproval(toolCallId, name, argsText, shownArgs, signal, (takenOver) => {
        if (takenOver) store.approvalTakenOver(toolCallId);
      }, 'recovery');
      if (verdict.status === 'withdrawn') continue;
      if (verdict.status !== 'approved') return outcomeUnknown(context, toolCallId);
      rerunApproved = true;
      continue; // decided again with what holds now
    }

    let runArgs: unknown = args;
    let edited: { args: unknown } | undefined;
    const decision = decideToolCall(registry.policy, tool, args);
    if (decision === 'deny') return policyDenied(context, toolCallId, name);
    const restoring = decision === 'require_approval' && !rerunApproved ? context.approvals.whenRestored(signal) : undefined;
    if (restoring) {
      // Approvals kept from an earlier page are still loading: the call may already be approved.
      await restoring;
      continue; // decided again with what holds now
    }
    const remembered = decision === 'require_approval' && !rerunApproved ? context.approvals.allows(context.threadId(), tool, registry.policy) : undefined;
    if (remembered) store.approvedBy(toolCallId, remembered);
    else if (decision === 'require_approval' && !rerunApproved) {
      const rememberable = isRememberable(tool, registry.policy);
      const shownArgs = store.awaitApproval(toolCallId, toolEffectOf(tool), args, 'policy', rememberable);
      const verdict = await context.decisions.askApproval(
        toolCallId,
        name,
        argsText,
        shownArgs,
        signal,
        (takenOver) => {
          if (takenOver) store.approvalTakenOver(toolCallId);
        },
        'policy',
        tool,
      );
      if (verdict.status === 'withdrawn') continue;
      if (verdict.status !== 'approved') {
        const denied = verdict.status === 'denied';
        const text = !denied ? cancelledMessage(signal) : verdict.reason ? `${APPROVAL_DENIED_MESSAGE}: ${verdict.reason}` : APPROVAL_DENIED_MESSAGE;
        return notRun(context, toolCallId, 'cancelled', 'cancelled', denied ? ToolErrorCode.APPROVAL_DENIED : ToolErrorCode.CANCELLED, text);
      }
      // Approved: only what was asked about runs, and only if the policy still lets it.
      const now = conversation.getToolCall(toolCallId);
      if (now?.toolCall.function.arguments !== argsText || now.toolCall.function.name !== name || registry.get(name) !== tool) continue;
      if (registry.isDenied(name) || decideToolCall(registry.policy, tool, args) === 'deny') return policyDenied(context, toolCallId, name);
      if (verdict.remember && rememberable) context.approvals.remember(context.threadId(), tool, verdict.remember);
      if (verdict.editedArgs !== undefined) {
        // The person changed the arguments: what runs is what they approved, under the policy as for any arguments;
        // the record and the agent are told what the handler gets (the schema drops keys the tool does not take).
        const edit = parsedEdit(tool.schema, verdict.editedArgs);
        if (decideToolCall(registry.policy, tool, edit.run) === 'deny') return policyDenied(context, toolCallId, name);
        runArgs = edit.run;
        edited = { args: edit.shown };
        store.argsEdited(toolCallId, edit.shown);
      }
    }
    return execute(context, toolCallId, tool, runArgs, signal, edited);
  }
}

/** Runs an admitted call through the manager, within the policy's budgets as they are now. */
async function execute(
  context: ToolRoundContext,
  toolCallId: string,
  tool: RegisteredTool,
  args: unknown,
  signal: AbortSignal,
  edited?: { args: unknown },
): Promise<ToolOutcome> {
  const { store } = context;
  const journal = context.journal();
  if (journal) {
    const record = store.markStarted(toolCallId);
    let claim: ToolCallClaim = { status: 'run' };
    try {
      if (record) claim = await journal.claim(record, signal);
    } catch {
      // The journal could not be reached (it reports why): the call still runs, in memory.
    }
    if (claim.status === 'settled') {
      // Another tab ran and answered it while this one waited: its answer counts; nothing runs twice.
      const message = store.adopt(claim.record);
      if (message) return { message, followUp: claim.record.answer?.followUp ?? true };
    }
    try {
      if (signal.aborted) return notRun(context, toolCallId, 'cancelled', 'cancelled', ToolErrorCode.CANCELLED, cancelledMessage(signal));
      return await executeNow(context, toolCallId, tool, args, signal, edited);
    } finally {
      const settled = store.get(toolCallId);
      if (settled) await journal.settle(settled).catch(() => undefined);
    }
  }
  return executeNow(context, toolCallId, tool, args, signal, edited);
}

async function executeNow(
  context: ToolRoundContext,
  toolCallId: string,
  tool: RegisteredTool,
  args: unknown,
  signal: AbortSignal,
  edited: { args: unknown } | undefined,
): Promise<ToolOutcome> {
  const { registry, store } = context;
  // A UI tool's question waits among the loop's decisions (within the budgets, as its handler would).
  const asked = withUiToolAnswers(tool, context.decisions, () => store.get(toolCallId)?.args);
  // The handler's own value is noted inside the budgets, before a result budget turns it into text.
  const kept = keepHandlerValue(asked);
  const runnable = withToolBudgets(kept.tool, budgetsFor(registry.policy, tool.name));
  const result = await context.manager.execute(runnable, toolCallId, args, {
    signal,
    onEvent: (event) => store.onExecution(toolCallId, event),
  });
  const executionId = store.get(toolCallId)?.executionId;
  const execution = executionId === undefined ? undefined : context.manager.getExecution(executionId);
  const optsOut = tool.metadata?.followUp === false;
  const outcome = answerOf(toolCallId, result, signal, optsOut);
  // Not for a cached result (the handler did not run): the store then reads the value from the result text.
  const returned = result.success && execution && !execution.cached ? kept.returned(execution.retry.attemptNumber) : undefined;
  if (returned) outcome.value = returned.value;
  if (edited) outcome.message = withEditedArgs(outcome.message, edited.args);
  return answer(context, toolCallId, { ...outcome, ...(execution !== undefined && { execution }) });
}

/**
 * Answers, without running it, a call that was running when the page went away: `uncertain` (code
 * `uncertain_outcome`, "its outcome is unknown") for a tool that is not `read_only`; `cancelled` for a read.
 */
export function outcomeUnknown(context: ToolRoundContext, toolCallId: string): ToolOutcome {
  // The tool the call names, as registered now: never what a stored record says.
  const name = context.conversation.getToolCall(toolCallId)?.toolCall.function.name;
  const tool = name === undefined ? undefined : context.registry.get(name);
  if (tool && toolEffectOf(tool) === 'read_only') {
    return notRun(context, toolCallId, 'cancelled', 'cancelled', ToolErrorCode.CANCELLED, RELOADED_WHILE_RUNNING_MESSAGE);
  }
  return uncertain(context, toolCallId, RELOADED_WHILE_RUNNING_MESSAGE);
}

/**
 * Answers `uncertain` (code `uncertain_outcome`), without running it, a restored call whose record names another tool
 * (`recordedAs`) than the call does: the record is not trusted for anything, so whatever it says may have happened.
 */
export function misrecorded(context: ToolRoundContext, toolCallId: string, recordedAs: string): ToolOutcome {
  const name = context.conversation.getToolCall(toolCallId)?.toolCall.function.name ?? '';
  const text = `Not run again: the saved record of this call names "${recordedAs}" but the call names "${name}"; its outcome is unknown`;
  return uncertain(context, toolCallId, text);
}

function uncertain(context: ToolRoundContext, toolCallId: string, text: string): ToolOutcome {
  const error: ToolError = { category: 'uncertain', code: ToolErrorCode.UNCERTAIN_OUTCOME, message: text, retryable: false };
  return answer(context, toolCallId, { status: 'uncertain', message: toolFailureMessage(toolCallId, error), followUp: true, error });
}

/** The answer to a call the manager ran. A failure always asks for a follow-up, even for a tool that opts out. */
function answerOf(toolCallId: string, result: ToolExecutionResult, signal: AbortSignal, optsOut: boolean): ToolCallAnswer {
  if (result.success) return { status: 'succeeded', message: toolMessage(toolCallId, result.result), followUp: !optsOut, result: result.result };
  if (result.error.category === 'cancelled') {
    const message = toolErrorMessage(toolCallId, ToolErrorCode.CANCELLED, cancelledMessage(signal));
    return { status: 'cancelled', message, followUp: !optsOut, error: result.error };
  }
  const status = result.error.category === 'uncertain' ? 'uncertain' : 'failed';
  return { status, message: toolFailureMessage(toolCallId, result.error), followUp: true, error: result.error };
}

function policyDenied(context: ToolRoundContext, toolCallId: string, name: string): ToolOutcome {
  const message = `Not run: the page's tool policy does not allow "${name}"`;
  return notRun(context, toolCallId, 'failed', 'permanent', ToolErrorCode.POLICY_DENIED, message);
}

/** Answers a call without running it; every such answer asks for a follow-up, so that the model learns of it. */
function notRun(
  context: ToolRoundContext,
  toolCallId: string,
  status: 'failed' | 'cancelled',
  category: ToolError['category'],
  code: ToolErrorCode,
  text: string,
): ToolOutcome {
  const error: ToolError = { category, code, message: text, retryable: false };
  return answer(context, toolCallId, { status, message: toolErrorMessage(toolCallId, code, text), followUp: true, error });
}

/** Writes the answer into the call's record (the first answer counts) and returns the tool message it stands for. */
function answer(context: ToolRoundContext, toolCallId: string, outcome: ToolCallAnswer): ToolOutcome {
  const message = context.store.answer(toolCallId, outcome);
  return { message, followUp: context.store.get(toolCallId)?.answer?.followUp ?? outcome.followUp };
}

/**
 * Answers, without running them, the calls among `toolCallIds` that have no result in the conversation (frontend and
 * backend alike: a transcript with an unanswered call is rejected by model providers on the next request): a call
 * whose record already has its answer (it settled while the round was still collecting) gets that answer; the others
 * `cancelled` with `message`. Their tool messages go into the conversation.
 */
export function answerUnanswered(context: ToolRoundContext, toolCallIds: readonly string[], message: string): void {
  refuse(context, toolCallIds, ToolErrorCode.CANCELLED, { category: 'cancelled', code: ToolErrorCode.CANCELLED, message, retryable: false });
}

/**
 * Answers `calls` that have no result yet without running them (the loop guard, Stop, a failed run, an unknown tool):
 * each ends `status` (default `cancelled`) with `error`, and gets a tool message with `code`, unless its record was
 * already answered.
 */
export function refuse(
  context: ToolRoundContext,
  calls: readonly string[],
  code: ToolErrorCode,
  error: ToolError,
  status: 'failed' | 'cancelled' = 'cancelled',
): void {
  const { conversation, store } = context;
  for (const toolCallId of calls) {
    if (conversation.getToolResult(toolCallId) !== undefined || conversation.getToolCall(toolCallId) === undefined) continue;
    const answered = store.answer(toolCallId, {
      status,
      message: toolErrorMessage(toolCallId, code, error.message),
      followUp: true,
      error,
    });
    conversation.insertToolMessage(answered);
  }
}

/**
 * The tool message of a call that ran with arguments a person edited before approving: its content says so and names
 * them (`editedArgs`), beside the result or error, so the agent knows what ran.
 */
function withEditedArgs(message: ToolMessage, edited: unknown): ToolMessage {
  const text = typeof message.content === 'string' ? message.content : '';
  let body: Record<string, unknown>;
  try {
    const parsed = JSON.parse(text) as unknown;
    body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...(parsed as object) } : { result: parsed };
  } catch {
    body = { result: text };
  }
  return {
    ...message,
    content: JSON.stringify({ ...body, editedArgs: edited, note: 'The user edited the arguments before approving; the tool ran with editedArgs.' }),
  };
}
