// axe on the demo page in the states a person sees: after a tool call and with an approval waiting, in light mode,
// with `theme="dark"` forced, in the system's dark mode, and at 390 px wide. Serious and critical violations fail the
// test, each printed with its rule, its help text and the nodes it found (axe looks inside open shadow roots).
import 'axe-core/axe.min.js';
import { expect, oneEvent } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import type { AxeResults, Result } from 'axe-core';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
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

describe('demo page accessibility (axe)', () => {
  let el: AgUiAgent;

  before(async function () {
    this.timeout(60_000); // two runs of the demo agent on a shared machine
    // Reduced motion: the page's colour transitions would have axe read colours halfway between two schemes.
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await setViewport({ width: 1280, height: 900 });
    el = await loadDemoPage();
    // A finished tool call, then a state_change tool waiting for the person's approval.
    await el.sendMessage('what is (12 + 3) * 7?');
    const approval = oneEvent(el, 'ag-ui-tool-approval-requested');
    void el.sendMessage('edit the note to say Buy oat milk').catch(() => {});
    await approval;
    await el.updateComplete;
  });
  afterEach(async () => {
    el.removeAttribute('theme');
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await setViewport({ width: 1280, height: 900 });
  });
  after(async () => {
    el?.stop();
    await emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  });

  it('has no serious or critical violation in light mode', async () => {
    await expectNoSeriousViolations('light');
  });

  it('has no serious or critical violation with theme="dark" on the element', async () => {
    el.setAttribute('theme', 'dark');
    await el.updateComplete;
    await expectNoSeriousViolations('theme="dark"');
  });

  it('has no serious or critical violation in the system dark mode', async () => {
    await emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectNoSeriousViolations('prefers-color-scheme: dark');
  });

  it('has no serious or critical violation at 390 px wide, light and dark', async () => {
    await setViewport({ width: 390, height: 844 });
    await expectNoSeriousViolations('390 px, light');
    await emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await expectNoSeriousViolations('390 px, dark');
  });
});
