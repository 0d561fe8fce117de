import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { HttpAgent } from '@ag-ui/client';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, rendered, scenarioUrl } from './helpers.js';

/** Bold, italic, bold italic; the code stack regular, bold, 600, italic. */
const STYLE_SAMPLES = 7;

// One page per test file: this file's page has laid out none of the transcript's fonts yet.
describe('<ag-ui-agent> font warm-up', () => {
  it('lays out each font the transcript uses after its first render, in warm-up steps, hidden from sight and from assistive technology', async () => {
    const agent = new HttpAgent({
      url: scenarioUrl('text'),
      initialMessages: [{ id: 'a1', role: 'assistant', content: 'Some `code`.' }],
    });
    // The page's own code font stack: its families are looked up one by one.
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent style="--ag-ui-code-font-family: 'Test Mono', Courier, monospace" .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    const box = $(el, '.font-warm-up')!;
    // Not in the first render: laid out together there, they made the mount task 54 ms instead of 20 on Linux.
    expect(box.childElementCount).to.equal(0);
    await waitUntil(() => box.childElementCount === 3 + STYLE_SAMPLES, 'the font samples to be laid out', { timeout: 10_000 });
    const families = [...box.children].slice(0, 3).map((sample) => (sample as HTMLElement).style.fontFamily);
    expect(families).to.deep.equal(['"Test Mono"', 'Courier', 'monospace']);
    await rendered(el);
    expect(box.getAttribute('aria-hidden')).to.equal('true');
    expect(getComputedStyle(box).visibility).to.equal('hidden');
    const rect = box.getBoundingClientRect();
    expect(rect.width * rect.height).to.be.at.most(1);
    const code = box.querySelector('code')!;
    expect(getComputedStyle(code).fontFamily).to.equal('"Test Mono"');
    const stack = box.querySelector('code:not([style])')!;
    expect(getComputedStyle(stack).fontFamily).to.equal('"Test Mono", Courier, monospace');
    expect(getComputedStyle(stack).fontFamily).to.equal(getComputedStyle($(el, '.markdown code')!).fontFamily);
    expect(getComputedStyle(box.querySelector('code.semibold')!).fontWeight).to.equal('600');
    expect(getComputedStyle(box.querySelector('strong em')!).fontStyle).to.equal('italic');
    expect(getComputedStyle(box.querySelector('code em')!).fontStyle).to.equal('italic');
    await expect(el).to.be.accessible();

    // A second element on the page has nothing to look up: the lookups are cached per page.
    const other = await fixture<AgUiAgent>(html`<ag-ui-agent .registry=${new ToolRegistry()}></ag-ui-agent>`);
    await new Promise((resolve) => requestIdleCallback(resolve));
    await new Promise((resolve) => requestIdleCallback(resolve));
    expect($(other, '.font-warm-up')!.childElementCount).to.equal(0);
  });
});
