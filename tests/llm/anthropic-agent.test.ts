import { EventType, type BaseEvent, type Message, type RunErrorEvent, type RunFinishedEvent, type ToolCallStartEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { AnthropicAgent, LlmConfigError, LlmErrorCode, type LlmAgentOptions } from '../../web/src/llm/index.js';
import { TEST_KEY, afterToolRound, expectPlainReply, expectReasoningThenText, argsOf, expectParallelCalls, guardUnhandledRejections, providerAgent, textOf } from '../helpers/llm-providers.js';
import type { ReplayStep } from '../helpers/llm-replay-client.js';
import { FIXTURE_TOOLS, collect, ofType, runInput } from '../helpers/llm-replay.js';

const USER: Message = { id: 'u1', role: 'user', content: 'What is the weather in Paris?' };

const agentFor = (steps: ReplayStep[], options: Partial<LlmAgentOptions> = {}) => providerAgent('anthropic', steps, options);

describe('AnthropicAgent', () => {
  guardUnhandledRejections();

  it('streams a plain reply as text message events, then RUN_FINISHED with the stop reason and usage', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'anthropic/text.sse' }], { system: 'Be brief.', maxTokens: 512 });
    const events = await collect(agent.run(runInput([USER])));
    const requests = await replay.requests();

    const finished = expectPlainReply(events);
    expect(finished.result).to.deep.equal({ finishReason: 'stop', rawFinishReason: 'end_turn' });
    expect(finished.usage![0]).to.deep.include({ provider: 'anthropic', model: 'claude-sonnet-4-5', inputTokens: 25, outputTokens: 7 });

    const request = requests[0]!;
    expect(request.path).to.equal('/v1/messages');
    expect(request.headers['x-api-key']).to.equal(TEST_KEY);
    expect(request.headers['anthropic-dangerous-direct-browser-access']).to.equal('true');
    expect(request.body).to.deep.include({ model: 'claude-sonnet-4-5', max_tokens: 512, stream: true });
    expect(request.body.system).to.deep.equal([{ type: 'text', text: 'Be brief.' }]);
    expect(request.body.messages).to.deep.equal([{ role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] }]);
  });

  it('sends the page tools with their JSON Schema as input_schema', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'anthropic/text.sse' }]);
    await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));
    const requests = await replay.requests();
    expect(requests[0]!.body.tools).to.deep.equal(
      // `eager_input_streaming` is the provider package's choice: Anthropic's fine-grained tool input streaming.
      FIXTURE_TOOLS.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.parameters, eager_input_streaming: true })),
    );
    expect(requests[0]!.body.tool_choice).to.deep.equal({ type: 'auto' });
  });

  it('streams text then one tool_use whose input_json_delta arrives across many chunks, with the tool_use id', async () => {
    const { agent } = await agentFor([{ fixture: 'anthropic/tool-use-split.sse' }]);
    const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));

    expect(textOf(events)).to.equal('Let me check the weather.');
    const [start] = ofType<ToolCallStartEvent>(events, EventType.TOOL_CALL_START);
    expect(start).to.deep.include({ toolCallId: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', toolCallName: 'get_weather' });
    const [textStart] = ofType<{ messageId: string } & BaseEvent>(events, EventType.TEXT_MESSAGE_START);
    expect(start!.parentMessageId).to.equal(textStart!.messageId);
    expect(ofType(events, EventType.TOOL_CALL_ARGS).length).to.be.greaterThan(5);
    expect(argsOf(events, start!.toolCallId)).to.equal('{"city":"Paris","unit":"celsius"}');
    expect(ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.result).to.deep.equal({ finishReason: 'tool-calls', rawFinishReason: 'tool_use' });
  });

  it('streams three parallel tool_use blocks as three tool calls', async () => {
    const { agent } = await agentFor([{ fixture: 'anthropic/parallel-tool-use.sse' }]);
    const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));

    expect(ofType<ToolCallStartEvent>(events, EventType.TOOL_CALL_START).map((event) => [event.toolCallId, event.toolCallName])).to.deep.equal([
      ['toolu_call_A1', 'get_weather'],
      ['toolu_call_B2', 'get_weather'],
      ['toolu_call_C3', 'get_time'],
    ]);
    expectParallelCalls(events, ['toolu_call_A1', 'toolu_call_B2', 'toolu_call_C3']);
  });

  it('sends tool_use blocks and tool_result blocks with tool_use_id, is_error for a failed tool', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'anthropic/after-tool.sse' }]);
    const messages = afterToolRound(USER, 'toolu_', 'Let me check.');
    const events = await collect(agent.run(runInput(messages, FIXTURE_TOOLS)));
    const requests = await replay.requests();

    expect(requests[0]!.body.messages).to.deep.equal([
      { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_A1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_B2', name: 'get_weather', input: { city: 'Tokyo' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_A1', content: '{"temperature":18}' },
          { type: 'tool_result', tool_use_id: 'toolu_B2', content: '{"ok":false,"errorCode":"timeout"}', is_error: true },
        ],
      },
    ]);
    expect(textOf(events)).to.equal('It is 18 °C in Paris.');
  });

  it('reports a refusal stop_reason as finishReason content-filter', async () => {
    const { agent } = await agentFor([{ fixture: 'anthropic/refusal.sse' }]);
    const events = await collect(agent.run(runInput([USER])));
    expect(textOf(events)).to.equal("I can't help with that.");
    expect(ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.result).to.deep.equal({ finishReason: 'content-filter', rawFinishReason: 'refusal' });
  });

  it('streams the reasoning the provider sends as REASONING events before the answer', async () => {
    const { agent } = await agentFor([{ fixture: 'anthropic/thinking.sse' }]);
    const events = await collect(agent.run(runInput([USER])));
    expectReasoningThenText(events);
  });

  it('does not throw for a key in a browser without dangerouslyAllowBrowser: configError holds it, each run ends config_error', async () => {
    const requests: unknown[] = [];
    const agent = new AnthropicAgent({ model: 'claude-sonnet-4-5', apiKey: TEST_KEY, fetch: async (...args) => (requests.push(args), fetch(...args)) });
    expect(agent.configError).to.be.instanceOf(LlmConfigError);
    expect(agent.configError!.code).to.equal('config_error');
    expect(agent.configError!.message).to.match(/dangerouslyAllowBrowser/);
    const events = await collect(agent.run(runInput([USER])));
    expect(events.map((event) => event.type)).to.deep.equal([EventType.RUN_STARTED, EventType.RUN_ERROR]);
    expect(ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]).to.deep.include({ code: LlmErrorCode.CONFIG_ERROR, message: agent.configError!.message });
    expect(JSON.stringify(events)).not.to.contain(TEST_KEY);
    expect(requests).to.deep.equal([]);
  });

  it('ends the run with config_error, sending nothing, when the hosted API gets no key', async () => {
    const fetchSpy = sinon.spy(globalThis, 'fetch');
    try {
      const agent = new AnthropicAgent({ model: 'claude-sonnet-4-5', dangerouslyAllowBrowser: true });
      const events = await collect(agent.run(runInput([USER])));
      const error = ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]!;
      expect(error.code).to.equal(LlmErrorCode.CONFIG_ERROR);
      expect(error.message).to.match(/https:\/\/api\.anthropic\.com\/v1 needs an API key/);
      expect(fetchSpy.callCount).to.equal(0);
    } finally {
      fetchSpy.restore();
    }
  });

  it('sends a keyless request to a base URL that is not the hosted API (a local model, a proxy that adds the key)', async () => {
    const { agent, replay } = await agentFor([{ fixture: 'anthropic/text.sse' }], { apiKey: undefined });
    expect(agent.configError).to.equal(undefined);
    expectPlainReply(await collect(agent.run(runInput([USER]))));
    expect(await replay.requests()).to.have.length(1);
  });
});
