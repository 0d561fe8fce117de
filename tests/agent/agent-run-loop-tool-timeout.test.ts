import { expect, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import { parseContent, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

describe('AgentRunLoop default tool timeout', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  // Registered before the harness's hooks, so that it runs first: the harness's afterEach waits on real timers.
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });
  const harness = useLoopHarness({ settleMs: 20 });

  it('does not count the wait for approval as tool time: the 60 s start when the tool runs', async () => {
    let started = false;
    harness.registry.register({
      name: 'edit',
      description: 'Edits the page',
      effect: 'state_change', // needs approval by default
      schema: z.object({}).loose(),
      handler: () => {
        started = true;
        return new Promise(() => {});
      },
      metadata: { retryConfig: { maxAttempts: 1 } },
    });
    const { loop } = harness.loopFor(scenarioUrl('tool', { tool: 'edit', args: '{}' }));
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const requested = oneEvent(loop, 'tool-approval-requested');
    const turn = loop.sendMessage('Edit');
    const { detail } = await requested;
    await clock.tickAsync(5 * 60_000); // the person takes five minutes
    expect(loop.toolCalls.get(detail.toolCallId)!.status).to.equal('awaiting_approval');
    detail.approve();
    await clock.tickAsync(59_999);
    expect(started).to.equal(true);
    expect(loop.toolCalls.get(detail.toolCallId)!.status).to.equal('executing');
    await clock.tickAsync(1);
    await turn;
    clock.restore();

    const answer = parseContent(toolMessages(loop.messages)[0]!.content);
    expect(answer).to.deep.include({ ok: false, errorCode: 'uncertain_outcome' });
    expect(String(answer.message)).to.contain('60000 ms');
  });
});
