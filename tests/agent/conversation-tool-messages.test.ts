import { EventType, type BaseEvent, type Message, type ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { Conversation } from '../../web/src/agent/conversation.js';

/** A conversation with two assistant messages making calls, one of them already answered, and a user message after. */
function seeded(): Conversation {
  const conversation = new Conversation([{ id: 'u1', role: 'user', content: 'go' }] as Message[]);
  const apply = (event: Record<string, unknown>) => conversation.apply(event as unknown as BaseEvent);
  apply({ type: EventType.TOOL_CALL_START, toolCallId: 'a1', toolCallName: 'x', parentMessageId: 'm1' });
  apply({ type: EventType.TOOL_CALL_START, toolCallId: 'a2', toolCallName: 'x', parentMessageId: 'm1' });
  apply({ type: EventType.TOOL_CALL_START, toolCallId: 'a3', toolCallName: 'x', parentMessageId: 'm1' });
  apply({ type: EventType.TOOL_CALL_RESULT, messageId: 'r1', toolCallId: 'a1', content: 'server' });
  apply({ type: EventType.TOOL_CALL_START, toolCallId: 'b1', toolCallName: 'x', parentMessageId: 'm2' });
  apply({ type: EventType.TOOL_CALL_START, toolCallId: 'b2', toolCallName: 'x', parentMessageId: 'm2' });
  conversation.append({ id: 'u2', role: 'user', content: 'later' });
  conversation.commit();
  return conversation;
}

const result = (toolCallId: string): ToolMessage => ({ id: `t-${toolCallId}`, role: 'tool', toolCallId, content: toolCallId });

describe('Conversation.insertToolMessages', () => {
  it('puts every result where inserting them one by one would, in one pass', () => {
    const batch = ['b2', 'a3', 'a2', 'b1'].map(result);
    const oneByOne = seeded();
    for (const message of batch) oneByOne.insertToolMessage(message);
    const together = seeded();
    together.insertToolMessages(batch);

    expect(together.messages.map((message) => message.id)).to.deep.equal(oneByOne.messages.map((message) => message.id));
    const order = ['u1', 'm1', 'r1', 't-a3', 't-a2', 'm2', 't-b2', 't-b1', 'u2'];
    expect(together.messages.map((message) => message.id)).to.deep.equal(order);
    expect(together.getToolResult('a2')).to.equal(batch[2]);
    expect(together.getMessage('t-b1')).to.equal(batch[3]);
    expect(together.commit()!.changedMessageIds).to.deep.equal(['t-b2', 't-a3', 't-a2', 't-b1']);
  });

  it('keeps the one-by-one order when a result answers a call it does not know (appended)', () => {
    const batch = [result('a2'), result('unknown'), result('b1')];
    const oneByOne = seeded();
    for (const message of batch) oneByOne.insertToolMessage(message);
    const together = seeded();
    together.insertToolMessages(batch);
    expect(together.messages.map((message) => message.id)).to.deep.equal(oneByOne.messages.map((message) => message.id));
  });

  it('appends a round that answers the last message, in order, as one by one would', () => {
    const build = (): Conversation => {
      const conversation = new Conversation([{ id: 'u1', role: 'user', content: 'go' }] as Message[]);
      for (const id of ['c1', 'c2', 'c3']) {
        conversation.apply({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: 'x', parentMessageId: 'm1' } as unknown as BaseEvent);
      }
      conversation.commit();
      return conversation;
    };
    const batch = ['c3', 'c1', 'c2'].map(result);
    const oneByOne = build();
    for (const message of batch) oneByOne.insertToolMessage(message);
    const together = build();
    const messages = together.messages;
    together.insertToolMessages(batch);
    expect(together.messages).to.equal(messages);
    expect(together.messages.map((message) => message.id)).to.deep.equal(['u1', 'm1', 't-c3', 't-c1', 't-c2']);
    expect(together.messages.map((message) => message.id)).to.deep.equal(oneByOne.messages.map((message) => message.id));
    expect(together.getToolResult('c1')).to.equal(batch[1]);
    expect(together.commit()!.changedMessageIds).to.deep.equal(['t-c3', 't-c1', 't-c2']);
  });

  it('reports and finds bulk-inserted results exactly as if indexed at once, whatever happens next', () => {
    const conversation = seeded();
    conversation.commit();
    conversation.insertToolMessages(['a2', 'a3'].map(result));
    // A change after the bulk insert is reported after it (order of first change), once.
    conversation.append({ id: 'u3', role: 'user', content: 'more' });
    conversation.insertToolMessages([result('b1'), result('b2')]);
    expect(conversation.commit()!.changedMessageIds).to.deep.equal(['t-a2', 't-a3', 'u3', 't-b1', 't-b2']);
    expect(conversation.getMessage('t-b2')!.role).to.equal('tool');
    expect(conversation.getToolResult('a3')!.id).to.equal('t-a3');

    // A later answer to the same call wins, bulk or not.
    const again: ToolMessage = { id: 't-a3-again', role: 'tool', toolCallId: 'a3', content: 'again' };
    conversation.insertToolMessages([again, result('b1')].map((message, i) => (i === 1 ? { ...message, id: 't-b1-again' } : message)));
    expect(conversation.getToolResult('a3')).to.equal(again);
    expect(conversation.commit()!.changedMessageIds).to.deep.equal(['t-a3-again', 't-b1-again']);

    // Replacing the messages before anything was read drops the pending index entries.
    conversation.insertToolMessages(['a2', 'a3'].map((id) => ({ ...result(id), id: `late-${id}` })));
    conversation.setMessages([{ id: 'u9', role: 'user', content: 'new thread' }] as Message[]);
    expect(conversation.getMessage('late-a2')).to.equal(undefined);
    expect(conversation.getToolResult('a2')).to.equal(undefined);
    expect(conversation.getMessage('u9')!.role).to.equal('user');
  });

  it('keeps the messages array identity', () => {
    const conversation = seeded();
    const messages = conversation.messages;
    conversation.insertToolMessages([result('a2'), result('a3')]);
    expect(conversation.messages).to.equal(messages);
    expect(messages.map((message) => message.id)).to.deep.equal(['u1', 'm1', 'r1', 't-a2', 't-a3', 'm2', 'u2']);
  });
});
