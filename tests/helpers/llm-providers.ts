// The provider agents as the tests build them (over `replayFetch`), with the fixture names of each provider, and the
// readers and guards the provider tests share.
import { EventType, type BaseEvent, type Message, type ReasoningMessageContentEvent, type RunFinishedEvent, type TextMessageContentEvent, type ToolCallArgsEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { AnthropicAgent, OpenAIChatAgent, type LlmAgent, type LlmAgentOptions } from '../../web/src/llm/index.js';
import { settle, trackUnhandledRejections } from './agent-fixtures.js';
import { ofType, replayFetch, type RecordedRequest, type ReplayStep } from './llm-replay.js';

export type Provider = 'openai' | 'anthropic';
export const PROVIDERS: readonly Provider[] = ['openai', 'anthropic'];

/** The key the test agents are given (asserted absent from every event). */
export const TEST_KEY = 'sk-test-0123456789abcdefwxyz';

/** Each provider's fixtures (tests/fixtures/llm/<provider>/), by what they show. */
export const FIXTURES: Record<Provider, Record<'text' | 'toolCallSplit' | 'afterTool' | 'e401' | 'e429' | 'e5xx' | 'contextLength' | 'modelNotFound', string> & { status5xx: number }> = {
  openai: {
    text: 'openai/text.sse',
    toolCallSplit: 'openai/tool-call-split.sse',
    afterTool: 'openai/after-tool.sse',
    e401: 'openai/401.json',
    e429: 'openai/429.json',
    e5xx: 'openai/500.json',
    status5xx: 500,
    contextLength: 'openai/400-context-length.json',
    modelNotFound: 'openai/404-model.json',
  },
  anthropic: {
    text: 'anthropic/text.sse',
    toolCallSplit: 'anthropic/tool-use-split.sse',
    afterTool: 'anthropic/after-tool.sse',
    e401: 'anthropic/401.json',
    e429: 'anthropic/429.json',
    e5xx: 'anthropic/529.json',
    status5xx: 529,
    contextLength: 'anthropic/400-context-length.json',
    modelNotFound: 'anthropic/404-model.json',
  },
};

/** The id of the one tool call in each provider's `toolCallSplit` fixture. */
export const SPLIT_CALL_ID: Record<Provider, string> = { openai: 'call_Wz7d1pQk', anthropic: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6' };

/**
 * A provider agent at `https://llm.test/v1` whose requests `steps` answer, with `TEST_KEY`, the browser opt-in and a
 * 10 ms first backoff.
 */
export function providerAgent(
  provider: Provider,
  steps: readonly ReplayStep[],
  options: Partial<LlmAgentOptions> = {},
): { agent: LlmAgent; requests: RecordedRequest[] } {
  const { fetch, requests } = replayFetch(steps);
  const config = {
    baseUrl: 'https://llm.test/v1',
    model: provider === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5',
    apiKey: TEST_KEY,
    dangerouslyAllowBrowser: true,
    fetch,
    retry: { baseDelayMs: 10 },
    ...options,
  };
  return { agent: provider === 'openai' ? new OpenAIChatAgent(config) : new AnthropicAgent(config), requests };
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

/** The arguments of the three calls of the parallel fixtures, in order. */
export const PARALLEL_ARGS = ['{"city":"Paris"}', '{"city":"Tokyo"}', '{"timezone":"Asia/Tokyo"}'] as const;

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
