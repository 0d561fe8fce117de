// Fixtures for the run loop tests (tests/agent/): the scripted AG-UI test server, event recording,
// and a guard that fails a test on any unhandled promise rejection.
import { HttpAgent, type RunAgentInput } from '@ag-ui/client';
import { z } from 'zod';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import type { AgentRunLoopEventMap } from '../../web/src/agent/types.js';
import { ToolRegistry, type ToolDefinition, type ToolMetadata } from '../../web/src/tools/index.js';


export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** URL of a scripted test scenario of web/server (`POST /api/test/<scenario>?<query>`). */
export function scenarioUrl(scenario: string, query: Record<string, string | string[]> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  const search = params.toString();
  return `/api/test/${scenario}${search ? `?${search}` : ''}`;
}

/** The requests the scripted server recorded for a thread, oldest first. */
export async function recordedRequests(threadId: string): Promise<Array<{ index: number; input: RunAgentInput }>> {
  const response = await fetch(`/api/test/requests?threadId=${encodeURIComponent(threadId)}`);
  const body = (await response.json()) as { requests: Array<{ index: number; input: RunAgentInput }> };
  return body.requests;
}

/** Records the loop's events in order, as `[type, detail]`. */
export function recordEvents(loop: AgentRunLoop): Array<[keyof AgentRunLoopEventMap, unknown]> {
  const events: Array<[keyof AgentRunLoopEventMap, unknown]> = [];
  const types: Array<keyof AgentRunLoopEventMap> = [
    'run-started',
    'run-finished',
    'run-error',
    'messages-changed',
    'state-changed',
    'tool-call-start',
    'tool-call-args',
    'tool-call-end',
    'tool-call-error',
    'tool-status-changed',
    'tool-retrying',
    'running-changed',
  ];
  for (const type of types) loop.addEventListener(type, (event) => events.push([type, (event as CustomEvent).detail]));
  return events;
}

/** A loop over an `HttpAgent` pointed at a scripted scenario, with a fresh registry. */
export function createLoop(
  url: string,
  options: { registry?: ToolRegistry; maxToolIterations?: number } = {},
): { loop: AgentRunLoop; registry: ToolRegistry; agent: HttpAgent } {
  const registry = options.registry ?? new ToolRegistry();
  const agent = new HttpAgent({ url });
  const loop = new AgentRunLoop({
    agent,
    registry,
    ...(options.maxToolIterations !== undefined && { maxToolIterations: options.maxToolIterations }),
  });
  return { loop, registry, agent };
}

/** The `echo` tool of the scripted scenarios: returns its arguments as JSON. */
export function echoTool(
  overrides: Partial<ToolDefinition<Record<string, unknown>>> & { metadata?: ToolMetadata } = {},
): ToolDefinition<Record<string, unknown>> {
  return {
    name: 'echo',
    description: 'Echoes its arguments',
    effect: 'read_only',
    schema: z.record(z.string(), z.unknown()),
    handler: (args) => ({ echoed: args }),
    ...overrides,
  };
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
