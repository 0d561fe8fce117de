import { EventType, type BaseEvent, type Message } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { ToolRegistry, type ToolDefinition } from '../../web/src/tools/index.js';
import { parseContent, toolMessages, usePushedLoops } from '../helpers/agent-fixtures.js';
import { waitUntil } from '../helpers/wait-until.js';

/** A tool that needs no approval and records its runs in `runs` by name. */
function countedTool(name: string, effect: ToolDefinition['effect'], runs: string[], requiresApproval = false): ToolDefinition {
  return {
    name,
    description: `${name} for the rename tests`,
    effect,
    requiresApproval,
    schema: z.object({}).loose(),
    handler: () => (runs.push(name), `${name} done`),
  };
}

/** A run's first events: it starts and calls `name` with `{}` (call `c1` of assistant message `a1`). */
function callStarted(runId: string, name: string): BaseEvent[] {
  return [
    { type: EventType.RUN_STARTED, threadId: 't', runId },
    { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: name, parentMessageId: 'a1' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{}' },
    { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
  ] as BaseEvent[];
}

/** A snapshot that keeps the user's message and gives call `c1` of message `a1` the tool `name`. */
function renamedTo(user: Message, name: string): BaseEvent {
  const messages: Message[] = [user, { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name, arguments: '{}' } }] }];
  return { type: EventType.MESSAGES_SNAPSHOT, messages } as BaseEvent;
}

describe('AgentRunLoop calls a MESSAGES_SNAPSHOT renames', () => {
  const start = usePushedLoops();

  it('runs neither tool when a snapshot renames a recorded call before it ran, and tells the agent why', async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.register(countedTool('read_page', 'read_only', runs));
    registry.register(countedTool('save', 'state_change', runs));
    const { loop, push, end } = start(registry);
    const turn = loop.sendMessage('Read the page');
    for (const event of callStarted('r1', 'read_page')) push(event);
    push(renamedTo(loop.messages[0]!, 'save'));
    push({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r1' } as BaseEvent);
    end();
    await turn;

    expect(runs).to.deep.equal([]);
    const record = loop.toolCalls.get('c1')!;
    expect(record).to.deep.include({ toolCallName: 'save', status: 'failed' });
    const answer = parseContent(toolMessages(loop.messages)[0]!.content);
    expect(answer).to.deep.include({ ok: false, errorCode: 'tool_call_renamed' });
    expect(String(answer.message)).to.contain('"read_page"').and.to.contain('"save"');
  });

  it('withdraws an approval whose call a later snapshot renamed, and runs neither tool', async () => {
    const runs: string[] = [];
    const registry = new ToolRegistry();
    registry.register(countedTool('edit', 'state_change', runs, true));
    registry.register(countedTool('delete_all', 'state_change', runs));
    const { loop, push, end } = start(registry);
    const turn = loop.sendMessage('Edit the note');
    for (const event of callStarted('r1', 'edit')) push(event);
    push({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r1' } as BaseEvent);
    await waitUntil(() => loop.decisions.length === 1, 'the approval request');
    const asked = loop.decisions[0]!;

    // A second run in the same stream says the call was another tool all along.
    push({ type: EventType.RUN_STARTED, threadId: 't', runId: 'r2' } as BaseEvent);
    push(renamedTo(loop.messages[0]!, 'delete_all'));
    push({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r2' } as BaseEvent);
    end();
    await waitUntil(() => asked.signal.aborted, 'the approval to be withdrawn');
    expect(asked.answer({ approved: true })).to.equal(false);
    await turn;

    expect(runs).to.deep.equal([]);
    expect(loop.toolCalls.get('c1')).to.deep.include({ toolCallName: 'delete_all', status: 'failed' });
    expect(parseContent(toolMessages(loop.messages)[0]!.content)).to.deep.include({ errorCode: 'tool_call_renamed' });
  });
});
