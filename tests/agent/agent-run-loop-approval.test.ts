import type { AssistantMessage, ToolMessage } from '@ag-ui/client';
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { z } from 'zod';
import type { StoredApproval, ToolApprovalRequestedDetail } from '../../web/src/agent/types.js';
import type { ToolError } from '../../web/src/tools/index.js';
import {
  echoTool,
  parseContent,
  recordedRequests,
  scenarioUrl,
  toolMessages,
  useLoopHarness,
} from '../helpers/agent-fixtures.js';

describe('AgentRunLoop human approval', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  /** An `edit` tool (state_change: needs approval by default) that counts its runs. */
  function registerEdit(): { runs: unknown[] } {
    const runs: unknown[] = [];
    harness.registry.register({
      name: 'edit',
      description: 'Edits the page',
      effect: 'state_change',
      schema: z.object({ text: z.string() }).loose(),
      handler: (args) => {
        runs.push(args);
        return { edited: args.text };
      },
    });
    return { runs };
  }

  it('waits for approval after the stream ended, then runs the call and follows up', async () => {
    const { runs } = registerEdit();
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'edit', args: '{"text":"hi"}' }));
    const statuses: string[] = [];
    loop.addEventListener('tool-status-changed', (event) => statuses.push(event.detail.status));
    const requested = oneEvent(loop, 'tool-approval-requested');
    const turn = loop.sendMessage('Edit the note');
    const event = await requested;
    const { detail } = event;

    expect(event.cancelable).to.equal(true);
    expect(detail).to.deep.include({ toolCallName: 'edit', effect: 'state_change', args: { text: 'hi' } });
    // The call is complete (TOOL_CALL_END was applied: `pending`) before it is put to a person; nothing ran yet.
    expect(statuses).to.deep.equal(['pending', 'awaiting_approval']);
    expect(loop.toolCalls.get(detail.toolCallId)).to.deep.include({ status: 'awaiting_approval' });
    expect(loop.toolCalls.get(detail.toolCallId)!.approval).to.deep.equal({ effect: 'state_change', args: { text: 'hi' }, defaultPrevented: false, rememberable: true, editable: true });
    expect(loop.running).to.equal(true);
    expect(runs).to.deep.equal([]);
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
    expect(detail.signal.aborted).to.equal(false);

    expect(detail.approve()).to.equal(true);
    expect(detail.signal.aborted).to.equal(true);
    expect(detail.approve()).to.equal(false); // one answer counts
    expect(detail.deny()).to.equal(false);
    await turn;

    expect(runs).to.deep.equal([{ text: 'hi' }]);
    expect(statuses).to.deep.equal(['pending', 'awaiting_approval', 'pending', 'validating', 'executing', 'succeeded']);
    expect(loop.toolCalls.get(detail.toolCallId)!.approval).to.equal(undefined);
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    expect((requests[1]!.input.messages.at(-1) as ToolMessage).content).to.equal('{"edited":"hi"}');
  });

  it('hands remembered approvals to its journal, and waits for approvals being restored before asking', async () => {
    const { runs } = registerEdit();
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'edit', args: '{"text":"hi"}' }));
    const kept: (StoredApproval | string)[] = [];
    loop.journal = {
      claim: async () => ({ status: 'run' }),
      settle: async () => undefined,
      rememberApproval: (approval) => kept.push(approval),
      forgetApprovals: (toolName) => kept.push(`forget ${toolName ?? 'all'}`),
    };
    const requested = oneEvent(loop, 'tool-approval-requested');
    let turn = loop.sendMessage('Edit the note');
    loop.approveToolCall((await requested).detail.toolCallId, { remember: 'always' });
    await turn;
    const approval = kept[0] as StoredApproval;
    expect(approval).to.deep.include({ toolName: 'edit', scope: 'always' });
    expect(approval.fingerprint).to.be.a('string').and.contain('Edits the page');
    expect(loop.forgetApprovals()).to.equal(1);
    expect(kept[1]).to.equal('forget all');

    let asked = 0;
    loop.addEventListener('tool-approval-requested', () => asked++);
    let restore!: (approvals: StoredApproval[]) => void;
    loop.restoreApprovals(new Promise((resolve) => (restore = resolve)));
    turn = loop.sendMessage('Edit it again');
    await waitUntil(() => loop.toolCalls.size === 2 && [...loop.toolCalls.values()].at(-1)!.status === 'pending', 'no second call');
    // The call waits for the restore rather than asking (memory alone has nothing: it was forgotten above).
    expect(asked).to.equal(0);
    restore([approval]);
    await turn;
    expect(asked).to.equal(0);
    expect(runs).to.have.length(2);
    expect([...loop.toolCalls.values()].at(-1)!.approvedBy).to.equal('always');

    // Forgotten while a restore reads: it stays forgotten.
    loop.restoreApprovals(new Promise((resolve) => (restore = resolve)));
    loop.forgetApprovals('edit');
    restore([approval]);
    turn = loop.sendMessage('And again');
    await waitUntil(() => asked === 1, 'not asked');
    loop.stop();
    await turn;
    expect(loop.rememberedApprovals).to.deep.equal([]);
  });

  it('answers a denied call with approval_denied (and the reason), never runs it, and follows up', async () => {
    const { runs } = registerEdit();
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'edit', args: '{"text":"hi"}' }));
    const errors: ToolError[] = [];
    loop.addEventListener('tool-call-error', (event) => errors.push(event.detail.error));
    loop.addEventListener('tool-approval-requested', (event) => event.detail.deny('  Not today  '));
    await loop.sendMessage('Edit the note');

    expect(runs).to.deep.equal([]);
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const answer = requests[1]!.input.messages.at(-1) as ToolMessage;
    expect(parseContent(answer.content)).to.deep.equal({
      ok: false,
      errorCode: 'approval_denied',
      message: 'The user denied this tool call: Not today',
    });
    expect(answer.error).to.equal('The user denied this tool call: Not today');
    expect(errors.map((error) => error.code)).to.deep.equal(['approval_denied']);
    expect([...loop.toolCalls.values()][0]!.status).to.equal('cancelled');
    expect(loop.messages.at(-1)!.content).to.include('approval_denied');
  });

  it('records preventDefault() on the request and takes the answer through approveToolCall()', async () => {
    const { runs } = registerEdit();
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'edit', args: '{"text":"page UI"}' }));
    let toolCallId = '';
    loop.addEventListener('tool-approval-requested', (event) => {
      event.preventDefault();
      toolCallId = event.detail.toolCallId;
    });
    const turn = loop.sendMessage('Edit');
    await waitUntil(() => toolCallId !== '', 'the approval request');
    expect(loop.toolCalls.get(toolCallId)!.approval!.defaultPrevented).to.equal(true);
    expect(loop.denyToolCall('no-such-call')).to.equal(false);
    expect(loop.approveToolCall(toolCallId)).to.equal(true);
    await turn;
    expect(runs).to.deep.equal([{ text: 'page UI' }]);
  });

  it('cancels a pending approval on Stop: answered cancelled, no follow-up, and the request says so', async () => {
    const { runs } = registerEdit();
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'edit', args: '{"text":"hi"}' }));
    const requested = oneEvent(loop, 'tool-approval-requested');
    const turn = loop.sendMessage('Edit');
    const { detail } = await requested;
    loop.stop();
    await turn;

    expect(detail.signal.aborted).to.equal(true);
    expect(detail.approve()).to.equal(false);
    expect(runs).to.deep.equal([]);
    expect(loop.running).to.equal(false);
    expect(loop.toolCalls.get(detail.toolCallId)!.status).to.equal('cancelled');
    const answer = toolMessages(loop.messages).at(-1)!;
    expect(answer.content).to.equal('{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}');
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
  });

  it('cancels one pending approval with cancelToolCall() and still follows up', async () => {
    registerEdit();
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'edit', args: '{"text":"hi"}' }));
    loop.addEventListener('tool-approval-requested', (event) => loop.cancelToolCall(event.detail.toolCallId));
    await loop.sendMessage('Edit');
    expect(parseContent(toolMessages(loop.messages)[0]!.content)).to.include({ errorCode: 'cancelled' });
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('asks for several calls at once while the calls that need no approval run, with one follow-up', async () => {
    registerEdit();
    harness.registry.register(echoTool());
    const { loop } = loopFor(
      scenarioUrl('parallel', { call: ['edit:{"text":"one"}', 'echo:{"n":2}', 'edit:{"text":"three"}'] }),
    );
    const requests: ToolApprovalRequestedDetail[] = [];
    loop.addEventListener('tool-approval-requested', (event) => requests.push(event.detail));
    const echoed = oneEvent(loop, 'tool-call-end');
    const turn = loop.sendMessage('Three things');

    expect((await echoed).detail.toolCallName).to.equal('echo'); // ran without waiting for anyone
    expect(requests.map((detail) => detail.args)).to.deep.equal([{ text: 'one' }, { text: 'three' }]);
    requests[1]!.approve(); // answers in any order
    requests[0]!.deny();
    await turn;

    expect(toolMessages(loop.messages).map((message) => parseContent(message.content))).to.deep.equal([
      { ok: false, errorCode: 'approval_denied', message: 'The user denied this tool call' },
      { echoed: { n: 2 } },
      { edited: 'three' },
    ]);
    const calls = (loop.messages[1] as AssistantMessage).toolCalls!;
    expect(toolMessages(loop.messages).map((message) => message.toolCallId)).to.deep.equal(calls.map((call) => call.id));
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('records and reports edited arguments as the schema hands them to the handler, running a transform once', async () => {
    const received: unknown[] = [];
    harness.registry.register({
      name: 'shout',
      description: 'Shouts a text',
      effect: 'state_change',
      schema: z.object({ text: z.string().transform((text) => `${text}!`) }),
      handler: (args) => (received.push(args), 'shouted'),
    });
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'shout', args: '{"text":"hi"}' }));
    const requested = oneEvent(loop, 'tool-approval-requested');
    const turn = loop.sendMessage('Shout');
    const { detail } = await requested;
    expect(loop.approveToolCall(detail.toolCallId, { args: { text: 'hey', cc: 'boss@example.com' } })).to.equal(true);
    await turn;

    expect(received).to.deep.equal([{ text: 'hey!' }]);
    expect(loop.toolCalls.get(detail.toolCallId)).to.deep.include({ status: 'succeeded', argsEdited: true, args: { text: 'hey!' } });
    expect(parseContent(toolMessages(loop.messages)[0]!.content)).to.deep.include({ editedArgs: { text: 'hey!' } });
  });

  it("lets a tool's requiresApproval function decide per call, from the parsed arguments", async () => {
    const paid: number[] = [];
    harness.registry.register({
      name: 'pay',
      description: 'Pays an amount',
      effect: 'external_side_effect',
      schema: z.object({ amount: z.coerce.number() }),
      requiresApproval: ({ amount }) => amount > 100,
      handler: ({ amount }) => {
        paid.push(amount);
        return { paid: amount };
      },
    });
    const { loop } = loopFor(scenarioUrl('parallel', { call: ['pay:{"amount":"5"}', 'pay:{"amount":"500"}'] }));
    const asked: ToolApprovalRequestedDetail[] = [];
    loop.addEventListener('tool-approval-requested', (event) => asked.push(event.detail));
    const turn = loop.sendMessage('Pay both');
    await waitUntil(() => asked.length === 1 && paid.length === 1, 'the small payment to run while the large one waits');
    expect(paid).to.deep.equal([5]);
    expect(asked[0]!.args).to.deep.equal({ amount: '500' }); // as sent; the rule saw the parsed 500
    asked[0]!.approve();
    await turn;
    expect(asked).to.have.length(1);
    expect(paid).to.deep.equal([5, 500]);
  });
});
