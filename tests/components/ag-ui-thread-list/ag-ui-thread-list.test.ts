import { expect, fixture, html, nextFrame, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { deleteDB } from 'idb';
import sinon from 'sinon';
import type { AgUiThreadList } from '../../../web/src/components/ag-ui-thread-list/ag-ui-thread-list.js';
import {
  IndexedDbThreadStore,
  MemoryThreadStore,
  ThreadStoreError,
  ThreadStoreErrorCode,
  type ThreadStore,
} from '../../../web/src/persistence/index.js';
import { trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { $, $$, control, focused, row, seededStore, StubAgent, titles } from './helpers.js';
import '../../../web/src/components/ag-ui-thread-list/ag-ui-thread-list.js';

async function listOf(store: ThreadStore | undefined, agent?: StubAgent): Promise<AgUiThreadList> {
  const el = await fixture<AgUiThreadList>(html`<ag-ui-thread-list .store=${store} .agent=${agent}></ag-ui-thread-list>`);
  await el.updateComplete;
  return el;
}

/** A stub agent on `store` (on its thread `threadId`) and a list bound to it by property. */
async function boundList(store: ThreadStore, threadId = 't0'): Promise<{ el: AgUiThreadList; agent: StubAgent }> {
  const agent = new StubAgent();
  agent.store = store;
  agent.threadId = threadId;
  const el = await listOf(undefined, agent);
  return { el, agent };
}

describe('<ag-ui-thread-list>', () => {
  afterEach(() => sinon.restore());

  it('lists the store\'s threads newest first, with titles, "New conversation" for untitled ones, and times', async () => {
    const store = await seededStore(['First question', '', 'Latest question']);
    const el = await listOf(store);
    expect(titles(el)).to.deep.equal(['Latest question', 'New conversation', 'First question']);
    const [latest] = await store.list();
    const time = control(el, 't2', 'time');
    expect(time.localName).to.equal('time');
    expect(time.getAttribute('datetime')).to.equal(new Date(latest!.updatedAt).toISOString());
    expect(time.textContent).to.match(/5 min/);
    expect($(el, '[part~="empty"]')).to.equal(null);
  });

  it('says so when the store has no threads', async () => {
    const el = await listOf(new MemoryThreadStore());
    expect($(el, '[part~="empty"]')!.textContent).to.contain('No conversations yet');
    expect($(el, '[part~="list"]')).to.equal(null);
  });

  it('updates when the store changes, with one list() at a time for a burst of changes', async () => {
    const store = await seededStore(['One', 'Two']);
    const el = await listOf(store);
    const list = sinon.spy(store, 'list');
    await Promise.all(['A', 'B', 'C', 'D'].map((title) => store.save({ threadId: title, messages: [{ id: title, role: 'user', content: title }] })));
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['D', 'C', 'B', 'A', 'Two', 'One']);
    expect(list.callCount).to.be.at.most(2);
    await store.delete('A');
    await store.rename('t0', 'Renamed elsewhere');
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['Renamed elsewhere', 'D', 'C', 'B', 'Two']);
  });

  it('switches the agent to a clicked thread and marks it current', async () => {
    const store = await seededStore(['One', 'Two']);
    const { el, agent } = await boundList(store, 't1');
    expect(control(el, 't1', 'item-button').getAttribute('aria-current')).to.equal('true');
    expect(row(el, 't1').getAttribute('part')).to.contain('item-current');
    const selected = oneEvent(el, 'ag-ui-thread-select');
    control(el, 't0', 'item-button').click();
    expect((await selected).detail).to.deep.equal({ threadId: 't0' });
    await el.updateComplete;
    expect(agent.threadId).to.equal('t0');
    expect(control(el, 't0', 'item-button').getAttribute('aria-current')).to.equal('true');
    expect(control(el, 't1', 'item-button').getAttribute('aria-current')).to.equal('false');
  });

  it('switches the agent with Enter on a focused thread', async () => {
    const store = await seededStore(['One', 'Two']);
    const { el, agent } = await boundList(store, 't1');
    control(el, 't0', 'item-button').focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(agent.threadId).to.equal('t0');
  });

  it('keeps the agent on its thread when ag-ui-thread-select is prevented', async () => {
    const store = await seededStore(['One', 'Two']);
    const { el, agent } = await boundList(store, 't1');
    el.addEventListener('ag-ui-thread-select', (event) => event.preventDefault());
    control(el, 't0', 'item-button').click();
    await el.updateComplete;
    expect(agent.threadId).to.equal('t1');
  });

  it('follows the agent\'s ag-ui-thread-changed', async () => {
    const store = await seededStore(['One', 'Two']);
    const { el, agent } = await boundList(store, 't1');
    agent.threadId = 't0';
    await el.updateComplete;
    expect(control(el, 't0', 'item-button').getAttribute('aria-current')).to.equal('true');
  });

  it('calls the agent\'s reset() for New conversation, unless ag-ui-thread-new is prevented', async () => {
    const store = await seededStore(['One']);
    const { el, agent } = await boundList(store);
    const started = oneEvent(el, 'ag-ui-thread-new');
    $(el, '[part~="new-button"]')!.click();
    const event = await started;
    expect(event.cancelable).to.equal(true);
    expect(agent.resets).to.equal(1);
    el.addEventListener('ag-ui-thread-new', (e) => e.preventDefault(), { once: true });
    $(el, '[part~="new-button"]')!.click();
    expect(agent.resets).to.equal(1);
  });

  it('with only a store, fires ag-ui-thread-select and ag-ui-thread-new and switches nothing', async () => {
    const el = await listOf(await seededStore(['One']));
    const selected = oneEvent(el, 'ag-ui-thread-select');
    control(el, 't0', 'item-button').click();
    expect((await selected).detail.threadId).to.equal('t0');
    const started = oneEvent(el, 'ag-ui-thread-new');
    $(el, '[part~="new-button"]')!.click();
    await started;
    expect(control(el, 't0', 'item-button').getAttribute('aria-current')).to.equal('false');
  });

  it('renames through the store on Enter and fires ag-ui-thread-renamed', async () => {
    const store = await seededStore(['One', 'Two']);
    const el = await listOf(store);
    control(el, 't0', 'rename-button').click();
    await el.updateComplete;
    const input = control(el, 't0', 'rename-input') as HTMLInputElement;
    expect(focused(el)).to.equal(input);
    expect(input.value).to.equal('One');
    input.value = '  Trip plans ';
    const renamed = oneEvent(el, 'ag-ui-thread-renamed');
    await sendKeys({ press: 'Enter' });
    expect((await renamed).detail).to.deep.equal({ threadId: 't0', title: 'Trip plans' });
    await el.updateComplete;
    expect((await store.list()).find((t) => t.threadId === 't0')!.title).to.equal('Trip plans');
    expect(titles(el)).to.deep.equal(['Trip plans', 'Two']);
    expect(focused(el)).to.equal(control(el, 't0', 'rename-button'));
  });

  it('cancels a rename with Escape and saves one on blur', async () => {
    const store = await seededStore(['One']);
    const el = await listOf(store);
    const rename = sinon.spy(store, 'rename');
    control(el, 't0', 'rename-button').click();
    await el.updateComplete;
    (control(el, 't0', 'rename-input') as HTMLInputElement).value = 'Not this';
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(rename.callCount).to.equal(0);
    expect(titles(el)).to.deep.equal(['One']);
    expect(focused(el)).to.equal(control(el, 't0', 'rename-button'));

    control(el, 't0', 'rename-button').click();
    await el.updateComplete;
    (control(el, 't0', 'rename-input') as HTMLInputElement).value = 'Blurred';
    $(el, '[part~="new-button"]')!.focus();
    await el.updateComplete;
    expect(rename.args).to.deep.equal([['t0', 'Blurred']]);
    expect(titles(el)).to.deep.equal(['Blurred']);
  });

  it('deletes only after the inline confirmation, and resets the agent when it was on that thread', async () => {
    const store = await seededStore(['One', 'Two', 'Three']);
    const { el, agent } = await boundList(store, 't1');
    const remove = sinon.spy(store, 'delete');
    control(el, 't1', 'delete-button').click();
    await el.updateComplete;
    expect(remove.callCount).to.equal(0);
    expect(control(el, 't1', 'confirm').textContent).to.contain('Delete “Two”?');
    expect(focused(el)).to.equal(control(el, 't1', 'confirm-cancel'));

    control(el, 't1', 'confirm-cancel').click();
    await el.updateComplete;
    expect(remove.callCount).to.equal(0);
    expect(focused(el)).to.equal(control(el, 't1', 'delete-button'));

    control(el, 't1', 'delete-button').click();
    await el.updateComplete;
    const deleted = oneEvent(el, 'ag-ui-thread-deleted');
    control(el, 't1', 'confirm-delete').click();
    expect((await deleted).detail).to.deep.equal({ threadId: 't1' });
    await el.updateComplete;
    expect(remove.args).to.deep.equal([['t1']]);
    expect(titles(el)).to.deep.equal(['Three', 'One']);
    expect(agent.resets).to.equal(1);
    // Focus goes to the thread that took the deleted one's place.
    expect(focused(el)).to.equal(control(el, 't0', 'item-button'));
  });

  it('leaves the agent alone when deleting another thread, and Escape cancels the confirmation', async () => {
    const store = await seededStore(['One', 'Two']);
    const { el, agent } = await boundList(store, 't1');
    control(el, 't1', 'delete-button').click();
    await el.updateComplete;
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect($$(el, '[part~="confirm"]')).to.have.length(0);

    control(el, 't0', 'delete-button').click();
    await el.updateComplete;
    control(el, 't0', 'confirm-delete').click();
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['Two']);
    expect(agent.resets).to.equal(0);
    expect(agent.threadId).to.equal('t1');
  });

  it('moves focus between threads with the arrow keys, Home and End', async () => {
    const el = await listOf(await seededStore(['One', 'Two', 'Three']));
    const buttons = $$(el, '[part~="item-button"]');
    buttons[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(el)).to.equal(buttons[1]);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(el)).to.equal(buttons[2]);
    await sendKeys({ press: 'ArrowUp' });
    expect(focused(el)).to.equal(buttons[1]);
    await sendKeys({ press: 'Home' });
    expect(focused(el)).to.equal(buttons[0]);
    await sendKeys({ press: 'End' });
    expect(focused(el)).to.equal(buttons[2]);
    // From a row's action button too.
    control(el, 't2', 'rename-button').focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(focused(el)).to.equal(buttons[1]);
  });

  it('reports a store whose list() rejects with ag-ui-persistence-error and a message, without an unhandled rejection', async () => {
    const rejections = trackUnhandledRejections();
    try {
      const store = await seededStore(['One']);
      const el = await listOf(store);
      sinon.stub(store, 'list').rejects(new ThreadStoreError('Listing threads failed (no database)', ThreadStoreErrorCode.UNAVAILABLE));
      const failed = oneEvent(el, 'ag-ui-persistence-error');
      await store.save({ threadId: 'x', messages: [] });
      const { detail } = await failed;
      expect(detail.code).to.equal('unavailable');
      expect(detail.message).to.contain('no database');
      await el.updateComplete;
      const error = $(el, '[part~="error"]')!;
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.textContent).to.contain('Couldn’t load the conversations');
      expect(titles(el), 'keeps what it showed').to.deep.equal(['One']);
      await nextFrame();
      await nextFrame();
      expect(rejections.reasons).to.deep.equal([]);

      // The next good list() clears the message.
      sinon.restore();
      await el.refresh();
      expect($(el, '[part~="error"]')).to.equal(null);
      expect(titles(el)).to.deep.equal(['New conversation', 'One']);
    } finally {
      rejections.dispose();
    }
  });

  it('reports a failed rename and a failed delete, keeping the threads', async () => {
    const store = await seededStore(['One']);
    const el = await listOf(store);
    const errors: CustomEvent[] = [];
    el.addEventListener('ag-ui-persistence-error', (event) => errors.push(event));
    sinon.stub(store, 'rename').rejects(new ThreadStoreError('Renaming failed', ThreadStoreErrorCode.QUOTA_EXCEEDED, { threadId: 't0' }));
    sinon.stub(store, 'delete').rejects(new Error('not a ThreadStoreError'));
    control(el, 't0', 'rename-button').click();
    await el.updateComplete;
    (control(el, 't0', 'rename-input') as HTMLInputElement).value = 'New name';
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(errors.map((e) => [e.detail.code, e.detail.threadId])).to.deep.equal([['quota_exceeded', 't0']]);
    expect($(el, '[part~="error-text"]')!.textContent).to.equal('Couldn’t rename “One”. The browser’s storage is full.');
    expect(titles(el)).to.deep.equal(['One']);

    control(el, 't0', 'delete-button').click();
    await el.updateComplete;
    control(el, 't0', 'confirm-delete').click();
    await el.updateComplete;
    expect(errors[1]!.detail.code).to.equal('failed');
    expect(errors[1]!.detail.threadId).to.equal('t0');
    expect(errors[1]!.detail.cause).to.be.instanceOf(Error);
    expect($(el, '[part~="error-text"]')!.textContent).to.contain('Couldn’t delete “One”');
    expect(titles(el)).to.deep.equal(['One']);
    expect(focused(el)).to.equal(control(el, 't0', 'delete-button'));
    await expect(el).to.be.accessible();

    $(el, '[part~="error-dismiss"]')!.click();
    await el.updateComplete;
    expect($(el, '[part~="error"]')).to.equal(null);
  });

  it('binds to the agent whose id is in "for", and rebinds when "for" changes', async () => {
    const first = await seededStore(['First store']);
    const second = await seededStore(['Second store']);
    const container = await fixture<HTMLElement>(html`<div>
      <ag-ui-thread-list for="a"></ag-ui-thread-list>
      <test-thread-agent id="a"></test-thread-agent>
      <test-thread-agent id="b"></test-thread-agent>
    </div>`);
    const [a, b] = container.querySelectorAll<StubAgent>('test-thread-agent');
    a!.store = first;
    b!.store = second;
    const el = container.querySelector('ag-ui-thread-list')!;
    // Agent a had no store when the list bound to it: the list reads it again on the agent's next thread change.
    expect(titles(el)).to.deep.equal([]);
    a!.threadId = 't0';
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['First store']);
    expect(control(el, 't0', 'item-button').getAttribute('aria-current')).to.equal('true');

    el.htmlFor = 'b';
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['Second store']);
    control(el, 't0', 'item-button').click();
    expect(b!.threadId).to.equal('t0');
    // Agent a is no longer listened to; agent b is.
    const firstList = sinon.spy(first, 'list');
    a!.reset();
    b!.reset();
    await el.updateComplete;
    expect(firstList.callCount).to.equal(0);
    expect(control(el, 't0', 'item-button').getAttribute('aria-current')).to.equal('false');
  });

  it('finds a "for" agent that comes after it, on the agent\'s first thread change', async () => {
    const container = await fixture<HTMLElement>(html`<div><ag-ui-thread-list for="late"></ag-ui-thread-list></div>`);
    const el = container.querySelector('ag-ui-thread-list')!;
    const agent = new StubAgent();
    agent.id = 'late';
    agent.store = await seededStore(['Late']);
    container.append(agent);
    agent.threadId = 't0';
    await el.updateComplete;
    expect(titles(el)).to.deep.equal(['Late']);
    expect(control(el, 't0', 'item-button').getAttribute('aria-current')).to.equal('true');
  });

  it('lists its own store rather than the agent\'s', async () => {
    const agent = new StubAgent();
    agent.store = await seededStore(['Agent store']);
    const el = await listOf(await seededStore(['Own store']), agent);
    expect(titles(el)).to.deep.equal(['Own store']);
  });

  it('stops listening to the store and the agent when disconnected, and starts again when reconnected', async () => {
    const store = await seededStore(['One']);
    const { el, agent } = await boundList(store);
    const list = sinon.spy(store, 'list');
    const parent = el.parentElement!;
    el.remove();
    await store.save({ threadId: 'later', messages: [] });
    agent.threadId = 'later';
    expect(list.callCount).to.equal(0);
    parent.append(el);
    await el.updateComplete;
    expect(list.callCount).to.equal(1);
    expect(titles(el)).to.deep.equal(['New conversation', 'One']);
  });

  it('keeps working with a real IndexedDbThreadStore', async () => {
    const name = `ag-ui-thread-list-test-${crypto.randomUUID()}`;
    const store = new IndexedDbThreadStore({ name, onError: () => {} });
    try {
      await store.save({ threadId: 'a', messages: [{ id: '1', role: 'user', content: 'Older' }] });
      await store.save({ threadId: 'b', messages: [{ id: '2', role: 'user', content: 'Newer' }] });
      const { el, agent } = await boundList(store, 'b');
      expect(titles(el)).to.deep.equal(['Newer', 'Older']);
      control(el, 'b', 'delete-button').click();
      await el.updateComplete;
      control(el, 'b', 'confirm-delete').click();
      await el.updateComplete;
      expect(titles(el)).to.deep.equal(['Older']);
      expect((await store.list()).map((t) => t.threadId)).to.deep.equal(['a']);
      expect(agent.resets).to.equal(1);
      el.remove();
    } finally {
      store.close();
      await deleteDB(name);
    }
  });

  describe('theme', () => {
    afterEach(() => emulateMedia({ colorScheme: 'light' }));

    it('is accessible in light colours, with a thread renamed and one asking to be deleted', async () => {
      const store = await seededStore(['One', '', 'Three']);
      const { el } = await boundList(store, 't2');
      await expect(el).to.be.accessible();
      control(el, 't0', 'delete-button').click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
      control(el, 't1', 'rename-button').click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
      expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
    });

    it('turns dark under prefers-color-scheme: dark and with theme="dark", and is accessible', async () => {
      await emulateMedia({ colorScheme: 'dark' });
      const auto = await listOf(await seededStore(['One', 'Two']));
      expect(getComputedStyle(auto).backgroundColor).to.equal('rgb(13, 17, 23)');
      await expect(auto).to.be.accessible();
      auto.theme = 'light';
      await auto.updateComplete;
      expect(getComputedStyle(auto).backgroundColor).to.equal('rgb(255, 255, 255)');

      await emulateMedia({ colorScheme: 'light' });
      const store = await seededStore(['One', 'Two']);
      const forced = await fixture<AgUiThreadList>(html`<ag-ui-thread-list theme="dark" .store=${store}></ag-ui-thread-list>`);
      await forced.updateComplete;
      expect(getComputedStyle(forced).backgroundColor).to.equal('rgb(13, 17, 23)');
      await expect(forced).to.be.accessible();
    });
  });

  it('lays out in a 280px side panel without overflowing', async () => {
    const store = await seededStore(['A rather long question about the weather in Lisbon next week, and more', 'Two']);
    const panel = await fixture<HTMLElement>(html`<div style="width: 280px; height: 300px; display: flex">
      <ag-ui-thread-list .store=${store} style="flex: 1"></ag-ui-thread-list>
    </div>`);
    const el = panel.querySelector('ag-ui-thread-list')!;
    await el.updateComplete;
    expect(el.getBoundingClientRect().width).to.equal(280);
    expect(el.scrollWidth).to.be.at.most(280);
    for (const item of $$(el, '[part~="item"]')) expect(item.scrollWidth).to.be.at.most(item.clientWidth);
    const actions = control(el, 't0', 'actions').getBoundingClientRect();
    expect(actions.right).to.be.at.most(el.getBoundingClientRect().right);
  });
});
