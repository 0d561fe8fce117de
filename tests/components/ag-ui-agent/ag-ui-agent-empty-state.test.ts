import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, $$, assistantText, rendered, scenarioUrl } from './helpers.js';
import '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';

const URL = scenarioUrl('text', { text: 'Here you are.' });

describe('<ag-ui-agent> empty state', () => {
  it('shows a line and the suggestion chips from the attribute while the conversation is empty', async () => {
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${URL} suggestions='["What time is it?","Add 2 and 3"]' .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    expect(el.suggestions).to.deep.equal(['What time is it?', 'Add 2 and 3']);
    expect($(el, '[part="empty"]')).to.not.equal(null);
    expect($(el, '[part="empty-text"]')!.textContent).to.match(/suggestion/);
    expect($$(el, '[part="suggestion"]').map((chip) => chip.textContent!.trim())).to.deep.equal(['What time is it?', 'Add 2 and 3']);
    await expect(el).to.be.accessible();
  });

  it("sends a chip's text when it is clicked, and hides the empty state", async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${URL} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    el.suggestions = ['What time is it?'];
    await el.updateComplete;
    const send = oneEvent(el, 'ag-ui-message-send');
    $(el, '[part="suggestion"]')!.click();
    expect((await send).detail.text).to.equal('What time is it?');
    await waitUntil(() => assistantText(el).includes('Here you are.'), 'the reply');
    await rendered(el);
    expect($(el, '[part~="message-user"]')!.textContent).to.include('What time is it?');
    expect($(el, '[part="empty"]')).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part="input"]'));
  });

  it('shows no chips without suggestions, and ignores an invalid attribute', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${URL} suggestions="not json"></ag-ui-agent>`);
    expect(el.suggestions).to.deep.equal([]);
    expect($(el, '[part="empty-text"]')).to.not.equal(null);
    expect($(el, '[part="suggestion"]')).to.equal(null);
  });

  it("shows the page's empty slot instead of the default content", async () => {
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${URL} suggestions='["Hi"]'><p slot="empty" id="welcome">Welcome to the help desk.</p></ag-ui-agent>`,
    );
    const slot = $(el, 'slot[name="empty"]') as HTMLSlotElement;
    expect(slot.assignedElements()).to.deep.equal([el.querySelector('#welcome')]);
    expect(el.querySelector('#welcome')!.getBoundingClientRect().height).to.be.above(0);
    expect($(el, '[part="suggestion"]')!.getBoundingClientRect().height).to.equal(0);
    await el.sendMessage('Hello');
    await rendered(el);
    expect(el.querySelector('#welcome')!.getBoundingClientRect().height).to.equal(0);
  });
});
