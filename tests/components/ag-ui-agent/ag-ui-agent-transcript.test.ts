import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { HttpAgent, type Message } from '@ag-ui/client';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, $$, assistantText, rendered, scenarioUrl } from './helpers.js';

/** A thread of `n` messages: user questions, markdown answers, and every tenth answer a tool call with its result. */
function thread(n: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; messages.length < n; i++) {
    messages.push({ id: `u${i}`, role: 'user', content: `Question ${i}` });
    if (i % 10 === 9) {
      messages.push({
        id: `a${i}`,
        role: 'assistant',
        content: `Let me compute **${i}**.`,
        toolCalls: [{ id: `c${i}`, type: 'function', function: { name: 'calculator', arguments: `{"expression":"${i}+1"}` } }],
      });
      messages.push({ id: `t${i}`, role: 'tool', toolCallId: `c${i}`, content: String(i + 1) });
    } else {
      messages.push({ id: `a${i}`, role: 'assistant', content: `Answer ${i} with *markdown*:\n\n- item\n- \`code\`\n` });
    }
  }
  return messages.slice(0, n);
}

async function mountThread(n: number, url = scenarioUrl('text')): Promise<AgUiAgent> {
  const agent = new HttpAgent({ url, initialMessages: thread(n) });
  const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`);
  await rendered(el);
  return el;
}

function transcriptOf(el: AgUiAgent): HTMLElement {
  return $(el, '[part="transcript"]')!;
}

function distanceFromBottom(el: AgUiAgent): number {
  const transcript = transcriptOf(el);
  return transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight;
}

describe('<ag-ui-agent> transcript', () => {
  it('keeps the DOM size independent of the thread length', async () => {
    const short = await mountThread(100);
    const long = await mountThread(5000);
    expect(long.messages).to.have.length(5000);
    const shortNodes = short.shadowRoot!.querySelectorAll('*').length;
    const longNodes = long.shadowRoot!.querySelectorAll('*').length;
    expect($$(long, '[part~="message"]').length).to.be.at.most(50);
    expect(longNodes).to.be.at.most(shortNodes * 1.2);
    // The newest entries are the ones shown, with their tool call cards.
    const lastQuestion = thread(5000).filter((message) => message.role === 'user').at(-1)!.content as string;
    expect($$(long, '[part~="message-user"]').at(-1)!.textContent).to.include(lastQuestion);
    expect($(long, '[part~="tool-call"]')).to.not.equal(null);
    await expect(long).to.be.accessible();
  });

  it('lays out only the chunks of a long reply that are in view (content-visibility: auto per chunk)', async () => {
    const paragraph = 'A paragraph of a long reply with **bold** and `code`, long enough to wrap on a narrow element.\n\n';
    const agent = new HttpAgent({
      url: scenarioUrl('text'),
      initialMessages: [
        { id: 'u', role: 'user', content: 'A long answer, please.' },
        { id: 'a', role: 'assistant', content: paragraph.repeat(600) },
      ],
    });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    await waitUntil(() => $$(el, '.markdown-chunk').length > 1 && $$(el, '.markdown-chunk p').length + $$(el, '.markdown-tail p').length === 600, 'the whole reply in chunks');
    await rendered(el);
    // Every completed block is in a chunk, and chunks are few (Chromium checks each content-visibility element per
    // frame): never one per paragraph. A chunk holds at least 512 characters however slow the machine renders (its
    // size follows the measured rendering speed, from 512 up), so 600 paragraphs of ~100 make at most ~120 chunks.
    expect($$(el, '.markdown-chunk').length).to.be.below(130);
    // Big chunks are skipped while out of view, small ones never (a wrong height estimate would make text jump).
    for (const chunk of $$(el, '.markdown-chunk')) {
      const skipped = chunk.classList.contains('skippable');
      expect(getComputedStyle(chunk).contentVisibility).to.equal(skipped ? 'auto' : 'visible');
      // (innerHTML also holds Lit's marker comments: a little slack for them.)
      if (skipped) expect(chunk.innerHTML.length).to.be.at.least(2048);
      else expect(chunk.innerHTML.length).to.be.below(2048 + 64);
    }
    const skippable = $$(el, '.markdown-chunk.skippable');
    expect(skippable.length).to.be.greaterThan(1);
    await waitUntil(() => distanceFromBottom(el) <= 1, 'scrolled to the bottom');
    // The first big chunk is far above the view: its content is skipped; the last block is shown.
    await waitUntil(() => !skippable[0]!.querySelector('p')!.checkVisibility({ contentVisibilityAuto: true }), 'the first chunk to be skipped');
    const lastBlock = $$(el, '.markdown-tail p, .markdown-chunk p').at(-1)!;
    expect(lastBlock.checkVisibility({ contentVisibilityAuto: true })).to.equal(true);
    expect(assistantText(el).match(/A paragraph of a long reply/g)).to.have.length(600);
  });

  it('opens scrolled to the bottom', async () => {
    const el = await mountThread(500);
    const transcript = transcriptOf(el);
    expect(transcript.scrollHeight).to.be.greaterThan(transcript.clientHeight);
    expect(distanceFromBottom(el)).to.be.at.most(2);
  });

  it('shows earlier messages from the "Show earlier messages" button, keeping the reading position', async () => {
    const el = await mountThread(120);
    const first = () => $$(el, '[part~="message"]')[0]!.dataset.messageId;
    const firstBefore = first();
    const button = $(el, '[part="load-earlier"]')!;
    expect(button.textContent).to.match(/Show earlier messages/);
    const anchor = $$(el, '[part~="message"]')[0]!;
    button.focus();
    button.click();
    await el.updateComplete;
    expect(first()).to.not.equal(firstBefore);
    expect($$(el, '[part~="message"]').length).to.be.greaterThan(50);
    // The entry that was first is still in the DOM (and still where the reader was looking).
    expect(anchor.isConnected).to.equal(true);
  });

  it('shows earlier messages when the reader scrolls to the top', async () => {
    const el = await mountThread(300);
    const before = $$(el, '[part~="message"]').length;
    const transcript = transcriptOf(el);
    transcript.scrollTop = 0;
    await waitUntil(() => $$(el, '[part~="message"]').length > before, 'earlier messages to render');
    expect(transcript.scrollTop).to.be.greaterThan(0);
  });

  it('follows streamed text at the bottom, but not after the reader scrolled up', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `Streamed line ${i}.`).join('\n\n');
    const el = await mountThread(60, scenarioUrl('text', { text, chunks: 40, delay: 25 }));
    const sending = el.sendMessage('stream slowly');
    await waitUntil(() => assistantText(el).includes('Streamed line 3.'), 'streaming to start');
    await rendered(el);
    expect(distanceFromBottom(el)).to.be.at.most(2);

    const transcript = transcriptOf(el);
    // The reader turns the wheel up.
    transcript.dispatchEvent(new WheelEvent('wheel', { deltaY: -300, bubbles: true }));
    transcript.scrollTop = Math.max(100, transcript.scrollTop - 300);
    const readingAt = transcript.scrollTop;
    await waitUntil(() => !el.running && assistantText(el).includes('Streamed line 39.'), 'the stream to end');
    await rendered(el);
    await sending;
    expect(transcript.scrollTop).to.equal(readingAt);
    expect(distanceFromBottom(el)).to.be.greaterThan(100);

    // Back at the bottom, it follows again.
    transcript.scrollTop = transcript.scrollHeight;
    await waitUntil(() => distanceFromBottom(el) <= 2);
    await el.sendMessage('more');
    await rendered(el);
    expect(distanceFromBottom(el)).to.be.at.most(2);
  });

  it('keeps the DOM bounded while the reader scrolls far up and back down, then follows the bottom again', async () => {
    const el = await mountThread(1000);
    const transcript = transcriptOf(el);
    const entries = () => $$(el, '[part~="message"]');
    const newestId = entries().at(-1)!.dataset.messageId;

    for (let page = 0; page < 6; page++) {
      const first = entries()[0]!;
      transcript.scrollTop = 0;
      const offset = first.getBoundingClientRect().top - transcript.getBoundingClientRect().top;
      await waitUntil(() => entries()[0] !== first, 'a page of earlier entries');
      await rendered(el);
      // What the reader was looking at stays where it was.
      expect(first.getBoundingClientRect().top - transcript.getBoundingClientRect().top).to.be.closeTo(offset, 2);
    }
    expect(entries().length).to.be.at.most(150);
    expect(entries().some((entry) => entry.dataset.messageId === newestId)).to.equal(false);
    const newer = $(el, '[part="load-newer"]')!;
    expect(newer.textContent).to.match(/Show newer messages \(\d+\)/);

    for (let page = 0; page < 20 && $(el, '[part="load-newer"]'); page++) {
      const last = entries().at(-1)!;
      transcript.scrollTop = transcript.scrollHeight;
      await waitUntil(() => entries().at(-1) !== last, 'a page of newer entries');
      await rendered(el);
      expect(entries().length).to.be.at.most(150);
    }
    expect($(el, '[part="load-newer"]')).to.equal(null);
    expect(entries().at(-1)!.dataset.messageId).to.equal(newestId);

    transcript.scrollTop = transcript.scrollHeight;
    await waitUntil(() => distanceFromBottom(el) <= 2);
    await el.sendMessage('more');
    await rendered(el);
    expect(distanceFromBottom(el)).to.be.at.most(2);
    expect($$(el, '[part~="message-user"]').at(-1)!.textContent).to.include('more');
  });

  it('goes back to the newest messages when the reader sends one from far up', async () => {
    const el = await mountThread(600);
    const transcript = transcriptOf(el);
    for (let page = 0; page < 4; page++) {
      const first = $$(el, '[part~="message"]')[0]!;
      transcript.scrollTop = 0;
      await waitUntil(() => $$(el, '[part~="message"]')[0] !== first, 'a page of earlier entries');
    }
    expect($(el, '[part="load-newer"]')).to.not.equal(null);
    await el.sendMessage('Back to the present');
    await rendered(el);
    expect($(el, '[part="load-newer"]')).to.equal(null);
    expect($$(el, '[part~="message-user"]').at(-1)!.textContent).to.include('Back to the present');
    expect(distanceFromBottom(el)).to.be.at.most(2);
  });
});
