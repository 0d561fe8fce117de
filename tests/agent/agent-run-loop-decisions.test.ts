import { expect, oneEvent } from '@open-wc/testing';
import { z } from 'zod';
import { defineUiTool } from '../../web/src/tools/index.js';
import { waitUntil } from '../helpers/wait-until.js';
import type { PendingDecision } from '../../web/src/agent/types.js';
import { echoTool, parseContent, recordedRequests, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

describe('AgentRunLoop decisions and tool-call records', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  it('holds the interrupts of a run as decisions and resumes the agent itself once they are answered', async () => {
    const { loop } = loopFor(scenarioUrl('interrupt', { count: '2' }));
    const requested = oneEvent(loop, 'interrupt');
    await loop.sendMessage('Deploy twice');
    expect((await requested).detail.interrupt.id).to.equal('interrupt-1');
    const decisions = loop.decisions as PendingDecision[];
    expect(decisions.map((decision) => [decision.kind, decision.id, decision.state])).to.deep.equal([
      ['interrupt', 'interrupt-1', 'open'],
      ['interrupt', 'interrupt-2', 'open'],
    ]);

    expect(decisions[0]!.answer({ approved: true })).to.equal(true);
    expect(decisions[0]!.answer({ approved: false })).to.equal(false); // the first answer counts
    expect(decisions[0]!.signal.aborted).to.equal(true);
    expect(await recordedRequests(loop.threadId)).to.have.length(1); // one is still open

    const resumed = oneEvent(loop, 'run-finished');
    expect(decisions[1]!.cancel()).to.equal(true);
    await resumed;
    await waitUntil(() => !loop.running, 'the resume run to end');
    const requests = await recordedRequests(loop.threadId);
    expect(requests.map((request) => request.input.resume)).to.deep.equal([
      undefined,
      [
        { interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } },
        { interruptId: 'interrupt-2', status: 'cancelled' },
      ],
    ]);
    expect(loop.decisions).to.deep.equal([]);
  });

  it("answers an interrupt with reason tool_call as an approval of the server's call: { approved }", async () => {
    const { loop } = loopFor(scenarioUrl('tool-approval'));
    await loop.sendMessage('Email x@y.com');
    const record = loop.toolCalls.get('call-approval-1')!;
    expect(record).to.deep.include({ kind: 'backend', status: 'awaiting_approval' });
    // The interrupt's responseSchema takes editedArgs: the arguments may be edited before approving; its message is kept
    // for the card.
    expect(record.approval).to.deep.equal({
      args: { to: 'x@y.com' },
      defaultPrevented: false,
      editable: true,
      message: 'Approve send_email?',
    });
    const [decision] = loop.decisions;
    expect(decision).to.deep.include({ kind: 'interrupt', toolCallId: 'call-approval-1', state: 'open' });
    expect(decision!.answer({ maybe: true })).to.equal(false); // not an approval's shape

    const resumed = oneEvent(loop, 'run-finished');
    expect(loop.denyToolCall('call-approval-1', 'Not that address')).to.equal(true);
    await resumed;
    const requests = await recordedRequests(loop.threadId);
    // AG-UI's approval schema has no reason: a denial is { approved: false }, status resolved.
    expect(requests[1]!.input.resume).to.deep.equal([{ interruptId: 'approval-1', status: 'resolved', payload: { approved: false } }]);
    expect(loop.toolCalls.get('call-approval-1')!.status).to.equal('cancelled');
  });

  it("holds a UI tool's question as a ui-tool-answer decision whose accepted answer is the call's result", async () => {
    harness.registry.register(
      defineUiTool({
        name: 'pick_size',
        description: 'Asks the user to pick a size',
        schema: z.object({ question: z.string() }),
        result: z.object({ size: z.enum(['S', 'M', 'L']) }),
        render: () => null,
      }),
    );
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'pick_size', args: '{"question":"Which size?"}' }));
    const sending = loop.sendMessage('Order a shirt');
    await waitUntil(() => loop.decisions.length > 0, 'the question is not asked');
    const [decision] = loop.decisions;
    expect(decision).to.deep.include({ kind: 'ui-tool-answer', toolCallName: 'pick_size', state: 'open', args: { question: 'Which size?' } });
    expect(decision!.toolCallId).to.equal([...loop.toolCalls.keys()][0]);
    expect(decision!.answer({ size: 'XL' })).to.equal(false); // the result schema refuses it: the call keeps waiting
    expect(loop.decisions).to.have.length(1);
    expect(decision!.answer({ size: 'M' })).to.equal(true);
    expect(decision!.signal.aborted).to.equal(true);
    await sending;
    expect(loop.decisions).to.deep.equal([]);
    expect(parseContent(toolMessages(loop.messages)[0]!.content)).to.deep.equal({ size: 'M' });
  });

  it('answers the calls of a run that finished cancelled without running them, and ends their records', async () => {
    let ran = false;
    harness.registry.register(echoTool({ handler: (args) => ((ran = true), { echoed: args }) }));
    const { loop } = loopFor(scenarioUrl('tool', { cancelled: '1' }));
    await loop.sendMessage('Echo');
    expect(ran).to.equal(false);
    expect(await recordedRequests(loop.threadId)).to.have.length(1); // no follow-up
    const [answer] = toolMessages(loop.messages);
    expect(parseContent(answer!.content)).to.deep.include({ ok: false, errorCode: 'cancelled', message: 'Not run: the run was cancelled' });
    const record = [...loop.toolCalls.values()][0]!;
    expect(record.status).to.equal('cancelled');
  });

  it('keeps each tool call as a plain record that survives a JSON round trip', async () => {
    harness.registry.register(echoTool({ handler: () => { throw new Error('boom'); } }));
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"value":1}' }));
    await loop.sendMessage('Echo');
    const record = [...loop.toolCalls.values()][0]!;
    expect(record).to.deep.include({ toolCallName: 'echo', kind: 'frontend', status: 'failed' });
    expect(record.error).to.deep.include({ category: 'execution', message: 'boom' });
    expect(record.answer!.content).to.equal(toolMessages(loop.messages)[0]!.content);
    expect(JSON.parse(JSON.stringify(record))).to.deep.equal(record);
    expect(structuredClone(record)).to.deep.equal(record);
  });
});
