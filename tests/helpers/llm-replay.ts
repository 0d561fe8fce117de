// Readers of the provider agents' runs, shared by the tests in Chromium and in Node (no test framework imports): run
// inputs, event collection through `verifyEvents`, the tools the fixtures call. The provider answers come from the
// replay servers (web/server/llm-replay/, driven by llm-replay-client.ts).
import { EventType, verifyEvents, type AbstractAgent, type BaseEvent, type Message, type RunAgentInput, type TextMessageContentEvent, type Tool, type ToolCallArgsEvent } from '@ag-ui/client';
import { lastValueFrom, toArray, type Observable } from 'rxjs';

/** A file of tests/fixtures/llm/, as text (in the browser: served by the test runner's dev server). */
export async function fixtureText(name: string): Promise<string> {
  const response = await fetch(`/tests/fixtures/llm/${name}`);
  if (!response.ok) throw new Error(`No fixture tests/fixtures/llm/${name}`);
  return response.text();
}

/** A `RunAgentInput` for `messages` (and `tools`), with fresh ids. */
export function runInput(messages: Message[], tools: Tool[] = []): RunAgentInput {
  return { threadId: 'thread-1', runId: `run-${crypto.randomUUID()}`, messages, tools, context: [], state: {}, forwardedProps: {} };
}

/** Runs `events$` to its end through `@ag-ui/client`'s `verifyEvents` (so the order is valid AG-UI), collecting the events. */
export function collect(events$: Observable<BaseEvent>): Promise<BaseEvent[]> {
  return lastValueFrom(events$.pipe(verifyEvents(), toArray()));
}

/**
 * Runs `agent` on `input` and calls its `abortRun()` (Stop) once the streamed text is `stopAt`; resolves with the
 * events when the run has completed.
 */
export function runAndStopAt(agent: AbstractAgent, input: RunAgentInput, stopAt: string): Promise<BaseEvent[]> {
  const seen: BaseEvent[] = [];
  return new Promise((resolve) => {
    agent.run(input).subscribe({
      next: (event) => {
        seen.push(event);
        if (event.type === EventType.TEXT_MESSAGE_CONTENT && textOf(seen) === stopAt) agent.abortRun();
      },
      complete: () => resolve(seen),
    });
  });
}

/** The event types, in order. */
export function types(events: readonly BaseEvent[]): string[] {
  return events.map((event) => event.type);
}

/** The events of one type. */
export function ofType<T extends BaseEvent>(events: readonly BaseEvent[], type: EventType): T[] {
  return events.filter((event) => event.type === type) as T[];
}

/** The arguments streamed for `toolCallId`, joined. */
export function argsOf(events: readonly BaseEvent[], toolCallId: string): string {
  return ofType<ToolCallArgsEvent>(events, EventType.TOOL_CALL_ARGS)
    .filter((event) => event.toolCallId === toolCallId)
    .map((event) => event.delta)
    .join('');
}

/** The streamed text, joined. */
export function textOf(events: readonly BaseEvent[]): string {
  return ofType<TextMessageContentEvent>(events, EventType.TEXT_MESSAGE_CONTENT).map((event) => event.delta).join('');
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
