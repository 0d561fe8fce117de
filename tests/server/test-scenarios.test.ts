import { expect } from '@open-wc/testing';
import { buildResumeArray, HttpAgent, type BaseEvent, type Interrupt } from '@ag-ui/client';
import {
  followUpInput,
  postRun,
  readSseEvents,
  runInput,
  scenarioUrl,
  summarizeEvents,
  toolCallParam,
  toolMessage,
  userMessage,
} from '../helpers/ag-ui-server.js';

function types(events: readonly BaseEvent[]): string[] {
  return events.map((event) => event.type);
}

function deltas(events: readonly BaseEvent[]): string[] {
  return events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => (event as BaseEvent & { delta: string }).delta);
}

/** Runs `agent` with the real client; resolves with its events and the error the run failed with, if any. */
async function runWithClient(agent: HttpAgent, parameters: Parameters<HttpAgent['runAgent']>[0] = {}) {
  const events: BaseEvent[] = [];
  let error: unknown;
  try {
    await agent.runAgent(parameters, {
      onEvent: ({ event }) => void events.push(event),
      onRunFailed: ({ error: failure }) => {
        error = failure;
        // Typed without it, but runAgent reads `stopPropagation`: without it the client logs "Agent execution
        // failed" and rethrows, which is noise for a test that expects the failure.
        return { stopPropagation: true } as object;
      },
    });
  } catch (failure) {
    error ??= failure;
  }
  return { events, error };
}

const start = () => runInput({ messages: [userMessage('go')] });

describe('scripted test agents (POST /api/test/<scenario>)', () => {
  describe('text', () => {
    it('streams ?text= in ?chunks= deltas between RUN_STARTED and RUN_FINISHED', async () => {
      const input = start();
      const result = await postRun(scenarioUrl('text', { text: 'abcdefghij', chunks: 4 }), input);
      expect(types(result.events)).to.deep.equal([
        'RUN_STARTED',
        'TEXT_MESSAGE_START',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_END',
        'RUN_FINISHED',
      ]);
      expect(deltas(result.events)).to.deep.equal(['abc', 'def', 'ghi', 'j']);
      expect(result.events[0]).to.include({ threadId: input.threadId, runId: input.runId });
      expect(result.events.at(-1)).to.include({ threadId: input.threadId, runId: input.runId });
    });

    it('has a default text in 3 deltas, accepted by HttpAgent', async () => {
      const agent = new HttpAgent({ url: scenarioUrl('text') });
      agent.addMessage(userMessage('hi'));
      const { events, error } = await runWithClient(agent);
      expect(error).to.equal(undefined);
      expect(deltas(events)).to.have.length(3);
      expect(agent.messages.at(-1)).to.include({ role: 'assistant', content: 'Hello from the scripted test agent.' });
    });

    it('waits ?delay= ms before each event (or the x-ag-ui-delay header)', async () => {
      let t0 = performance.now();
      await postRun(scenarioUrl('text', { text: 'abc', chunks: 3, delay: 40 }), start());
      expect(performance.now() - t0).to.be.at.least(5 * 40 - 5);
      t0 = performance.now();
      await postRun(scenarioUrl('text', { text: 'abc', chunks: 3 }), start(), { headers: { 'x-ag-ui-delay': '30' } });
      expect(performance.now() - t0).to.be.at.least(5 * 30 - 5);
    });
  });

  describe('tool', () => {
    it('calls ?tool= with the raw ?args= in ?fragments= pieces and leaves it unanswered', async () => {
      const result = await postRun(scenarioUrl('tool', { tool: 'add', args: '{"a":1,"b":2}', fragments: 4 }), start());
      expect(types(result.events)).to.deep.equal([
        'RUN_STARTED',
        'TOOL_CALL_START',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_END',
        'RUN_FINISHED',
      ]);
      expect(result.toolCalls).to.have.length(1);
      expect(result.toolCalls[0]).to.include({ toolCallName: 'add', args: '{"a":1,"b":2}', fragments: 4, ended: true });
      expect(result.toolCalls[0]!.parentMessageId).to.be.a('string');
      expect(result.events.at(-1)).not.to.have.property('result');
    });

    it('sends invalid JSON arguments verbatim', async () => {
      const result = await postRun(scenarioUrl('tool', { tool: 'add', args: '{"a":' }), start());
      expect(result.toolCalls[0]!.args).to.equal('{"a":');
    });

    it('can stream a preface text and use a fixed toolCallId', async () => {
      const result = await postRun(scenarioUrl('tool', { text: 'Let me add.', toolCallId: 'call-1' }), start());
      const textStart = result.events.find((event) => event.type === 'TEXT_MESSAGE_START') as BaseEvent & { messageId: string };
      expect(result.text).to.equal('Let me add.');
      expect(result.toolCalls[0]).to.include({ toolCallId: 'call-1', toolCallName: 'echo', args: '{}', parentMessageId: textStart.messageId });
    });

    it('answers a follow-up with "Result: <content>" and no tool call', async () => {
      const input = start();
      const first = await postRun(scenarioUrl('tool', { tool: 'add', args: '{"a":1}' }), input);
      const second = await postRun(scenarioUrl('tool', { tool: 'add', args: '{"a":1}' }), followUpInput(input, first.toolCalls, () => '{"sum":3}'));
      expect(second.text).to.equal('Result: {"sum":3}');
      expect(second.toolCalls).to.have.length(0);
      expect(types(second.events).at(-1)).to.equal('RUN_FINISHED');
    });

    it('round-trips through HttpAgent: the call lands in an assistant message', async () => {
      const agent = new HttpAgent({ url: scenarioUrl('tool', { tool: 'add', args: '{"a":1}' }) });
      agent.addMessage(userMessage('add'));
      await runWithClient(agent, { tools: [{ name: 'add', description: 'adds', parameters: {} }] });
      const assistant = agent.messages.at(-1)!;
      expect(assistant.role).to.equal('assistant');
      const call = (assistant as { toolCalls?: { id: string; function: { name: string; arguments: string } }[] }).toolCalls![0]!;
      expect(call.function).to.deep.equal({ name: 'add', arguments: '{"a":1}' });

      agent.addMessage(toolMessage(call.id, '2'));
      const { events } = await runWithClient(agent);
      expect(summarizeEvents(events).text).to.equal('Result: 2');
    });
  });

  describe('parallel', () => {
    it('makes every ?call=name:args in one run, in order', async () => {
      const url = scenarioUrl('parallel', { call: [toolCallParam('a', { x: 1 }), toolCallParam('b', '{"y":')] });
      const result = await postRun(url, start());
      expect(types(result.events).filter((type) => type === 'RUN_STARTED')).to.have.length(1);
      expect(result.toolCalls.map((call) => [call.toolCallName, call.args])).to.deep.equal([
        ['a', '{"x":1}'],
        ['b', '{"y":'],
      ]);
      expect(result.toolCalls[0]!.parentMessageId).to.equal(result.toolCalls[1]!.parentMessageId);
    });

    it('accepts ?tools=a,b with ?args0= / ?args1=, and defaults to two echo calls', async () => {
      const listed = await postRun(scenarioUrl('parallel', { tools: 'a,b,c', args0: '{"n":0}', args2: '{"n":2}' }), start());
      expect(listed.toolCalls.map((call) => [call.toolCallName, call.args])).to.deep.equal([
        ['a', '{"n":0}'],
        ['b', '{}'],
        ['c', '{"n":2}'],
      ]);
      const defaults = await postRun(scenarioUrl('parallel'), start());
      expect(defaults.toolCalls.map((call) => [call.toolCallName, call.args])).to.deep.equal([
        ['echo', '{"n":1}'],
        ['echo', '{"n":2}'],
      ]);
    });

    it('fans out ?repeat= calls of ?tool= in one run (compact form for 1,000 calls)', async () => {
      const many = await postRun(scenarioUrl('parallel', { tool: 'work', repeat: 1000, args: '{"ms":1}' }), start());
      expect(many.toolCalls).to.have.length(1000);
      expect(many.toolCalls.every((call) => call.toolCallName === 'work' && call.args === '{"ms":1}' && call.ended)).to.equal(true);
      expect(new Set(many.toolCalls.map((call) => call.toolCallId)).size).to.equal(1000);
      const numbered = await postRun(scenarioUrl('parallel', { tool: 'work', repeat: 3 }), start());
      expect(numbered.toolCalls.map((call) => call.args)).to.deep.equal(['{"n":1}', '{"n":2}', '{"n":3}']);
    });

    it('interleaves the calls with ?interleave=1, and HttpAgent accepts the stream', async () => {
      const url = scenarioUrl('parallel', { call: ['a:{"x":1}', 'b:{"y":2}'], interleave: 1, fragments: 2 });
      const result = await postRun(url, start());
      expect(types(result.events)).to.deep.equal([
        'RUN_STARTED',
        'TOOL_CALL_START',
        'TOOL_CALL_START',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_END',
        'TOOL_CALL_END',
        'RUN_FINISHED',
      ]);
      expect(result.toolCalls.map((call) => call.args)).to.deep.equal(['{"x":1}', '{"y":2}']);

      const agent = new HttpAgent({ url });
      agent.addMessage(userMessage('go'));
      const { error } = await runWithClient(agent);
      expect(error).to.equal(undefined);
      const calls = (agent.messages.at(-1) as { toolCalls?: { function: { arguments: string } }[] }).toolCalls!;
      expect(calls.map((call) => call.function.arguments)).to.deep.equal(['{"x":1}', '{"y":2}']);
    });

    it('answers the follow-up with one final text listing the results in the order received', async () => {
      const input = start();
      const url = scenarioUrl('parallel', { call: ['a:{}', 'b:{}'] });
      const first = await postRun(url, input);
      const followUp = followUpInput(input, first.toolCalls, (call) => `result-${call.toolCallName}`);
      // Results in the reverse order of the calls: the answer follows the tool messages.
      followUp.messages.push(followUp.messages.splice(-2, 1)[0]!);
      const second = await postRun(url, followUp);
      expect(second.text).to.equal('Results:\n1. b: result-b\n2. a: result-a');
      expect(second.toolCalls).to.have.length(0);
    });
  });

  describe('backend-tool', () => {
    it('calls a tool and answers it itself with TOOL_CALL_RESULT, then text', async () => {
      const result = await postRun(scenarioUrl('backend-tool'), start());
      expect(types(result.events)).to.deep.equal([
        'RUN_STARTED',
        'TOOL_CALL_START',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_ARGS',
        'TOOL_CALL_END',
        'TOOL_CALL_RESULT',
        'TEXT_MESSAGE_START',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_END',
        'RUN_FINISHED',
      ]);
      const call = result.toolCalls[0]!;
      expect(call).to.include({ toolCallName: 'server_search', args: '{"query":"weather"}' });
      expect(result.events[5]).to.include({ toolCallId: call.toolCallId, content: '{"ok":true,"forecast":"sunny"}', role: 'tool' });
      expect(result.text).to.equal('The server tool answered: {"ok":true,"forecast":"sunny"}');
    });

    it('leaves the call unanswered with ?answered=0', async () => {
      const result = await postRun(scenarioUrl('backend-tool', { answered: 0, tool: 'lookup' }), start());
      expect(types(result.events)).to.deep.equal(['RUN_STARTED', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'RUN_FINISHED']);
      expect(result.toolCalls[0]!.toolCallName).to.equal('lookup');
    });
  });

  describe('always-tool', () => {
    it('calls the tool again on every follow-up', async () => {
      const url = scenarioUrl('always-tool', { tool: 'ping', args: '{"n":1}' });
      let input = start();
      for (let round = 0; round < 3; round++) {
        const result = await postRun(url, input);
        expect(result.toolCalls.map((call) => [call.toolCallName, call.args])).to.deep.equal([['ping', '{"n":1}']]);
        input = followUpInput(input, result.toolCalls, () => 'pong');
      }
    });
  });

  describe('http-500', () => {
    it('answers HTTP 500 with a JSON error body; HttpAgent fails with the status', async () => {
      const result = await postRun(scenarioUrl('http-500'), start());
      expect(result.status).to.equal(500);
      expect(result.headers.get('content-type')).to.include('application/json');
      expect(result.body).to.deep.equal({ error: { code: 'scripted_http_error', message: 'Scripted HTTP 500 from the test agent.' } });

      const agent = new HttpAgent({ url: scenarioUrl('http-500', { status: 503, message: 'down' }) });
      const { error } = await runWithClient(agent);
      expect(error).to.have.property('status', 503);
      expect(String(error)).to.include('down');
    });
  });

  describe('drop', () => {
    // Not through HttpAgent here: its transport leaves the network error as an unhandled rejection when it tears
    // down a failed stream (`reader.cancel()` rethrows), which the runner reports outside any test.
    it('streams a few events, then the connection breaks mid-body', async () => {
      const result = await postRun(scenarioUrl('drop', { after: 3 }), start());
      expect(result.error, 'reading fails').to.be.instanceOf(Error);
      expect(types(result.events)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT']);
      expect(result.text).to.equal('This reply will ');
    });
  });

  describe('run-error', () => {
    it('sends RUN_STARTED, optional text, then RUN_ERROR with ?message= and ?code=', async () => {
      const plain = await postRun(scenarioUrl('run-error'), start());
      expect(types(plain.events)).to.deep.equal(['RUN_STARTED', 'RUN_ERROR']);
      expect(plain.events[1]).to.include({ message: 'Scripted run error', code: 'scripted_error' });

      const withText = await postRun(scenarioUrl('run-error', { text: 'Partial', message: 'boom', code: 'x' }), start());
      expect(withText.text).to.equal('Partial');
      expect(withText.events.at(-1)).to.include({ type: 'RUN_ERROR', message: 'boom', code: 'x' });
    });
  });

  describe('protocol-error', () => {
    const kinds = ['content-without-start', 'args-without-start', 'no-run-started', 'event-after-finish', 'invalid-json'];
    for (const kind of kinds) {
      it(`breaks the protocol (${kind}) so that HttpAgent fails the run`, async () => {
        const agent = new HttpAgent({ url: scenarioUrl('protocol-error', { kind }) });
        const { error } = await runWithClient(agent);
        expect(error, kind).to.be.instanceOf(Error);
      });
    }

    it('sends TEXT_MESSAGE_CONTENT without TEXT_MESSAGE_START by default', async () => {
      const result = await postRun(scenarioUrl('protocol-error'), start());
      expect(types(result.events)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_CONTENT', 'RUN_FINISHED']);
    });

    it('rejects an unknown ?kind= with 400', async () => {
      const result = await postRun(scenarioUrl('protocol-error', { kind: 'nope' }), start());
      expect(result.status).to.equal(400);
      expect(result.body).to.have.nested.property('error.code', 'invalid_option');
    });
  });

  describe('hang', () => {
    it('streams text, then keeps the stream open without RUN_FINISHED until the client aborts', async () => {
      const controller = new AbortController();
      const response = await fetch(scenarioUrl('hang', { tool: 'slow' }), {
        method: 'POST',
        body: JSON.stringify(start()),
        signal: controller.signal,
      });
      let allSent!: () => void;
      const sent = new Promise<void>((resolve) => (allSent = resolve));
      const reading = readSseEvents(response, (events) => {
        if (events.length >= 7) allSent();
      });
      await sent;
      // Then nothing more while the client waits (no RUN_FINISHED), until it aborts.
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      const { events, error } = await reading;
      expect(error).to.have.property('name', 'AbortError');
      expect(types(events)).to.deep.equal([
        'RUN_STARTED',
        'TEXT_MESSAGE_START',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_CONTENT',
        'TEXT_MESSAGE_END',
        'TOOL_CALL_START',
        'TOOL_CALL_ARGS',
      ]);
      // The server let go of the aborted stream: the next request is answered at once.
      const next = await postRun(scenarioUrl('text'), start());
      expect(next.status).to.equal(200);
    });

    it('ends the response after ?maxMs= without RUN_FINISHED', async () => {
      const result = await postRun(scenarioUrl('hang', { maxMs: 50 }), start());
      expect(result.error).to.equal(undefined);
      expect(types(result.events)).not.to.include('RUN_FINISHED');
      expect(result.text).to.equal('Working on it');
    });
  });

  describe('interrupt', () => {
    it('finishes the first run with an interrupt outcome, and completes with the resume payload', async () => {
      const agent = new HttpAgent({ url: scenarioUrl('interrupt') });
      agent.addMessage(userMessage('deploy'));
      const first = await runWithClient(agent);
      const finished = first.events.at(-1) as BaseEvent & { outcome: { type: string; interrupts: Interrupt[] } };
      expect(finished.type).to.equal('RUN_FINISHED');
      expect(finished.outcome.type).to.equal('interrupt');
      expect(finished.outcome.interrupts).to.deep.equal([
        {
          id: 'interrupt-1',
          reason: 'confirmation',
          message: 'Approve the deployment?',
          responseSchema: { type: 'object', properties: { approved: { type: 'boolean', title: 'Approve' } }, required: ['approved'] },
        },
      ]);
      expect(agent.pendingInterrupts.map((interrupt) => interrupt.id)).to.deep.equal(['interrupt-1']);

      const resume = buildResumeArray(agent.pendingInterrupts, { 'interrupt-1': { status: 'resolved', payload: { approved: true } } });
      const second = await runWithClient(agent, { resume });
      expect(second.error).to.equal(undefined);
      expect(summarizeEvents(second.events).text).to.equal('Resumed interrupt-1 (resolved): {"approved":true}');
      expect(second.events.at(-1)).not.to.have.property('outcome');
      expect(agent.pendingInterrupts).to.have.length(0);
    });

    it('takes ?count=, ?schema=none, ?expiresIn= and echoes cancelled entries', async () => {
      const input = start();
      const first = await postRun(scenarioUrl('interrupt', { count: 2, schema: 'none', expiresIn: -1000, reason: 'input' }), input);
      const interrupts = (first.events.at(-1) as BaseEvent & { outcome: { interrupts: Interrupt[] } }).outcome.interrupts;
      expect(interrupts.map((interrupt) => interrupt.id)).to.deep.equal(['interrupt-1', 'interrupt-2']);
      expect(interrupts[0]).not.to.have.property('responseSchema');
      expect(interrupts[0]!.reason).to.equal('input');
      expect(Date.parse(interrupts[0]!.expiresAt!)).to.be.below(Date.now());

      const second = await postRun(scenarioUrl('interrupt'), {
        ...input,
        runId: 'run-2',
        resume: [
          { interruptId: 'interrupt-1', status: 'cancelled' },
          { interruptId: 'interrupt-2', status: 'resolved', payload: 'yes' },
        ],
      });
      expect(second.text).to.equal('Resumed interrupt-1 (cancelled)\nResumed interrupt-2 (resolved): "yes"');
    });
  });

  describe('state and reasoning', () => {
    it('state: STATE_SNAPSHOT then STATE_DELTA reach HttpAgent.state', async () => {
      const agent = new HttpAgent({ url: scenarioUrl('state', { snapshot: '{"counter":1,"name":"x"}' }) });
      const { error } = await runWithClient(agent);
      expect(error).to.equal(undefined);
      expect(agent.state).to.deep.equal({ counter: 2, name: 'x' });
    });

    it('reasoning: a reasoning message, then a text message, accepted by HttpAgent', async () => {
      const agent = new HttpAgent({ url: scenarioUrl('reasoning') });
      const { events, error } = await runWithClient(agent);
      expect(error).to.equal(undefined);
      expect(types(events)).to.include.members(['REASONING_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_END']);
      expect(summarizeEvents(events).text).to.equal('Here is my answer.');
    });
  });

  describe('stream-bench', () => {
    it('streams ?n= deltas of 4 characters and 10 backend tool calls with fragmented args and results', async () => {
      const result = await postRun(scenarioUrl('stream-bench', { n: 2000 }), start());
      const texts = deltas(result.events);
      expect(texts).to.have.length(2000);
      expect(texts.every((delta) => delta.length === 4)).to.equal(true);
      expect(result.toolCalls).to.have.length(10);
      expect(result.toolCalls.every((call) => call.fragments === 8 && call.ended && JSON.parse(call.args).page > 0)).to.equal(true);
      expect(types(result.events).filter((type) => type === 'TOOL_CALL_RESULT')).to.have.length(10);
      expect(result.events[0]!.type).to.equal('RUN_STARTED');
      expect(result.events.at(-1)!.type).to.equal('RUN_FINISHED');
    });

    it('is a valid AG-UI run for HttpAgent', async () => {
      const agent = new HttpAgent({ url: scenarioUrl('stream-bench', { n: 200, tools: 3, fragments: 2 }) });
      const { error } = await runWithClient(agent);
      expect(error).to.equal(undefined);
      expect(agent.messages.filter((message) => message.role === 'tool')).to.have.length(3);
      expect((agent.messages[0] as { content: string }).content).to.have.length(800);
    });
  });
});
