import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { echoTool, parseContent, recordedRequests, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

describe('AgentRunLoop rate-limited tools', () => {
  const harness = useLoopHarness({ settleMs: 20 });

  it('tells the agent a call was refused with rate_limited when its wait would pass its deadline', async () => {
    harness.registry.register(echoTool({ metadata: { rateLimit: { max: 1, perMs: 60_000, maxWaitMs: 0 } } }));
    const { loop } = harness.loopFor(scenarioUrl('parallel'));
    await loop.sendMessage('Two');

    const answers = toolMessages(loop.messages).map((message) => parseContent(message.content));
    expect(answers[0]).to.deep.equal({ echoed: { n: 1 } });
    expect(answers[1]).to.deep.include({ ok: false, errorCode: 'rate_limited' });
    expect(answers[1]!.retryAfterMs).to.be.within(1, 60_000);
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2); // the follow-up carries the refusal
    expect([...loop.toolCalls.values()][1]!.status).to.equal('failed');
  });

  it("refuses the calls of a run past the policy's maxCallsPerRun with rate_limited, in call order", async () => {
    const ran: unknown[] = [];
    harness.registry.register(echoTool({ handler: (args) => (ran.push(args), { echoed: args }) }));
    harness.registry.setPolicy({ tools: { echo: { maxCallsPerRun: 2 } } });
    const { loop } = harness.loopFor(scenarioUrl('parallel', { repeat: '4' }));
    await loop.sendMessage('Four');

    expect(ran).to.deep.equal([{ n: 1 }, { n: 2 }]);
    const answers = toolMessages(loop.messages).map((message) => parseContent(message.content));
    expect(answers.slice(0, 2)).to.deep.equal([{ echoed: { n: 1 } }, { echoed: { n: 2 } }]);
    for (const refused of answers.slice(2)) {
      expect(refused).to.deep.include({ ok: false, errorCode: 'rate_limited' });
      expect(String(refused.message)).to.contain('at most 2 calls of "echo" per run');
    }
    expect([...loop.toolCalls.values()].map((record) => record.status)).to.deep.equal(['succeeded', 'succeeded', 'failed', 'failed']);
    expect(await recordedRequests(loop.threadId)).to.have.length(2); // the follow-up tells the agent
  });

  it('applies a policy-wide maxCallsPerRun to each tool, and rejects one that is not a positive integer', async () => {
    expect(() => harness.registry.setPolicy({ budgets: { maxCallsPerRun: 0 } })).to.throw(/maxCallsPerRun must be an integer >= 1/);
    expect(() => harness.registry.setPolicy({ budgets: { maxCallsPerRun: 1.5 } })).to.throw(/maxCallsPerRun/);
    harness.registry.register(echoTool());
    harness.registry.setPolicy({ budgets: { maxCallsPerRun: 1 } });
    const { loop } = harness.loopFor(scenarioUrl('parallel', { repeat: '2' }));
    await loop.sendMessage('Two');
    expect([...loop.toolCalls.values()].map((record) => record.status)).to.deep.equal(['succeeded', 'failed']);
  });

  it('shows a call waiting for its turn as pending with rateLimit, and Stop cancels the wait', async () => {
    const ran: unknown[] = [];
    harness.registry.register(
      echoTool({
        handler: (args) => {
          ran.push(args);
          return 'ok';
        },
        metadata: { rateLimit: { max: 1, perMs: 60_000 }, timeoutMs: 120_000 },
      }),
    );
    const { loop } = harness.loopFor(scenarioUrl('parallel'));
    const turn = loop.sendMessage('Two');
    const waiting = () => [...loop.toolCalls.values()].find((record) => record.rateLimit !== undefined);
    await waitUntil(waiting, 'no call waited for the rate limit');
    expect(waiting()!.status).to.equal('pending');
    loop.stop();
    await turn;

    expect(ran).to.have.length(1);
    const second = [...loop.toolCalls.values()][1]!;
    expect(second.status).to.equal('cancelled');
    expect(second.rateLimit).to.equal(undefined);
    expect(parseContent(toolMessages(loop.messages)[1]!.content)).to.deep.include({ errorCode: 'cancelled' });
  });
});
