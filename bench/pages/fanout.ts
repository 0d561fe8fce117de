/**
 * Figure 3, fan-out: one run (`/api/test/parallel?repeat=1000&tool=sleep_1ms`) asks for 1,000 calls of a registered
 * tool whose handler awaits a 1 ms timer. Measured: from RUN_FINISHED to the follow-up request leaving the page
 * (`window.fetch` called for the second POST). RUN_FINISHED is timed twice: when it comes out of `SseHttpAgent.run()`
 * (tapped before the loop sees it) and when the loop has applied it (see `Phases`): the server sends the whole run at
 * once, so the loop first works through the 4,000 events queued before it, which is ingest, not fan-out. Checked: exactly one follow-up (POSTs counted in the page and in the
 * server's request recording), 1,000 successful tool results in it.
 * @module
 */
import { EventType, HttpAgent, verifyEvents, type BaseEvent, type RunAgentInput, type ToolCall } from '@ag-ui/client';
import { Observable } from 'rxjs';
import { z } from 'zod';
import { AgentRunLoop, SseHttpAgent, ToolRegistry, type AgUiAgent, type ToolDefinition } from '../../web/src/index.js';
import { afterPaint, defineBenchmarks, median, runInput, sleep } from './shared.js';

const TOOL_NAME = 'sleep_1ms';

/** The `SseHttpAgent` `<ag-ui-agent url>` builds, noting when each `RUN_FINISHED` event comes out of its stream. */
class TappedAgent extends SseHttpAgent {
  readonly runFinishedAt: number[] = [];
  readonly completedAt: number[] = [];

  override run(input: RunAgentInput): Observable<BaseEvent> {
    const source = super.run(input);
    return new Observable<BaseEvent>((subscriber) =>
      source.subscribe({
        next: (event) => {
          if (event.type === EventType.RUN_FINISHED) this.runFinishedAt.push(performance.now());
          subscriber.next(event);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          this.completedAt.push(performance.now());
          subscriber.complete();
        },
      }),
    );
  }
}

/** Timestamps of the POSTs the page makes to `/api/test/parallel`. */
const posts: number[] = [];
const originalFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if ((init?.method ?? 'GET').toUpperCase() === 'POST' && url.includes('/api/test/parallel')) posts.push(performance.now());
  return originalFetch(input, init);
};

/**
 * When the tool's handlers ran, in the current fan-out of `calls` calls: the first call, the last call, the last timer
 * to fire. Taken in the handler rather than from `tool-status-changed`, because listening to that event is not free:
 * the loop skips building and dispatching status events nobody listens to, and 5,000 of them would be the
 * instrument's cost. The handler reads the clock three times per fan-out, not twice per call (`performance.now()`
 * costs ~0.17 us here: 2,000 reads would add ~0.3 ms to the figure).
 */
const handlerTimes = { first: NaN, lastStart: NaN, lastDone: NaN, calls: 0, started: 0, done: 0 };

/** Resolves in a new task that is not a timer's (a message), so timers set then are not nested. */
function freshTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The tool, defined once per page as a page defines its tools: its schema is the same object in every fan-out, so
 * Zod compiles its parser once (a new `z.object()` per fan-out would put that compilation, and the new parser's
 * cold start, inside each measured fan-out).
 */
const TOOL: ToolDefinition<{ n: number }> = {
  name: TOOL_NAME,
  description: 'Waits 1 ms, then answers its n',
  effect: 'read_only',
  schema: z.object({ n: z.number() }),
  handler: async ({ n }) => {
    const started = ++handlerTimes.started;
    if (started === 1) handlerTimes.first = performance.now();
    if (started === handlerTimes.calls) handlerTimes.lastStart = performance.now();
    await sleep(1);
    if (++handlerTimes.done === handlerTimes.calls) handlerTimes.lastDone = performance.now();
    return { n };
  },
};

/** A fresh registry (no statistics yet) holding `TOOL`. */
function newRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(TOOL);
  return registry;
}

async function recordedRequests(threadId: string): Promise<RunAgentInput[]> {
  const response = await originalFetch(`/api/test/requests?threadId=${encodeURIComponent(threadId)}`);
  const body = (await response.json()) as { requests: Array<{ input: RunAgentInput }> };
  return body.requests.map((request) => request.input);
}

interface FanOutResult {
  /** The figure: from RUN_FINISHED applied by the loop (see `Phases`) to the follow-up POST, ms. */
  ms: number;
  /** From RUN_FINISHED leaving `SseHttpAgent.run()` (arrival) to the follow-up POST, ms. */
  fromArrivalMs: number;
  /** Arrival -> applied: the loop working through the events queued before RUN_FINISHED, ms. */
  backlogMs: number;
  /** Applied -> the end of the first run's event stream (the response body closed), ms. */
  streamEndMs: number;
  /** The end of the stream -> the first handler call, ms. */
  toFirstCallMs: number;
  /** First handler call -> the run's `run-finished` (every tool settled), ms. */
  toolsMs: number;
  /** First handler call -> last handler call (validation and start of all executions), ms. */
  startAllMs: number;
  /** Last handler call -> last handler's timer fired, ms. */
  lastTimerMs: number;
  /** Last timer fired -> `run-finished` (results settled and recorded), ms. */
  settleMs: number;
  /** `run-finished` -> the follow-up POST (results appended, next request built), ms. */
  followUpMs: number;
  posts: number;
  recordedRequests: number;
  toolResults: number;
}

/**
 * Timestamps of the loop's progress, from its events (`prefix` '' for an `AgentRunLoop`, 'ag-ui-' for the element) and
 * the handler (`handlerTimes`).
 *
 * "RUN_FINISHED applied" is taken as the last `messages-changed` before the first handler call (the loop fires one
 * per slice of applied events; RUN_FINISHED is the last event of the run), or RUN_FINISHED's arrival if later. It
 * can only be early, never late, so the figure errs on the slow side.
 */
class Phases {
  lastMessagesChanged = NaN;
  settledAt = NaN;

  /** @param calls - the fan-out's number of calls (the handler notes the last call and the last timer by count) */
  constructor(target: EventTarget, prefix: string, calls: number) {
    handlerTimes.first = handlerTimes.lastStart = handlerTimes.lastDone = NaN;
    handlerTimes.calls = calls;
    handlerTimes.started = handlerTimes.done = 0;
    target.addEventListener(`${prefix}messages-changed`, () => {
      if (Number.isNaN(handlerTimes.first)) this.lastMessagesChanged = performance.now();
    });
    target.addEventListener(`${prefix}run-finished`, (event) => {
      if ((event as CustomEvent<{ iteration: number }>).detail.iteration === 0) this.settledAt = performance.now();
    });
  }
}

async function check(threadId: string, calls: number, agent: TappedAgent, phases: Phases): Promise<FanOutResult> {
  const requests = await recordedRequests(threadId);
  const followUp = requests[1];
  const toolResults = (followUp?.messages ?? []).filter(
    (message) => message.role === 'tool' && typeof message.content === 'string' && !message.content.includes('"ok":false'),
  ).length;
  const arrival = agent.runFinishedAt[0]!;
  const applied = Math.max(arrival, phases.lastMessagesChanged);
  const post = posts[1]!;
  const result: FanOutResult = {
    ms: post - applied,
    fromArrivalMs: post - arrival,
    backlogMs: applied - arrival,
    streamEndMs: agent.completedAt[0]! - applied,
    toFirstCallMs: handlerTimes.first - agent.completedAt[0]!,
    toolsMs: phases.settledAt - handlerTimes.first,
    startAllMs: handlerTimes.lastStart - handlerTimes.first,
    lastTimerMs: handlerTimes.lastDone - handlerTimes.lastStart,
    settleMs: phases.settledAt - handlerTimes.lastDone,
    followUpMs: post - phases.settledAt,
    posts: posts.length,
    recordedRequests: requests.length,
    toolResults,
  };
  if (result.posts !== 2 || result.recordedRequests !== 2) {
    throw new Error(`expected exactly one follow-up: ${result.posts} POSTs from the page, ${result.recordedRequests} recorded`);
  }
  if (toolResults !== calls) throw new Error(`expected ${calls} successful tool results in the follow-up, got ${toolResults}`);
  if (Object.values(result).some((value) => Number.isNaN(value))) throw new Error(`a phase was not observed: ${JSON.stringify(result)}`);
  return result;
}

/**
 * `count` fan-outs in a row in this page: the median of each phase over them (robust to one slow run: a GC, the
 * machine's other work), with `posts` the most and `postsMin` the fewest POSTs any of them made (each is checked for
 * exactly one follow-up anyway, see `check`).
 */
async function measuredRuns(count: number, run: () => Promise<FanOutResult>): Promise<FanOutResult & { postsMin: number }> {
  const runs: FanOutResult[] = [];
  for (let i = 0; i < Math.max(1, count); i++) runs.push(await run());
  const result = { ...runs[0]! } as FanOutResult & { postsMin: number };
  for (const key of Object.keys(result) as Array<keyof FanOutResult>) result[key] = median(runs.map((r) => r[key]));
  result.posts = Math.max(...runs.map((r) => r.posts));
  result.postsMin = Math.min(...runs.map((r) => r.posts));
  return result;
}

/** Fails a fan-out that does not end within a minute (e.g. calls waiting for a person's approval). */
async function finishWithin(turn: Promise<void>, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: the fan-out did not finish within 60 s (calls waiting for approval?)`)), 60_000);
  });
  try {
    await Promise.race([turn, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** One fan-out through an `AgentRunLoop`. */
async function throughLoop(calls: number): Promise<FanOutResult> {
  posts.length = 0;
  const agent = new TappedAgent({ url: `/api/test/parallel?repeat=${calls}&tool=${TOOL_NAME}` });
  const loop = new AgentRunLoop({ agent, registry: newRegistry() });
  const phases = new Phases(loop, '', calls);
  let error: string | undefined;
  loop.addEventListener('run-error', (event) => (error = event.detail.message));
  await finishWithin(loop.sendMessage(`Call ${TOOL_NAME} ${calls} times`), 'loop');
  if (error !== undefined) throw new Error(`loop: ${error}`);
  const result = await check(loop.threadId, calls, agent, phases);
  loop.dispose();
  return result;
}

/** One fan-out through `<ag-ui-agent>` (the same loop, plus its DOM events and the rendering: the newest 50 tool call cards and a summary row). */
async function throughElement(calls: number): Promise<FanOutResult> {
  posts.length = 0;
  const agent = new TappedAgent({ url: `/api/test/parallel?repeat=${calls}&tool=${TOOL_NAME}` });
  const el = document.createElement('ag-ui-agent') as AgUiAgent;
  el.style.height = '600px';
  el.registry = newRegistry();
  el.agent = agent;
  document.getElementById('stage')!.append(el);
  await el.updateComplete;
  await afterPaint();
  const phases = new Phases(el, 'ag-ui-', calls);
  let error: string | undefined;
  el.addEventListener('ag-ui-run-error', (event) => (error = event.detail.message));
  await finishWithin(el.sendMessage(`Call ${TOOL_NAME} ${calls} times`), 'element');
  if (error !== undefined) throw new Error(`element: ${error}`);
  const result = await check(el.threadId, calls, agent, phases);
  el.remove();
  return result;
}

defineBenchmarks({
  /**
   * `warmups` unmeasured fan-outs of the same size (default 3; 0 measures the first fan-out of a fresh page, with
   * the code still cold), then `measured` ones (default 1): their per-phase medians (see `measuredRuns`).
   */
  async loop(params) {
    const calls = Number(params.calls);
    for (let i = 0; i < Number(params.warmups ?? 3); i++) await throughLoop(calls);
    return measuredRuns(Number(params.measured ?? 1), () => throughLoop(calls));
  },

  async element(params) {
    const calls = Number(params.calls);
    for (let i = 0; i < Number(params.warmups ?? 3); i++) await throughElement(calls);
    return measuredRuns(Number(params.measured ?? 1), () => throughElement(calls));
  },

  /**
   * The tool's own cost at fan-out size: `calls` handlers started together (each awaits a 1 ms timer), nothing else;
   * from a fresh task, median of `reps` after one warm-up. What the base (one handler's time) leaves out.
   * @returns ms
   */
  async timers(params) {
    const calls = Number(params.calls);
    const reps = Number(params.reps ?? 5);
    const handler = async (n: number) => {
      await sleep(1);
      return { n };
    };
    const times: number[] = [];
    for (let i = 0; i <= reps; i++) {
      await freshTask();
      const start = performance.now();
      await Promise.all(Array.from({ length: calls }, (_, n) => handler(n)));
      if (i > 0) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { ms: times[times.length >> 1]! };
  },

  /**
   * A lower bound for the figure: the work any page must do to answer the `calls` frontend calls of the same run,
   * with no loop around it. The run is the loop's (`/api/test/parallel`), read with `@ag-ui/client`'s
   * `HttpAgent.run()` through `verifyEvents`; the calls are collected from its events. From `RUN_FINISHED` coming out
   * of the stream: per call (all started together) `JSON.parse` of its arguments, `safeParse` against the tool's
   * schema, a fresh `AbortController` for the handler, `await` of the handler (a 1 ms timer, as the loop's),
   * `JSON.stringify` of its result into a tool message (id: a random prefix and a counter, as the loop's); then the
   * follow-up's body: `JSON.stringify` of the `RunAgentInput` with the 2,000 messages, the stream's ids in them (what
   * the loop does before its `fetch`). So it pays what reading the stream leaves behind (the parsed events' garbage,
   * the response's completion task), as the loop does. No events, records, policy, retries or views. Median of
   * `reps` after `warmups` unmeasured runs (default 3).
   * @returns ms, and the follow-up body's length
   */
  async required(params) {
    const calls = Number(params.calls);
    const reps = Number(params.reps ?? 7);
    const warmups = Number(params.warmups ?? 3);
    const registry = newRegistry();
    const handler = async ({ n }: { n: number }, _context: { signal: AbortSignal }) => {
      await sleep(1);
      return { n };
    };
    const idPrefix = crypto.randomUUID();
    let nextId = 0;
    const once = () =>
      new Promise<{ ms: number; bodyBytes: number }>((resolve, reject) => {
        const agent = new HttpAgent({ url: `/api/test/parallel?repeat=${calls}&tool=${TOOL_NAME}` });
        const user = { id: crypto.randomUUID(), role: 'user' as const, content: `Call ${TOOL_NAME} ${calls} times` };
        const input = runInput([user]) as unknown as RunAgentInput;
        const toolCalls: ToolCall[] = [];
        const byId = new Map<string, ToolCall>();
        let assistantId = '';
        agent
          .run(input)
          .pipe(verifyEvents(false))
          .subscribe({
            next: (event: BaseEvent) => {
              const e = event as BaseEvent & { toolCallId: string; toolCallName: string; parentMessageId?: string; delta: string };
              if (event.type === EventType.TOOL_CALL_START) {
                const call: ToolCall = { id: e.toolCallId, type: 'function', function: { name: e.toolCallName, arguments: '' } };
                toolCalls.push(call);
                byId.set(call.id, call);
                assistantId ||= e.parentMessageId ?? crypto.randomUUID();
              } else if (event.type === EventType.TOOL_CALL_ARGS) {
                byId.get(e.toolCallId)!.function.arguments += e.delta;
              } else if (event.type === EventType.RUN_FINISHED) {
                if (toolCalls.length !== calls) {
                  reject(new Error(`required: the run carried ${toolCalls.length} tool calls, expected ${calls}`));
                  return;
                }
                const start = performance.now();
                Promise.all(
                  toolCalls.map(async (call) => {
                    const parsed = TOOL.schema.safeParse(JSON.parse(call.function.arguments));
                    if (!parsed.success) throw new Error('invalid arguments');
                    const controller = new AbortController();
                    const value = await handler(parsed.data, { signal: controller.signal });
                    return { id: [idPrefix, ++nextId].join('-'), role: 'tool' as const, toolCallId: call.id, content: JSON.stringify(value) };
                  }),
                ).then((results) => {
                  const body = JSON.stringify({
                    threadId: input.threadId,
                    runId: crypto.randomUUID(),
                    messages: [user, { id: assistantId, role: 'assistant' as const, toolCalls }, ...results],
                    tools: registry.toAgUiTools(),
                    context: [],
                    state: {},
                    forwardedProps: {},
                  });
                  resolve({ ms: performance.now() - start, bodyBytes: body.length });
                }, reject);
              }
            },
            error: reject,
          });
      });
    const times: number[] = [];
    let bodyBytes = 0;
    for (let i = 0; i < warmups + reps; i++) {
      const result = await once();
      if (i >= warmups) times.push(result.ms);
      bodyBytes = result.bodyBytes;
    }
    return { ms: median(times), bodyBytes };
  },

  /**
   * One handler's time: `await` of a 1 ms timer, median of `reps`. Each starts from a fresh (message) task: a timer
   * set from a timer's continuation is nested, and Chromium clamps nested timers to 4 ms, which the fan-out's
   * handlers (started from the stream's task) are not.
   * @returns ms
   */
  async handler(params) {
    const reps = Number(params.reps ?? 50);
    const times: number[] = [];
    for (let i = 0; i < reps; i++) {
      await freshTask();
      const start = performance.now();
      await sleep(1);
      times.push(performance.now() - start);
    }
    return { ms: median(times) };
  },
});
