// The behaviour every ThreadStore shares, run against each implementation (tests/persistence/*.test.ts).
import type { Message } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import type { StoredApproval, ToolCallRecord } from '../../web/src/agent/types.js';
import { ThreadStoreError, type ThreadStore, type ThreadStoreChange, type ThreadStoreErrorCode } from '../../web/src/persistence/index.js';

/** A conversation with text, reasoning, a frontend and a backend tool call. */
export function sampleMessages(question = 'What is the weather in Paris?'): Message[] {
  return [
    { id: 'u1', role: 'user', content: question },
    { id: 'r1', role: 'reasoning', content: 'The page has a weather tool; the server can book.' },
    {
      id: 'a1',
      role: 'assistant',
      content: 'Let me check.',
      toolCalls: [
        { id: 'tc-front', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: 'tc-back', type: 'function', function: { name: 'book_table', arguments: '{"seats":2}' } },
      ],
    },
    { id: 'tm1', role: 'tool', toolCallId: 'tc-front', content: '{"ok":true,"tempC":21}' },
    { id: 'tm2', role: 'tool', toolCallId: 'tc-back', content: 'Booked.' },
    { id: 'a2', role: 'assistant', content: '21 °C, and your table is booked.' },
  ];
}

/** The records `AgentRunLoop.toolCalls` holds for `sampleMessages()`: a frontend and a backend call. */
export function sampleToolCalls(): ToolCallRecord[] {
  return [
    {
      toolCallId: 'tc-front',
      toolCallName: 'get_weather',
      kind: 'frontend',
      parentMessageId: 'a1',
      status: 'succeeded',
      argsText: '{"city":"Paris"}',
      args: { city: 'Paris' },
      result: '{"ok":true,"tempC":21}',
      attempts: { attemptNumber: 1, maxAttempts: 3 },
      executionId: 'exec-1',
      timing: { createdAt: 1000, startedAt: 1010, completedAt: 1020 },
      answer: { messageId: 'tm1', content: '{"ok":true,"tempC":21}', followUp: true },
    },
    {
      toolCallId: 'tc-back',
      toolCallName: 'book_table',
      kind: 'backend',
      parentMessageId: 'a1',
      status: 'succeeded',
      argsText: '{"seats":2}',
      result: 'Booked.',
      timing: { createdAt: 1001, completedAt: 1030 },
    },
  ];
}

/** The `ThreadStoreError` `promise` rejects with (fails when it resolves or rejects with anything else). */
export async function storeRejection(promise: Promise<unknown>, code?: ThreadStoreErrorCode): Promise<ThreadStoreError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(ThreadStoreError);
    if (code) expect((error as ThreadStoreError).code, String(error)).to.equal(code);
    return error as ThreadStoreError;
  }
  throw new Error(`Expected a ThreadStoreError, got ${JSON.stringify(outcome)}`);
}

/** Records the changes `store` reports from now on. */
export function recordChanges(store: ThreadStore): { changes: ThreadStoreChange[]; stop: () => void } {
  const changes: ThreadStoreChange[] = [];
  return { changes, stop: store.subscribe((change) => changes.push(change)) };
}

/** Defines the contract's `it`s for the store `create()` makes (called before each test; `dispose` after it). */
export function describeThreadStoreContract(create: () => ThreadStore, dispose: (store: ThreadStore) => Promise<void> = async () => {}): void {
  let store: ThreadStore;
  beforeEach(() => {
    store = create();
  });
  afterEach(() => dispose(store));

  it('loads a saved thread as it was saved: messages, state and tool-call records', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages(), state: { city: 'Paris', seats: [1, 2] }, toolCalls: sampleToolCalls() });
    const snapshot = await store.load('t1');
    expect(snapshot).to.include({ threadId: 't1' });
    expect(snapshot!.messages).to.deep.equal(sampleMessages());
    expect(snapshot!.state).to.deep.equal({ city: 'Paris', seats: [1, 2] });
    expect(snapshot!.toolCalls).to.deep.equal(sampleToolCalls());
    expect(snapshot!.title).to.equal(undefined);
    expect(snapshot!.updatedAt).to.be.a('number');
    expect(await store.load('missing')).to.equal(undefined);
  });

  it('keeps pending interrupts and the last run error, and loads one tool-call record by id', async () => {
    const interrupts = [{ id: 'i1', reason: 'confirmation', message: 'Deploy?' }];
    const lastError = { code: 'http_error' as const, message: 'HTTP 500', threadId: 't1', status: 500 };
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls(), interrupts, lastError });
    const snapshot = await store.load('t1');
    expect(snapshot!.interrupts).to.deep.equal(interrupts);
    expect(snapshot!.lastError).to.deep.equal(lastError);
    const [first] = sampleToolCalls();
    expect(await store.loadToolCall!('t1', first!.toolCallId)).to.deep.equal(first);
    expect(await store.loadToolCall!('t1', 'missing')).to.equal(undefined);
    await store.save({ threadId: 't1', messages: sampleMessages() });
    const cleared = await store.load('t1');
    expect(cleared!.interrupts).to.deep.equal([]);
    expect(cleared!.lastError).to.equal(undefined);
  });

  it('lists threads newest first, titled by their first user message', async () => {
    await store.save({ threadId: 'old', messages: sampleMessages('  Plan a\n trip  ') });
    await store.save({ threadId: 'empty', messages: [] });
    await store.save({ threadId: 'new', messages: sampleMessages('x'.repeat(200)) });
    const list = await store.list();
    expect(list.map((thread) => thread.threadId)).to.deep.equal(['new', 'empty', 'old']);
    expect(list[2]).to.include({ title: 'Plan a trip', messageCount: 6 });
    expect(list[1]).to.include({ title: '', messageCount: 0 });
    expect(list[0].title).to.have.length(80);
    expect(list[0].title.endsWith('…')).to.equal(true);
    expect(list[0].updatedAt).to.be.greaterThan(list[1].updatedAt);
  });

  it('keeps a title set by the caller over the derived one until it is cleared', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages(), title: 'Paris' });
    await store.save({ threadId: 't1', messages: sampleMessages('Something else') });
    expect((await store.list())[0].title).to.equal('Paris');
    expect(await store.rename('t1', 'Weekend')).to.equal(true);
    expect((await store.load('t1'))!.title).to.equal('Weekend');
    expect(await store.rename('t1', '')).to.equal(true);
    expect((await store.list())[0].title).to.equal('Something else');
    expect(await store.rename('missing', 'x')).to.equal(false);
  });

  it('deletes a thread with its records, and says whether it existed', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    await store.save({ threadId: 't2', messages: sampleMessages() });
    expect(await store.delete('t1')).to.equal(true);
    expect(await store.delete('t1')).to.equal(false);
    expect(await store.load('t1')).to.equal(undefined);
    expect((await store.list()).map((thread) => thread.threadId)).to.deep.equal(['t2']);
  });

  it('never writes a deleted thread again, nor one deleted before it was saved', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    expect(await store.delete('t1')).to.equal(true);
    expect(await store.delete('never-saved')).to.equal(false);
    const { changes, stop } = recordChanges(store);
    await store.save({ threadId: 't1', messages: sampleMessages() });
    await store.saveToolCalls('t1', sampleToolCalls());
    await store.saveApproval!({ toolName: 'edit', scope: 'thread', threadId: 't1', fingerprint: 'e' });
    await store.save({ threadId: 'never-saved', messages: sampleMessages() });
    await store.saveToolCalls('never-saved', sampleToolCalls());
    stop();
    expect(await store.load('t1')).to.equal(undefined);
    expect(await store.load('never-saved')).to.equal(undefined);
    expect(await store.list()).to.deep.equal([]);
    expect(await store.loadApprovals!('t1')).to.deep.equal([]);
    expect(changes, 'nothing was written').to.deep.equal([]);
    expect(await store.delete('t1')).to.equal(false);
  });

  it('journals changed tool-call records without touching the messages or the other records', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    const [front] = sampleToolCalls();
    const retried: ToolCallRecord = { ...front, status: 'failed', error: { code: 'timeout', category: 'transient', message: 'slow' } as ToolCallRecord['error'] };
    await store.saveToolCalls('t1', [retried]);
    const snapshot = await store.load('t1');
    expect(snapshot!.messages).to.deep.equal(sampleMessages());
    expect(snapshot!.toolCalls).to.deep.equal([retried, sampleToolCalls()[1]]);
  });

  it('replaces the records of a thread on save', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    await store.save({ threadId: 't1', messages: sampleMessages().slice(0, 1), toolCalls: sampleToolCalls().slice(1) });
    const snapshot = await store.load('t1');
    expect(snapshot!.messages).to.have.length(1);
    expect(snapshot!.toolCalls.map((record) => record.toolCallId)).to.deep.equal(['tc-back']);
  });

  it('tells subscribers each change, with origin local, until they unsubscribe', async () => {
    const { changes, stop } = recordChanges(store);
    await store.save({ threadId: 't1', messages: sampleMessages() });
    await store.saveToolCalls('t1', sampleToolCalls());
    await store.rename('t1', 'Paris');
    await store.delete('t1');
    await store.delete('t1');
    stop();
    await store.save({ threadId: 't2', messages: [] });
    expect(changes).to.deep.equal([
      { type: 'saved', threadId: 't1', origin: 'local' },
      { type: 'saved', threadId: 't1', origin: 'local' },
      { type: 'renamed', threadId: 't1', origin: 'local' },
      { type: 'deleted', threadId: 't1', origin: 'local' },
    ]);
  });

  it('shares no object with its callers', async () => {
    const messages = sampleMessages();
    const toolCalls = sampleToolCalls();
    const state = { nested: { n: 1 } };
    await store.save({ threadId: 't1', messages, state, toolCalls });
    messages[0].content = 'changed';
    state.nested.n = 2;
    toolCalls[0].status = 'cancelled';
    const first = await store.load('t1');
    first!.messages.push({ id: 'x', role: 'user', content: 'x' });
    (first!.state as typeof state).nested.n = 3;
    const second = await store.load('t1');
    expect(second!.messages).to.deep.equal(sampleMessages());
    expect(second!.state).to.deep.equal({ nested: { n: 1 } });
    expect(second!.toolCalls).to.deep.equal(sampleToolCalls());
  });

  /** The approvals `loadApprovals(threadId)` resolves with, in a stable order. */
  async function approvalsOf(threadId: string): Promise<StoredApproval[]> {
    const approvals = await store.loadApprovals!(threadId);
    return approvals.sort((a, b) => `${a.scope}:${a.toolName}`.localeCompare(`${b.scope}:${b.toolName}`));
  }

  it('keeps remembered approvals: a thread\'s with it, "always" ones for every thread, with their fingerprint', async () => {
    await store.saveApproval!({ toolName: 'edit', scope: 'always', fingerprint: 'edit@1' });
    await store.saveApproval!({ toolName: 'rename', scope: 'thread', threadId: 't1', fingerprint: 'rename@1' });
    // The same tool, scope and thread again: replaced, not added.
    await store.saveApproval!({ toolName: 'edit', scope: 'always', fingerprint: 'edit@2' });
    const changes = recordChanges(store);
    await store.saveApproval!({ toolName: 'edit', scope: 'thread', threadId: 't2', fingerprint: 'edit@2' });
    changes.stop();
    expect(changes.changes, 'an approval is not a change of a thread').to.deep.equal([]);
    expect(await approvalsOf('t1')).to.deep.equal([
      { toolName: 'edit', scope: 'always', fingerprint: 'edit@2' },
      { toolName: 'rename', scope: 'thread', threadId: 't1', fingerprint: 'rename@1' },
    ]);
    expect(await approvalsOf('t3')).to.deep.equal([{ toolName: 'edit', scope: 'always', fingerprint: 'edit@2' }]);

    await store.save({ threadId: 't1', messages: sampleMessages() });
    expect(await store.delete('t1')).to.equal(true);
    // A thread never saved still loses its approvals when deleted.
    expect(await store.delete('t2')).to.equal(false);
    expect(await approvalsOf('t1')).to.deep.equal([{ toolName: 'edit', scope: 'always', fingerprint: 'edit@2' }]);
    expect(await approvalsOf('t2')).to.deep.equal([{ toolName: 'edit', scope: 'always', fingerprint: 'edit@2' }]);
  });

  it('deletes remembered approvals of one tool in every scope and thread, or all of them, and counts them', async () => {
    await store.saveApproval!({ toolName: 'edit', scope: 'always', fingerprint: 'e' });
    await store.saveApproval!({ toolName: 'edit', scope: 'thread', threadId: 't1', fingerprint: 'e' });
    await store.saveApproval!({ toolName: 'edit', scope: 'thread', threadId: 't2', fingerprint: 'e' });
    await store.saveApproval!({ toolName: 'rename', scope: 'thread', threadId: 't1', fingerprint: 'r' });
    await store.saveApproval!({ toolName: 'save', scope: 'always', fingerprint: 's' });
    expect(await store.deleteApprovals!('edit')).to.equal(3);
    expect(await store.deleteApprovals!('edit')).to.equal(0);
    expect((await approvalsOf('t1')).map((approval) => approval.toolName)).to.deep.equal(['save', 'rename']);
    expect(await store.deleteApprovals!()).to.equal(2);
    expect(await approvalsOf('t1')).to.deep.equal([]);
  });

  it('rejects a value it cannot store with ThreadStoreError failed, keeping the saved thread', async () => {
    await store.save({ threadId: 't1', messages: sampleMessages() });
    await storeRejection(store.save({ threadId: 't1', messages: [], state: { callback: () => 1 } }), 'failed');
    expect((await store.load('t1'))!.messages).to.deep.equal(sampleMessages());
  });
}
