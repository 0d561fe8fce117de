import { expect } from '@open-wc/testing';
import { HttpAgent } from '@ag-ui/client';
import {
  clearRecordedRequests,
  demoAgentUrl,
  followUpInput,
  getRecordedRequests,
  newId,
  postRun,
  runInput,
  scenarioUrl,
  toolMessage,
  userMessage,
} from '../helpers/ag-ui-server.js';

describe('AG-UI server middleware', () => {
  describe('request validation', () => {
    it('answers 400 invalid_json for a body that is not JSON', async () => {
      for (const url of [demoAgentUrl(), scenarioUrl('text')]) {
        const result = await postRun(url, '{not json');
        expect(result.status, url).to.equal(400);
        expect(result.body).to.have.nested.property('error.code', 'invalid_json');
      }
    });

    it('answers 400 invalid_input with the schema issues for JSON that is not a RunAgentInput', async () => {
      const result = await postRun(demoAgentUrl(), JSON.stringify({ threadId: 't', messages: [{ role: 'user' }] }));
      expect(result.status).to.equal(400);
      const error = (result.body as { error: { code: string; issues: { path: unknown[] }[] } }).error;
      expect(error.code).to.equal('invalid_input');
      expect(error.issues.map((issue) => issue.path[0])).to.include.members(['runId', 'messages']);
    });

    it('answers 400 invalid_option for a bad option value', async () => {
      const result = await postRun(scenarioUrl('text', { chunks: 'many' }), runInput());
      expect(result.status).to.equal(400);
      expect(result.body).to.have.nested.property('error.code', 'invalid_option');
      const delay = await postRun(demoAgentUrl({ delay: -1 }), runInput());
      expect(delay.status).to.equal(400);
    });

    it('answers 405 for another method and 404 for an unknown scenario', async () => {
      const get = await fetch('/api/agent');
      expect(get.status).to.equal(405);
      expect(get.headers.get('allow')).to.equal('POST');
      const unknown = await postRun('/api/test/no-such-scenario', runInput());
      expect(unknown.status).to.equal(404);
      expect(unknown.body).to.have.nested.property('error.code', 'unknown_scenario');
      expect((unknown.body as { error: { message: string } }).error.message).to.include('stream-bench');
    });

    it('leaves other paths to the next middleware', async () => {
      const response = await fetch('/api/not-ours', { method: 'POST', body: '{}' });
      expect(response.headers.get('content-type') ?? '').not.to.include('text/event-stream');
      const text = await response.text();
      expect(text).not.to.include('unknown_scenario');
    });

    it('answers text/event-stream encoded as data: frames', async () => {
      const response = await fetch(scenarioUrl('text', { text: 'hi', chunks: 1 }), { method: 'POST', body: JSON.stringify(runInput()) });
      expect(response.headers.get('content-type')).to.equal('text/event-stream');
      const body = await response.text();
      expect(body.startsWith('data: {"type":"RUN_STARTED"')).to.equal(true);
      expect(body.endsWith('\n\n')).to.equal(true);
    });
  });

  describe('client disconnects', () => {
    it('stops a large stream when the client aborts it, and keeps serving', async () => {
      const controller = new AbortController();
      const response = await fetch(scenarioUrl('stream-bench', { n: 2_000_000, batch: 4096 }), {
        method: 'POST',
        body: JSON.stringify(runInput()),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.read().catch(() => undefined);

      const started = performance.now();
      const next = await postRun(scenarioUrl('text', { text: 'still here', chunks: 1 }), runInput());
      expect(next.text).to.equal('still here');
      expect(performance.now() - started).to.be.below(2000);
    });
  });

  describe('request recording', () => {
    it('records every test-agent request per thread, so a test sees exactly one follow-up and its body', async () => {
      const threadId = newId('thread');
      const url = scenarioUrl('tool', { tool: 'add', args: '{"a":1}' });
      const tools = [{ name: 'add', description: 'adds', parameters: { type: 'object' } }];
      const agent = new HttpAgent({ url, threadId, headers: { 'x-test-header': 'yes' } });
      agent.addMessage(userMessage('add one'));
      await agent.runAgent({ tools, context: [{ description: 'page', value: 'test' }] });
      const call = (agent.messages.at(-1) as { toolCalls: { id: string }[] }).toolCalls[0]!;
      agent.addMessage(toolMessage(call.id, '{"sum":1}'));
      await agent.runAgent({ tools });

      const requests = await getRecordedRequests(threadId);
      expect(requests.map((request) => [request.index, request.scenario])).to.deep.equal([
        [0, 'tool'],
        [1, 'tool'],
      ]);
      expect(requests[0]!.url).to.equal(url);
      expect(requests[0]!.headers['x-test-header']).to.equal('yes');
      expect(requests[0]!.input.tools.map((tool) => tool.name)).to.deep.equal(['add']);
      expect(requests[0]!.input.context).to.deep.equal([{ description: 'page', value: 'test' }]);
      const followUp = requests[1]!.input;
      expect(followUp.threadId).to.equal(threadId);
      expect(followUp.runId).not.to.equal(requests[0]!.input.runId);
      expect(followUp.messages.at(-1)).to.include({ role: 'tool', toolCallId: call.id, content: '{"sum":1}' });
      expect(typeof requests[1]!.receivedAt).to.equal('number');
    });

    it('records resume entries and keeps threads apart; the demo agent is recorded under /api/test/demo', async () => {
      const a = runInput({ messages: [userMessage('hi')] });
      const b = runInput({ messages: [userMessage('what is 1 + 1')], tools: [{ name: 'calculator', description: 'c' }] });
      await postRun(scenarioUrl('interrupt'), { ...a, resume: [{ interruptId: 'interrupt-1', status: 'resolved', payload: 1 }] });
      const demo = await postRun(scenarioUrl('demo'), b);
      await postRun(scenarioUrl('demo'), followUpInput(b, demo.toolCalls, () => '2'));

      const recordedA = await getRecordedRequests(a.threadId);
      expect(recordedA).to.have.length(1);
      expect(recordedA[0]!.input.resume).to.deep.equal([{ interruptId: 'interrupt-1', status: 'resolved', payload: 1 }]);
      const recordedB = await getRecordedRequests(b.threadId);
      expect(recordedB.map((request) => request.scenario)).to.deep.equal(['demo', 'demo']);
      expect(recordedB[1]!.input.messages.at(-1)).to.include({ role: 'tool', content: '2' });
    });

    it('does not record the demo agent at /api/agent, nor invalid bodies', async () => {
      const input = runInput({ messages: [userMessage('hi')] });
      await postRun(demoAgentUrl(), input);
      await postRun(scenarioUrl('text'), JSON.stringify({ threadId: input.threadId }));
      expect(await getRecordedRequests(input.threadId)).to.deep.equal([]);
    });

    it('clears one thread with DELETE ?threadId=, and lists threads without threadId', async () => {
      const keep = runInput();
      const drop = runInput();
      await postRun(scenarioUrl('text'), keep);
      await postRun(scenarioUrl('text'), drop);
      await postRun(scenarioUrl('text'), drop);

      const listing = (await (await fetch('/api/test/requests')).json()) as { threads: { threadId: string; count: number }[] };
      expect(listing.threads).to.deep.include({ threadId: drop.threadId, count: 2 });

      expect(await clearRecordedRequests(drop.threadId)).to.equal(2);
      expect(await getRecordedRequests(drop.threadId)).to.deep.equal([]);
      expect(await getRecordedRequests(keep.threadId)).to.have.length(1);
    });
  });
});
