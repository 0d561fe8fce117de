import { buildResumeArray, HttpAgent, type AssistantMessage, type Message } from '@ag-ui/client';
import { expect, oneEvent } from '@open-wc/testing';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import { echoTool, recordedRequests, recordEvents, scenarioUrl, useLoopHarness } from '../helpers/agent-fixtures.js';

describe('AgentRunLoop', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  it('streams a text reply into the conversation and ends the turn', async () => {
    const { loop, agent } = loopFor(scenarioUrl('text', { text: 'Hello there, general Kenobi.', chunks: '5', delay: '5' }));
    const events = recordEvents(loop);
    const sent = loop.sendMessage('Hi');
    expect(loop.running).to.equal(true);
    await sent;

    expect(loop.running).to.equal(false);
    expect(loop.lastError).to.equal(undefined);
    expect(loop.messages.map((message) => [message.role, message.content])).to.deep.equal([
      ['user', 'Hi'],
      ['assistant', 'Hello there, general Kenobi.'],
    ]);
    const types = events.map(([type]) => type);
    expect(types[0]).to.equal('running-changed');
    expect(types.filter((type) => type === 'run-started')).to.have.length(1);
    expect(types.at(-1)).to.equal('running-changed');
    const finished = events.find(([type]) => type === 'run-finished')![1];
    expect(finished).to.deep.include({ iteration: 0, followUp: false, interrupts: [] });
    // The page's agent sees the conversation too.
    expect(agent.messages.map((message) => message.content)).to.deep.equal(['Hi', 'Hello there, general Kenobi.']);
    expect(agent.threadId).to.equal(loop.threadId);
  });

  it('fires messages-changed with a new version per batch, not one per streamed delta', async () => {
    const { loop } = loopFor(scenarioUrl('stream-bench', { n: '5000', tools: '0' }));
    const versions: number[] = [];
    loop.addEventListener('messages-changed', (event) => versions.push(event.detail.version));
    await loop.sendMessage('go');

    expect(loop.lastError).to.equal(undefined);
    const reply = loop.messages.find((message) => message.role === 'assistant') as AssistantMessage;
    expect(reply.content).to.have.length.greaterThan(5000 * 3);
    expect(versions.length).to.be.greaterThan(0);
    expect(versions.length).to.be.lessThan(5000 / 2);
    expect(new Set(versions).size).to.equal(versions.length);
    expect(loop.version).to.equal(versions.at(-1));
  });

  it('sends threadId, a fresh runId, the conversation, tools, context, state and forwardedProps with every run', async () => {
    harness.registry.register(echoTool());
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"x":1}' }));
    loop.context = [{ description: 'page', value: 'checkout' }];
    loop.forwardedProps = { locale: 'fr' };
    await loop.sendMessage('Run it');

    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const [first, second] = requests.map((request) => request.input);
    for (const input of [first!, second!]) {
      expect(input.threadId).to.equal(loop.threadId);
      expect(input.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
      expect(input.context).to.deep.equal([{ description: 'page', value: 'checkout' }]);
      expect(input.forwardedProps).to.deep.equal({ locale: 'fr' });
      expect(input.state).to.deep.equal({});
    }
    expect(first!.runId).to.not.equal(second!.runId);
    expect(first!.messages).to.deep.equal([{ id: loop.messages[0]!.id, role: 'user', content: 'Run it' }]);
  });

  it('applies STATE_SNAPSHOT and STATE_DELTA and fires state-changed', async () => {
    const { loop, agent } = loopFor(scenarioUrl('state'));
    const states: unknown[] = [];
    loop.addEventListener('state-changed', (event) => states.push(event.detail.state));
    await loop.sendMessage('Count');
    expect(loop.state).to.deep.equal({ counter: 2 });
    expect(states.at(-1)).to.deep.equal({ counter: 2 });
    expect(agent.state).to.deep.equal({ counter: 2 });
  });

  it('keeps reasoning as a message of role reasoning before the answer', async () => {
    const { loop } = loopFor(scenarioUrl('reasoning'));
    await loop.sendMessage('Think');
    expect(loop.messages.map((message) => [message.role, message.content])).to.deep.equal([
      ['user', 'Think'],
      ['reasoning', 'Let me think about this.'],
      ['assistant', 'Here is my answer.'],
    ]);
  });

  it('records interrupts without a follow-up and resumes with runAgent({ resume })', async () => {
    const { loop, agent } = loopFor(scenarioUrl('interrupt'));
    const finished = oneEvent(loop, 'run-finished');
    await loop.sendMessage('Deploy');
    expect((await finished).detail.interrupts.map((interrupt: { id: string }) => interrupt.id)).to.deep.equal(['interrupt-1']);
    expect(loop.pendingInterrupts.map((interrupt) => interrupt.id)).to.deep.equal(['interrupt-1']);
    expect(agent.pendingInterrupts.map((interrupt) => interrupt.id)).to.deep.equal(['interrupt-1']);
    expect(await recordedRequests(loop.threadId)).to.have.length(1);

    await loop.runAgent({
      resume: buildResumeArray(loop.pendingInterrupts, { 'interrupt-1': { status: 'resolved', payload: { approved: true } } }),
    });
    expect(loop.pendingInterrupts).to.deep.equal([]);
    expect(loop.messages.at(-1)!.content).to.equal('Resumed interrupt-1 (resolved): {"approved":true}');
    const requests = await recordedRequests(loop.threadId);
    expect(requests[1]!.input.resume).to.deep.equal([{ interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } }]);
  });

  it('cancels pending interrupts when the user sends a new message instead of answering', async () => {
    const { loop } = loopFor(scenarioUrl('interrupt'));
    await loop.sendMessage('Deploy');
    await loop.sendMessage('Never mind');
    const requests = await recordedRequests(loop.threadId);
    expect(requests[1]!.input.resume).to.deep.equal([{ interruptId: 'interrupt-1', status: 'cancelled' }]);
    expect(loop.pendingInterrupts).to.deep.equal([]);
  });

  it('seeds from the agent and restores a thread with setMessages, with views for answered tool calls', async () => {
    const history: Message[] = [
      { id: 'u1', role: 'user', content: 'Echo' },
      { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{}' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"echoed":{}}' },
    ];
    const agent = new HttpAgent({ url: scenarioUrl('text'), threadId: 'restored-thread', initialMessages: history });
    harness.registry.register(echoTool());
    const loop = harness.track(new AgentRunLoop({ agent, registry: harness.registry }));
    expect(loop.threadId).to.equal('restored-thread');
    expect(loop.messages).to.deep.equal(history);
    expect(loop.toolCalls.get('c1')).to.deep.include({ kind: 'frontend', status: 'succeeded', result: '{"echoed":{}}' });

    const changed = oneEvent(loop, 'messages-changed');
    loop.setMessages([history[0]!]);
    expect((await changed).detail.messages).to.have.length(1);
    expect(loop.toolCalls.size).to.equal(0);
    expect(loop.messages[0]).to.not.equal(history[0]); // copied
    expect(agent.messages).to.have.length(1);
  });

  it('reset() stops, clears the conversation and starts a new thread', async () => {
    const { loop, agent } = loopFor(scenarioUrl('text'));
    await loop.sendMessage('Hi');
    const before = loop.threadId;
    loop.reset();
    expect(loop.messages).to.deep.equal([]);
    expect(loop.threadId).to.not.equal(before);
    expect(agent.threadId).to.equal(loop.threadId);
    expect(agent.messages).to.deep.equal([]);
    loop.reset('chosen-id');
    expect(loop.threadId).to.equal('chosen-id');
  });

  it('stops the running turn when a new message is sent, and runs the new one', async () => {
    const { loop, agent } = loopFor(scenarioUrl('hang', { text: 'Working on it' }));
    const first = loop.sendMessage('Slow');
    await oneEvent(loop, 'messages-changed');
    agent.url = scenarioUrl('text', { text: 'Fresh answer' });
    await loop.sendMessage('Quick');
    await first;
    expect(loop.running).to.equal(false);
    expect(loop.messages.map((message) => message.content).slice(-2)).to.deep.equal(['Quick', 'Fresh answer']);
  });
});
