// Replays the providers' documented streaming formats (golden fixtures in tests/fixtures/llm/) through a `fetch`
// stub given to the provider agents: records every request (URL, headers, JSON body, signal), answers with a
// fixture streamed in small byte chunks (so SSE frames split mid-line, as on a real connection), an error status, a
// stream cut mid-way (`TypeError: network error`, what Chromium's fetch gives) or one that stays open until aborted.
import { EventType, verifyEvents, type BaseEvent, type Message, type RunAgentInput, type Tool } from '@ag-ui/client';
import { lastValueFrom, toArray, type Observable } from 'rxjs';

/** One scripted answer of `replayFetch`. */
export interface ReplayStep {
  /** A file under tests/fixtures/llm/ sent as the body (`.sse` as `text/event-stream`, else `application/json`). */
  fixture?: string;
  /** HTTP status. Default 200. */
  status?: number;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
  /** After this many bytes of the body, the connection drops (the body errors with `TypeError: network error`). */
  cutAfter?: number;
  /** After this many bytes of the body, the server closes the connection cleanly (the stream ends early). */
  endAfter?: number;
  /** After this many bytes of the body, the server sends nothing more and keeps the connection open. */
  hangAfter?: number;
}

/** A request the stub received. */
export interface RecordedRequest {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  signal: AbortSignal | undefined;
  /** Performance time the request was made, in ms. */
  at: number;
}

const realFetch = globalThis.fetch.bind(globalThis);
const CHUNK_BYTES = 48;

function abortError(): DOMException {
  return new DOMException('signal is aborted without reason', 'AbortError');
}

function bodyStream(bytes: Uint8Array, step: ReplayStep, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  let offset = 0;
  let onAbort: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => controller.error(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      // A microtask between chunks: the consumer sees the body in pieces, without timers (fake clocks stay usable).
      await Promise.resolve();
      if (signal?.aborted) return;
      const limit = step.cutAfter ?? step.hangAfter ?? step.endAfter ?? bytes.length;
      if (offset >= limit) {
        if (step.cutAfter !== undefined) {
          controller.error(new TypeError('network error'));
        } else if (step.hangAfter !== undefined) {
          await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
        } else {
          signal?.removeEventListener('abort', onAbort!);
          controller.close();
        }
        return;
      }
      const end = Math.min(offset + CHUNK_BYTES, limit);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
  });
}

/** A file of tests/fixtures/llm/, as text. */
export async function fixtureText(name: string): Promise<string> {
  const response = await realFetch(`/tests/fixtures/llm/${name}`);
  if (!response.ok) throw new Error(`No fixture tests/fixtures/llm/${name}`);
  return response.text();
}

/**
 * A `fetch` that answers the scripted `steps` in order (one per request; a request past the script fails the test
 * with HTTP 599) and records what it was sent.
 */
export function replayFetch(steps: readonly ReplayStep[]): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const stub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const signal = init.signal ?? undefined;
    requests.push({ url: String(input), headers, body, signal, at: performance.now() });
    const step = steps[requests.length - 1];
    if (signal?.aborted) throw abortError();
    if (!step) return new Response(JSON.stringify({ error: { message: 'No scripted answer for this request' } }), { status: 599 });
    const text = step.fixture ? await fixtureText(step.fixture) : '';
    if (signal?.aborted) throw abortError();
    const sse = step.fixture?.endsWith('.sse') ?? false;
    return new Response(bodyStream(new TextEncoder().encode(text), step, signal), {
      status: step.status ?? 200,
      headers: { 'content-type': sse ? 'text/event-stream' : 'application/json', ...step.headers },
    });
  };
  return { fetch: stub as typeof fetch, requests };
}

/** A `RunAgentInput` for `messages` (and `tools`), with fresh ids. */
export function runInput(messages: Message[], tools: Tool[] = []): RunAgentInput {
  return { threadId: 'thread-1', runId: `run-${crypto.randomUUID()}`, messages, tools, context: [], state: {}, forwardedProps: {} };
}

/** Runs `events$` to its end through `@ag-ui/client`'s `verifyEvents` (so the order is valid AG-UI), collecting the events. */
export function collect(events$: Observable<BaseEvent>): Promise<BaseEvent[]> {
  return lastValueFrom(events$.pipe(verifyEvents(), toArray()));
}

/** The event types, in order. */
export function types(events: readonly BaseEvent[]): string[] {
  return events.map((event) => event.type);
}

/** The events of one type. */
export function ofType<T extends BaseEvent>(events: readonly BaseEvent[], type: EventType): T[] {
  return events.filter((event) => event.type === type) as T[];
}

/** The `get_weather` and `get_time` tools the fixtures call, as AG-UI tools. */
export const FIXTURE_TOOLS: Tool[] = [
  {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, required: ['city'] },
  },
  { name: 'get_time', description: 'The time in an IANA timezone', parameters: { type: 'object', properties: { timezone: { type: 'string' } } } },
];

/** Resolves after one task of the event loop (a `MessageChannel` message: not a timer, so fake clocks do not hold it). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Resolves once `clock` holds a pending timer (e.g. a retry's wait), letting real I/O progress meanwhile. Not bounded
 * by a count of tasks (how many pass before the replayed response is read depends on the machine's load): a timer
 * that never comes fails the test by its own timeout.
 */
export async function untilTimer(clock: { countTimers(): number }): Promise<void> {
  while (clock.countTimers() === 0) await nextTask();
}
