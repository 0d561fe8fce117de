import { EventType, type AssistantMessage, type BaseEvent, type Message, type ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { Conversation } from '../../web/src/agent/conversation.js';

function applyAll(conversation: Conversation, events: Array<Record<string, unknown>>): void {
  for (const event of events) conversation.apply(event as unknown as BaseEvent);
}

describe('Conversation', () => {
  it('streams a text message into one assistant message', () => {
    const conversation = new Conversation();
    applyAll(conversation, [
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hel' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'lo' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
    ]);
    expect(conversation.messages).to.deep.equal([{ id: 'm1', role: 'assistant', content: 'Hello' }]);
  });

  it('applies 20,000 deltas to the last message of a long thread, keeping every message', () => {
    const history: Message[] = Array.from({ length: 2000 }, (_, i) => ({
      id: `h${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `message ${i}`,
    })) as Message[];
    const conversation = new Conversation(history);
    conversation.apply({ type: EventType.TEXT_MESSAGE_START, messageId: 'reply', role: 'assistant' } as BaseEvent);
    for (let i = 0; i < 20_000; i++) {
      conversation.apply({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'reply', delta: 'abcd' } as BaseEvent);
    }
    conversation.apply({ type: EventType.TEXT_MESSAGE_END, messageId: 'reply' } as BaseEvent);
    expect(conversation.messages).to.have.length(2001);
    const reply = conversation.getMessage('reply') as AssistantMessage;
    expect(reply.content).to.have.length(80_000);
    expect(reply.content!.startsWith('abcdabcd')).to.equal(true);
    expect(conversation.messages[1999]).to.equal(history[1999]);
  });

  it('reports one change per commit with the ids touched, and bumps version only when something changed', () => {
    const conversation = new Conversation();
    expect(conversation.commit()).to.equal(undefined);
    applyAll(conversation, [
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a', delta: 'x' },
      { type: EventType.RUN_STARTED, threadId: 't', runId: 'r' },
    ]);
    const change = conversation.commit()!;
    expect(change).to.deep.equal({ messagesChanged: true, changedMessageIds: ['a'], stateChanged: false, version: 1 });
    expect(conversation.commit()).to.equal(undefined);
    expect(conversation.version).to.equal(1);
  });

  it('attaches a tool call to its parent assistant message, creating the message when missing', () => {
    const conversation = new Conversation();
    applyAll(conversation, [
      { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Let me check.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'echo', parentMessageId: 'm1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"a"' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: ':1}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c2', toolCallName: 'echo', parentMessageId: 'm2' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c2' },
    ]);
    expect(conversation.messages).to.deep.equal([
      {
        id: 'm1',
        role: 'assistant',
        content: 'Let me check.',
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"a":1}' } }],
      },
      { id: 'm2', role: 'assistant', toolCalls: [{ id: 'c2', type: 'function', function: { name: 'echo', arguments: '' } }] },
    ]);
    expect(conversation.getToolCall('c2')!.owner.id).to.equal('m2');
  });

  it('inserts tool results right after their assistant message, after the results already there', () => {
    const conversation = new Conversation();
    applyAll(conversation, [
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c2', toolCallName: 'b', parentMessageId: 'm1' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'later', role: 'assistant' },
      { type: EventType.TOOL_CALL_RESULT, messageId: 'r1', toolCallId: 'c1', content: 'one' },
    ]);
    conversation.insertToolMessage({ id: 'r2', role: 'tool', toolCallId: 'c2', content: 'two' });
    expect(conversation.messages.map((message) => message.id)).to.deep.equal(['m1', 'r1', 'r2', 'later']);
    expect((conversation.getToolResult('c2') as ToolMessage).content).to.equal('two');
  });

  it('keeps a replayed TOOL_CALL_START idempotent', () => {
    const conversation = new Conversation();
    applyAll(conversation, [
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{}' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'a', parentMessageId: 'm1' },
    ]);
    expect((conversation.messages[0] as AssistantMessage).toolCalls).to.have.length(1);
    expect((conversation.messages[0] as AssistantMessage).toolCalls![0]!.function.arguments).to.equal('{}');
  });

  it('streams reasoning into a message of role reasoning', () => {
    const conversation = new Conversation();
    applyAll(conversation, [
      { type: EventType.REASONING_START, messageId: 'span' },
      { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' },
      { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'Thinking' },
      { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' },
      { type: EventType.REASONING_END, messageId: 'span' },
    ]);
    expect(conversation.messages).to.deep.equal([{ id: 'r1', role: 'reasoning', content: 'Thinking' }]);
  });

  it('replaces the state on STATE_SNAPSHOT and patches a copy on STATE_DELTA', () => {
    const conversation = new Conversation();
    applyAll(conversation, [{ type: EventType.STATE_SNAPSHOT, snapshot: { counter: 1, items: [] } }]);
    const before = conversation.state as { counter: number };
    applyAll(conversation, [
      {
        type: EventType.STATE_DELTA,
        delta: [
          { op: 'replace', path: '/counter', value: 2 },
          { op: 'add', path: '/items/-', value: 'x' },
        ],
      },
    ]);
    expect(conversation.state).to.deep.equal({ counter: 2, items: ['x'] });
    expect(before.counter).to.equal(1);
    expect(conversation.commit()!.stateChanged).to.equal(true);
  });

  it('leaves the state untouched when a STATE_DELTA does not apply', () => {
    const conversation = new Conversation([], { counter: 1 });
    const warn = console.warn;
    console.warn = () => {};
    try {
      applyAll(conversation, [
        {
          type: EventType.STATE_DELTA,
          delta: [
            { op: 'replace', path: '/counter', value: 2 },
            { op: 'replace', path: '/missing/deep', value: 3 },
          ],
        },
      ]);
    } finally {
      console.warn = warn;
    }
    expect(conversation.state).to.deep.equal({ counter: 1 });
    expect(conversation.commit()).to.equal(undefined);
  });

  it('replaces messages on MESSAGES_SNAPSHOT, keeping client-only reasoning and indexing the new tool calls', () => {
    const conversation = new Conversation([
      { id: 'u1', role: 'user', content: 'hi' },
      { id: 'r1', role: 'reasoning', content: 'thinking' },
      { id: 'a1', role: 'assistant', content: 'old' },
    ]);
    applyAll(conversation, [
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          { id: 'u1', role: 'user', content: 'hi' },
          {
            id: 'a2',
            role: 'assistant',
            toolCalls: [{ id: 'c9', type: 'function', function: { name: 'x', arguments: '{}' } }],
          },
        ],
      },
    ]);
    expect(conversation.messages.map((message) => message.id)).to.deep.equal(['u1', 'r1', 'a2']);
    expect(conversation.getToolCall('c9')!.owner.id).to.equal('a2');
    expect(conversation.getMessage('a1')).to.equal(undefined);
  });

  it('keeps activity messages for display but leaves them out of what is sent to the agent', () => {
    const conversation = new Conversation([{ id: 'u1', role: 'user', content: 'hi' }]);
    applyAll(conversation, [
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'act', activityType: 'PLAN', content: { steps: 1 } },
      { type: EventType.ACTIVITY_DELTA, messageId: 'act', activityType: 'PLAN', patch: [{ op: 'replace', path: '/steps', value: 2 }] },
    ]);
    expect(conversation.getMessage('act')).to.deep.include({ role: 'activity', content: { steps: 2 } });
    expect(conversation.messagesForAgent().map((message) => message.id)).to.deep.equal(['u1']);
  });

  it('ignores events for unknown ids and event types it does not model', () => {
    const conversation = new Conversation();
    applyAll(conversation, [
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'nope', delta: 'x' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'nope', delta: 'x' },
      { type: EventType.CUSTOM, name: 'x', value: 1 },
      { type: EventType.RAW, event: {} },
      { type: 'SOMETHING_NEW' },
    ]);
    expect(conversation.messages).to.deep.equal([]);
    expect(conversation.commit()).to.equal(undefined);
  });
});
