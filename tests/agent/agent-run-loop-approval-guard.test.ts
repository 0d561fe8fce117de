import { EventType, type BaseEvent, type Message } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { z } from 'zod';
import { ToolRegistry, type ToolDefinition } from '../../web/src/tools/index.js';
import { parseContent, toolMessages, usePushedLoops } from '../helpers/agent-fixtures.js';

/** A `state_change` tool (approval required by default) that records the arguments it ran with. */
function editTool(runs: string[]): ToolDefinition<{ text: string }> {
  return {
    name: 'edit',
    description: 'Edits the note',
    effect: 'state_change',
    schema: z.object({ text: z.string() }),
    handler: ({ text }) => (runs.push(text), { text }),
  };
}

/** The events of a run whose assistant message `a1` calls `edit` with `argsText` (call `c1`). */
function editCall(runId: string, argsText: string): BaseEvent[] {
  return [
    { type: EventType.RUN_STARTED, threadId: 't', runId },
    { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'edit', parentMessageId: 'a1' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: argsText },
    { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
    { type: EventType.RUN_FINISHED, threadId: 't', runId },
  ] as BaseEvent[];
}

describe('AgentRunLoop approvals against what holds when a call runs', () => {
  const start = usePushedLoops();

  /** A loop whose run calls `edit` (`c1`, `{"text":"one"}`), once its approval is asked; the stream is still open. */
  async function asking(): Promise<ReturnType<typeof start> & { runs: string[]; registry: ToolRegistry; turn: Promise<void> }> {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const started = start(registry);
    const turn = started.loop.sendMessage('Edit the note');
    for (const event of editCall('r1', '{"text":"one"}')) started.push(event);
    await waitUntil(() => started.loop.decisions.length === 1, 'the approval request');
    return { ...started, runs, registry, turn };
  }

  it('withdraws a pending approval when the policy comes to deny the tool, and answers policy_denied', async () => {
    const { loop, end, runs, registry, turn } = await asking();
    end();
    expect(loop.toolCalls.get('c1')!.status).to.equal('awaiting_approval');

    registry.setPolicy({ deniedTools: ['edit'] });
    // The person clicks Approve right after: too late, the denial won.
    expect(loop.approveToolCall('c1')).to.equal(false);
    await turn;
    expect(runs).to.deep.equal([]);
    const [answer] = toolMessages(loop.messages);
    expect(parseContent(answer!.content)).to.deep.include({ ok: false, errorCode: 'policy_denied' });
    expect(loop.toolCalls.get('c1')).to.deep.include({ status: 'failed' });
    expect(loop.decisions).to.deep.equal([]);
  });

  it('withdraws a pending approval when another definition takes over its tool, and asks about the new one', async () => {
    const runs: string[] = [];
    const page = new ToolRegistry();
    page.register(editTool(runs));
    const registry = new ToolRegistry({ parent: page });
    const { loop, push, end } = start(registry);
    const turn = loop.sendMessage('Edit the note');
    for (const event of editCall('r1', '{"text":"one"}')) push(event);
    end();
    await waitUntil(() => loop.decisions.length === 1, 'the approval request');
    const first = loop.decisions[0]!;

    // The element's own registry shadows the page-wide tool: no moment without an `edit` tool.
    registry.register({ ...editTool(runs), description: 'Edits the note and mails it to everyone' });
    await waitUntil(() => loop.decisions.length === 1 && loop.decisions[0] !== first, 'the approval asked again');
    expect(first.answer({ approved: true })).to.equal(false); // the approval of the old definition no longer counts
    expect(loop.approveToolCall('c1')).to.equal(true);
    await turn;
    expect(runs).to.deep.equal(['one']);
  });

  it('does not run an approved call whose tool the policy denied between the approval and the run', async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const { loop, push, end } = start(registry);
    loop.addEventListener('tool-approval-requested', (event) => {
      // Approve, then (same task, before the call can run) the page denies the tool without a registry event.
      event.detail.approve();
      Object.defineProperty(registry, 'isDenied', { value: (name: string) => name === 'edit', configurable: true });
    });
    const turn = loop.sendMessage('Edit the note');
    for (const event of editCall('r1', '{"text":"one"}')) push(event);
    end();
    await turn;
    expect(runs).to.deep.equal([]);
    expect(parseContent(toolMessages(loop.messages)[0]!.content)).to.deep.include({ errorCode: 'policy_denied' });
  });

  it('withdraws an approval whose arguments a later snapshot replaced, asks again, and runs what was approved', async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const { loop, push, end } = start(registry);
    const asked: unknown[] = [];
    loop.addEventListener('tool-approval-requested', (event) => asked.push(event.detail.args));
    const turn = loop.sendMessage('Edit the note');
    for (const event of editCall('r1', '{"text":"one"}')) push(event);
    await waitUntil(() => loop.decisions.length === 1, 'the first approval request');
    const first = loop.decisions[0]!;

    // A second run in the same stream replaces the call's arguments.
    const user = loop.messages[0]!;
    const replaced: Message[] = [
      user,
      { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'edit', arguments: '{"text":"two"}' } }] },
    ];
    push({ type: EventType.RUN_STARTED, threadId: 't', runId: 'r2' } as BaseEvent);
    push({ type: EventType.MESSAGES_SNAPSHOT, messages: replaced } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r2' } as BaseEvent);
    end();
    await waitUntil(() => asked.length === 2, 'the approval to be asked again');
    expect(first.signal.aborted).to.equal(true);
    expect(first.answer({ approved: true })).to.equal(false); // the withdrawn one no longer counts
    expect(asked).to.deep.equal([{ text: 'one' }, { text: 'two' }]);
    expect(loop.toolCalls.get('c1')!.argsText).to.equal('{"text":"two"}');

    expect(loop.approveToolCall('c1')).to.equal(true);
    await turn;
    expect(runs).to.deep.equal(['two']);
    expect(loop.toolCalls.get('c1')).to.deep.include({ status: 'succeeded', args: { text: 'two' } });
  });

  it("takes the agent's TOOL_CALL_RESULT for a page tool waiting for approval as its claim: withdrawn, never run, not a success", async () => {
    const { loop, push, end, runs, turn } = await asking();
    const asked = loop.decisions[0]!;

    // A second run in the same stream answers the page's own call.
    push({ type: EventType.RUN_STARTED, threadId: 't', runId: 'r2' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_RESULT, messageId: 'server-answer', toolCallId: 'c1', role: 'tool', content: 'Edited by the server' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r2' } as BaseEvent);
    end();
    await waitUntil(() => loop.toolCalls.get('c1')!.status !== 'awaiting_approval', 'the result to be applied');
    const record = loop.toolCalls.get('c1')!;
    expect(record.status).to.not.equal('succeeded');
    expect(record).to.deep.include({ status: 'cancelled', result: 'Edited by the server' });
    expect(record.error).to.deep.include({ code: 'answered_by_agent' });
    expect(record.answer).to.equal(undefined); // this page sent the agent nothing for it
    await waitUntil(() => loop.decisions.length === 0, 'the approval to be withdrawn');
    expect(asked.signal.aborted).to.equal(true);
    expect(asked.answer({ approved: true })).to.equal(false);
    expect(loop.approveToolCall('c1')).to.equal(false);
    await turn;
    expect(runs).to.deep.equal([]);
    // The agent's own answer is the call's one tool message; the record still says who answered.
    expect(toolMessages(loop.messages).map((message) => message.id)).to.deep.equal(['server-answer']);
    expect(loop.toolCalls.get('c1')).to.deep.include({ status: 'cancelled', result: 'Edited by the server' });
  });

  it("takes the agent's TOOL_CALL_RESULT for a page tool in the same run as its claim: never asked about, never run", async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const { loop, push, end } = start(registry);
    let requests = 0;
    loop.addEventListener('tool-approval-requested', () => requests++);
    const turn = loop.sendMessage('Edit the note');
    const [started, ...rest] = editCall('r1', '{"text":"one"}');
    const finished = rest.pop()!;
    for (const event of [started!, ...rest]) push(event);
    push({ type: EventType.TOOL_CALL_RESULT, messageId: 'server-answer', toolCallId: 'c1', role: 'tool', content: 'Edited by the server' } as BaseEvent);
    push(finished);
    end();
    await turn;
    expect(runs).to.deep.equal([]);
    expect(requests).to.equal(0);
    expect(loop.toolCalls.get('c1')).to.deep.include({ status: 'cancelled', result: 'Edited by the server' });
    expect(loop.toolCalls.get('c1')!.error).to.deep.include({ code: 'answered_by_agent' });
  });
});
