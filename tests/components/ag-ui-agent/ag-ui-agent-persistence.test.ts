import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { openDB } from 'idb';
import sinon from 'sinon';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { PersistenceErrorDetail, ThreadChangedDetail } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.events.js';
import {
  IndexedDbThreadStore,
  MemoryThreadStore,
  THREAD_DB_SCHEMA_VERSION,
  ThreadStoreError,
  type ThreadStore,
} from '../../../web/src/persistence/index.js';
import { ToolRegistry, type ToolDefinition } from '../../../web/src/tools/index.js';
import { usePersistedDatabase } from '../../helpers/persisted-database.js';
import { $, $$, assistantText, echoArgsTool, rendered, scenarioUrl, until } from './helpers.js';

/** Resolves once the element is idle (not running). */
async function idle(el: AgUiAgent): Promise<void> {
  await waitUntil(() => !el.running, 'the element is still running');
}

function saveTool(calls: unknown[]): ToolDefinition<{ note: string }> {
  return {
    name: 'save',
    description: 'Saves the note',
    effect: 'state_change',
    requiresApproval: false,
    schema: z.object({ note: z.string() }),
    handler: (args) => {
      calls.push(args);
      return 'saved';
    },
  };
}

describe('<ag-ui-agent> persistence', () => {
  const database = usePersistedDatabase('ag-ui-lit-element');
  const { probe } = database;

  /** Waits until the database holds `threadId` with `count` messages. */
  async function stored(threadId: string, count: number): Promise<void> {
    const store = probe();
    await waitUntil(async () => (await store.load(threadId))?.messages.length === count, 'not written yet');
  }

  async function mountPersisted(url: string, registry = new ToolRegistry(), threadId?: string): Promise<AgUiAgent> {
    return fixture<AgUiAgent>(
      html`<ag-ui-agent url=${url} .registry=${registry} persist persist-name=${database.dbName} thread-id=${threadId ?? ''}></ag-ui-agent>`,
    );
  }

  it('brings the whole thread back after a reload: messages, tool cards with status, arguments and result', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const url = scenarioUrl('tool', { tool: 'echo', args: '{"note":"milk"}' });
    const first = await mountPersisted(url, registry);
    await first.sendMessage('Echo milk');
    await rendered(first);
    const threadId = first.threadId;
    const text = assistantText(first);
    const count = first.messages.length;
    await stored(threadId, count);
    first.remove();

    const again = new ToolRegistry();
    again.register(echoArgsTool());
    const changed = new Promise<CustomEvent<ThreadChangedDetail>>((resolve) =>
      document.addEventListener('ag-ui-thread-changed', (event) => resolve(event), { once: true }),
    );
    const second = await mountPersisted(url, again);
    const event = await changed;
    expect(event.detail).to.deep.equal({ threadId, restored: true });
    await rendered(second);

    expect(second.threadId).to.equal(threadId);
    expect(second.messages).to.have.length(count);
    expect(assistantText(second)).to.equal(text);
    expect($(second, '[part~="tool-call-status"]')?.textContent?.trim()).to.equal('Succeeded');
    expect(JSON.parse($(second, '[part="tool-call-args"]')!.textContent!)).to.deep.equal({ note: 'milk' });
    expect(JSON.parse($(second, '[part="tool-call-result"]')!.textContent!)).to.deep.equal({ note: 'milk' });
    await expect(second).to.be.accessible();
  });

  it("brings back the error banner of a thread whose last turn failed", async () => {
    const first = await mountPersisted(scenarioUrl('http-500', { message: 'The model is down' }));
    await first.sendMessage('Hello');
    const threadId = first.threadId;
    await stored(threadId, 1);
    await waitUntil(async () => (await probe().load(threadId))?.lastError !== undefined, 'the error was not kept');
    first.remove();

    const second = await mountPersisted(scenarioUrl('text'));
    await waitUntil(() => second.messages.length === 1, 'not restored');
    await rendered(second);
    expect($(second, '[part="error-message"]')?.textContent).to.contain('500');
    expect(second.shadowRoot!.querySelector('[part="error-retry"]')).to.not.equal(null);
  });

  it('shows a write that was running when the tab closed as "outcome unknown", runs it only when asked, and tells the agent', async () => {
    const started = new Promise<{ threadId: string }>((resolve, reject) => {
      const listener = (event: MessageEvent<{ source?: string; started?: boolean; threadId: string; error?: string }>): void => {
        if (event.data?.source !== 'persist-page') return;
        window.removeEventListener('message', listener);
        if (event.data.error) reject(new Error(event.data.error));
        else resolve(event.data);
      };
      window.addEventListener('message', listener);
    });
    const frame = document.createElement('iframe');
    frame.src = `/tests/fixtures/persist-page.html?db=${encodeURIComponent(database.dbName)}`;
    document.body.append(frame);
    const { threadId } = await started;
    frame.remove(); // the tab is gone: no flush, no answer

    const calls: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(saveTool(calls));
    const el = await mountPersisted(scenarioUrl('tool', { tool: 'save', args: '{"note":"milk"}' }), registry);
    const approval = await until(el, '[part="tool-approval"]');
    expect(el.threadId).to.equal(threadId);
    expect(approval.querySelector('[part="tool-approval-title"]')!.textContent).to.match(/Outcome unknown:\s+save\s+was running/);
    const buttons = [...approval.querySelectorAll('button')].map((button) => button.textContent!.trim());
    expect(buttons).to.deep.equal(['Run again', 'Mark as failed']);
    expect($(el, '[part~="tool-call-status"]')?.textContent?.trim()).to.equal('Outcome unknown');
    expect(calls).to.deep.equal([]);
    await expect(el).to.be.accessible();

    approval.querySelector<HTMLButtonElement>('[part="tool-approval-deny"]')!.click();
    await idle(el);
    await rendered(el);
    expect(calls).to.deep.equal([]);
    const record = [...el.toolCalls.values()][0]!;
    expect(record.status).to.equal('uncertain');
    expect($(el, '[part~="tool-call-error"]')?.textContent).to.contain('outcome is unknown');
    // The follow-up told the agent: the scripted agent echoes the tool message back.
    expect(assistantText(el)).to.contain('uncertain_outcome');
  });

  it('reruns a read_only call that was running when the tab closed, once', async () => {
    const started = new Promise<{ threadId: string }>((resolve) => {
      const listener = (event: MessageEvent<{ source?: string; started?: boolean; threadId: string }>): void => {
        if (event.data?.source !== 'persist-page' || !event.data.started) return;
        window.removeEventListener('message', listener);
        resolve(event.data);
      };
      window.addEventListener('message', listener);
    });
    const frame = document.createElement('iframe');
    frame.src = `/tests/fixtures/persist-page.html?db=${encodeURIComponent(database.dbName)}&effect=read_only`;
    document.body.append(frame);
    await started;
    frame.remove();

    const calls: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register({ ...saveTool(calls), effect: 'read_only' });
    const el = await mountPersisted(scenarioUrl('text'), registry);
    await waitUntil(() => calls.length === 1, 'not rerun');
    await idle(el);
    expect(calls).to.deep.equal([{ note: 'milk' }]);
    expect([...el.toolCalls.values()][0]!.status).to.equal('succeeded');
  });

  it('opens its IndexedDB store on first use, and says when it keeps a new thread there', async () => {
    const kept = new Promise<CustomEvent<ThreadChangedDetail>>((resolve) =>
      document.addEventListener('ag-ui-thread-changed', (event) => resolve(event), { once: true }),
    );
    const el = await mountPersisted(scenarioUrl('text'));
    const event = await kept;
    expect(event.detail).to.deep.equal({ threadId: el.threadId, restored: false });
    expect(el.store).to.be.instanceOf(IndexedDbThreadStore);
    expect((el.store as IndexedDbThreadStore).name).to.equal(database.dbName);
  });

  it('writes the last of a run stopped by removing the element before it closes its store', async () => {
    // Every save waits for the gate, so the journal's periodic save is still in flight when the element goes.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const save = IndexedDbThreadStore.prototype.save;
    const saves = sinon.stub(IndexedDbThreadStore.prototype, 'save').callsFake(async function (this: IndexedDbThreadStore, ...args) {
      await gate;
      return save.apply(this, args);
    });
    const text = Array.from({ length: 100 }, (_, i) => `Line ${i}.`).join(' ');
    const el = await mountPersisted(scenarioUrl('text', { text, chunks: 100, delay: 40 }));
    const errors: PersistenceErrorDetail[] = [];
    el.addEventListener('ag-ui-persistence-error', (event) => errors.push(event.detail));
    const sending = el.sendMessage('Stream slowly');
    await waitUntil(() => saves.called, 'the journal saved nothing while streaming');
    await waitUntil(() => assistantText(el).includes('Line'), 'streaming to start');
    const { threadId } = el;
    const shown = assistantText(el).trim();
    el.remove();
    await sending;
    open();
    const store = probe();
    await waitUntil(async () => {
      const saved = await store.load(threadId);
      const reply = saved?.messages[1] as { content?: string } | undefined;
      return saved?.messages.length === 2 && reply?.content?.startsWith(shown);
    }, 'the stopped run is not written as it ended');
    expect(errors).to.deep.equal([]);
  });

  it('switches threads through thread-id and reset(), keeping each in the store', async () => {
    const store = new MemoryThreadStore();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('text', { text: 'An answer' })} .store=${store}></ag-ui-agent>`);
    expect(el.store).to.equal(store);
    await el.sendMessage('One');
    const first = el.threadId;
    await waitUntil(async () => (await store.load(first))?.messages.length === 2);

    let changed = oneEvent(el, 'ag-ui-thread-changed');
    el.reset();
    expect((await changed).detail).to.deep.include({ restored: false });
    const second = el.threadId;
    expect(second).to.not.equal(first);
    expect(el.messages).to.have.length(0);
    // A new thread with nothing in it is not written.
    expect((await store.list()).map((thread) => thread.threadId)).to.deep.equal([first]);
    await el.sendMessage('Two');
    await waitUntil(async () => (await store.load(el.threadId))?.messages.length === 2);

    changed = oneEvent(el, 'ag-ui-thread-changed');
    el.threadId = first;
    expect((await changed).detail).to.deep.equal({ threadId: first, restored: true });
    await rendered(el);
    expect(el.messages.map((message) => message.content)).to.deep.equal(['One', 'An answer']);
    expect($$(el, '[part~="message"]')).to.have.length(2);
    expect((await store.list()).map((thread) => thread.title).sort()).to.deep.equal(['One', 'Two']);
  });

  it('keeps the conversation and shows a notice when IndexedDB cannot be opened', async () => {
    sinon.stub(IDBFactory.prototype, 'open').throws(new DOMException('IndexedDB is disabled', 'InvalidStateError'));
    const errors: PersistenceErrorDetail[] = [];
    const listener = (event: CustomEvent<PersistenceErrorDetail>): void => void errors.push(event.detail);
    document.addEventListener('ag-ui-persistence-error', listener);
    try {
      const el = await mountPersisted(scenarioUrl('text', { text: 'Still here' }));
      await waitUntil(() => errors.length > 0, 'no persistence error');
      expect(errors[0]!.code).to.equal('unavailable');
      await el.sendMessage('Hello');
      await rendered(el);
      expect(assistantText(el).trim()).to.equal('Still here');
      expect($(el, '[part="persistence-notice"]')?.textContent).to.contain('kept in this tab only');
      await expect(el).to.be.accessible();
    } finally {
      document.removeEventListener('ag-ui-persistence-error', listener);
    }
  });

  it('keeps the conversation when the store runs out of space, and says so once', async () => {
    const store = new MemoryThreadStore();
    const quota = new ThreadStoreError('Saving failed (QuotaExceededError)', 'quota_exceeded');
    sinon.stub(store, 'save').rejects(quota);
    sinon.stub(store, 'saveToolCalls').rejects(quota);
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' })} .registry=${registry} .store=${store}></ag-ui-agent>`,
    );
    const errors: PersistenceErrorDetail[] = [];
    el.addEventListener('ag-ui-persistence-error', (event) => errors.push(event.detail));
    await el.sendMessage('Echo');
    await idle(el);
    await rendered(el);
    expect(errors.map((error) => error.code)).to.deep.equal(['quota_exceeded']);
    expect(assistantText(el)).to.contain('Result:');
    expect($(el, '[part="persistence-notice"]')?.textContent).to.contain('no storage space left');
    expect([...el.toolCalls.values()][0]!.status).to.equal('succeeded');
  });

  it("says in a server store's words that it needs a sign-in or cannot be reached, not the browser's", async () => {
    for (const [code, words] of [
      ['unauthenticated', 'the thread store needs you to sign in'],
      ['unavailable', 'the thread store cannot be reached'],
    ] as const) {
      const store = new MemoryThreadStore();
      sinon.stub(store, 'save').rejects(new ThreadStoreError('Saving failed (HTTP)', code));
      const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('text', { text: 'Hi' })} .store=${store}></ag-ui-agent>`);
      await el.sendMessage('Hello');
      await idle(el);
      await rendered(el);
      const notice = $(el, '[part="persistence-notice"]')?.textContent ?? '';
      expect(notice, code).to.contain(words);
      expect(notice, code).not.to.contain('browser');
    }
  });

  it('skips a tool-call record of an unknown future version with an error event, and loads the rest', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const url = scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' });
    const first = await mountPersisted(url, registry);
    await first.sendMessage('Echo');
    const threadId = first.threadId;
    const count = first.messages.length;
    await stored(threadId, count);
    first.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const db = await openDB(database.dbName);
    const tx = db.transaction('toolCalls', 'readwrite');
    const cursor = await tx.store.openCursor();
    await cursor!.update({ ...cursor!.value, v: THREAD_DB_SCHEMA_VERSION + 1 });
    await tx.done;
    db.close();

    const errors: PersistenceErrorDetail[] = [];
    const listener = (event: CustomEvent<PersistenceErrorDetail>): void => void errors.push(event.detail);
    document.addEventListener('ag-ui-persistence-error', listener);
    try {
      const again = new ToolRegistry();
      again.register(echoArgsTool());
      const el = await mountPersisted(url, again, threadId);
      await waitUntil(() => el.messages.length === count, 'not restored');
      expect(errors.map((error) => error.code)).to.include('version_unsupported');
      await rendered(el);
      expect(assistantText(el)).to.contain('Result:');
    } finally {
      document.removeEventListener('ag-ui-persistence-error', listener);
    }
  });

  it('leaves out the stored messages it cannot read, says so, and shows and keeps the rest', async () => {
    const url = scenarioUrl('text', { text: 'Answer' });
    const first = await mountPersisted(url);
    await first.sendMessage('Question');
    const threadId = first.threadId;
    await stored(threadId, 2);
    first.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const db = await openDB(database.dbName);
    const row = await db.get('conversations', threadId);
    row.messages.push(
      null,
      42,
      'a string',
      { id: 'object-content', role: 'user', content: { text: 'not a string' } },
      { id: 'calls-not-a-list', role: 'assistant', content: 'Hi', toolCalls: 'not a list' },
    );
    await db.put('conversations', row);
    db.close();

    const errors: PersistenceErrorDetail[] = [];
    const listener = (event: CustomEvent<PersistenceErrorDetail>): void => void errors.push(event.detail);
    document.addEventListener('ag-ui-persistence-error', listener);
    try {
      const el = await mountPersisted(url, new ToolRegistry(), threadId);
      await waitUntil(() => el.messages.length > 0, 'not restored');
      await rendered(el);
      expect(el.messages.map((message) => message.content)).to.deep.equal(['Question', 'Answer']);
      expect(errors.map(({ code, threadId: id }) => ({ code, threadId: id }))).to.deep.equal([{ code: 'corrupt', threadId }]);
      expect(errors[0]!.message).to.contain('5');
      expect($$(el, '[part~="message"]')).to.have.length(2);
      expect($(el, '[part="persistence-notice"]')).to.not.equal(null);
      await expect(el).to.be.accessible();
      // The thread goes on, and its next write leaves out what could not be read.
      await el.sendMessage('Again');
      await stored(threadId, 4);
    } finally {
      document.removeEventListener('ag-ui-persistence-error', listener);
    }
  });

  it('shows what another element on the same database adds to the same thread', async () => {
    const a = await mountPersisted(scenarioUrl('text', { text: 'From tab A' }));
    await a.sendMessage('Hello from A');
    const threadId = a.threadId;
    await stored(threadId, 2);
    const b = await mountPersisted(scenarioUrl('text'), new ToolRegistry(), threadId);
    await waitUntil(() => b.messages.length === 2, 'B did not load the thread');

    await a.sendMessage('Again');
    await waitUntil(() => b.messages.length === 4, 'B did not follow A');
    await rendered(b);
    expect(b.messages.map((message) => message.content)).to.deep.equal(['Hello from A', 'From tab A', 'Again', 'From tab A']);
    expect($$(b, '[part~="message"]')).to.have.length(4);
  });

  it('accepts a page-supplied store through the ThreadStore interface', async () => {
    const inner = new MemoryThreadStore();
    const calls: string[] = [];
    const store: ThreadStore = {
      list: () => (calls.push('list'), inner.list()),
      load: (id) => (calls.push('load'), inner.load(id)),
      save: (snapshot) => (calls.push('save'), inner.save(snapshot)),
      saveToolCalls: (id, records) => (calls.push('saveToolCalls'), inner.saveToolCalls(id, records)),
      rename: (id, title) => inner.rename(id, title),
      delete: (id) => inner.delete(id),
      subscribe: (listener) => inner.subscribe(listener),
    };
    const calls2: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(saveTool(calls2));
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('tool', { tool: 'save', args: '{"note":"x"}' })} .registry=${registry} .store=${store}></ag-ui-agent>`,
    );
    await el.sendMessage('Save');
    await idle(el);
    await rendered(el);
    expect(calls2).to.have.length(1);
    expect(calls).to.include.members(['list', 'save', 'saveToolCalls', 'load']);
    expect($$(el, '[part~="tool-call"]')).to.have.length(1);
  });
});
