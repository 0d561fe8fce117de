import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import type { TemplateResult } from 'lit';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, assistantText, rendered, scenarioUrl } from './helpers.js';
import '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';

/** A reply far taller than 600px: 60 short paragraphs. */
const LONG_TEXT = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}.`).join('\n\n');
const LONG_URL = scenarioUrl('text', { text: LONG_TEXT, chunks: 1 });

/** Renders `template`, finds the element in it, and waits until it shows the whole reply to a message. */
async function showLongReply(template: TemplateResult): Promise<AgUiAgent> {
  const container = await fixture<HTMLElement>(template);
  const el = container.localName === 'ag-ui-agent' ? (container as AgUiAgent) : container.querySelector<AgUiAgent>('ag-ui-agent')!;
  await el.sendMessage('Write a lot');
  await waitUntil(() => assistantText(el).includes('Paragraph 60.'), 'the whole reply');
  await rendered(el);
  return el;
}

/** The composer is inside the host's box, and the transcript overflows and scrolls. */
async function expectLaidOut(el: AgUiAgent, height: number): Promise<void> {
  const host = el.getBoundingClientRect();
  expect(host.height).to.be.closeTo(height, 1);
  const composer = $(el, '[part~="composer"]')!.getBoundingClientRect();
  expect(composer.height).to.be.above(0);
  expect(composer.top).to.be.at.least(host.top);
  expect(composer.bottom).to.be.at.most(host.bottom + 0.5);
  const transcript = $(el, '[part~="transcript"]')!;
  expect(transcript.scrollHeight).to.be.above(transcript.clientHeight);
  transcript.scrollTop = 0;
  transcript.scrollTop = 200;
  expect(transcript.scrollTop).to.be.closeTo(200, 1);
}

describe('<ag-ui-agent> layout', () => {
  for (const height of [400, 600]) {
    it(`fits a display: block host ${height}px high (transcript scrolls, composer in view, --ag-ui-max-height 512px)`, async () => {
      const el = await showLongReply(html`<ag-ui-agent style="display: block; height: ${height}px" url=${LONG_URL}></ag-ui-agent>`);
      await expectLaidOut(el, height);
    });
  }

  it('fits a flex item of a fixed-height column', async () => {
    const el = await showLongReply(html`<div style="display: flex; flex-direction: column; height: 500px">
      <header style="height: 40px">Header</header>
      <ag-ui-agent style="flex: 1" url=${LONG_URL}></ag-ui-agent>
    </div>`);
    await expectLaidOut(el, 460);
  });

  it('fits a display: block grid item with a fixed row height', async () => {
    const el = await showLongReply(html`<div style="display: grid; grid-template-rows: 450px">
      <ag-ui-agent style="display: block" url=${LONG_URL}></ag-ui-agent>
    </div>`);
    await expectLaidOut(el, 450);
  });

  it('grows with the conversation up to --ag-ui-max-height without a height', async () => {
    const short = await fixture<AgUiAgent>(
      html`<ag-ui-agent style="--ag-ui-max-height: 300px" url=${scenarioUrl('text', { text: 'Short.', chunks: 1 })}></ag-ui-agent>`,
    );
    await rendered(short);
    const empty = short.getBoundingClientRect().height;
    expect(empty).to.be.below(300);
    await short.sendMessage('Hi');
    await rendered(short);
    expect(short.getBoundingClientRect().height).to.be.above(empty).and.below(300);

    const long = await showLongReply(html`<ag-ui-agent style="--ag-ui-max-height: 300px" url=${LONG_URL}></ag-ui-agent>`);
    // The cap is on the box inside the host's 1px border.
    await expectLaidOut(long, 302);
  });
});
