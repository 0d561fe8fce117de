import { EventType, type Message, type RunErrorEvent, type RunFinishedEvent, type ToolCallStartEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { OpenAIChatAgent, LlmErrorCode, type LlmAgentOptions, type OpenAIChatAgentOptions } from '../../web/src/llm/index.js';
import { TEST_KEY, afterToolRound, expectPlainReply, expectReasoningThenText, argsOf, expectParallelCalls, guardUnhandledRejections, providerAgent, textOf } from '../helpers/llm-providers.js';
import type { ReplayStep } from '../helpers/llm-replay-client.js';
import { FIXTURE_TOOLS, collect, ofType, runInput, types } from '../helpers/llm-replay.js';

const USER: Message = { id: 'u1', role: 'user', content: 'What is the weather in Paris?' };

const agentFor = (steps: ReplayStep[], options: Partial<LlmAgentOptions> = {}) => providerAgent('openai', steps, options);

describe('OpenAIChatAgent', () => {
  guardUnhandledRejections();

  it('streams a plain reply as text message events, then RUN_FINISHED with the finish reason and usage', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'openai/text.sse' }]);
    const events = await collect(agent.run(runInput([USER])));
    const requests = await replay.requests();

    const finished = expectPlainReply(events);
    expect(finished.result).to.deep.equal({ finishReason: 'stop', rawFinishReason: 'stop' });
    expect(finished.usage).to.deep.equal([
      { provider: 'openai-compatible', model: 'gpt-4.1-mini', inputTokens: 21, outputTokens: 7, totalTokens: 28, reasoningTokens: 0, cachedInputTokens: 0 },
    ]);

    expect(requests).to.have.length(1);
    expect(requests[0]!.path).to.equal('/v1/chat/completions');
    expect(requests[0]!.headers.authorization).to.equal(`Bearer ${TEST_KEY}`);
    expect(requests[0]!.body).to.deep.include({ model: 'gpt-4.1-mini', stream: true, stream_options: { include_usage: true } });
    expect(requests[0]!.body.messages).to.deep.equal([{ role: 'user', content: 'What is the weather in Paris?' }]);
  });

  it('sends system, temperature, maxTokens and the page tools as function tools', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'openai/text.sse' }], { system: 'Be brief.', temperature: 0.2, maxTokens: 256 });
    await collect(agent.run(runInput([{ id: 'd1', role: 'developer', content: 'Answer in French.' }, USER], FIXTURE_TOOLS)));
    const requests = await replay.requests();

    const body = requests[0]!.body;
    expect(body.messages).to.deep.equal([
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'What is the weather in Paris?' },
    ]);
    expect(body).to.deep.include({ temperature: 0.2, max_tokens: 256, tool_choice: 'auto' });
    expect(body.tools).to.deep.equal(
      FIXTURE_TOOLS.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } })),
    );
  });

  it('sends context entries as a system message and user images as image parts, and leaves reasoning messages out', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'openai/text.sse' }]);
    const input = runInput([
      { id: 'u0', role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', source: { type: 'data', value: 'iVBORw0KGgo=', mimeType: 'image/png' } }] },
      { id: 'r0', role: 'reasoning', content: 'The user shows a picture.' },
      { id: 'a0', role: 'assistant', content: 'A tiny PNG.' },
    ]);
    input.context = [{ description: 'Page', value: '/settings' }];
    await collect(agent.run(input));
    const requests = await replay.requests();

    expect(requests[0]!.body.messages).to.deep.equal([
      { role: 'system', content: 'Context:\n- Page: /settings' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
      { role: 'assistant', content: 'A tiny PNG.' },
    ]);
  });

  it('streams one tool call whose arguments arrive across many chunks, with the provider call id', async () => {
    const { agent } = await agentFor([{ fixture: 'openai/tool-call-split.sse' }]);
    const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));

    const [start] = ofType<ToolCallStartEvent>(events, EventType.TOOL_CALL_START);
    expect(start).to.deep.include({ toolCallId: 'call_Wz7d1pQk', toolCallName: 'get_weather' });
    expect(ofType(events, EventType.TOOL_CALL_ARGS).length).to.be.greaterThan(5);
    expect(argsOf(events, 'call_Wz7d1pQk')).to.equal('{"city":"Paris","unit":"celsius"}');
    expect(types(events).slice(-2)).to.deep.equal([EventType.TOOL_CALL_END, EventType.RUN_FINISHED]);
    expect(ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.result).to.deep.equal({ finishReason: 'tool-calls', rawFinishReason: 'tool_calls' });
  });

  it('streams three parallel tool calls, each with its id, name and arguments, under one assistant message', async () => {
    const { agent } = await agentFor([{ fixture: 'openai/parallel-tool-calls.sse' }]);
    const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));

    const starts = ofType<ToolCallStartEvent>(events, EventType.TOOL_CALL_START);
    expect(starts.map((event) => [event.toolCallId, event.toolCallName])).to.deep.equal([
      ['call_A1', 'get_weather'],
      ['call_B2', 'get_weather'],
      ['call_C3', 'get_time'],
    ]);
    expect(new Set(starts.map((event) => event.parentMessageId)).size).to.equal(1);
    expectParallelCalls(events, ['call_A1', 'call_B2', 'call_C3']);
  });

  it('sends the assistant tool calls and the tool results back as tool_calls and role "tool" messages', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'openai/after-tool.sse' }]);
    const messages = afterToolRound(USER, 'call_', 'Checking.');
    const events = await collect(agent.run(runInput(messages, FIXTURE_TOOLS)));
    const requests = await replay.requests();

    expect(requests[0]!.body.messages).to.deep.equal([
      { role: 'user', content: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'call_A1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_B2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_A1', content: '{"temperature":18}' },
      { role: 'tool', tool_call_id: 'call_B2', content: '{"ok":false,"errorCode":"timeout"}' },
    ]);
    expect(textOf(events)).to.equal('It is 18 °C in Paris.');
  });

  it('reports a refusal as its text and finishReason content-filter', async () => {
    const { agent } = await agentFor([{ fixture: 'openai/refusal.sse' }]);
    const events = await collect(agent.run(runInput([USER])));

    expect(textOf(events)).to.equal("I'm sorry, I can't help with that.");
    expect(ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.result).to.deep.equal({ finishReason: 'content-filter', rawFinishReason: 'stop' });
  });

  it('streams the reasoning the provider sends as REASONING events before the answer', async () => {
    const { agent } = await agentFor([{ fixture: 'openai/reasoning.sse' }]);
    const events = await collect(agent.run(runInput([USER])));
    expectReasoningThenText(events);
    expect(ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.usage![0]).to.deep.include({ outputTokens: 30, reasoningTokens: 20 });
  });

  it('does not throw for options that cannot work: configError says what is wrong, and each run ends config_error', async () => {
    const cases: Array<[OpenAIChatAgentOptions, RegExp]> = [
      [{ baseUrl: 'https://llm.test/v1', model: 'm', apiKey: TEST_KEY }, /dangerouslyAllowBrowser/],
      [{ baseUrl: 'https://llm.test/v1', model: 'm', headers: { Authorization: `Bearer ${TEST_KEY}` } }, /dangerouslyAllowBrowser/],
      [{ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1-mini' }, /https:\/\/api\.openai\.com\/v1 needs an API key/],
      [{ baseUrl: '', model: 'm' }, /needs a baseUrl/],
      [{ baseUrl: 'http://localhost:11434/v1', model: '' }, /needs a model id/],
    ];
    const fetchSpy = sinon.spy(globalThis, 'fetch');
    try {
      for (const [options, message] of cases) {
        const agent = new OpenAIChatAgent(options);
        expect(agent.configError?.message ?? 'none', JSON.stringify(options)).to.match(message);
        const events = await collect(agent.run(runInput([USER])));
        expect(ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]).to.deep.include({ code: LlmErrorCode.CONFIG_ERROR, message: agent.configError!.message });
        expect(JSON.stringify(events)).not.to.contain(TEST_KEY);
      }
      expect(fetchSpy.callCount).to.equal(0);
    } finally {
      fetchSpy.restore();
    }
    expect(new OpenAIChatAgent({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' }).configError).to.equal(undefined);
    // A custom fetch may add the key itself: not a config error.
    expect(new OpenAIChatAgent({ baseUrl: 'https://api.openai.com/v1', model: 'm', fetch: (...args) => fetch(...args) }).configError).to.equal(undefined);
  });
});
