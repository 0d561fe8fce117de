// <ag-ui-agent> over the provider agents: the element's own tool loop (validation, execution, follow-up run) on a
// model that speaks the providers' documented streaming formats (tests/fixtures/llm/, replayed over HTTP by the test
// runner's /llm-replay/ middleware, web/server/llm-replay/).
import type { RunErrorEvent, ToolMessage } from '@ag-ui/client';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { AnthropicAgent, LlmErrorCode, OpenAIChatAgent, type LlmAgent } from '../../web/src/llm/index.js';
import { ToolRegistry, type ToolDefinition } from '../../web/src/tools/index.js';
import { FIXTURES, PROVIDERS, SPLIT_CALL_ID, TEST_KEY, guardUnhandledRejections, providerAgent } from '../helpers/llm-providers.js';
import { $, assistantText, rendered } from '../components/ag-ui-agent/helpers.js';

/** The `get_weather` tool the fixtures call, as a page registers it (Zod schema; runs in the page). */
function weatherTool(runs: unknown[]): ToolDefinition<{ city: string; unit?: 'celsius' | 'fahrenheit' | undefined }> {
  return {
    name: 'get_weather',
    description: 'The weather in a city',
    effect: 'read_only',
    schema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
    handler: (args) => {
      runs.push(args);
      return { city: args.city, temperature: 18, unit: args.unit ?? 'celsius' };
    },
  };
}

/** A console argument as text: JSON for data (with an error's message and stack), else its string form. */
function logged(value: unknown): string {
  if (value instanceof Error) return `${value.message}\n${value.stack ?? ''}\n${logged(value.cause)}`;
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

async function mountWith(agent: LlmAgent, registry: ToolRegistry): Promise<AgUiAgent> {
  return fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${registry}></ag-ui-agent>`);
}

describe('<ag-ui-agent> with a provider agent', () => {
  guardUnhandledRejections();

  for (const provider of PROVIDERS) {
    it(`runs a full tool round trip on ${provider}: call, tool in the page, result in the follow-up request, final text`, async () => {
      const runs: unknown[] = [];
      const registry = new ToolRegistry();
      registry.register(weatherTool(runs));
      const { agent, replay } = await providerAgent(provider, [{ fixture: FIXTURES[provider].toolCallSplit }, { fixture: FIXTURES[provider].afterTool }]);
      const el = await mountWith(agent, registry);
      const errors: unknown[] = [];
      el.addEventListener('ag-ui-run-error', (event) => errors.push(event.detail));
      const ended = oneEvent(el, 'ag-ui-tool-call-end');

      await el.sendMessage('What is the weather in Paris?');
      const { detail } = await ended;
      await rendered(el);
      const requests = await replay.requests();

      expect(errors).to.deep.equal([]);
      expect(runs).to.deep.equal([{ city: 'Paris', unit: 'celsius' }]);
      expect(detail.toolCallId).to.equal(SPLIT_CALL_ID[provider]);
      expect(requests.map((request) => request.outcome)).to.deep.equal(['completed', 'completed']);
      // The registered tool went to the model as JSON Schema.
      const tools = requests[0]!.body.tools as Array<Record<string, unknown>>;
      const schema = provider === 'openai' ? (tools[0]!.function as Record<string, unknown>).parameters : tools[0]!.input_schema;
      expect(schema).to.deep.include({ type: 'object', required: ['city'] });
      // The follow-up carries the call and the page's result in the provider's format.
      const toolMessage = el.messages.find((message): message is ToolMessage => message.role === 'tool')!;
      expect(JSON.parse(String(toolMessage.content))).to.deep.include({ temperature: 18 });
      const sent = requests[1]!.body.messages as Array<Record<string, unknown>>;
      if (provider === 'openai') {
        expect(sent.at(-2)!.tool_calls).to.deep.equal([
          { id: SPLIT_CALL_ID.openai, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' } },
        ]);
        expect(sent.at(-1)).to.deep.equal({ role: 'tool', tool_call_id: SPLIT_CALL_ID.openai, content: toolMessage.content });
      } else {
        expect(sent.at(-2)!.content).to.deep.equal([
          { type: 'text', text: 'Let me check the weather.' },
          { type: 'tool_use', id: SPLIT_CALL_ID.anthropic, name: 'get_weather', input: { city: 'Paris', unit: 'celsius' } },
        ]);
        expect(sent.at(-1)).to.deep.equal({ role: 'user', content: [{ type: 'tool_result', tool_use_id: SPLIT_CALL_ID.anthropic, content: toolMessage.content }] });
      }
      expect(assistantText(el)).to.contain('It is 18 °C in Paris.');
      await expect(el).to.be.accessible();
    });
  }

  it('answers a call of a tool the page lacks with unknown_tool when unknown-tools="answer", so the model can go on', async () => {
    const { agent, replay } = await providerAgent('openai', [{ fixture: FIXTURES.openai.toolCallSplit }, { fixture: FIXTURES.openai.afterTool }]);
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent unknown-tools="answer" .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    await el.sendMessage('What is the weather in Paris?');
    const requests = await replay.requests();

    expect(requests).to.have.length(2);
    const last = (requests[1]!.body.messages as Array<Record<string, unknown>>).at(-1)!;
    expect(last).to.deep.include({ role: 'tool', tool_call_id: SPLIT_CALL_ID.openai });
    expect(JSON.parse(String(last.content))).to.deep.include({ ok: false, errorCode: 'unknown_tool' });
  });

  for (const provider of PROVIDERS) {
    it(`reports a refused key (${provider} 401) as ag-ui-run-error with agentCode auth_failed, shown, and the key nowhere`, async () => {
      const consoleCalls: unknown[][] = [];
      const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
        sinon.stub(console, method).callsFake((...args: unknown[]) => void consoleCalls.push(args)),
      );
      try {
        const { agent, replay } = await providerAgent(provider, [{ status: 401, fixture: FIXTURES[provider].e401 }]);
        const el = await mountWith(agent, new ToolRegistry());
        const failed = oneEvent(el, 'ag-ui-run-error');
        await el.sendMessage('Hi');
        const { detail } = await failed;
        await rendered(el);

        expect(detail.code).to.equal('run_error');
        expect(detail.agentCode).to.equal(LlmErrorCode.AUTH_FAILED);
        expect((detail.cause as RunErrorEvent).code).to.equal(LlmErrorCode.AUTH_FAILED);
        expect(detail.message).to.match(/HTTP 401.*check the API key/);
        expect($(el, '[part="error-message"]')?.textContent ?? '').to.contain('check the API key');
        // The key went to the provider, once (401 is not retried), and nowhere else.
        const requests = await replay.requests();
        expect(requests).to.have.length(1);
        expect(JSON.stringify(requests[0]!.headers)).to.contain(TEST_KEY);
        expect(JSON.stringify(detail)).not.to.contain(TEST_KEY);
        expect(JSON.stringify(el.messages)).not.to.contain(TEST_KEY);
        expect(el.shadowRoot!.innerHTML).not.to.contain(TEST_KEY);
        expect(el.outerHTML).not.to.contain(TEST_KEY);
        expect(consoleCalls.flat().map(logged).join('\n')).not.to.contain(TEST_KEY);
      } finally {
        for (const spy of spies) spy.restore();
      }
    });
  }

  for (const provider of PROVIDERS) {
    it(`names the ${provider} model endpoint it could not reach, and why that may be, in network_error`, async () => {
      const baseUrl = 'http://127.0.0.1:1/v1';
      const options = { baseUrl, model: 'm', retry: { maxRetries: 0 } };
      const agent = provider === 'openai' ? new OpenAIChatAgent(options) : new AnthropicAgent(options);
      const el = await mountWith(agent, new ToolRegistry());
      const failed = oneEvent(el, 'ag-ui-run-error');
      await el.sendMessage('Hi');
      const { detail } = await failed;
      await rendered(el);

      expect(detail.agentCode).to.equal(LlmErrorCode.NETWORK_ERROR);
      expect(detail.message).to.contain(`Could not reach the ${provider === 'openai' ? 'openai-compatible' : 'anthropic'} model m at ${baseUrl}`);
      expect(detail.message).to.match(/server may be down.*CORS.*troubleshooting\.md#the-model-endpoint-cannot-be-reached/);
      expect($(el, '[part="error-message"]')?.textContent ?? '').to.contain(`at ${baseUrl}`);
    });
  }

  const refusals = [
    { provider: 'anthropic', fixture: 'anthropic/refusal-empty.sse', raw: 'refusal' },
    { provider: 'openai', fixture: 'openai/content-filter.sse', raw: 'content_filter' },
  ] as const;
  for (const { provider, fixture: file, raw } of refusals) {
    it(`shows that the ${provider} model declined (${raw}, no text) and fires ag-ui-run-finished with the finish reason`, async () => {
      const { agent } = await providerAgent(provider, [{ fixture: file }, { fixture: FIXTURES[provider].text }]);
      const el = await mountWith(agent, new ToolRegistry());
      const errors: unknown[] = [];
      el.addEventListener('ag-ui-run-error', (event) => errors.push(event.detail));
      const finished = oneEvent(el, 'ag-ui-run-finished');
      await el.sendMessage('Something the model will not do');
      const { detail } = await finished;
      await rendered(el);

      expect(errors).to.deep.equal([]);
      expect(detail.finishReason).to.equal('content-filter');
      expect(detail.result).to.deep.equal({ finishReason: 'content-filter', rawFinishReason: raw });
      const notice = $(el, '[part="run-notice"]');
      expect(notice?.getAttribute('role')).to.equal('status');
      expect(notice?.textContent ?? '').to.match(/model declined to answer/);
      await expect(el).to.be.accessible();

      // The next message starts a new run; the notice goes with the old one.
      await el.sendMessage('Hi');
      await rendered(el);
      expect($(el, '[part="run-notice"]')).to.equal(null);
    });
  }

  it('reports a key given in a browser without dangerouslyAllowBrowser as config_error, not as a missing agent', async () => {
    const { agent, replay } = await providerAgent('anthropic', [{ fixture: FIXTURES.anthropic.text }], { dangerouslyAllowBrowser: false });
    const el = await mountWith(agent, new ToolRegistry());
    const failed = oneEvent(el, 'ag-ui-run-error');
    await el.sendMessage('Hi');
    const { detail } = await failed;
    await rendered(el);

    expect(detail.code).to.equal('run_error');
    expect(detail.agentCode).to.equal(LlmErrorCode.CONFIG_ERROR);
    expect(detail.message).to.match(/API key in a browser.*dangerouslyAllowBrowser: true/);
    const shown = $(el, '[part="error-message"]')?.textContent ?? '';
    expect(shown).to.contain('dangerouslyAllowBrowser');
    expect(shown).not.to.contain('No agent to send to');
    expect(shown).not.to.contain(TEST_KEY);
    expect(await replay.requests()).to.deep.equal([]);
  });

  it('aborts the model request when the person presses Stop mid-stream', async () => {
    const { agent, replay } = await providerAgent('openai', [{ fixture: 'openai/text.sse', hangAfter: 700 }]);
    const el = await mountWith(agent, new ToolRegistry());
    const sending = el.sendMessage('Hi');
    while (!assistantText(el).includes('Hello')) await rendered(el);
    el.stop();
    await sending;
    // The replay server saw the browser close the connection while the response was still streaming.
    expect((await replay.ended(0)).outcome).to.equal('client-closed');
  });
});
