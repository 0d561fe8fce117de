import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, rendered, scenarioUrl } from './helpers.js';

describe('<ag-ui-agent> stream-idle-timeout', () => {
  it('defaults streamIdleTimeoutMs to one minute', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('text')} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    expect(el.streamIdleTimeoutMs).to.equal(60_000);
  });

  it('ends a silent stream after stream-idle-timeout ms with stream_stalled and shows the error banner', async () => {
    // Real timers: the silence is measured from the last event, which arrives over the network at a time the test
    // cannot fake. The drain never ends a stream early (tests/agent/event-drain-idle.test.ts steps a fake clock); here
    // the element's wiring is checked: the attribute, the code, the measured silence and the banner. The silence is
    // counted from the request too, so the limit leaves the scenario's first events room to arrive on a busy machine
    // (at 300 ms, a loaded CI run stalled before "Working on it" came).
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('hang')} stream-idle-timeout="2000" .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    expect(el.streamIdleTimeoutMs).to.equal(2000);
    const errorEvent = oneEvent(el, 'ag-ui-run-error');
    const sent = el.sendMessage('Anyone there?');
    const { detail } = await errorEvent;
    expect(detail.code).to.equal('stream_stalled');
    const idleMs = Number(/sent nothing for (\d+) ms/.exec(detail.message)?.[1]);
    expect(idleMs).to.be.at.least(2000);
    await sent;
    await rendered(el);
    expect(el.running).to.equal(false);
    expect($(el, '[part~="message-assistant"]')!.textContent).to.include('Working on it');
    const banner = $(el, '[part="error-banner"]')!;
    expect(banner.getAttribute('role')).to.equal('alert');
    expect($(el, '[part="error-message"]')!.textContent).to.contain(`${idleMs} ms`);
    expect($(el, '[part~="message-user"]')!.textContent).to.include('Anyone there?');
    await expect(el).to.be.accessible();
  });
});
