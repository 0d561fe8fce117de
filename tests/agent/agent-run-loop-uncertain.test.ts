import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import { deferred, parseContent, recordedRequests, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';
import type { ToolMetadata } from '../../web/src/tools/index.js';

describe('AgentRunLoop uncertain outcomes', () => {
  let clock: sinon.SinonFakeTimers | undefined;
  // Registered before the harness's hooks, so that it runs first: the harness's afterEach waits on real timers.
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });
  const harness = useLoopHarness({ settleMs: 20 });

  /** Registers `save`, a state_change tool that needs no approval, whose handler returns `result` once started. */
  function registerSave(result: Promise<unknown>, metadata: ToolMetadata = {}): { calls: number; started: Promise<void> } {
    const started = deferred();
    const state = { calls: 0, started: started.promise };
    harness.registry.register({
      name: 'save',
      description: 'Saves the note',
      effect: 'state_change',
      requiresApproval: false,
      schema: z.object({}).loose(),
      handler: () => {
        state.calls++;
        started.resolve();
        return result;
      },
      metadata,
    });
    return state;
  }

  it('ends a state_change tool that hangs past its timeout uncertain, unretried, and tells the agent it may have completed', async () => {
    const late = deferred<string>();
    const save = registerSave(late.promise, { timeoutMs: 1000 });
    const { loop } = harness.loopFor(scenarioUrl('tool', { tool: 'save', args: '{}' }));
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const turn = loop.sendMessage('Save');
    await save.started;
    await clock.tickAsync(60_000);
    await turn;

    expect(save.calls).to.equal(1);
    const record = [...loop.toolCalls.values()][0]!;
    expect(record.status).to.equal('uncertain');
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2); // the follow-up
    const sent = toolMessages(requests[1]!.input.messages)[0]!;
    const answer = parseContent(sent.content);
    expect(answer).to.deep.include({ ok: false, errorCode: 'uncertain_outcome' });
    expect(String(answer.message)).to.contain('may have completed');

    late.resolve('saved after all');
    await clock.tickAsync(0);
    expect(record.lateCompletion).to.include({ attemptNumber: 1, result: 'saved after all' });
    expect(await recordedRequests(loop.threadId)).to.have.length(2); // the agent is told nothing more
  });

  it('ends a state_change tool stopped after it started uncertain, and answers the call so', async () => {
    const save = registerSave(new Promise(() => {}));
    const { loop } = harness.loopFor(scenarioUrl('tool', { tool: 'save', args: '{}' }));
    const turn = loop.sendMessage('Save');
    await save.started;
    loop.stop();
    await turn;

    const record = [...loop.toolCalls.values()][0]!;
    expect(record.status).to.equal('uncertain');
    const answer = parseContent(toolMessages(loop.messages)[0]!.content);
    expect(answer).to.deep.include({ ok: false, errorCode: 'uncertain_outcome' });
    expect(String(answer.message)).to.contain('may have completed');
    expect(save.calls).to.equal(1);
  });
});
