// axe on the whole demo page (not only inside the elements) in the states a person sees: finished tool calls, the
// background the agent set ("light blue"), an approval waiting; at 1440 px and at 390 px wide, in the system's light
// and dark mode (and with `theme="dark"` forced), with either developer panel shown (the tool inspector's calls, the
// event log). Serious and critical violations fail the test, each printed with its rule, its help text and the nodes
// it found (axe looks inside open shadow roots).
import 'axe-core/axe.min.js';
import { expect, oneEvent } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { AxeResults, Result } from 'axe-core';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiToolInspector } from '../../web/src/components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import { loadDemoPage } from './demo-page-loader.js';

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}

/** One line per serious or critical violation: rule, impact, help, and the nodes' selectors and axe's summary. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`);
      return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join('\n');
    })
    .join('\n');
}

/** Runs axe on the whole document and fails with the serious and critical violations it reports. */
async function expectNoSeriousViolations(label: string): Promise<void> {
  const results: AxeResults = await window.axe.run(document, { resultTypes: ['violations'] });
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.length, `${label}:\n${describeViolations(serious)}`).to.equal(0);
}

/** Shows a tab of the developer panels (`inspector` or `log`). */
function showTab(tab: 'inspector' | 'log'): void {
  document.querySelector<HTMLButtonElement>(`#tab-${tab}`)!.click();
}

/** axe with each developer panel shown in turn: the inspector on its Calls panel, then the event log. */
async function expectNoSeriousViolationsInPanels(label: string): Promise<void> {
  showTab('inspector');
  await expectNoSeriousViolations(`${label}, tool inspector`);
  showTab('log');
  await expectNoSeriousViolations(`${label}, event log`);
  showTab('inspector');
}

describe('demo page accessibility (axe)', () => {
  let el: AgUiAgent;

  before(async function () {
    this.timeout(60_000); // three runs of the demo agent on a shared machine
    // Reduced motion: the page's colour transitions would have axe read colours halfway between two schemes.
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await setViewport({ width: 1440, height: 900 });
    el = await loadDemoPage();
    el.url = '/api/agent?delay=0'; // the demo agent, without its human-speed typing
    // Finished tool calls (two at once), the page's background changed by the agent, then a state_change tool
    // waiting for the person's approval.
    await el.sendMessage('What time is it in Tokyo, and what is (12 + 3) * 7?');
    await el.sendMessage('Make the background light blue');
    const approval = oneEvent(el, 'ag-ui-tool-approval-requested');
    void el.sendMessage('edit the note to say Buy oat milk').catch(() => {});
    await approval;
    await el.updateComplete;
    document.querySelector<AgUiToolInspector>('ag-ui-tool-inspector')!.panel = 'calls';
  });
  afterEach(async () => {
    el.removeAttribute('theme');
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await setViewport({ width: 1440, height: 900 });
  });
  after(async () => {
    el?.stop();
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  it('has no serious or critical violation at 1440 px in light mode', async function () {
    this.timeout(30_000); // two scans of the whole page on a shared machine
    await expectNoSeriousViolationsInPanels('1440 px, light');
  });

  it('has no serious or critical violation at 1440 px in the system dark mode', async function () {
    this.timeout(30_000);
    await emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectNoSeriousViolationsInPanels('1440 px, prefers-color-scheme: dark');
  });

  it('has no serious or critical violation with theme="dark" on the element', async () => {
    el.setAttribute('theme', 'dark');
    await el.updateComplete;
    await expectNoSeriousViolations('theme="dark"');
  });

  it('has no serious or critical violation at 390 px wide, light and dark', async function () {
    this.timeout(60_000); // four scans of the whole page on a shared machine
    await setViewport({ width: 390, height: 844 });
    await expectNoSeriousViolationsInPanels('390 px, light');
    await emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectNoSeriousViolationsInPanels('390 px, dark');
  });
});
