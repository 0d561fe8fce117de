/**
 * Browser-side helpers for tests that talk to the AG-UI servers of `web/server/` through the test runner's dev
 * server: the demo agent (`/api/agent`) and the scripted test agents (`/api/test/<scenario>`, documented in
 * `web/server/test-scenarios.ts`).
 *
 * @example
 * ```ts
 * const agent = new HttpAgent({ url: scenarioUrl('tool', { tool: 'add', args: '{"a":1}' }), threadId });
 * // ... run the loop ...
 * const requests = await getRecordedRequests(threadId);
 * expect(requests).to.have.length(2); // the run and exactly one follow-up
 * expect(requests[1].input.messages.at(-1)).to.include({ role: 'tool' });
 * ```
 */
import type { AssistantMessage, BaseEvent, RunAgentInput, ToolMessage, UserMessage } from '@ag-ui/core';
import type { JsonErrorBody, RecordedRequest, TestScenarioName } from '../../web/server/index.js';

export type { JsonErrorBody, RecordedRequest, TestScenarioName };

/** Query options of a scenario: arrays become repeated parameters (`{ call: ['a:{}', 'b:{}'] }`); `undefined` is skipped. */
export type ServerParams = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

/** Path of the demo agent. */
export const DEMO_AGENT_PATH = '/api/agent';

/** Path of the recorded-requests route. */
export const RECORDED_REQUESTS_PATH = '/api/test/requests';

function withQuery(path: string, params: ServerParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * URL of a scripted test agent: `scenarioUrl('tool', { tool: 'add', args: '{"a":1}' })` ->
 * `/api/test/tool?tool=add&args=%7B%22a%22%3A1%7D`.
 */
export function scenarioUrl(name: TestScenarioName, params: ServerParams = {}): string {
  return withQuery(`/api/test/${name}`, params);
}

/** URL of the demo agent; by default with `delay=0` so tests do not wait for the human-speed streaming. */
export function demoAgentUrl(params: ServerParams = { delay: 0 }): string {
  return withQuery(DEMO_AGENT_PATH, params);
}

/**
 * One `call` option of the `parallel` scenario: `toolCallParam('add', { a: 1 })` -> `'add:{"a":1}'`. A string
 * `args` is sent verbatim (so it may be invalid JSON).
 */
export function toolCallParam(name: string, args: unknown = {}): string {
  return `${name}:${typeof args === 'string' ? args : JSON.stringify(args)}`;
}

/**
 * The run requests the scripted test agents received for `threadId`, oldest first (`[0]` is the first run, `[1]`
 * the first follow-up...). Each has `input` (the `RunAgentInput` as sent), `headers`, `url`, `scenario`, `index`.
 */
export async function getRecordedRequests(threadId: string): Promise<RecordedRequest[]> {
  const response = await fetch(withQuery(RECORDED_REQUESTS_PATH, { threadId }));
  if (!response.ok) throw new Error(`GET ${RECORDED_REQUESTS_PATH} failed: HTTP ${response.status}`);
  const body = (await response.json()) as { requests: RecordedRequest[] };
  return body.requests;
}

/** Forgets the recorded requests of `threadId` (or of every thread). Resolves with how many were dropped. */
export async function clearRecordedRequests(threadId?: string): Promise<number> {
  const response = await fetch(withQuery(RECORDED_REQUESTS_PATH, { threadId }), { method: 'DELETE' });
  if (!response.ok) throw new Error(`DELETE ${RECORDED_REQUESTS_PATH} failed: HTTP ${response.status}`);
  return ((await response.json()) as { cleared: number }).cleared;
}

/** A fresh id for a thread, run or message. */
export function newId(prefix = 'test'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** A `RunAgentInput` with fresh `threadId`/`runId`, no messages, tools or context, then `overrides`. */
export function runInput(overrides: Partial<RunAgentInput> = {}): RunAgentInput {
  return { threadId: newId('thread'), runId: newId('run'), messages: [], tools: [], context: [], ...overrides };
}

/** A user message. */
export function userMessage(content: string, id = newId('user')): UserMessage {
  return { id, role: 'user', content };
}

/** A tool message answering `toolCallId` (set `error` for a failed call, as the run loop does). */
export function toolMessage(toolCallId: string, content: string, options: { error?: string; id?: string } = {}): ToolMessage {
  return {
    id: options.id ?? newId('tool'),
    role: 'tool',
    toolCallId,
    content,
    ...(options.error !== undefined ? { error: options.error } : {}),
  };
}

/** A tool call as streamed: `TOOL_CALL_START` + the `TOOL_CALL_ARGS` deltas joined. */
export interface StreamedToolCall {
  toolCallId: string;
  toolCallName: string;
  parentMessageId?: string;
  /** The raw arguments text (may be invalid JSON). */
  args: string;
  /** How many `TOOL_CALL_ARGS` fragments carried it. */
  fragments: number;
  /** Whether `TOOL_CALL_END` arrived. */
  ended: boolean;
}

/** What {@link postRun} read. */
export interface RunResponse {
  status: number;
  headers: Headers;
  /** The JSON body of a non-2xx answer (e.g. a {@link JsonErrorBody}); `undefined` for a stream. */
  body?: unknown;
  /** Every decoded event, in order. */
  events: BaseEvent[];
  /** The reading error when the stream broke (dropped connection, abort). */
  error?: unknown;
  /** `TEXT_MESSAGE_CONTENT` deltas of all text messages, joined. */
  text: string;
  /** The tool calls, in `TOOL_CALL_START` order. */
  toolCalls: StreamedToolCall[];
}

/**
 * POSTs `input` to `url` and reads the whole SSE answer with a minimal reader (no `@ag-ui/client`), so that a
 * test sees exactly what the server sent, protocol violations included. Never rejects for HTTP errors or a
 * broken stream: see `status`, `body` and `error`.
 */
export async function postRun(url: string, input: RunAgentInput | string, init: RequestInit = {}): Promise<RunResponse> {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  if (!headers.has('Accept')) headers.set('Accept', 'text/event-stream');
  const response = await fetch(url, {
    method: 'POST',
    ...init,
    headers,
    body: typeof input === 'string' ? input : JSON.stringify(input),
  });
  if (!response.ok || !response.headers.get('content-type')?.includes('text/event-stream')) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body, events: [], text: '', toolCalls: [] };
  }
  const { events, error } = await readSseEvents(response);
  return { status: response.status, headers: response.headers, events, error, ...summarizeEvents(events) };
}

/**
 * Reads an SSE response into events: frames split on a blank line, `data:` lines joined, each parsed as JSON (a
 * frame that is not JSON becomes `{ type: 'INVALID_JSON', data }`). Resolves when the stream ends or breaks.
 * @param onEvents - called with the events read so far each time a read adds some (to act while the stream is open)
 */
export async function readSseEvents(
  response: Response,
  onEvents?: (events: readonly BaseEvent[]) => void,
): Promise<{ events: BaseEvent[]; error?: unknown }> {
  const events: BaseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const takeFrames = (final: boolean) => {
    const frames = buffer.split('\n\n');
    buffer = final ? '' : frames.pop()!;
    for (const frame of frames) {
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue;
      try {
        events.push(JSON.parse(data) as BaseEvent);
      } catch {
        events.push({ type: 'INVALID_JSON', data } as unknown as BaseEvent);
      }
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const before = events.length;
      takeFrames(false);
      if (events.length > before) onEvents?.(events);
    }
    buffer += decoder.decode();
    takeFrames(true);
    return { events };
  } catch (error) {
    takeFrames(false);
    return { events, error };
  }
}

/** The text and tool calls carried by a list of events. */
export function summarizeEvents(events: readonly BaseEvent[]): { text: string; toolCalls: StreamedToolCall[] } {
  let text = '';
  const toolCalls = new Map<string, StreamedToolCall>();
  for (const event of events) {
    const e = event as BaseEvent & Record<string, string>;
    switch (event.type) {
      case 'TEXT_MESSAGE_CONTENT':
        text += e.delta;
        break;
      case 'TOOL_CALL_START':
        toolCalls.set(e.toolCallId, {
          toolCallId: e.toolCallId,
          toolCallName: e.toolCallName,
          ...(e.parentMessageId !== undefined ? { parentMessageId: e.parentMessageId } : {}),
          args: '',
          fragments: 0,
          ended: false,
        });
        break;
      case 'TOOL_CALL_ARGS': {
        const call = toolCalls.get(e.toolCallId);
        if (call) {
          call.args += e.delta;
          call.fragments += 1;
        }
        break;
      }
      case 'TOOL_CALL_END': {
        const call = toolCalls.get(e.toolCallId);
        if (call) call.ended = true;
        break;
      }
    }
  }
  return { text, toolCalls: [...toolCalls.values()] };
}

/**
 * The input of the follow-up run after `previous` streamed `toolCalls`: the previous messages, the assistant
 * message that owns the calls, then one tool message per call with `answer(call)` as content, in call order; fresh
 * `runId`. (What the run loop does, for tests that drive a server without it.)
 */
export function followUpInput(
  previous: RunAgentInput,
  toolCalls: readonly StreamedToolCall[],
  answer: (call: StreamedToolCall) => string | { content: string; error?: string },
): RunAgentInput {
  const assistant: AssistantMessage = {
    id: toolCalls[0]?.parentMessageId ?? newId('assistant'),
    role: 'assistant',
    toolCalls: toolCalls.map((call) => ({
      id: call.toolCallId,
      type: 'function',
      function: { name: call.toolCallName, arguments: call.args },
    })),
  };
  const tools = toolCalls.map((call) => {
    const result = answer(call);
    return typeof result === 'string' ? toolMessage(call.toolCallId, result) : toolMessage(call.toolCallId, result.content, { error: result.error });
  });
  return { ...previous, runId: newId('run'), messages: [...previous.messages, assistant, ...tools] };
}
