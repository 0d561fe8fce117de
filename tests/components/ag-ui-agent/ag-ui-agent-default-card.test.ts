import { HttpAgent, type Message } from '@ag-ui/client';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, scenarioUrl } from './helpers.js';

/** A restored thread with a finished weather call and an unanswered mail call. */
const MESSAGES: Message[] = [
  { id: 'u1', role: 'user', content: 'Weather, then mail it' },
  {
    id: 'a1',
    role: 'assistant',
    content: 'On it.',
    toolCalls: [
      { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo","days":3,"unit":"C"}' } },
      { id: 'c2', type: 'function', function: { name: 'send_mail', arguments: JSON.stringify({ to: 'ana@example.com', body: 'Sunny '.repeat(60) }) } },
    ],
  },
  { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"summary":"Sunny, 24 °C","high":26,"hourly":[20,22]}' },
];

async function mountThread(): Promise<AgUiAgent> {
  const registry = new ToolRegistry();
  registry.register({ name: 'get_weather', description: 'Weather', effect: 'read_only', schema: z.object({ city: z.string() }).loose(), handler: () => ({}) });
  registry.register({
    name: 'send_mail',
    description: 'Sends a mail',
    effect: 'external_side_effect',
    metadata: { title: 'Send an email' },
    schema: z.object({ to: z.string(), body: z.string() }),
    handler: () => ({}),
  });
  const agent = new HttpAgent({ url: scenarioUrl('text'), initialMessages: MESSAGES });
  const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${registry}></ag-ui-agent>`);
  await waitUntil(() => $(el, '[data-tool-call-id="c2"] [part="tool-call-summary"]') !== null, 'no cards');
  return el;
}

function inCard(el: AgUiAgent, toolCallId: string, part: string): HTMLElement | null {
  return $(el, `[part~="tool-call"][data-tool-call-id="${toolCallId}"] [part~="${part}"]`);
}

describe('<ag-ui-agent> default tool card', () => {
  it("heads the card with the tool's readable name, and the raw name beside it only when it says more", async () => {
    const el = await mountThread();
    expect(inCard(el, 'c1', 'tool-call-title')!.textContent!.trim()).to.equal('Get weather');
    // `get_weather` only repeats "Get weather" (case and separators): kept for ::part, not shown.
    const repeated = inCard(el, 'c1', 'tool-call-name')!;
    expect(repeated.textContent!.trim()).to.equal('get_weather');
    expect(repeated.hidden).to.equal(true);
    expect(repeated.getBoundingClientRect().width).to.equal(0);
    // metadata.title wins over the name, and then the name says something the title does not.
    expect(inCard(el, 'c2', 'tool-call-title')!.textContent!.trim()).to.equal('Send an email');
    const shown = inCard(el, 'c2', 'tool-call-name')!;
    expect(shown.textContent!.trim()).to.equal('send_mail');
    expect(shown.hidden).to.equal(false);
    expect(shown.getBoundingClientRect().width).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('keeps the status mark on the line of its text when a narrow card wraps its header', async () => {
    const el = await mountThread();
    el.style.width = '240px';
    // c2's title and name fill the first line: its status goes to the next one, the mark with it (c1 shows no name).
    const wrapped = inCard(el, 'c2', 'tool-call-status')!.getBoundingClientRect();
    expect(wrapped.top, 'the status wraps below the title').to.be.greaterThan(inCard(el, 'c2', 'tool-call-title')!.getBoundingClientRect().bottom - 1);
    for (const id of ['c1', 'c2']) {
      const mark = inCard(el, id, 'tool-call-status-icon')!.getBoundingClientRect();
      const status = inCard(el, id, 'tool-call-status')!.getBoundingClientRect();
      expect(Math.abs(mark.bottom - status.bottom), `${id}: mark and text on one line`).to.be.below(4);
      expect(mark.right).to.be.at.most(status.left + 1);
    }
  });

  it('sums a finished call up by its result and a waiting one by its first arguments, on one cut line', async () => {
    const el = await mountThread();
    const done = inCard(el, 'c1', 'tool-call-summary')!;
    expect(done.dataset.of).to.equal('result');
    expect(done.textContent!.trim()).to.equal('summary: Sunny, 24 °C, high: 26');
    const waiting = inCard(el, 'c2', 'tool-call-summary')!;
    expect(waiting.dataset.of).to.equal('args');
    const text = waiting.textContent!.trim();
    expect(text.startsWith('to: ana@example.com, body: Sunny Sunny')).to.equal(true);
    expect(text.endsWith('…')).to.equal(true);
    expect(getComputedStyle(waiting).textOverflow).to.equal('ellipsis');
  });

  it('keeps the raw arguments and result in a collapsed Details', async () => {
    const el = await mountThread();
    const details = inCard(el, 'c1', 'tool-call-details') as HTMLDetailsElement;
    expect(details.open).to.equal(false);
    expect(inCard(el, 'c1', 'tool-call-details-summary')!.textContent!.trim()).to.equal('Details');
    expect(details.querySelector('[part~="tool-call-args"]')!.textContent).to.contain('"city": "Tokyo"');
    expect(details.querySelector('[part~="tool-call-result"]')!.textContent).to.contain('"hourly"');
    // Collapsed: the raw payloads take no room until opened.
    expect((details.querySelector('[part~="tool-call-args"]') as HTMLElement).checkVisibility()).to.equal(false);
    (inCard(el, 'c1', 'tool-call-details-summary') as HTMLElement).click();
    expect(details.open).to.equal(true);
    expect((details.querySelector('[part~="tool-call-args"]') as HTMLElement).checkVisibility()).to.equal(true);
  });

  it("leaves the summary line to a renderer's view when the call has one", async () => {
    const el = await mountThread();
    el.renderers = { get_weather: (call) => html`<p class="forecast">${(call.result as { summary?: string } | undefined)?.summary}</p>` };
    await waitUntil(() => inCard(el, 'c1', 'tool-call-custom') !== null, 'no renderer view');
    expect(inCard(el, 'c1', 'tool-call-custom')!.textContent!.trim()).to.equal('Sunny, 24 °C');
    expect(inCard(el, 'c1', 'tool-call-summary') === null, 'no summary beside the view').to.equal(true);
    expect(inCard(el, 'c2', 'tool-call-summary') !== null, 'other cards keep theirs').to.equal(true);
  });
});
