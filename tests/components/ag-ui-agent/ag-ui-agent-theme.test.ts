import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { emulateMedia } from '@web/test-runner-commands';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, assistantText, rendered, scenarioUrl } from './helpers.js';
import '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';

const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
const DARK_BACKGROUND = 'rgb(13, 17, 23)';

function background(el: AgUiAgent): string {
  return getComputedStyle(el).backgroundColor;
}

/** An element with a short reply on screen, so the contrast check sees messages and the composer. */
async function withReply(theme?: string): Promise<AgUiAgent> {
  const el = await fixture<AgUiAgent>(
    html`<ag-ui-agent url=${scenarioUrl('text', { text: 'A [link](https://example.com) and `code`.' })} theme=${theme ?? 'auto'}></ag-ui-agent>`,
  );
  await el.sendMessage('Hello');
  await waitUntil(() => assistantText(el).includes('and'), 'the reply');
  await rendered(el);
  return el;
}

describe('<ag-ui-agent> theme', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  it('uses the light colours by default and reflects theme="auto"', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent></ag-ui-agent>`);
    expect(el.theme).to.equal('auto');
    expect(el.getAttribute('theme')).to.equal('auto');
    expect(background(el)).to.equal(LIGHT_BACKGROUND);
  });

  it('turns dark under prefers-color-scheme: dark, with accessible contrast', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await withReply();
    expect(background(el)).to.equal(DARK_BACKGROUND);
    expect(getComputedStyle($(el, '[part~="transcript"]')!).color).to.equal('rgb(230, 237, 243)');
    await expect(el).to.be.accessible();
  });

  it('stays light with theme="light" under prefers-color-scheme: dark', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent theme="light"></ag-ui-agent>`);
    expect(background(el)).to.equal(LIGHT_BACKGROUND);
  });

  it('turns dark with theme="dark" under prefers-color-scheme: light, and back with the property', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const el = await withReply('dark');
    expect(background(el)).to.equal(DARK_BACKGROUND);
    await expect(el).to.be.accessible();
    el.theme = 'light';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('light');
    expect(background(el)).to.equal(LIGHT_BACKGROUND);
  });

  it("keeps the page's own colour in dark mode", async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent style="--ag-ui-color-background: #202020"></ag-ui-agent>`);
    expect(background(el)).to.equal('rgb(32, 32, 32)');
  });

  it('draws the focus ring in the accent colour, the page’s accent included', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent style="--ag-ui-color-accent: #7c3aed"></ag-ui-agent>`);
    const input = $(el, '[part~="input"]')!;
    input.focus();
    const style = getComputedStyle(input);
    expect(style.outlineColor).to.equal('rgb(124, 58, 237)');
    expect(style.outlineStyle).to.equal('solid');
  });

  it('drops transitions and smooth scrolling under prefers-reduced-motion: reduce', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent></ag-ui-agent>`);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('* { transition: opacity 1s; scroll-behavior: smooth; }');
    el.shadowRoot!.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets, sheet];
    const transcript = $(el, '[part~="transcript"]')!;
    expect(getComputedStyle(transcript).transitionDuration).to.equal('0s');
    expect(getComputedStyle(transcript).scrollBehavior).to.equal('auto');
    await emulateMedia({ reducedMotion: 'no-preference' });
    expect(getComputedStyle(transcript).transitionDuration).to.equal('1s');
  });
});
