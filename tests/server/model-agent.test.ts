import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { EventType, type RunAgentInput } from '@ag-ui/core';
import { demoAgentUrl, newId, postRun, readSseEvents, runInput, summarizeEvents, userMessage, type RunResponse } from '../helpers/ag-ui-server.js';
import { FIXTURE_TOOLS, fixtureText } from '../helpers/llm-replay.js';
import type { AgentInfo, ReplayAnswer, UpstreamRequest } from '../../web/server/index.js';

// REPLAY_API_KEY of web/server/model-replay.ts: the key the replayed test models hold server-side.
const REPLAY_API_KEY = 'sk-replay-test-key-0123456789abcdef';

type Kind = 'openai-compatible' | 'anthropic';

/** A run of the replayed test model of `kind`, the provider answering `llmReplay` in order. */
function modelInput(llmReplay: ReplayAnswer[], overrides: Partial<RunAgentInput> = {}): RunAgentInput {
  return runInput({ messages: [userMessage('What is the weather in Paris?')], forwardedProps: { llmReplay }, ...overrides });
}

/** Runs the replayed model of `kind`; `raw` is the response body exactly as the page receives it. */
async function runModel(kind: Kind, input: RunAgentInput): Promise<RunResponse & { raw: string }> {
  const response = await fetch(`/api/test/model/${kind}`, { method: 'POST', body: JSON.stringify(input) });
  const raw = await response.text();
  const { events } = await readSseEvents(new Response(raw));
  return { status: response.status, headers: response.headers, events, raw, ...summarizeEvents(events) };
}

async function upstreamRequests(threadId: string): Promise<UpstreamRequest[]> {
  const response = await fetch(`/api/test/model/requests?threadId=${encodeURIComponent(threadId)}`);
  return ((await response.json()) as { requests: UpstreamRequest[] }).requests;
}

describe('AG-UI server with a real model', () => {
  describe('without a model in the environment', () => {
    it('reports the scripted agent on GET /api/agent/info', async () => {
      const response = await fetch('/api/agent/info');
      expect(response.status).to.equal(200);
      expect((await response.json()) as AgentInfo).to.deep.equal({ kind: 'scripted' });
    });

    it('answers POST /api/agent with the scripted demo agent, as before', async () => {
      const result = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('hi')] }));
      expect(result.status).to.equal(200);
      expect(result.text).to.match(/^Hello! /);
      expect(result.text).to.include('no language model');
    });
  });

  describe('an OpenAI-compatible model', () => {
    it('reports its kind and model, never its key, on GET .../info', async () => {
      const response = await fetch('/api/test/model/openai-compatible/info');
      const text = await response.text();
      expect(JSON.parse(text)).to.deep.equal({ kind: 'openai-compatible', model: 'replay-model' });
      expect(text).not.to.include(REPLAY_API_KEY);
    });

    it('streams a Chat Completions text reply as AG-UI text events', async () => {
      const result = await runModel('openai-compatible', modelInput([{ body: await fixtureText('openai/text.sse') }]));
      expect(result.headers.get('content-type')).to.equal('text/event-stream');
      expect(result.events[0]!.type).to.equal(EventType.RUN_STARTED);
      expect(result.events.at(-1)!.type).to.equal(EventType.RUN_FINISHED);
      expect(result.text).to.equal('Hello! The sky is blue.');
    });

    it('sends the page tools with the key to the provider and streams its tool call back, without the key', async () => {
      const input = modelInput([{ body: await fixtureText('openai/tool-call-split.sse') }], {
        tools: FIXTURE_TOOLS,
        context: [{ description: 'The page', value: 'ag-ui-lit demo' }],
      });
      const result = await runModel('openai-compatible', input);
      expect(result.toolCalls).to.have.length(1);
      expect(result.toolCalls[0]).to.include({ toolCallId: 'call_Wz7d1pQk', toolCallName: 'get_weather', ended: true });
      expect(JSON.parse(result.toolCalls[0]!.args)).to.deep.equal({ city: 'Paris', unit: 'celsius' });
      expect(result.events.at(-1)!.type).to.equal(EventType.RUN_FINISHED);
      expect(result.raw).not.to.include(REPLAY_API_KEY);

      const [request] = await upstreamRequests(input.threadId);
      expect(request!.url).to.equal('http://llm-replay.invalid/v1/chat/completions');
      expect(request!.headers.authorization).to.equal(`Bearer ${REPLAY_API_KEY}`);
      const body = request!.body as { stream: boolean; tools: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };
      expect(body.stream).to.equal(true);
      expect(body.tools.map((tool) => tool.function.name)).to.deep.equal(['get_weather', 'get_time']);
      expect(body.messages[0]!.role).to.equal('system');
      expect(JSON.stringify(body.messages)).to.include('What is the weather in Paris?').and.to.include('ag-ui-lit demo');
    });

    it('streams a provider 401 as RUN_ERROR auth_failed, with the echoed key cut out', async () => {
      const echo = JSON.stringify({ error: { message: `Incorrect API key provided: ${REPLAY_API_KEY}.`, type: 'invalid_request_error', code: 'invalid_api_key' } });
      const result = await runModel('openai-compatible', modelInput([{ status: 401, body: echo }]));
      expect(result.status).to.equal(200);
      const error = result.events.at(-1) as unknown as { type: string; code: string; message: string };
      expect(error).to.include({ type: EventType.RUN_ERROR, code: 'auth_failed' });
      expect(result.raw).not.to.include(REPLAY_API_KEY);
      expect(result.raw).not.to.include('sk-replay');
    });

    it('aborts the provider request when the page disconnects', async () => {
      const text = await fixtureText('openai/text.sse');
      const input = modelInput([{ body: text.slice(0, text.indexOf('" The"')), hang: true }]);
      const controller = new AbortController();
      const response = await fetch('/api/test/model/openai-compatible', { method: 'POST', body: JSON.stringify(input), signal: controller.signal });
      const reader = response.body!.getReader();
      let seen = '';
      while (!seen.includes('TEXT_MESSAGE_CONTENT')) seen += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await reader.read().catch(() => undefined);

      await waitUntil(async () => (await upstreamRequests(input.threadId))[0]?.aborted === true, 'the provider request aborted');
    });
  });

  describe('an Anthropic model', () => {
    it('streams a Messages API reply, sending the key as x-api-key and never to the page', async () => {
      const input = modelInput([{ body: await fixtureText('anthropic/text.sse') }]);
      const result = await runModel('anthropic', input);
      expect(result.text).to.equal('Hello! The sky is blue.');
      expect(result.events.at(-1)!.type).to.equal(EventType.RUN_FINISHED);
      expect(result.raw).not.to.include(REPLAY_API_KEY);
      const [request] = await upstreamRequests(input.threadId);
      expect(request!.url).to.equal('http://llm-replay.invalid/v1/messages');
      expect(request!.headers['x-api-key']).to.equal(REPLAY_API_KEY);
    });

    it('reports its kind and model on GET .../info', async () => {
      expect(await (await fetch('/api/test/model/anthropic/info')).json()).to.deep.equal({ kind: 'anthropic', model: 'replay-model' });
    });
  });

  it('answers 404 for an unknown test model kind', async () => {
    const response = await fetch(`/api/test/model/${newId('kind')}`, { method: 'POST', body: '{}' });
    expect(response.status).to.equal(404);
  });
});
