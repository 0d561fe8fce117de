// The provider agents as the Chromium tests build them (over a replay session of the test runner's dev server), and
// the readers and guards the provider tests share.
import { EventType, type BaseEvent, type Message, type ReasoningMessageContentEvent, type RunFinishedEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import type { LlmAgentOptions } from '../../web/src/llm/index.js';
import { settle, trackUnhandledRejections } from './agent-fixtures.js';
import { PARALLEL_ARGS, replayAgent, type Provider, type ReplayStep } from './llm-replay-client.js';
import { argsOf, ofType, textOf } from './llm-replay.js';

export { FIXTURES, PARALLEL_ARGS, PARALLEL_IDS, PROVIDERS, SPLIT_CALL_ID, TEST_KEY, type Provider } from './llm-replay-client.js';
export { argsOf, textOf } from './llm-replay.js';

/**
 * A provider agent whose requests a new session of the dev server's replay middleware (`/llm-replay/`) answers with
 * `steps`, with `TEST_KEY`, the browser opt-in and a 10 ms first backoff.
 */
export function providerAgent(provider: Provider, steps: readonly ReplayStep[], options: Partial<LlmAgentOptions> = {}) {
  return replayAgent(location.origin, provider, steps, options);
}

/** Fails each test of the calling `describe` that leaves an unhandled promise rejection in the page. */
export function guardUnhandledRejections(): void {
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  beforeEach(() => (rejections = trackUnhandledRejections()));
  afterEach(async () => {
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons).to.deep.equal([]);
  });
}

/** Checks that the three parallel calls `ids` streamed their arguments (`PARALLEL_ARGS`) and each ended. */
export function expectParallelCalls(events: readonly BaseEvent[], ids: readonly string[]): void {
  expect(ids.map((id) => argsOf(events, id))).to.deep.equal([...PARALLEL_ARGS]);
  expect(ofType(events, EventType.TOOL_CALL_END)).to.have.length(ids.length);
}

/**
 * A conversation after one tool round: `user`, an assistant message with `text` and two `get_weather` calls
 * (`<prefix>A1` Paris, `<prefix>B2` Tokyo), and their tool messages: `{"temperature":18}`, and a failure (`error` set).
 */
export function afterToolRound(user: Message, prefix: string, text: string): Message[] {
  return [
    user,
    {
      id: 'a1',
      role: 'assistant',
      content: text,
      toolCalls: [
        { id: `${prefix}A1`, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: `${prefix}B2`, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' } },
      ],
    },
    { id: 't1', role: 'tool', toolCallId: `${prefix}A1`, content: '{"temperature":18}' },
    { id: 't2', role: 'tool', toolCallId: `${prefix}B2`, content: '{"ok":false,"errorCode":"timeout"}', error: 'timeout' },
  ];
}

/** Checks the events of a `text` fixture (one text message of 7 deltas, "Hello! The sky is blue.") and returns its RUN_FINISHED. */
export function expectPlainReply(events: readonly BaseEvent[]): RunFinishedEvent {
  expect(events.map((event) => event.type)).to.deep.equal([
    EventType.RUN_STARTED,
    EventType.TEXT_MESSAGE_START,
    ...Array<EventType>(7).fill(EventType.TEXT_MESSAGE_CONTENT),
    EventType.TEXT_MESSAGE_END,
    EventType.RUN_FINISHED,
  ]);
  expect(textOf(events)).to.equal('Hello! The sky is blue.');
  return ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!;
}

/**
 * Checks the events of a reasoning fixture (`openai/reasoning.sse`, `anthropic/thinking.sse`): one reasoning message
 * ("The user asks about the sky; Rayleigh scattering."), closed before the answer's text message.
 */
export function expectReasoningThenText(events: readonly BaseEvent[]): void {
  expect(events.map((event) => event.type)).to.deep.equal([
    EventType.RUN_STARTED,
    EventType.REASONING_START,
    EventType.REASONING_MESSAGE_START,
    ...Array<EventType>(3).fill(EventType.REASONING_MESSAGE_CONTENT),
    EventType.REASONING_MESSAGE_END,
    EventType.REASONING_END,
    EventType.TEXT_MESSAGE_START,
    EventType.TEXT_MESSAGE_CONTENT,
    EventType.TEXT_MESSAGE_CONTENT,
    EventType.TEXT_MESSAGE_END,
    EventType.RUN_FINISHED,
  ]);
  const reasoning = ofType<ReasoningMessageContentEvent>(events, EventType.REASONING_MESSAGE_CONTENT);
  expect(reasoning.map((event) => event.delta).join('')).to.equal('The user asks about the sky; Rayleigh scattering.');
  expect(textOf(events)).to.equal('Because of Rayleigh scattering.');
}
