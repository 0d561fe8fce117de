import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, scenarioUrl, until } from './helpers.js';
import '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';

const LONG_PLACEHOLDER = 'Ask for the time, a sum, a background colour or a note…';

function lineHeight(input: HTMLElement): number {
  return parseFloat(getComputedStyle(input).lineHeight);
}

/** The textarea's height when it holds `lines` lines (its padding and border included). */
function heightOf(input: HTMLElement, lines: number): number {
  const style = getComputedStyle(input);
  const chrome = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
    (sum, key) => sum + parseFloat(style[key as 'paddingTop']),
    0,
  );
  return lines * lineHeight(input) + chrome;
}

function expectVisibleButton(el: AgUiAgent, part: string, name: string): void {
  const button = $(el, `[part="${part}"]`)!;
  const box = button.getBoundingClientRect();
  const host = el.getBoundingClientRect();
  expect(box.width, `${part} width`).to.be.above(0);
  expect(box.right, `${part} inside the element`).to.be.at.most(host.right);
  expect(button.textContent!.trim(), `${part} name`).to.equal(name);
}

describe('<ag-ui-agent> composer', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('grows with its text up to 8 lines, then scrolls', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent></ag-ui-agent>`);
    const input = $(el, '[part="input"]') as HTMLTextAreaElement;
    const oneLine = input.offsetHeight;
    expect(oneLine).to.be.closeTo(heightOf(input, 1), 2);
    input.focus();
    await sendKeys({ type: 'one' });
    for (const word of ['two', 'three']) {
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Enter' });
      await sendKeys({ up: 'Shift' });
      await sendKeys({ type: word });
    }
    expect(input.offsetHeight).to.be.closeTo(heightOf(input, 3), 2);
    input.value = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    input.dispatchEvent(new InputEvent('input'));
    expect(input.offsetHeight).to.be.closeTo(heightOf(input, 8), 2);
    expect(input.scrollHeight).to.be.above(input.clientHeight);
  });

  it('keeps a long placeholder on one line and both buttons visible, with names, at 390 px', async () => {
    await setViewport({ width: 390, height: 844 });
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('hang')} placeholder=${LONG_PLACEHOLDER}></ag-ui-agent>`,
    );
    const input = $(el, '[part="input"]')!;
    expect(input.offsetHeight).to.be.closeTo(heightOf(input, 1), 2);
    const sending = el.sendMessage('start');
    await until(el, '[part="stop-button"]');
    expect(input.offsetHeight).to.be.closeTo(heightOf(input, 1), 2);
    expectVisibleButton(el, 'stop-button', 'Stop');
    expectVisibleButton(el, 'send-button', 'Send');
    // Icon-only below 420 px: square buttons, the labels visually hidden.
    expect($(el, '[part="send-button"]')!.getBoundingClientRect().width).to.be.below(48);
    await expect(el).to.be.accessible();
    el.stop();
    await sending;
  });

  it('shows the labelled buttons when the element is wide', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent style="width: 600px"></ag-ui-agent>`);
    expect($(el, '[part="send-button"]')!.getBoundingClientRect().width).to.be.above(48);
    expect($(el, '[part="send-button"] .button-icon')!.getBoundingClientRect().width).to.equal(0);
  });
});
