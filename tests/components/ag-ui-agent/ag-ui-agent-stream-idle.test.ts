import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { RunErrorDetail } from '../../../web/src/agent/types.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, rendered, scenarioUrl } from './helpers.js';

describe('<ag-ui-agent> stream-idle-timeout', () => {
  it('defaults streamIdleTimeoutMs to one minute', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('text')} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    expect(el.streamIdleTimeoutMs).to.equal(60_000);
  });

  it('ends a silent stream after stream-idle-timeout ms with stream_stalled and shows the error banner', async () => {
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('hang')} stream-idle-timeout="30000" .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    expect(el.streamIdleTimeoutMs).to.equal(30_000);
    const errors: RunErrorDetail[] = [];
    el.addEventListener('ag-ui-run-error', (event) => errors.push(event.detail));
    const errorEvent = oneEvent(el, 'ag-ui-run-error');
    // Only the timers are faked (animation frames are not): restored before the element renders.
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let sent: Promise<void>;
    try {
      sent = el.sendMessage('Anyone there?');
      await clock.tickAsync(29_999);
      expect(errors).to.have.length(0);
      expect(el.running).to.equal(true);
      await clock.tickAsync(1);
    } finally {
      clock.restore();
    }
    expect((await errorEvent).detail.code).to.equal('stream_stalled');
    await sent;
    await rendered(el);
    expect(el.running).to.equal(false);
    const banner = $(el, '[part="error-banner"]')!;
    expect(banner.getAttribute('role')).to.equal('alert');
    expect($(el, '[part="error-message"]')!.textContent).to.contain('30000 ms');
    expect($(el, '[part~="message-user"]')!.textContent).to.include('Anyone there?');
    await expect(el).to.be.accessible();
  });
});
