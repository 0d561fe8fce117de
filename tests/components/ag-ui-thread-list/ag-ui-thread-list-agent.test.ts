// <ag-ui-thread-list> bound to a real <ag-ui-agent> that keeps its threads in a store.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiThreadList } from '../../../web/src/components/ag-ui-thread-list/ag-ui-thread-list.js';
import { MemoryThreadStore } from '../../../web/src/persistence/index.js';
import { scenarioUrl } from '../ag-ui-agent/helpers.js';
import { $$ } from './helpers.js';
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
});
