import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiToolInspector } from '../../web/src/components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import { HttpThreadStore } from '../../web/src/persistence/index.js';
import { loadDemoPage } from './demo-page-loader.js';

/** The scheme, with reduced motion each time (an emulation replaces the previous one's media features). */
async function scheme(colorScheme: 'light' | 'dark'): Promise<void> {
  await emulateMedia({ colorScheme, reducedMotion: 'reduce' });
}

/** WCAG contrast ratio of two computed colours (`rgb(r, g, b)`). */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string): number => {
    const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Whether a box lies wholly within the viewport. */
function inView(box: DOMRect): boolean {
  return box.top >= 0 && box.bottom <= innerHeight;
}

/** Axe on the whole page: no serious or critical violation. */
async function expectNoSeriousViolations(): Promise<void> {
  await expect(document.body).to.be.accessible();
}

describe('demo page', () => {
  let el: AgUiAgent;

  before(async function () {
    this.timeout(60_000); // the first load transforms the whole demo's module graph; slow on a shared machine
    // The page's background transition would have axe read colours halfway between the schemes.
    await scheme('light');
    el = await loadDemoPage();
  });
  afterEach(async () => {
    await scheme('light');
    await setViewport({ width: 800, height: 600 });
  });
  after(async () => {
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  it('shows the element first, then its saved conversations and the developer panels', () => {
    const main = document.querySelector('main')!;
    expect([...main.children].slice(0, 3).map((child) => child.localName + (child.className ? `.${child.className}` : ''))).to.deep.equal([
      'ag-ui-agent',
      'ag-ui-thread-list',
      'section.log',
    ]);
    expect(el.store).to.be.instanceOf(HttpThreadStore);
  });

  it('says which agent it talks to: the scripted one when the server has no model configured', async () => {
    await waitUntil(() => document.querySelector('#agent-info-name')?.textContent?.includes('scripted') === true, 'the agent line');
    expect(document.querySelector('#agent-info')!.textContent).to.match(/Talking to: scripted demo agent \(no LLM\)/);
  });

  it('puts the conversations in a column left of the element on a wide screen', async () => {
    await setViewport({ width: 1280, height: 800 });
    const list = document.querySelector('ag-ui-thread-list')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    expect(list.right).to.be.at.most(box.left);
    expect(list.top).to.be.closeTo(box.top, 1);
  });

  it('shows the tool inspector beside the element, with the event log as the other tab', async () => {
    await setViewport({ width: 1280, height: 800 });
    const inspector = document.querySelector<AgUiToolInspector>('section.log ag-ui-tool-inspector')!;
    // The page's five tools and the two of the dev server's MCP notes server.
    await waitUntil(() => inspector.shadowRoot?.querySelectorAll('[part~="tool"]').length === 7, 'the demo tools listed');
    const names = [...inspector.shadowRoot!.querySelectorAll('[part~="tool-name"]')].map((node) => node.textContent);
    expect(names).to.have.members([
      'calculator',
      'get_current_time',
      'change_background',
      'edit_note',
      'pick_color',
      'mcp__notes__list_notes',
      'mcp__notes__add_note',
    ]);
    const panel = document.querySelector('section.log')!.getBoundingClientRect();
    expect(panel.left).to.be.at.least(el.getBoundingClientRect().right);
    expect(inspector.getBoundingClientRect().height).to.be.above(200);

    const [inspectorTab, logTab] = [...document.querySelectorAll<HTMLButtonElement>('section.log [role="tab"]')];
    expect(inspectorTab!.getAttribute('aria-selected')).to.equal('true');
    expect(document.querySelector<HTMLElement>('#log')!.offsetParent).to.equal(null);
    logTab!.click();
    expect(logTab!.getAttribute('aria-selected')).to.equal('true');
    expect(document.querySelector<HTMLElement>('#log')!.offsetParent).to.not.equal(null);
    expect(inspector.offsetParent).to.equal(null);
    logTab!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(document.activeElement).to.equal(inspectorTab);
    expect(inspector.offsetParent).to.not.equal(null);
  });

  it('has no serious accessibility violation in light and dark mode', async function () {
    this.timeout(30_000); // two axe scans of the whole page on a shared machine
    await scheme('light');
    await expectNoSeriousViolations();
    await scheme('dark');
    expect(getComputedStyle(document.body).backgroundColor).to.equal('rgb(1, 4, 9)');
    expect(getComputedStyle(el).backgroundColor).to.equal('rgb(13, 17, 23)');
    await expectNoSeriousViolations();
  });

  it('fits a 390 px phone: the note, then the element above the log, nothing wider than the screen', async function () {
    this.timeout(30_000); // two axe scans of the whole page on a shared machine
    await setViewport({ width: 390, height: 844 });
    await waitUntil(() => el.getBoundingClientRect().width < 390, 'the one-column layout');
    const box = el.getBoundingClientRect();
    const log = document.querySelector('section.log')!.getBoundingClientRect();
    const list = document.querySelector('ag-ui-thread-list')!.getBoundingClientRect();
    expect(document.querySelector('.note')!.getBoundingClientRect().bottom).to.be.at.most(box.top);
    expect(box.top).to.be.below(300);
    expect(list.top).to.be.at.least(box.bottom);
    expect(log.top).to.be.at.least(list.bottom);
    expect(document.documentElement.scrollWidth).to.be.at.most(390);
    const input = el.shadowRoot!.querySelector<HTMLElement>('[part="input"]')!;
    expect(input.offsetHeight).to.be.below(2 * parseFloat(getComputedStyle(input).lineHeight));
    await expectNoSeriousViolations();
    await scheme('dark');
    await expectNoSeriousViolations();
  });

  it('lets the keyboard scroll the event log: a focusable region named by its heading', async () => {
    await setViewport({ width: 1280, height: 800 });
    document.querySelector<HTMLButtonElement>('#tab-log')!.click();
    for (let i = 0; i < 120; i++) el.dispatchEvent(new CustomEvent('ag-ui-state-changed', { detail: { step: i } }));
    const region = document.querySelector<HTMLElement>('#log-scroll')!;
    expect(region.getAttribute('role')).to.equal('region');
    expect(document.getElementById(region.getAttribute('aria-labelledby')!)!.textContent).to.equal('Events fired by the element');
    expect(region.scrollHeight).to.be.above(region.clientHeight);
    expect(region.tabIndex).to.equal(0);
    region.focus();
    expect(document.activeElement).to.equal(region);
    // Chromium scrolls by keyboard what its compositor knows to be scrollable: let the new items reach a frame first.
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await frames();
    await sendKeys({ press: 'Home' });
    await waitUntil(() => region.scrollTop === 0, 'Home scrolls to the first event');
    await frames();
    await sendKeys({ press: 'PageDown' });
    await waitUntil(() => region.scrollTop > 0, 'Page Down scrolls the log');
    document.querySelector<HTMLButtonElement>('#tab-inspector')!.click();
  });

  it('on a 390 px phone keeps the note and the composer in sight, with no empty space above the composer', async function () {
    this.timeout(30_000); // a demo agent run with an approval on a shared machine
    await setViewport({ width: 390, height: 844 });
    el.url = '/api/agent?delay=0';
    el.reset();
    scrollTo(0, 0);
    await waitUntil(() => el.getBoundingClientRect().width < 390, 'the one-column layout');
    await el.updateComplete;
    const chips = [...el.shadowRoot!.querySelectorAll('[part~="suggestion"]')];
    const composer = el.shadowRoot!.querySelector('[part~="composer"]')!.getBoundingClientRect();
    expect(chips.length).to.be.above(0);
    expect(composer.top - chips.at(-1)!.getBoundingClientRect().bottom).to.be.below(80);
    expect(inView(composer)).to.equal(true);

    const sending = el.sendMessage('Edit the note to say Buy bread');
    await waitUntil(() => el.shadowRoot!.querySelector('[part="tool-approval-approve"]') !== null, 'the approval card');
    el.shadowRoot!.querySelector<HTMLElement>('[part="tool-approval-approve"]')!.click();
    await sending;
    await el.updateComplete;
    expect(document.querySelector('#note-text')!.textContent).to.equal('Buy bread');
    expect(inView(document.querySelector('.note')!.getBoundingClientRect())).to.equal(true);
    expect(inView(el.shadowRoot!.querySelector('[part~="composer"]')!.getBoundingClientRect())).to.equal(true);
  });

  it('keeps the text on the page readable (4.5:1) on the background the agent sets, also in dark mode', async function () {
    this.timeout(30_000); // a demo agent run on a shared machine
    await scheme('dark');
    el.url = '/api/agent?delay=0';
    await el.sendMessage('Make the background light blue');
    const background = getComputedStyle(document.body).backgroundColor;
    expect(background).to.equal('rgb(173, 216, 230)');
    for (const selector of ['header h1', 'header p', 'aside .try']) {
      const ratio = contrastRatio(getComputedStyle(document.querySelector(selector)!).color, background);
      expect(ratio, selector).to.be.at.least(4.5);
    }
    for (const property of ['--demo-background', '--demo-on-background', '--demo-on-background-muted']) {
      document.documentElement.style.removeProperty(property);
    }
  });
});
