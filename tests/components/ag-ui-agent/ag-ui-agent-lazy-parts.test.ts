// What a page may never use (the interrupt cards, the approval card, activity views) is loaded on first use. The test
// runner serves one file per module, so the page's resource entries say which modules were requested, and when.
// This file imports none of those modules itself; its tests run in order, each part still unloaded when it begins.
import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';

// The resource timing buffer holds 250 entries by default, fewer than the modules of a test page: make room, then
// load the element (and everything the tests use) from here on, so that every module it requests has an entry.
performance.setResourceTimingBufferSize(100_000);
const { ToolRegistry } = await import('../../../web/src/tools/index.js');
const { pushedAgent } = await import('../../helpers/agent-fixtures.js');
const { $, $$, assistantText, echoArgsTool, editTool, mount, rendered, scenarioUrl } = await import('./helpers.js');

/** The modules of each lazy part (its entry, and what only it uses). */
const PARTS = {
  interrupts: ['interrupt-part', 'interrupt-controller', 'render-interrupt', 'render-interrupt.styles', 'interrupt-form'],
  approval: ['approval-part', 'render-tool-approval', 'render-tool-approval.styles', 'approval-focus-controller', 'edited-arguments'],
  activity: ['activity-part', 'render-activity', 'render-activity.styles', 'a2ui-activity'],
  toolSources: ['tool-sources-part', 'tool-sources-controller', 'webmcp-expose-controller'],
} as const;

/** Whether the page has requested the module `name` (a file name without extension). */
function wasRequested(name: string): boolean {
  const file = new RegExp(`/${name.replace('.', '\\.')}\\.[jt]s$`);
  return performance.getEntriesByType('resource').some((entry) => file.test(new URL(entry.name).pathname));
}

/** The modules of `PARTS` the page has requested so far. */
function requested(part: keyof typeof PARTS): string[] {
  return PARTS[part].filter(wasRequested);
}

describe('<ag-ui-agent> parts loaded on first use', () => {
  it('loads no interrupt, approval, activity or tool source module for a streamed reply and a frontend tool', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await mount(scenarioUrl('tool', { tool: 'echo', args: '{"text":"hi"}' }), registry);
    await el.sendMessage('Echo hi');
    await rendered(el);

    expect(assistantText(el)).to.include('Result: {"text":"hi"}');
    expect($(el, '[part~="tool-call-succeeded"]')).to.not.equal(null);
    // What the page did load has entries (the check below sees requests).
    expect(['ag-ui-agent', 'render-tool-call', 'markdown'].filter(wasRequested)).to.have.length(3);
    expect(requested('interrupts')).to.deep.equal([]);
    expect(requested('approval')).to.deep.equal([]);
    expect(requested('activity')).to.deep.equal([]);
    expect(requested('toolSources')).to.deep.equal([]);
  });

  it('loads the interrupt cards when the first interrupt arrives, and shows them by updateComplete', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    expect(requested('interrupts')).to.deep.equal([]);
    await el.sendMessage('deploy it');
    await rendered(el);

    expect(requested('interrupts')).to.deep.equal([...PARTS.interrupts]);
    expect($(el, '[part="part-loading"]')).to.equal(null);
    const card = $(el, '[part~="interrupt"]')!;
    expect($(el, '[part="interrupt-message"]')!.textContent!.trim()).to.equal('Approve the deployment?');
    // Its styles apply in the shadow root: the card is drawn as a card.
    expect(getComputedStyle(card).borderTopStyle).to.equal('solid');
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part~="interrupt-input"]'));
  });

  it('loads the approval card when a call first waits for approval, and shows it by updateComplete', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(scenarioUrl('tool', { tool: 'edit', args: '{"text":"Buy oat milk"}' }), registry);
    expect(requested('approval')).to.deep.equal([]);
    const requestedApproval = oneEvent(el, 'ag-ui-tool-approval-requested');
    const sending = el.sendMessage('Edit the note');
    await requestedApproval;
    await rendered(el);

    expect(requested('approval')).to.deep.equal([...PARTS.approval]);
    expect($(el, '[part="part-loading"]')).to.equal(null);
    const approval = $(el, '[part="tool-approval"]')!;
    expect(getComputedStyle(approval).borderTopStyle).to.equal('solid');
    expect(el.shadowRoot!.activeElement).to.equal(approval);
    $(el, '[part="tool-approval-approve"]')!.click();
    await sending;
    expect(runs).to.deep.equal(['Buy oat milk']);
  });

  it('loads the activity views when the transcript first holds an activity', async () => {
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent}></ag-ui-agent>`);
    const sending = el.sendMessage('Plan the trip');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    await rendered(el);
    expect(requested('activity')).to.deep.equal([]);

    const changed = oneEvent(el, 'ag-ui-activity-changed');
    push({
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: 'plan-1',
      activityType: 'PLAN',
      content: { title: 'Trip plan', steps: [{ title: 'Book flights', status: 'in_progress' }] },
    } as BaseEvent);
    await changed;
    await rendered(el);

    expect(requested('activity')).to.deep.equal([...PARTS.activity]);
    expect($(el, '[part="part-loading"]')).to.equal(null);
    expect($$(el, '[part~="activity-step"]').map((step) => step.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal(['◐ Book flights In progress']);
    expect(getComputedStyle($(el, '.activity-step')!).display).to.equal('flex');
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
  });
});
