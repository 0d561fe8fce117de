import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { demoPolicy } from '../../web/demo/demo-policy.js';
import { demoRenderers } from '../../web/demo/demo-renderers.js';
import { demoTools, editNoteTool } from '../../web/demo/demo-tools.js';
import { $, assistantText, DEMO_URL, rendered, until } from '../components/ag-ui-agent/helpers.js';
import { pressKeys } from '../helpers/form-input.js';

describe('demo page tools and policy', () => {
  let note: HTMLElement;
  let el: AgUiAgent;

  beforeEach(async () => {
    note = await fixture(html`<section class="note"><p id="note-text">Buy milk.</p></section>`);
    el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${DEMO_URL} .registry=${new ToolRegistry()} .policy=${demoPolicy} .tools=${demoTools} .renderers=${demoRenderers}></ag-ui-agent>`,
    );
  });
  afterEach(() => {
    for (const property of ['--demo-background', '--demo-on-background', '--demo-on-background-muted']) {
      document.documentElement.style.removeProperty(property);
    }
  });

  it('declares an effect on every demo tool: reads are read_only, page changes state_change', () => {
    expect(Object.fromEntries(demoTools.map((tool) => [tool.name, tool.effect]))).to.deep.equal({
      calculator: 'read_only',
      get_current_time: 'read_only',
      change_background: 'state_change',
      edit_note: 'state_change',
      pick_color: 'read_only',
    });
  });

  it('edits the note on the page only once the person approves it (end to end with the demo agent)', async () => {
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const sending = el.sendMessage('Edit the note to say Buy oat milk');
    const { detail } = await requested;
    expect(detail).to.deep.include({ toolCallName: editNoteTool.name, effect: 'state_change', args: { text: 'Buy oat milk' } });
    const approve = await until(el, '[part="tool-approval-approve"]');
    expect(note.querySelector('#note-text')!.textContent).to.equal('Buy milk.');
    approve.click();
    await sending;
    await rendered(el);
    expect(note.querySelector('#note-text')!.textContent).to.equal('Buy oat milk');
    expect(assistantText(el)).to.include('Done: the note now says "Buy oat milk".');
  });

  it('confirms the edited text after "Approve with edits": the demo agent reads what ran, not what it proposed', async () => {
    const sending = el.sendMessage('Edit the note to say Buy oat milk');
    (await until(el, '[part="tool-approval-edit-button"]')).click();
    const field = (await until(el, '[part="tool-approval-form"] [id$="-f-text"]')) as HTMLInputElement;
    expect(field.value).to.equal('Buy oat milk');
    await pressKeys(field, ' and bread');
    await waitUntil(() => !($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement | null)?.disabled, 'Approve with edits enabled');
    ($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).click();
    await sending;
    await rendered(el);
    expect(note.querySelector('#note-text')!.textContent).to.equal('Buy oat milk and bread');
    expect(assistantText(el)).to.include('Done: the note now says "Buy oat milk and bread".');
    expect(assistantText(el)).to.not.include('Done: the note now says "Buy oat milk".');
  });

  it('changes the background without asking: the demo policy allows change_background by a per-tool decision', async () => {
    let asked = false;
    el.addEventListener('ag-ui-tool-approval-requested', () => (asked = true));
    await el.sendMessage('Make the background light blue');
    await rendered(el);
    expect(asked).to.equal(false);
    expect(document.documentElement.style.getPropertyValue('--demo-background')).to.equal('lightblue');
    expect($(el, '[part="tool-approval"]')).to.equal(null);
  });

  it('shows the time as a clock and the background change as a colour swatch (the demo renderers)', async () => {
    await el.sendMessage('What time is it in Tokyo?');
    await el.sendMessage('Make the background light blue');
    await rendered(el);
    const [clock, swatch] = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[part="tool-call-custom"]')];
    expect(clock!.textContent).to.match(/\d\d:\d\d\s+Asia\/Tokyo · \d{4}-\d\d-\d\d/);
    expect(swatch!.textContent).to.contain('Background set to lightblue');
    expect(swatch!.querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Colour swatch: lightblue');
    await expect(el).to.be.accessible();
  });

  it('asks the person to pick a colour in the card, and the agent hears the answer (the demo UI tool)', async () => {
    const sending = el.sendMessage('Help me pick a colour');
    const swatch = await until(el, '[part="tool-call-custom"] button:not([disabled])');
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="tool-call-custom"] button')];
    expect(buttons.map((button) => button.textContent!.trim())).to.deep.equal(['lightblue', 'lavender', 'honeydew', 'mistyrose', 'wheat']);
    await expect(el).to.be.accessible();
    expect(swatch).to.equal(buttons[0]);
    buttons[1]!.click();
    await sending;
    await rendered(el);
    expect(assistantText(el)).to.contain('You picked lavender.');
    expect(el.shadowRoot!.querySelector('[part="tool-call-custom"] button[aria-pressed="true"]')!.textContent!.trim()).to.equal('lavender');
  });
});
