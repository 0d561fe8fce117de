import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import sinon from 'sinon';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { PersistenceErrorDetail, ThreadChangedDetail } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.events.js';
import { MemoryThreadStore, ThreadStoreError, type ThreadStore } from '../../../web/src/persistence/index.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { usePersistedDatabase } from '../../helpers/persisted-database.js';
import { $, approveRemembering as approveRememberingIn, noteTools, scenarioUrl, until } from './helpers.js';

const EDIT_URL = scenarioUrl('tool', { tool: 'edit', args: '{"text":"Buy oat milk"}' });
/** One run that calls `edit` and `rename` at once. */
const EDIT_AND_RENAME_URL = scenarioUrl('parallel', { tools: 'edit,rename', args0: '{"text":"Edited"}', args1: '{"text":"Renamed"}' });

/** The names of the tools whose calls `el` asks a person about, from now on. */
function askedAbout(el: AgUiAgent): string[] {
  const asked: string[] = [];
  el.addEventListener('ag-ui-tool-approval-requested', (event) => asked.push(event.detail.toolCallName));
  return asked;
}

/** The scope a call of `toolName` was approved under without asking (`approvedBy`), if any. */
function approvedBy(el: AgUiAgent, toolName: string): string | undefined {
  return [...el.toolCalls.values()].filter((record) => record.toolCallName === toolName).at(-1)?.approvedBy;
}

describe('<ag-ui-agent> remembered approvals in the thread store', () => {
  const database = usePersistedDatabase('ag-ui-lit-approvals');
  const { probe } = database;

  /** Waits until the database remembers exactly `expected` (`scope:toolName`) for `threadId`. */
  async function storedApprovals(threadId: string, expected: string[]): Promise<void> {
    const store = probe();
    const kept = async () => (await store.loadApprovals(threadId)).map(({ scope, toolName }) => `${scope}:${toolName}`).sort();
    await waitUntil(async () => JSON.stringify(await kept()) === JSON.stringify([...expected].sort()), 'approvals not written yet');
  }

  /**
   * Mounts an element that keeps its threads in the test's database (what a page does after a reload), and resolves
   * once it has restored its thread (`thread-id`, else the latest one) and the approvals the store remembers.
   */
  async function mountPersisted(url: string, registry: ToolRegistry, threadId = ''): Promise<AgUiAgent> {
    const changed = new Promise<CustomEvent<ThreadChangedDetail>>((resolve) =>
      document.addEventListener('ag-ui-thread-changed', (event) => resolve(event), { once: true }),
    );
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${registry} persist persist-name=${database.dbName} thread-id=${threadId}></ag-ui-agent>`);
    await changed;
    return el;
  }

  /** Approves the waiting call with the card's "Remember approval" set to "Always" (or "For this conversation") and waits for the turn. */
  async function approveRemembering(el: AgUiAgent, scope: 'always' | 'thread', sending: Promise<unknown>): Promise<void> {
    await approveRememberingIn(el, scope);
    await sending;
  }

  it('"Always allow" survives a reload: the next call of that tool runs without asking, another tool is still asked about', async () => {
    const runs: unknown[] = [];
    const first = await mountPersisted(EDIT_URL, noteTools(runs));
    await approveRemembering(first, 'always', first.sendMessage('Edit the note'));
    await storedApprovals(first.threadId, ['always:edit']);
    first.remove();

    const second = await mountPersisted(EDIT_AND_RENAME_URL, noteTools(runs));
    await waitUntil(() => second.rememberedApprovals.length === 1, 'approvals not restored');
    expect(second.rememberedApprovals).to.deep.equal([{ toolName: 'edit', scope: 'always' }]);
    const asked = askedAbout(second);
    const sending = second.sendMessage('Edit and rename the note');
    await until(second, '[part="tool-approval"]');
    await waitUntil(() => runs.includes('Edited'), 'edit did not run');
    expect(asked).to.deep.equal(['rename']);
    expect(approvedBy(second, 'edit')).to.equal('always');
    await expect(second).to.be.accessible();
    $(second, '[part="tool-approval-approve"]')!.click();
    await sending;
    expect(runs).to.deep.equal(['Buy oat milk', 'Edited', 'rename:Renamed']);
  });

  it('asks again after a reload when the tool is defined otherwise than when it was always allowed', async () => {
    const runs: unknown[] = [];
    const first = await mountPersisted(EDIT_URL, noteTools(runs));
    await approveRemembering(first, 'always', first.sendMessage('Edit the note'));
    await storedApprovals(first.threadId, ['always:edit']);
    first.remove();

    const second = await mountPersisted(EDIT_URL, noteTools(runs, 'Edits the note, and mails it to everyone'));
    await waitUntil(() => second.rememberedApprovals.length === 1, 'approvals not restored');
    const asked = askedAbout(second);
    const sending = second.sendMessage('Edit the note');
    await until(second, '[part="tool-approval"]');
    expect(asked).to.deep.equal(['edit']);
    expect(runs).to.deep.equal(['Buy oat milk']);
    second.stop();
    await sending;
  });

  it('"Allow for this conversation" survives a reload of that thread, and does not hold in a new thread', async () => {
    const runs: unknown[] = [];
    const first = await mountPersisted(EDIT_URL, noteTools(runs));
    await approveRemembering(first, 'thread', first.sendMessage('Edit the note'));
    const threadId = first.threadId;
    await storedApprovals(threadId, ['thread:edit']);
    first.remove();

    const second = await mountPersisted(EDIT_URL, noteTools(runs), threadId);
    expect(second.threadId).to.equal(threadId);
    const asked = askedAbout(second);
    await second.sendMessage('Edit it again');
    expect(asked).to.deep.equal([]);
    expect(runs).to.deep.equal(['Buy oat milk', 'Buy oat milk']);
    expect(approvedBy(second, 'edit')).to.equal('thread');

    const reset = oneEvent(second, 'ag-ui-thread-changed');
    second.reset();
    await reset;
    const sending = second.sendMessage('Edit the note');
    await until(second, '[part="tool-approval"]');
    expect(asked).to.deep.equal(['edit']);
    second.stop();
    await sending;
  });

  it("takes up another tab's remembered approvals with its copy of the same thread", async () => {
    const runs: unknown[] = [];
    const threadId = crypto.randomUUID();
    const first = await mountPersisted(EDIT_URL, noteTools(runs), threadId);
    const second = await mountPersisted(EDIT_URL, noteTools(runs), threadId);
    await approveRemembering(first, 'thread', first.sendMessage('Edit the note'));
    await storedApprovals(threadId, ['thread:edit']);
    // The other element shows the thread as the first one wrote it, and holds its approval.
    await waitUntil(() => second.messages.length === first.messages.length, 'the thread did not reach the other element');
    await waitUntil(() => second.rememberedApprovals.length === 1, 'the approval did not reach the other element');
    expect(second.rememberedApprovals).to.deep.equal([{ toolName: 'edit', scope: 'thread', threadId }]);
    const asked = askedAbout(second);
    await second.sendMessage('Edit it again');
    expect(asked).to.deep.equal([]);
    expect(approvedBy(second, 'edit')).to.equal('thread');
    expect(runs).to.deep.equal(['Buy oat milk', 'Buy oat milk']);
  });

  it('keeps approvals forgotten with forgetApprovals() forgotten after a reload', async () => {
    const runs: unknown[] = [];
    const first = await mountPersisted(EDIT_URL, noteTools(runs));
    await approveRemembering(first, 'always', first.sendMessage('Edit the note'));
    await storedApprovals(first.threadId, ['always:edit']);
    first.remove();

    const second = await mountPersisted(EDIT_URL, noteTools(runs));
    await waitUntil(() => second.rememberedApprovals.length === 1, 'approvals not restored');
    expect(second.forgetApprovals()).to.equal(1);
    await storedApprovals(second.threadId, []);
    second.remove();

    const third = await mountPersisted(EDIT_URL, noteTools(runs));
    expect(third.rememberedApprovals).to.deep.equal([]);
    const asked = askedAbout(third);
    const sending = third.sendMessage('Edit the note');
    await until(third, '[part="tool-approval"]');
    expect(asked).to.deep.equal(['edit']);
    third.stop();
    await sending;
  });

  it('drops a thread\'s approvals when the thread is deleted from the store', async () => {
    const store = new MemoryThreadStore();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${EDIT_URL} .registry=${noteTools([])} .store=${store}></ag-ui-agent>`);
    await approveRemembering(el, 'thread', el.sendMessage('Edit the note'));
    expect(el.rememberedApprovals).to.deep.equal([{ toolName: 'edit', scope: 'thread', threadId: el.threadId }]);
    await waitUntil(async () => (await store.loadApprovals(el.threadId)).length === 1, 'approval not written');
    await store.delete(el.threadId);
    expect(el.rememberedApprovals).to.deep.equal([]);
    expect(await store.loadApprovals(el.threadId)).to.deep.equal([]);
  });

  it('keeps approvals in memory only with a store that has no approval methods', async () => {
    const inner = new MemoryThreadStore();
    const store: ThreadStore = {
      list: () => inner.list(),
      load: (id) => inner.load(id),
      save: (snapshot) => inner.save(snapshot),
      saveToolCalls: (id, records) => inner.saveToolCalls(id, records),
      rename: (id, title) => inner.rename(id, title),
      delete: (id) => inner.delete(id),
      subscribe: (listener) => inner.subscribe(listener),
    };
    const errors: PersistenceErrorDetail[] = [];
    const onError = (event: CustomEvent<PersistenceErrorDetail>): void => void errors.push(event.detail);
    document.addEventListener('ag-ui-persistence-error', onError);
    try {
      const runs: unknown[] = [];
      const first = await fixture<AgUiAgent>(html`<ag-ui-agent url=${EDIT_URL} .registry=${noteTools(runs)} .store=${store}></ag-ui-agent>`);
      await approveRemembering(first, 'always', first.sendMessage('Edit the note'));
      const askedFirst = askedAbout(first);
      await first.sendMessage('Edit it again');
      expect(askedFirst).to.deep.equal([]);
      expect(runs).to.have.length(2);
      const threadId = first.threadId;
      await waitUntil(async () => (await inner.load(threadId))?.messages.length === first.messages.length, 'thread not written');
      first.remove();

      const changed = new Promise((resolve) => document.addEventListener('ag-ui-thread-changed', resolve, { once: true }));
      const second = await fixture<AgUiAgent>(html`<ag-ui-agent url=${EDIT_URL} .registry=${noteTools(runs)} .store=${store}></ag-ui-agent>`);
      await changed;
      expect(second.threadId).to.equal(threadId);
      const asked = askedAbout(second);
      const sending = second.sendMessage('Edit the note');
      await until(second, '[part="tool-approval"]');
      expect(asked).to.deep.equal(['edit']);
      second.stop();
      await sending;
      expect(await inner.loadApprovals(threadId)).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
    } finally {
      document.removeEventListener('ag-ui-persistence-error', onError);
    }
  });

  it('still runs an approved call and remembers it in memory when the store fails to keep it, and says so', async () => {
    const store = new MemoryThreadStore();
    sinon.stub(store, 'saveApproval').rejects(new ThreadStoreError('Saving the approval failed (QuotaExceededError)', 'quota_exceeded'));
    const runs: unknown[] = [];
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${EDIT_URL} .registry=${noteTools(runs)} .store=${store}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-persistence-error');
    await approveRemembering(el, 'always', el.sendMessage('Edit the note'));
    expect((await failed).detail.code).to.equal('quota_exceeded');
    const asked = askedAbout(el);
    await el.sendMessage('Edit it again');
    expect(asked).to.deep.equal([]);
    expect(runs).to.deep.equal(['Buy oat milk', 'Buy oat milk']);
    expect(approvedBy(el, 'edit')).to.equal('always');
  });
});
