import { EventType, verifyEvents } from '@ag-ui/client';
import type {
  BaseEvent,
  RunAgentInput,
  RunErrorEvent,
  RunFinishedEvent,
  ToolCallArgsEvent,
  ToolCallEndEvent,
  ToolCallResultEvent,
  ToolCallStartEvent,
} from '@ag-ui/client';
import { throwError, type Observable } from 'rxjs';
import type { Conversation } from './conversation.js';
import type { EventDrain } from './event-drain.js';
import { expandChunks } from './expand-chunks.js';
import { runWithFetchGuard } from './http-agent-guard.js';
import { SseHttpAgent, type MiddlewareNext, type SseHttpAgentMiddleware } from './sse-http-agent.js';
import type { ToolCallStore } from './tool-call-store.js';
import type { RunnableAgent } from './types.js';

/** How long the stream may stay open after RUN_FINISHED/RUN_ERROR before the loop ends it, in ms. */
const TERMINAL_GRACE_MS = 1000;

/** One run of a turn (one HTTP request / event stream), as `AgentRunLoop` follows it. */
export interface RunState {
  readonly runId: string;
  readonly iteration: number;
  /** Tool calls started in this run, in stream order. */
  readonly toolCallIds: string[];
  readonly seen: Set<string>;
  finished?: RunFinishedEvent;
  error?: RunErrorEvent;
  /** A read error of the HTTP body, reported by the fetch guard (the stream then ends without RUN_FINISHED). */
  transportError?: unknown;
  drain?: EventDrain;
  /** Called when RUN_FINISHED has been applied (the loop may start the run's tools before the stream ends). */
  onFinished?: () => void;
}

/** The middlewares `agent.use()` added, outermost first (an `AbstractAgent` keeps them in a runtime-public field). */
function middlewaresOf(agent: RunnableAgent): SseHttpAgentMiddleware[] {
  const list = (agent as { middlewares?: unknown }).middlewares;
  if (!Array.isArray(list)) return [];
  return list.filter((each): each is SseHttpAgentMiddleware => typeof (each as SseHttpAgentMiddleware | null)?.run === 'function');
}

/**
 * The events of one run of `agent`, as the loop reads them: `agent.run(input)` (an `SseHttpAgent` as it is, any other
 * agent inside the fetch guard, which reports a broken body to `run.transportError`) through the middlewares the page
 * added with `agent.use()` (outermost first, as `AbstractAgent.runAgent()` chains them), then `expandChunks` and
 * `verifyEvents`. A `run()` or middleware that throws becomes an erroring observable.
 */
export function runEvents(agent: RunnableAgent, input: RunAgentInput, run: RunState): Observable<BaseEvent> {
  const target = agent as RunnableAgent & { abortController?: unknown };
  // HttpAgent.run() reads `abortController` without renewing it (only runAgent() does): give every run its own,
  // so that aborting one run (stop()) does not poison the next.
  if (target.abortController instanceof AbortController) target.abortController = new AbortController();
  const inner: MiddlewareNext = {
    run: (each) =>
      agent instanceof SseHttpAgent
        ? agent.run(each)
        : runWithFetchGuard(agent, (error) => (run.transportError ??= error), () => agent.run(each)),
    get messages() {
      return agent.messages;
    },
    get state() {
      return agent.state;
    },
  };
  const chain = middlewaresOf(agent).reduceRight<MiddlewareNext>(
    (next, middleware) => ({
      run: (each) => middleware.run(each, next),
      get messages() {
        return next.messages;
      },
      get state() {
        return next.state;
      },
    }),
    inner,
  );
  try {
    return chain.run(input).pipe(expandChunks(false), verifyEvents(false));
  } catch (error) {
    return throwError(() => error);
  }
}

/** Applies one verified event of `run`: to the conversation, then to the thread's tool-call records and the run's outcome. */
export function applyRunEvent(run: RunState, event: BaseEvent, conversation: Conversation, store: ToolCallStore): void {
  conversation.apply(event);
  switch (event.type) {
    case EventType.TOOL_CALL_START: {
      const { toolCallId, toolCallName } = event as ToolCallStartEvent;
      if (!run.seen.has(toolCallId)) {
        run.seen.add(toolCallId);
        run.toolCallIds.push(toolCallId);
      }
      const owner = conversation.getToolCall(toolCallId)?.owner;
      store.start(toolCallId, toolCallName, owner?.id);
      return;
    }
    case EventType.TOOL_CALL_ARGS: {
      const { toolCallId, delta } = event as ToolCallArgsEvent;
      store.appendArgs(toolCallId, delta, conversation.getToolCall(toolCallId)?.toolCall.function.arguments ?? '');
      return;
    }
    case EventType.TOOL_CALL_END: {
      const { toolCallId } = event as ToolCallEndEvent;
      store.endArgs(toolCallId, conversation.getToolCall(toolCallId)?.toolCall.function.arguments ?? '');
      return;
    }
    case EventType.TOOL_CALL_RESULT: {
      const { toolCallId, content } = event as ToolCallResultEvent;
      store.serverResult(toolCallId, typeof content === 'string' ? content : JSON.stringify(content));
      return;
    }
    case EventType.MESSAGES_SNAPSHOT:
      store.syncFromMessages(conversation.messages, true);
      return;
    case EventType.RUN_FINISHED:
      run.finished = event as RunFinishedEvent;
      armTerminalGrace(run);
      run.onFinished?.();
      return;
    case EventType.RUN_ERROR:
      run.error = event as RunErrorEvent;
      armTerminalGrace(run);
      return;
    default:
      return;
  }
}

/**
 * After RUN_FINISHED/RUN_ERROR the stream is still read to its end, so that `verifyEvents` can flag events sent
 * after it; but a server that keeps the connection open must not hang the loop: past `TERMINAL_GRACE_MS` the
 * stream is ended as if it had closed.
 */
function armTerminalGrace(run: RunState): void {
  const drain = run.drain;
  if (!drain) return;
  const timer = setTimeout(() => drain.complete(), TERMINAL_GRACE_MS);
  void drain.done.then(() => clearTimeout(timer));
}
