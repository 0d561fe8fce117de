import { expect } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import sinon from 'sinon';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, $$, assistantText, mount, rendered, scenarioUrl } from './helpers.js';

const MARKDOWN = 'Use **bold** and `code`.';

/** An element showing the reply `text` (the scripted text agent), finished. */
async function withReply(text: string): Promise<AgUiAgent> {
  const el = await mount(scenarioUrl('text', { text }));
  await el.sendMessage('Say it');
  await rendered(el);
  await waitUntil(() => assistantText(el).includes('bold'), 'the reply');
  return el;
}

describe('<ag-ui-agent> copy', () => {
  // The clipboard needs a user gesture and a permission in headless Chromium: the test stubs it.
  afterEach(() => sinon.restore());

  it("copies an agent message's markdown source and says Copied", async () => {
    const writeText = sinon.stub(navigator.clipboard, 'writeText').resolves();
    const el = await withReply(MARKDOWN);
    const copy = $(el, '[part~="message-assistant"] [part="message-copy"]')!;
    expect(copy.textContent!.trim()).to.equal('Copy');
    await expect(el).to.be.accessible();
    copy.click();
    await waitUntil(() => copy.textContent!.trim() === 'Copied', 'the Copied feedback');
    expect(writeText).to.have.been.calledOnceWith(MARKDOWN);
    expect($$(el, '[part~="message-user"] [part="message-copy"]')).to.have.length(0);
  });

  it('says Copy failed when the clipboard refuses', async () => {
    sinon.stub(navigator.clipboard, 'writeText').rejects(new DOMException('Denied', 'NotAllowedError'));
    const el = await withReply(MARKDOWN);
    const copy = $(el, '[part="message-copy"]')!;
    copy.click();
    await waitUntil(() => copy.textContent!.trim() === 'Copy failed', 'the failure feedback');
  });

  it('shows no Copy on a reply still being written', async () => {
    const el = await mount(scenarioUrl('hang', { text: 'Working on it' }));
    const sending = el.sendMessage('start');
    await waitUntil(() => assistantText(el).includes('Working on it'), 'the first text to stream');
    expect($(el, '[part="message-copy"]')).to.equal(null);
    el.stop();
    await sending;
    await rendered(el);
    expect($(el, '[part="message-copy"]')).to.not.equal(null);
  });
});
