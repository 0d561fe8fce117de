import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { deleteDB } from 'idb';
import { z } from 'zod';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import { IndexedDbThreadStore, ThreadJournal, type ThreadStore } from '../../web/src/persistence/index.js';
import { ToolRegistry, type ToolDefinition } from '../../web/src/tools/index.js';
import { deferred, echoTool, parseContent, pushedAgent, recordedRequests, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';
import { waitUntil } from '../helpers/wait-until.js';

/** Resolves once the loop is idle (`running` false). */
function idle(loop: AgentRunLoop): Promise<void> {
  if (!loop.running) return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = (event: CustomEvent<{ running: boolean }>): void => {
      if (event.detail.running) return;
      loop.removeEventListener('running-changed', onChange);
      resolve();
    };
    loop.addEventListener('running-changed', onChange);
  });
}

/** Resolves once a run started after now has ended and the loop is idle (a resume starts a turn a microtask later). */
async function waitForIdleAfterResume(loop: AgentRunLoop): Promise<void> {
  await new Promise<void>((resolve) => loop.addEventListener('run-started', () => resolve(), { once: true }));
  await idle(loop);
}

/** Resolves with the next decision the loop offers (approval or interrupt). */
function nextDecision(loop: AgentRunLoop) {
  return new Promise<AgentRunLoop['decisions'][number]>((resolve) => {
    const check = (): void => {
      const open = loop.decisions.find((decision) => decision.state === 'open');
      if (!open) return;
      loop.removeEventListener('decisions-changed', check);
      resolve(open);
    };
    loop.addEventListener('decisions-changed', check);
    check();
  });
}

interface Counted {
  definition: ToolDefinition;
  calls: number;
  started: Promise<void>;
  /** Settles the handler's pending calls with `value`. */
  finish(value: string): void;
}

/** A tool whose handler counts its calls and waits for `finish()` (or answers at once with `immediate`). */
function countedTool(name: string, effect: ToolDefinition['effect'], immediate?: string, extra: Partial<ToolDefinition> = {}): Counted {
  const started = deferred();
  const done = deferred<string>();
  const counted: Counted = {
    calls: 0,
    started: started.promise,
    finish: (value) => done.resolve(value),
    definition: {
      name,
      description: `${name} for the recovery tests`,
      effect,
      requiresApproval: false,
      schema: z.object({ note: z.string().optional() }),
      handler: () => {
        counted.calls++;
        started.resolve();
        return immediate ?? done.promise;
      },
      ...extra,
    },
  };
  return counted;
}

describe('Crash-safe tool calls (ThreadJournal + AgentRunLoop.restore)', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  let dbName = '';
  const stores: IndexedDbThreadStore[] = [];
  const journals: ThreadJournal[] = [];

  beforeEach(() => {
    dbName = `ag-ui-lit-recovery-${crypto.randomUUID()}`;
  });
  afterEach(async () => {
    for (const journal of journals.splice(0)) journal.dispose();
    for (const store of stores.splice(0)) store.close();
    await deleteDB(dbName);
  });

  function newStore(): IndexedDbThreadStore {
    const store = new IndexedDbThreadStore({ name: dbName, onError: () => {} });
    stores.push(store);
    return store;
  }

  /** A page: a loop over `url` with `tools` in a fresh registry, journaled to `store`. */
  function page(url: string, store: ThreadStore, tools: ToolDefinition[]): { loop: AgentRunLoop; journal: ThreadJournal; registry: ToolRegistry } {
    const registry = new ToolRegistry();
    for (const tool of tools) registry.register(tool);
    const { loop } = harness.loopFor(url, { registry });
    const journal = new ThreadJournal(loop, store);
    journals.push(journal);
    loop.journal = journal;
    return { loop, journal, registry };
  }

  /** The page goes away without a goodbye: nothing more is written, the loop stops. */
  function crash(current: { loop: AgentRunLoop; journal: ThreadJournal }): void {
    current.journal.dispose();
    current.loop.dispose();
  }

  /** A page sends `text` over `url`, and goes away while `tool` runs. @returns the thread's id */
  async function crashWhileRunning(url: string, store: ThreadStore, tool: Counted, text: string): Promise<string> {
    const first = page(url, store, [tool.definition]);
    void first.loop.sendMessage(text);
    await tool.started;
    const threadId = first.loop.threadId;
    crash(first);
    return threadId;
  }

  it('saves a thread with text, reasoning, frontend and backend tool calls, and restores it whole without running anything', async () => {
    const store = newStore();
    const echo = countedTool('echo', 'read_only', 'echoed');
    const first = page(scenarioUrl('reasoning'), store, [echo.definition]);
    await first.loop.sendMessage('Think');
    (first.loop.agent as unknown as { url: string }).url = scenarioUrl('tool', { tool: 'echo', args: '{"note":"hi"}' });
    await first.loop.sendMessage('Echo');
    (first.loop.agent as unknown as { url: string }).url = scenarioUrl('backend-tool');
    await first.loop.sendMessage('Search');
    await first.journal.flush();
    const threadId = first.loop.threadId;
    const messages = structuredClone([...first.loop.messages]);
    const records = structuredClone([...first.loop.toolCalls.values()]);
    const requests = (await recordedRequests(threadId)).length;
    crash(first);

    const second = page(scenarioUrl('text'), newStore(), [echo.definition]);
    const saved = await stores[1]!.load(threadId);
    second.loop.restore(saved!);
    await idle(second.loop);

    expect(second.loop.threadId).to.equal(threadId);
    expect(second.loop.messages).to.deep.equal(messages);
    expect(second.loop.messages.some((message) => message.role === 'reasoning')).to.equal(true);
    expect([...second.loop.toolCalls.values()]).to.deep.equal(records);
    expect(records.map((record) => [record.kind, record.status])).to.deep.equal([
      ['frontend', 'succeeded'],
      ['backend', 'succeeded'],
    ]);
    expect(echo.calls).to.equal(1);
    expect(second.loop.running).to.equal(false);
    expect(await recordedRequests(threadId)).to.have.length(requests);
  });

  it('never runs a restored finished call again, even when the next run calls it by the same id', async () => {
    const store = newStore();
    const save = countedTool('save', 'state_change', 'saved');
    const url = scenarioUrl('tool', { tool: 'save', args: '{}', toolCallId: 'call-save-1' });
    const first = page(url, store, [save.definition]);
    await first.loop.sendMessage('Save');
    await first.journal.flush();
    expect(save.calls).to.equal(1);
    const threadId = first.loop.threadId;
    crash(first);

    const second = page(url, store, [save.definition]);
    second.loop.restore((await store.load(threadId))!);
    await idle(second.loop);
    await second.loop.sendMessage('Save again');

    expect(save.calls).to.equal(1);
    expect(second.loop.toolCalls.get('call-save-1')?.status).to.equal('succeeded');
  });

  it('runs a read_only call that was running when the page went away once more, then follows up', async () => {
    const store = newStore();
    const read = countedTool('read_page', 'read_only');
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'read_page', args: '{}' }), store, read, 'Read');

    const again = countedTool('read_page', 'read_only', 'page text');
    const second = page(scenarioUrl('tool', { tool: 'read_page', args: '{}' }), store, [again.definition]);
    second.loop.restore((await store.load(threadId))!);
    await idle(second.loop);

    expect(again.calls).to.equal(1);
    const record = [...second.loop.toolCalls.values()][0]!;
    expect(record.status).to.equal('succeeded');
    const requests = await recordedRequests(threadId);
    const followUp = requests[requests.length - 1]!.input;
    expect(toolMessages(followUp.messages).map((message) => message.content)).to.deep.equal(['page text']);
    // Journaled: a second reload finds it answered and runs nothing.
    await second.journal.flush();
    crash(second);
    const third = countedTool('read_page', 'read_only', 'page text');
    const last = page(scenarioUrl('text'), store, [third.definition]);
    last.loop.restore((await store.load(threadId))!);
    await idle(last.loop);
    expect(third.calls).to.equal(0);
  });

  it('brings a running state_change call back as "outcome unknown", never re-runs it on its own, and tells the agent so when marked failed', async () => {
    const store = newStore();
    const save = countedTool('save', 'state_change');
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'save', args: '{"note":"x"}' }), store, save, 'Save');

    const after = countedTool('save', 'state_change', 'saved');
    const second = page(scenarioUrl('tool', { tool: 'save', args: '{}' }), store, [after.definition]);
    second.loop.restore((await store.load(threadId))!);
    const decision = await nextDecision(second.loop);

    expect(decision).to.include({ kind: 'tool-approval', reason: 'recovery' });
    expect(decision.message).to.contain('may have completed');
    const record = second.loop.toolCalls.get(decision.toolCallId!)!;
    expect(record.status).to.equal('awaiting_approval');
    expect(record.approval).to.include({ reason: 'recovery' });
    expect(after.calls).to.equal(0);

    expect(second.loop.denyToolCall(decision.toolCallId!)).to.equal(true);
    await idle(second.loop);
    expect(after.calls).to.equal(0);
    expect(record.status).to.equal('uncertain');
    const requests = await recordedRequests(threadId);
    const sent = toolMessages(requests[requests.length - 1]!.input.messages);
    const answer = parseContent(sent[sent.length - 1]!.content);
    expect(answer).to.deep.include({ ok: false, errorCode: 'uncertain_outcome' });
    expect(String(answer.message)).to.contain('reloaded while this call ran; its outcome is unknown');
  });

  it('tells the agent the outcome is unknown when the person sends a message instead of deciding', async () => {
    const store = newStore();
    const save = countedTool('save', 'state_change');
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'save', args: '{"note":"x"}' }), store, save, 'Save');

    const after = countedTool('save', 'state_change', 'saved');
    const second = page(scenarioUrl('text'), store, [after.definition]);
    second.loop.restore((await store.load(threadId))!);
    const decision = await nextDecision(second.loop);
    await second.loop.sendMessage('Never mind');

    expect(after.calls).to.equal(0);
    expect(second.loop.toolCalls.get(decision.toolCallId!)?.status).to.equal('uncertain');
    const requests = await recordedRequests(threadId);
    const sent = toolMessages(requests[requests.length - 1]!.input.messages);
    expect(parseContent(sent[sent.length - 1]!.content)).to.deep.include({ errorCode: 'uncertain_outcome' });
    expect(second.loop.decisions).to.have.length(0);
  });

  it('runs a recovered state_change call exactly once when the person chooses "Run again"', async () => {
    const store = newStore();
    const save = countedTool('save', 'state_change');
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'save', args: '{"note":"x"}' }), store, save, 'Save');

    const args: unknown[] = [];
    const after = countedTool('save', 'state_change', 'saved', {
      handler: (value: unknown) => {
        args.push(value);
        return 'saved';
      },
    });
    const second = page(scenarioUrl('tool', { tool: 'save', args: '{}' }), store, [after.definition]);
    second.loop.restore((await store.load(threadId))!);
    const decision = await nextDecision(second.loop);
    expect(second.loop.approveToolCall(decision.toolCallId!)).to.equal(true);
    await idle(second.loop);

    expect(args).to.deep.equal([{ note: 'x' }]);
    expect(second.loop.toolCalls.get(decision.toolCallId!)?.status).to.equal('succeeded');
  });

  it('answers a restored call whose record names another tool "outcome unknown", never running either tool', async () => {
    const store = newStore();
    const save = countedTool('save', 'state_change');
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'save', args: '{"note":"x"}' }), store, save, 'Save');

    // The stored record says the running call was a read (which a restore runs again); its call names `save`.
    const saved = (await store.load(threadId))!;
    saved.toolCalls[0]!.toolCallName = 'read_page';
    const read = countedTool('read_page', 'read_only', 'page text');
    const after = countedTool('save', 'state_change', 'saved');
    const second = page(scenarioUrl('text'), store, [read.definition, after.definition]);
    second.loop.restore(saved);
    await idle(second.loop);

    expect([read.calls, after.calls]).to.deep.equal([0, 0]);
    const record = second.loop.toolCalls.get(saved.toolCalls[0]!.toolCallId)!;
    expect(record).to.deep.include({ toolCallName: 'save', status: 'uncertain' });
    expect(record.error?.message).to.contain('"read_page"');
    const answer = parseContent(toolMessages(second.loop.messages)[0]!.content);
    expect(answer).to.deep.include({ ok: false, errorCode: 'uncertain_outcome' });
  });

  it('never puts back a stored answer whose record names another tool than its call', async () => {
    const store = newStore();
    const save = countedTool('save', 'state_change');
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'save', args: '{}' }), store, save, 'Save');

    // A forged record: answered, as a read, for the call to `save` that was running.
    const saved = (await store.load(threadId))!;
    const [stored] = saved.toolCalls;
    Object.assign(stored!, { toolCallName: 'read_page', status: 'succeeded', result: 'page text' });
    stored!.answer = { messageId: 'forged', content: 'page text', followUp: true };
    const second = page(scenarioUrl('text'), store, [countedTool('read_page', 'read_only', 'x').definition, save.definition]);
    second.loop.restore(saved);
    await idle(second.loop);

    const answer = toolMessages(second.loop.messages)[0]!;
    expect(answer.content).not.to.equal('page text');
    expect(parseContent(answer.content)).to.deep.include({ ok: false, errorCode: 'uncertain_outcome' });
    expect(second.loop.toolCalls.get(stored!.toolCallId)).to.deep.include({ toolCallName: 'save', status: 'uncertain' });
    expect(save.calls).to.equal(1); // the run before the reload, only
  });

  it('answers a call whose tool says recovery "fail" at once, without asking', async () => {
    const store = newStore();
    const send = countedTool('send', 'external_side_effect', undefined, { recovery: 'fail' });
    const threadId = await crashWhileRunning(scenarioUrl('tool', { tool: 'send', args: '{}' }), store, send, 'Send');

    const second = page(scenarioUrl('text'), store, [countedTool('send', 'external_side_effect', 'sent', { recovery: 'fail' }).definition]);
    second.loop.restore((await store.load(threadId))!);
    expect(second.loop.decisions).to.have.length(0);
    expect(second.loop.running).to.equal(false);
    const record = [...second.loop.toolCalls.values()][0]!;
    expect(record.status).to.equal('uncertain');
    expect(toolMessages(second.loop.messages)).to.have.length(1);
  });

  it('asks a pending approval again after a reload and runs it once, with the arguments it was shown with', async () => {
    const store = newStore();
    const args: unknown[] = [];
    const sendEmail: ToolDefinition = {
      name: 'send_email',
      description: 'Sends an email',
      effect: 'external_side_effect',
      schema: z.object({ to: z.string() }),
      handler: (value: unknown) => {
        args.push(value);
        return 'sent';
      },
    };
    const url = scenarioUrl('tool', { tool: 'send_email', args: '{"to":"ana@example.com"}' });
    const first = page(url, store, [sendEmail]);
    void first.loop.sendMessage('Email Ana');
    const asked = await nextDecision(first.loop);
    expect(asked.reason).to.equal('policy');
    await first.journal.flush();
    const threadId = first.loop.threadId;
    crash(first);

    const second = page(url, store, [sendEmail]);
    second.loop.restore((await store.load(threadId))!);
    const decision = await nextDecision(second.loop);
    expect(decision).to.include({ kind: 'tool-approval', reason: 'policy', toolCallId: asked.toolCallId });
    expect(decision.args).to.deep.equal({ to: 'ana@example.com' });
    expect(second.loop.approveToolCall(decision.toolCallId!)).to.equal(true);
    await idle(second.loop);

    expect(args).to.deep.equal([{ to: 'ana@example.com' }]);
    expect(second.loop.approveToolCall(decision.toolCallId!)).to.equal(false);
    expect(args).to.have.length(1);
  });

  it('offers a pending interrupt again after a reload, and resumes the agent once it is answered', async () => {
    const store = newStore();
    const url = scenarioUrl('tool-approval');
    const first = page(url, store, []);
    await first.loop.sendMessage('Send the email');
    expect(first.loop.pendingInterrupts).to.have.length(1);
    await first.journal.flush();
    const threadId = first.loop.threadId;
    crash(first);

    const second = page(url, store, []);
    second.loop.restore((await store.load(threadId))!);
    const decision = await nextDecision(second.loop);
    expect(decision).to.include({ kind: 'interrupt', toolCallId: 'call-approval-1' });
    expect(second.loop.toolCalls.get('call-approval-1')?.status).to.equal('awaiting_approval');
    expect(decision.answer({ approved: true })).to.equal(true);
    await waitForIdleAfterResume(second.loop);

    const requests = await recordedRequests(threadId);
    expect(requests[requests.length - 1]!.input.resume).to.deep.equal([
      { interruptId: 'approval-1', status: 'resolved', payload: { approved: true } },
    ]);
    expect(second.loop.toolCalls.get('call-approval-1')?.status).to.equal('succeeded');
  });

  it('keeps the answer of a call that finished before the reload although its round never ended', async () => {
    const store = newStore();
    const fast = countedTool('fast', 'read_only', 'fast result');
    const slow = countedTool('slow', 'state_change');
    const first = page(scenarioUrl('parallel', { tools: 'fast,slow' }), store, [fast.definition, slow.definition]);
    void first.loop.sendMessage('Both');
    await slow.started;
    // `fast` answered; its tool message waits for the round to end (it never does).
    const threadId = first.loop.threadId;
    await first.journal.flush();
    crash(first);

    const stored = (await store.load(threadId))!;
    expect(stored.messages.filter((message) => message.role === 'tool')).to.have.length(0);
    const second = page(scenarioUrl('text'), store, [fast.definition, countedTool('slow', 'state_change', 'ok', { recovery: 'fail' }).definition]);
    second.loop.restore(stored);
    await idle(second.loop);
    expect(fast.calls).to.equal(1);
    const answers = toolMessages(second.loop.messages).map((message) => message.content);
    expect(answers).to.include('fast result');
    expect(answers).to.have.length(2);
  });

  it('runs a call in one tab only when two pages on one database recover the same thread', async () => {
    const seed = newStore();
    const read = countedTool('read_page', 'read_only');
    const url = scenarioUrl('tool', { tool: 'read_page', args: '{}' });
    const threadId = await crashWhileRunning(url, seed, read, 'Read');

    const shared = countedTool('read_page', 'read_only');
    const storeA = newStore();
    const storeB = newStore();
    const a = page(url, storeA, [shared.definition]);
    const b = page(url, storeB, [shared.definition]);
    const saved = (await storeA.load(threadId))!;
    a.loop.restore(saved);
    b.loop.restore(structuredClone(saved));
    await shared.started;
    shared.finish('page text');
    await Promise.all([idle(a.loop), idle(b.loop)]);

    expect(shared.calls).to.equal(1);
    const callId = saved.toolCalls[0]!.toolCallId;
    expect(a.loop.toolCalls.get(callId)?.status).to.equal('succeeded');
    expect(b.loop.toolCalls.get(callId)?.status).to.equal('succeeded');
    expect(a.loop.toolCalls.get(callId)?.answer?.content).to.equal('page text');
    expect(b.loop.toolCalls.get(callId)?.answer?.content).to.equal('page text');
  });

  it('sees another store instance\'s changes on the same database', async () => {
    const storeA = newStore();
    const storeB = newStore();
    const heard = new Promise<string>((resolve) => storeB.subscribe((change) => change.origin === 'remote' && resolve(change.threadId)));
    const a = page(scenarioUrl('text'), storeA, [echoTool()]);
    await a.loop.sendMessage('Hello');
    await a.journal.flush();
    expect(await heard).to.equal(a.loop.threadId);
    const loaded = await storeB.load(a.loop.threadId);
    expect(loaded?.messages).to.deep.equal([...a.loop.messages]);
  });

  it('never keeps a tool-call record without the message that holds its call, even when the page dies mid-run', async () => {
    const store = newStore();
    const registry = new ToolRegistry();
    registry.register(echoTool());
    const { agent, push } = pushedAgent();
    agent.threadId = 't1';
    const loop = harness.track(new AgentRunLoop({ agent, registry }));
    const journal = new ThreadJournal(loop, store);
    journals.push(journal);
    loop.journal = journal;
    void loop.sendMessage('Echo');
    const events = [
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'echo', parentMessageId: 'a1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"text":"hi"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
    ] as BaseEvent[];
    for (const event of events) push(event);
    // The call is complete, its run is not: its record is written while the run still streams.
    await waitUntil(async () => (await store.loadToolCall('t1', 'c1')) !== undefined, 'the record was not written');
    crash({ loop, journal });

    const saved = await newStore().load('t1');
    const calls = saved!.messages.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : []));
    expect(calls.map((call) => call.id)).to.deep.equal(['c1']);
  });
});
