// Its own file (its own page): here `ag-ui-lit/a2ui` is never imported, so no A2UI renderer is registered.
import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect, fixture, html } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { pushedAgent } from '../../helpers/agent-fixtures.js';
import { waitUntil } from '../../helpers/wait-until.js';
import { showActivities } from './a2ui-run.js';
import { $, $$ } from './helpers.js';

describe('<ag-ui-agent> A2UI surfaces without ag-ui-lit/a2ui', () => {
  it('shows a contained notice to import ag-ui-lit/a2ui, fires ag-ui-a2ui-error, and the rest of the transcript renders', async () => {
    const { el, errors } = await showActivities(
      [
        {
          type: EventType.ACTIVITY_SNAPSHOT,
          messageId: 'surface',
          activityType: 'a2ui-surface',
          content: { a2ui_operations: [{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'basic' } }] },
        } as BaseEvent,
      ],
      1,
    );
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ messageId: 'surface', code: 'a2ui_unavailable' });
    const notice = $(el, '[data-message-id="surface"] [part="a2ui-error"]')!;
    expect(notice.getAttribute('role')).to.equal('alert');
    expect(notice.dataset.code).to.equal('a2ui_unavailable');
    expect(notice.textContent).to.include("import 'ag-ui-lit/a2ui'");
    expect($(el, '[part~="a2ui-surface"]')).to.equal(null);
    expect($$(el, '[part~="message-assistant"]').map((node) => node.textContent ?? '').join()).to.contain('Here it is.');
    await expect(el).to.be.accessible();
  });

  it('shows the middleware lifecycle (building) without the entry', async () => {
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent}></ag-ui-agent>`);
    const sending = el.sendMessage('Build');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 's1', activityType: 'a2ui-surface', content: { status: 'building', progressTokens: 40 } } as BaseEvent);
    await waitUntil(() => $(el, '[part="a2ui-loading"]')?.textContent?.includes('40 tokens'), 'the building state is not shown');
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
  });
});
