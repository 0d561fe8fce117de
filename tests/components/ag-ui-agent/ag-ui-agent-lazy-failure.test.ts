// A part loaded on first use whose chunk cannot be loaded, as after a deploy removed it: an import map of this page
// (and of no other test file's) sends the parts' module URLs to a path the server does not have, so the element's real
// dynamic `import()` fails with a 404. This file imports none of those modules, so none is resolved before the map.
import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { PartErrorDetail } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.events.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { pushedAgent } from '../../helpers/agent-fixtures.js';
import { $, assistantText, editTool, mount, rendered, scenarioUrl } from './helpers.js';

const PART_MODULES = ['cards/interrupt/interrupt-part', 'cards/approval/approval-part', 'cards/activity/activity-part'];

/** Maps each part's module (as the element imports it, `.js`, or as the test server serves it, `.ts`) to a 404. */
function makePartsUnavailable(): void {
  const folder = new URL('../../../web/src/components/ag-ui-agent/', import.meta.url);
  const imports = Object.fromEntries(
    PART_MODULES.flatMap((name) => ['.js', '.ts'].map((extension) => [new URL(name + extension, folder).href, `/__unavailable__/${name}.js`])),
  );
  const map = document.createElement('script');
  map.type = 'importmap';
  map.textContent = JSON.stringify({ imports });
  document.head.append(map);
}

/** Collects the detail of every `ag-ui-part-error`. */
function partErrors(el: AgUiAgent): PartErrorDetail[] {
  const details: PartErrorDetail[] = [];
  el.addEventListener('ag-ui-part-error', (event) => details.push(event.detail));
  return details;
}

describe('<ag-ui-agent> parts that cannot be loaded', () => {
  before(() => {
    makePartsUnavailable();
  });

  it('shows a contained error in the approval card, fires ag-ui-part-error, and still runs the call on Approve', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(scenarioUrl('tool', { tool: 'edit', args: '{"text":"Buy oat milk"}' }), registry);
    const errors = partErrors(el);
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const sending = el.sendMessage('Edit the note');
    await requested;
    await rendered(el);

    expect(errors.map(({ part, code }) => ({ part, code }))).to.deep.equal([{ part: 'approval', code: 'part_load_failed' }]);
    const approval = $(el, '[part="tool-approval"]')!;
    expect(approval.querySelector('[part="part-error"]')!.getAttribute('data-code')).to.equal('part_load_failed');
    expect(approval.querySelector('[part="part-error"]')!.getAttribute('role')).to.equal('alert');
    await expect(el).to.be.accessible();
    approval.querySelector<HTMLElement>('[part="tool-approval-approve"]')!.click();
    await sending;
    await rendered(el);

    expect(runs).to.deep.equal(['Buy oat milk']);
    expect(assistantText(el)).to.include('Result: {"text":"Buy oat milk"}');
    expect($(el, '[part="tool-approval"]')).to.equal(null);
  });

  it('shows a contained error for an interrupt, with Cancel that resumes the run', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const errors = partErrors(el);
    await el.sendMessage('deploy it');
    await rendered(el);

    expect(errors.map(({ part }) => part)).to.deep.equal(['interrupts']);
    const card = $(el, '[part~="interrupt"]')!;
    expect(card.querySelector('[part="interrupt-message"]')!.textContent!.trim()).to.equal('Approve the deployment?');
    expect(card.querySelector('[part="part-error"]')).to.not.equal(null);
    const finished = oneEvent(el, 'ag-ui-run-finished');
    card.querySelector<HTMLElement>('[part="interrupt-cancel"]')!.click();
    await finished;
    await rendered(el);

    expect(assistantText(el)).to.include('Resumed interrupt-1 (cancelled)');
    expect($(el, '[part~="interrupt"]')).to.equal(null);
  });

  it('shows a contained error in an activity entry and goes on with the conversation', async () => {
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent}></ag-ui-agent>`);
    const errors = partErrors(el);
    const sending = el.sendMessage('Plan the trip');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    const changed = oneEvent(el, 'ag-ui-activity-changed');
    push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'plan-1', activityType: 'PLAN', content: { title: 'Trip plan', steps: [] } } as BaseEvent);
    await changed;
    push({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Planned.' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
    await rendered(el);

    expect(errors.map(({ part }) => part)).to.deep.equal(['activity']);
    expect($(el, '[part~="activity"] [part="part-error"]')).to.not.equal(null);
    expect(assistantText(el)).to.include('Planned.');
  });
});
