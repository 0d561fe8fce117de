import { HttpAgent, type AssistantMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import type { RunErrorDetail } from '../../web/src/agent/types.js';
import { echoTool, recordedRequests, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

const UNKNOWN_ANSWER = '{"ok":false,"errorCode":"unknown_tool","message":"Unknown tool \\"server_search\\": this page has no such tool"}';

describe('AgentRunLoop unknownTools', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;
  /** A call of `server_search`, a tool the page does not have, that the server never answers. */
  const unanswered = scenarioUrl('backend-tool', { answered: '0' });

  /** The follow-up run (if any) gets a plain text reply, so that the turn ends. */
  function replyToFollowUp(loop: AgentRunLoop, agent: { url: string }): void {
    loop.addEventListener('run-finished', () => (agent.url = scenarioUrl('text', { text: 'Noted' })), { once: true });
  }

  it("leaves calls of unknown tools to the server by default ('ignore')", async () => {
    const { loop } = loopFor(unanswered);
    expect(loop.unknownTools).to.equal('ignore');
    await loop.sendMessage('Search');
    expect(toolMessages(loop.messages)).to.deep.equal([]);
    expect([...loop.toolCalls.values()][0]).to.deep.include({ kind: 'backend', status: 'unanswered' });
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
  });

  it("answers a call of an unknown tool with unknown_tool and runs the follow-up ('answer')", async () => {
    const agent = new HttpAgent({ url: unanswered });
    const loop = harness.track(new AgentRunLoop({ agent, registry: harness.registry, unknownTools: 'answer' }));
    const followUps: boolean[] = [];
    loop.addEventListener('run-finished', (event) => followUps.push(event.detail.followUp));
    replyToFollowUp(loop, agent);
    await loop.sendMessage('Search');

    expect(loop.lastError).to.equal(undefined);
    expect(followUps).to.deep.equal([true, false]);
    const call = (loop.messages[1] as AssistantMessage).toolCalls![0]!;
    const [answer] = toolMessages(loop.messages);
    expect(answer).to.deep.include({ toolCallId: call.id, content: UNKNOWN_ANSWER });
    const record = loop.toolCalls.get(call.id)!;
    expect(record.status).to.equal('failed');
    expect(record.error).to.deep.include({ code: 'unknown_tool' });
    expect(loop.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);

    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const sent = requests[1]!.input.messages;
    expect(sent.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    expect(sent[2]).to.deep.include({ toolCallId: call.id, content: UNKNOWN_ANSWER });
  });

  it('does not answer a call the server answered itself', async () => {
    const { loop } = loopFor(scenarioUrl('backend-tool'));
    loop.unknownTools = 'answer';
    await loop.sendMessage('Search');
    expect(toolMessages(loop.messages).map((message) => message.content)).to.deep.equal(['{"ok":true,"forecast":"sunny"}']);
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
  });

  it('answers unknown calls beside frontend calls of the same run, in one follow-up', async () => {
    harness.registry.register(echoTool());
    const { loop } = loopFor(scenarioUrl('parallel', { tools: 'echo,server_lookup', args0: '{"n":1}' }));
    loop.unknownTools = 'answer';
    await loop.sendMessage('Both');
    const contents = toolMessages(loop.messages).map((message) => message.content);
    expect(contents).to.have.length(2);
    expect(contents.filter((content) => String(content).includes('"errorCode":"unknown_tool"'))).to.have.length(1);
    expect([...loop.toolCalls.values()].map((record) => record.status)).to.deep.equal(['succeeded', 'failed']);
    expect(loop.lastError).to.equal(undefined);
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('counts the follow-up as a tool round: the loop guard still answers the call, then stops', async () => {
    const { loop } = loopFor(unanswered, { maxToolIterations: 0 });
    loop.unknownTools = 'answer';
    const errors: RunErrorDetail[] = [];
    loop.addEventListener('run-error', (event) => errors.push(event.detail));
    await loop.sendMessage('Search');
    expect(errors.map((error) => error.code)).to.deep.equal(['max_tool_iterations']);
    expect(toolMessages(loop.messages).map((message) => message.content)).to.deep.equal([UNKNOWN_ANSWER]);
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
  });
});
