// Fixtures for the run loop tests (tests/agent/): the scripted AG-UI test server, event recording,
// a guard that fails a test on any unhandled promise rejection, and the per-test harness that ties them together.
import { EventType, HttpAgent, type BaseEvent, type Message, type RunAgentInput, type ToolMessage } from '@ag-ui/client';
import { EventEncoder } from '@ag-ui/encoder';
import { expect } from '@open-wc/testing';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import { SseHttpAgent } from '../../web/src/agent/sse-http-agent.js';
import { AGENT_RUN_LOOP_EVENTS, type AgentRunLoopEventMap } from '../../web/src/agent/types.js';
import { ToolRegistry } from '../../web/src/tools/index.js';

export { deferred, type Deferred } from './deferred.js';
export { scenarioUrl } from './ag-ui-server.js';
export { echoTool } from './echo-tool.js';

/** The requests the scripted server recorded for a thread, oldest first. */
export async function recordedRequests(threadId: string): Promise<Array<{ index: number; input: RunAgentInput }>> {
  const response = await fetch(`/api/test/requests?threadId=${encodeURIComponent(threadId)}`);
  const body = (await response.json()) as { requests: Array<{ index: number; input: RunAgentInput }> };
  return body.requests;
}

/** Records the loop's events in order, as `[type, detail]`. */
export function recordEvents(loop: AgentRunLoop): Array<[keyof AgentRunLoopEventMap, unknown]> {
  const events: Array<[keyof AgentRunLoopEventMap, unknown]> = [];
  for (const type of AGENT_RUN_LOOP_EVENTS) loop.addEventListener(type, (event) => events.push([type, (event as CustomEvent).detail]));
  return events;
}

/** Options of `createLoop()` and `LoopHarness.loopFor()`. */
export interface CreateLoopOptions {
  /** The loop's registry. Default: a fresh one (`loopFor`: the harness's registry of the current test). */
  registry?: ToolRegistry;
  /** Passed to `AgentRunLoop` when set (else the loop's default applies). */
  maxToolIterations?: number;
  /** The transport: `@ag-ui/client`'s `HttpAgent` (default) or our `SseHttpAgent` (what `<ag-ui-agent url>` builds). */
  transport?: AgentTransport;
}

/** The agents the loop tests run over. */
export type AgentTransport = 'http-agent' | 'sse-http-agent';

/** Both transports, for suites that must hold over either. */
export const TRANSPORTS: readonly AgentTransport[] = ['sse-http-agent', 'http-agent'];

/** A loop made by `createLoop()`, with the registry and agent it runs over. */
export interface CreatedLoop {
  loop: AgentRunLoop;
  registry: ToolRegistry;
  agent: HttpAgent | SseHttpAgent;
}

/** A loop over an `HttpAgent` (or `SseHttpAgent`) pointed at a scripted scenario, with a fresh registry. */
export function createLoop(url: string, options: CreateLoopOptions = {}): CreatedLoop {
  const registry = options.registry ?? new ToolRegistry();
  const agent = options.transport === 'sse-http-agent' ? new SseHttpAgent({ url }) : new HttpAgent({ url });
  const loop = new AgentRunLoop({
    agent,
    registry,
    ...(options.maxToolIterations !== undefined && { maxToolIterations: options.maxToolIterations }),
  });
  return { loop, registry, agent };
}

/**
 * Collects `unhandledrejection` events while a test runs (they are prevented from reaching the test runner, and
 * asserted empty by the test instead).
 */
export function trackUnhandledRejections(): { reasons: unknown[]; dispose(): void } {
  const reasons: unknown[] = [];
  const listener = (event: PromiseRejectionEvent): void => {
    reasons.push(event.reason);
    event.preventDefault();
  };
  window.addEventListener('unhandledrejection', listener);
  return { reasons, dispose: () => window.removeEventListener('unhandledrejection', listener) };
}

/** Resolves after `ms` of real time (only for letting the browser surface late rejections; never for ordering). */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** JSON-parses a tool message's content. */
export function parseContent(content: unknown): Record<string, unknown> {
  return JSON.parse(String(content)) as Record<string, unknown>;
}

/** The tool messages of a conversation, in order. */
export function toolMessages(messages: readonly Message[]): ToolMessage[] {
  return messages.filter((message): message is ToolMessage => message.role === 'tool');
}

/** Options of `useLoopHarness()`. */
export interface LoopHarnessOptions {
  /**
   * Real time in ms each `afterEach` waits after disposing the test's loops, so late unhandled rejections surface
   * before the check. Default 20.
   */
  settleMs?: number;
  /** The agent `loopFor()` builds unless its options say otherwise. Default `'http-agent'`. */
  transport?: AgentTransport;
}

/**
 * The per-test fixture `useLoopHarness()` returns. Its functions may be destructured at `describe` time; `registry`
 * is replaced before each test, so read it inside tests and hooks only.
 */
export interface LoopHarness {
  /** The current test's registry (a fresh `ToolRegistry` before each test); `loopFor()` uses it by default. */
  readonly registry: ToolRegistry;
  /** `createLoop(url, options)` over the current test's registry; the loop is disposed after the test. */
  loopFor(url: string, options?: CreateLoopOptions): CreatedLoop;
  /** Disposes `loop` after the test (for loops built without `loopFor()`, e.g. over a shared manager). Returns it. */
  track<T extends AgentRunLoop>(loop: T): T;
}

/**
 * Registers, in the calling `describe`, the harness every run loop test shares: before each test a fresh
 * `ToolRegistry` and an unhandled-rejection tracker; after each test, its loops disposed, `settle(settleMs)`, and a
 * failed assertion if any promise rejection went unhandled during the test.
 *
 * @example
 * ```ts
 * describe('AgentRunLoop frontend tools', () => {
 *   const harness = useLoopHarness({ settleMs: 20 });
 *   const { loopFor } = harness;
 *   it('runs a registered tool', async () => {
 *     harness.registry.register(echoTool());
 *     const { loop } = loopFor(scenarioUrl('tool'));
 *     await loop.sendMessage('Echo');
 *   });
 * });
 * ```
 */
export function useLoopHarness({ settleMs = 20, transport = 'http-agent' }: LoopHarnessOptions = {}): LoopHarness {
  const loops: AgentRunLoop[] = [];
  let registry: ToolRegistry | undefined;
  let rejections: ReturnType<typeof trackUnhandledRejections> | undefined;

  beforeEach(() => {
    rejections = trackUnhandledRejections();
    registry = new ToolRegistry();
  });
  afterEach(async () => {
    for (const loop of loops.splice(0)) loop.dispose();
    await settle(settleMs);
    rejections!.dispose();
    expect(rejections!.reasons.map(String)).to.deep.equal([]);
  });

  const currentRegistry = (): ToolRegistry => {
    if (!registry) throw new Error('useLoopHarness: registry is only available inside a test or hook');
    return registry;
  };
  const track = <T extends AgentRunLoop>(loop: T): T => {
    loops.push(loop);
    return loop;
  };
  return {
    get registry() {
      return currentRegistry();
    },
    loopFor: (url, options = {}) => {
      const created = createLoop(url, { registry: currentRegistry(), transport, ...options });
      track(created.loop);
      return created;
    },
    track,
  };
}

/**
 * An `SseHttpAgent` whose first response streams the events the test pushes (encoded by `@ag-ui/encoder`) until
 * `end()`; every later request gets `later(input)`'s events at once (default: an empty run).
 */
export function pushedAgent(later?: (input: RunAgentInput) => BaseEvent[]): { agent: SseHttpAgent; push(event: BaseEvent): void; end(): void } {
  const encoder = new EventEncoder();
  const bytes = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  let requests = 0;
  const agent = new SseHttpAgent({
    url: '/pushed',
    fetch: async (_url, init) => {
      if (requests++ === 0) return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      const input = JSON.parse(String(init?.body)) as RunAgentInput;
      const events = later?.(input) ?? [
        { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
        { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
      ];
      return new Response(events.map((event) => encoder.encodeSSE(event)).join(''), { headers: { 'content-type': 'text/event-stream' } });
    },
  });
  return {
    agent,
    push: (event) => controller.enqueue(bytes.encode(encoder.encodeSSE(event))),
    end: () => controller.close(),
  };
}

/** A loop over a `pushedAgent()` (thread id `t`), and the agent's `push`/`end`. */
export interface PushedLoop {
  loop: AgentRunLoop;
  push(event: BaseEvent): void;
  end(): void;
}

/**
 * Registers, in the calling `describe`, the disposal after each test of the loops the returned function builds: each
 * runs on `registry` over a `pushedAgent()` whose thread id is `t`.
 */
export function usePushedLoops(): (registry: ToolRegistry) => PushedLoop {
  const loops: AgentRunLoop[] = [];
  afterEach(() => {
    for (const loop of loops.splice(0)) loop.dispose();
  });
  return (registry) => {
    const pushed = pushedAgent();
    pushed.agent.threadId = 't';
    const loop = new AgentRunLoop({ agent: pushed.agent, registry });
    loops.push(loop);
    return { loop, push: pushed.push, end: pushed.end };
  };
}
