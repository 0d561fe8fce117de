import type { AssistantMessage, ToolMessage } from '@ag-ui/client';
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import type { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import type { RunErrorDetail } from '../../web/src/agent/types.js';
import {
  echoTool,
  recordedRequests,
  recordEvents,
  scenarioUrl,
  settle,
  toolMessages,
  TRANSPORTS,
  useLoopHarness,
} from '../helpers/agent-fixtures.js';

for (const transport of TRANSPORTS) describe(`AgentRunLoop errors and Stop (${transport})`, () => {
  const harness = useLoopHarness({ settleMs: 50, transport });
  const { loopFor } = harness;

  /** Sends a message, expects the turn to end with one run-error, and returns it. */
  async function failingTurn(loop: AgentRunLoop, text = 'Hi'): Promise<RunErrorDetail> {
    const errors: RunErrorDetail[] = [];
    loop.addEventListener('run-error', (event) => errors.push(event.detail));
    await loop.sendMessage(text);
    expect(errors).to.have.length(1);
    expect(loop.lastError).to.equal(errors[0]);
    expect(loop.running).to.equal(false);
    return errors[0]!;
  }

  it('reports HTTP 500 as http_error with its status, keeps the conversation, and the next message works', async () => {
    const { loop, agent } = loopFor(scenarioUrl('http-500'));
    const error = await failingTurn(loop, 'First');
    expect(error).to.deep.include({ code: 'http_error', status: 500, threadId: loop.threadId });
    expect(error.message).to.contain('500');
    expect(loop.messages.map((message) => message.content)).to.deep.equal(['First']);

    agent.url = scenarioUrl('text', { text: 'Back online' });
    await loop.sendMessage('Second');
    expect(loop.lastError).to.equal(undefined);
    expect(loop.messages.map((message) => message.content)).to.deep.equal(['First', 'Second', 'Back online']);
  });

  it('names the endpoint and what the status means in an HTTP error message', async () => {
    const missing = '/api/test/no-such-scenario';
    const { loop } = loopFor(missing);
    const notFound = await failingTurn(loop);
    expect(notFound).to.deep.include({ code: 'http_error', status: 404 });
    expect(notFound.message).to.match(new RegExp(`^No AG-UI agent answered at ${missing} \\(HTTP 404\\): No test scenario`));

    const failing = scenarioUrl('http-500', { message: 'Database down' });
    const { loop: other } = loopFor(failing);
    const serverError = await failingTurn(other);
    expect(serverError.message).to.equal(`The agent at ${failing} failed (HTTP 500): Database down`);
  });

  it('reports a dropped connection as network_error and keeps the partial reply', async () => {
    const { loop } = loopFor(scenarioUrl('drop', { delay: '20', after: '3' }));
    const error = await failingTurn(loop);
    expect(error.code).to.equal('network_error');
    expect(loop.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
    expect(loop.messages[1]!.content).to.equal('This reply will ');
  });

  it('reports an unreachable server as network_error', async () => {
    const { loop } = loopFor('http://127.0.0.1:9/agent');
    const error = await failingTurn(loop);
    expect(error.code).to.equal('network_error');
    expect(loop.messages.map((message) => message.role)).to.deep.equal(['user']);
  });

  it('reports RUN_ERROR as run_error with the agent message, keeping the text before it', async () => {
    const { loop } = loopFor(scenarioUrl('run-error', { text: 'Partial answer' }));
    const error = await failingTurn(loop);
    expect(error).to.deep.include({ code: 'run_error', message: 'Scripted run error' });
    expect(loop.messages.at(-1)!.content).to.equal('Partial answer');
  });

  for (const kind of ['content-without-start', 'args-without-start', 'no-run-started', 'event-after-finish', 'invalid-json']) {
    it(`reports a protocol violation (${kind}) as protocol_error`, async () => {
      const { loop, agent } = loopFor(scenarioUrl('protocol-error', { kind }));
      const error = await failingTurn(loop);
      expect(error.code).to.equal('protocol_error');
      expect(error.message).to.be.a('string').and.not.equal('');

      agent.url = scenarioUrl('text');
      await loop.sendMessage('Again');
      expect(loop.lastError).to.equal(undefined);
    });
  }

  it('answers the calls of a failed run so that the next request carries no dangling tool call', async () => {
    const { loop, agent } = loopFor(scenarioUrl('hang', { tool: 'server_lookup', maxMs: '0' }));
    const error = await failingTurn(loop);
    expect(error.code).to.equal('network_error');
    const call = (loop.messages[1] as AssistantMessage).toolCalls![0]!;
    const answer = loop.messages[2] as ToolMessage;
    expect(answer).to.deep.include({ role: 'tool', toolCallId: call.id, error: 'Not run: the run ended with an error' });

    agent.url = scenarioUrl('text');
    await loop.sendMessage('Next');
    const requests = await recordedRequests(loop.threadId);
    expect(requests[1]!.input.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'user']);
  });

  it('stops a streaming run at once: no follow-up, no run-error, partial text kept, open calls answered', async () => {
    harness.registry.register(echoTool());
    const { loop, agent } = loopFor(scenarioUrl('hang', { tool: 'echo' }));
    const events = recordEvents(loop);
    const turn = loop.sendMessage('Slow');
    await oneEvent(loop, 'tool-call-args');
    loop.stop();

    expect(loop.running).to.equal(false);
    await turn;
    expect(events.some(([type]) => type === 'run-error')).to.equal(false);
    expect(loop.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    expect(loop.messages[1]!.content).to.equal('Working on it');
    const answer = loop.messages[2] as ToolMessage;
    expect(answer.content).to.equal('{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}');
    expect(answer.error).to.equal('Cancelled by the user');
    expect([...loop.toolCalls.values()][0]!.status).to.equal('cancelled');

    agent.url = scenarioUrl('text', { text: 'Still here' });
    await loop.sendMessage('Hello?');
    expect(loop.messages.at(-1)!.content).to.equal('Still here');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('stops during a tool: cancels it, starts no follow-up, leaves no dangling call, and the next message works', async () => {
    let signal: AbortSignal | undefined;
    harness.registry.register(
      echoTool({
        handler: (_args, context) => {
          signal = context.signal;
          return new Promise(() => {});
        },
      }),
    );
    const { loop, agent } = loopFor(scenarioUrl('tool', { text: 'On it' }));
    const errors: unknown[] = [];
    loop.addEventListener('tool-call-error', (event) => errors.push(event.detail.error));
    const turn = loop.sendMessage('Long job');
    await waitUntil(() => [...loop.toolCalls.values()].some((view) => view.status === 'executing'), 'tool never ran');
    loop.stop();
    await turn;

    expect(signal!.aborted).to.equal(true);
    expect(loop.running).to.equal(false);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.deep.include({ category: 'cancelled' });
    const answer = loop.messages.at(-1) as ToolMessage;
    expect(answer.content).to.equal('{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}');
    await settle(50);
    expect(await recordedRequests(loop.threadId)).to.have.length(1); // no follow-up

    agent.url = scenarioUrl('text', { text: 'Fine' });
    await loop.sendMessage('Forget it');
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const sent = requests[1]!.input.messages;
    expect(sent.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'user']);
    expect((sent[2] as ToolMessage).toolCallId).to.equal((sent[1] as AssistantMessage).toolCalls![0]!.id);
  });

  it('keeps the results of tools that finished before Stop', async () => {
    harness.registry.register(
      echoTool({
        handler: (args) => ((args as { n: number }).n === 1 ? 'fast result' : new Promise(() => {})),
      }),
    );
    const { loop } = loopFor(scenarioUrl('parallel'));
    const turn = loop.sendMessage('Two');
    await oneEvent(loop, 'tool-call-end');
    await settle(0);
    loop.stop();
    await turn;
    const results = toolMessages(loop.messages);
    expect(results.map((message) => message.content)).to.deep.equal([
      'fast result',
      '{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}',
    ]);
  });

  it('ignores stop() when idle and does nothing after dispose()', async () => {
    const { loop } = loopFor(scenarioUrl('text'));
    loop.stop();
    loop.dispose();
    await loop.sendMessage('Anyone?');
    expect(loop.messages).to.deep.equal([]);
    expect(loop.running).to.equal(false);
  });
});
