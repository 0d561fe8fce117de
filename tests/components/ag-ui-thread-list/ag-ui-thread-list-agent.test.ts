// <ag-ui-thread-list> bound to a real <ag-ui-agent> that keeps its threads in a store.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiThreadList } from '../../../web/src/components/ag-ui-thread-list/ag-ui-thread-list.js';
import { MemoryThreadStore } from '../../../web/src/persistence/index.js';
import { usePersistedDatabase } from '../../helpers/persisted-database.js';
import { scenarioUrl } from '../ag-ui-agent/helpers.js';
import { $$, control } from './helpers.js';
import '../../../web/src/index.js';
import '../../../web/src/thread-list.js';

describe('<ag-ui-thread-list> with <ag-ui-agent>', () => {
  it("lists the agent's threads, switches between them and starts new ones", async () => {
    const store = new MemoryThreadStore();
    const box = await fixture<HTMLElement>(html`<div>
      <ag-ui-thread-list for="chat"></ag-ui-thread-list>
      <ag-ui-agent id="chat" url=${scenarioUrl('text', { text: 'Answer' })} .store=${store}></ag-ui-agent>
    </div>`);
    const list = box.querySelector<AgUiThreadList>('ag-ui-thread-list')!;
    const agent = box.querySelector<AgUiAgent>('ag-ui-agent')!;
    await agent.sendMessage('First question');
    const first = agent.threadId;
    agent.reset();
    await agent.sendMessage('Second question');
    await waitUntil(async () => (await store.list()).length === 2);
    await waitUntil(() => $$(list, '[part~="item-button"]').length === 2, 'the list did not show both threads');
    await list.updateComplete;

    const titles = $$(list, '[part~="title"]').map((title) => title.textContent!.trim());
    expect(titles).to.deep.equal(['Second question', 'First question']);
    const current = $$(list, '[part~="item-button"]').find((button) => button.getAttribute('aria-current') === 'true');
    expect(current?.textContent).to.contain('Second question');

    const changed = oneEvent(agent, 'ag-ui-thread-changed');
    $$(list, '[part~="item-button"]')[1]!.click();
    expect((await changed).detail).to.deep.equal({ threadId: first, restored: true });
    expect(agent.messages.map((message) => message.content)).to.deep.equal(['First question', 'Answer']);
    await waitUntil(() => $$(list, '[part~="item-button"]')[1]!.getAttribute('aria-current') === 'true');
    await expect(list).to.be.accessible();
  });

  describe('on IndexedDB', () => {
    const database = usePersistedDatabase('ag-ui-lit-thread-list');

    it('never writes back the thread it deleted while its reply streamed', async () => {
      const box = await fixture<HTMLElement>(html`<div>
        <ag-ui-thread-list for="chat"></ag-ui-thread-list>
        <ag-ui-agent id="chat" url=${scenarioUrl('hang', { tool: 'save' })} persist persist-name=${database.dbName}></ag-ui-agent>
      </div>`);
      const list = box.querySelector<AgUiThreadList>('ag-ui-thread-list')!;
      const agent = box.querySelector<AgUiAgent>('ag-ui-agent')!;
      const probe = database.probe();
      void agent.sendMessage('Forget me');
      const deleted = agent.threadId;
      // A call streams in the reply: stopping the run (the reset after the deletion) answers it, a change to write.
      await waitUntil(() => agent.toolCalls.size === 1, 'no reply streamed');
      await waitUntil(async () => (await probe.load(deleted)) !== undefined, 'the thread was not written');
      await waitUntil(() => $$(list, '[part~="item-button"]').length === 1, 'the list did not show the thread');

      control(list, deleted, 'delete-button').click();
      await list.updateComplete;
      const gone = oneEvent(list, 'ag-ui-thread-deleted');
      control(list, deleted, 'confirm-delete').click();
      await gone;
      expect(agent.threadId).to.not.equal(deleted);
      // The element writes in order: once the next thread is written, whatever it wrote before is too.
      void agent.sendMessage('Next');
      await waitUntil(async () => (await probe.load(agent.threadId)) !== undefined, 'the next thread was not written');
      expect(await probe.load(deleted)).to.equal(undefined);
      expect((await probe.list()).map((thread) => thread.threadId)).to.deep.equal([agent.threadId]);
    });
  });
});
