import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import { SseHttpAgent } from '../../../web/src/agent/sse-http-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, $$, assistantText, echoArgsTool, editTool, mount, rendered, scenarioUrl, until } from './helpers.js';
import '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';

/** Waits until the run's first text streamed in a `hang` scenario (the run is then open until stopped). */
async function hanging(el: AgUiAgent): Promise<{ sending: Promise<void> }> {
  const sending = el.sendMessage('start something long');
  await waitUntil(() => assistantText(el).includes('Working on it'), 'the first text to stream');
  return { sending };
}

describe('<ag-ui-agent> Escape', () => {
  for (const part of ['input', 'transcript']) {
    it(`stops a run when Escape is pressed in the ${part}, and moves focus to the input`, async () => {
      const el = await mount(scenarioUrl('hang', { text: 'Working on it' }));
      const { sending } = await hanging(el);
      $(el, `[part~="${part}"]`)!.focus();
      await sendKeys({ press: 'Escape' });
      await sending;
      await rendered(el);
      expect({ running: el.running, stop: $(el, '[part="stop-button"]'), banner: $(el, '[part="error-banner"]') }).to.deep.equal({
        running: false,
        stop: null,
        banner: null,
      });
      expect(el.shadowRoot!.activeElement).to.equal($(el, '[part="input"]'));
    });
  }

  it("leaves Escape in an approval's reason field to the field, and stops on the card's buttons", async () => {
    const registry = new ToolRegistry();
    registry.register(editTool([]));
    const el = await mount(scenarioUrl('tool', { tool: 'edit', args: '{"text":"hi"}' }), registry);
    const sending = el.sendMessage('edit it');
    const reason = await until(el, '[part="tool-approval-reason"]');
    reason.focus();
    await sendKeys({ press: 'Escape' });
    await rendered(el);
    expect(el.running).to.equal(true);
    expect($(el, '[part="tool-approval"]')).to.not.equal(null);
    $(el, '[part="tool-approval-deny"]')!.focus();
    await sendKeys({ press: 'Escape' });
    await sending;
    expect(el.running).to.equal(false);
  });

  it('does nothing when idle', async () => {
    const el = await mount(scenarioUrl('text'));
    const input = $(el, '[part="input"]') as HTMLTextAreaElement;
    input.focus();
    await sendKeys({ type: 'draft' });
    await sendKeys({ press: 'Escape' });
    expect(input.value).to.equal('draft');
    expect(el.messages).to.have.length(0);
  });
});

describe('<ag-ui-agent> Retry', () => {
  it('re-runs the agent on the same conversation after a failed request', async () => {
    // The first request fails (HTTP 500); the next ones reach the scripted text agent.
    const requests: { url: string; body: string }[] = [];
    const agent = new SseHttpAgent({
      url: scenarioUrl('http-500', { message: 'Scripted failure' }),
      fetch: (url, init) => {
        requests.push({ url: String(url), body: String(init?.body) });
        return fetch(requests.length === 1 ? url : scenarioUrl('text', { text: 'Answered on retry.' }), init);
      },
    });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-run-error');
    await el.sendMessage('this fails first');
    expect((await failed).detail.code).to.equal('http_error');
    await rendered(el);
    const retry = $(el, '[part="error-retry"]')!;
    expect(retry.textContent!.trim()).to.equal('Retry');
    await expect(el).to.be.accessible();

    const finished = oneEvent(el, 'ag-ui-run-finished');
    retry.click();
    await finished;
    await rendered(el);
    expect(requests).to.have.length(2);
    expect(JSON.parse(requests[1]!.body).messages.map((m: { content: string }) => m.content)).to.deep.equal(['this fails first']);
    expect($$(el, '[part~="message-user"]')).to.have.length(1);
    expect(assistantText(el)).to.include('Answered on retry.');
    expect($(el, '[part="error-banner"]')).to.equal(null);
  });

  it('offers Retry after a RUN_ERROR', async () => {
    const el = await mount(scenarioUrl('run-error'));
    const failed = oneEvent(el, 'ag-ui-run-error');
    await el.sendMessage('go');
    expect((await failed).detail.code).to.equal('run_error');
    await rendered(el);
    expect($(el, '[part="error-retry"]')).to.not.equal(null);
  });

  it('offers no Retry when the loop guard stopped the turn', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('always-tool')} max-tool-iterations="1" .registry=${registry}></ag-ui-agent>`,
    );
    const failed = oneEvent(el, 'ag-ui-run-error');
    await el.sendMessage('loop');
    expect((await failed).detail.code).to.equal('max_tool_iterations');
    await rendered(el);
    expect($(el, '[part="error-banner"]')).to.not.equal(null);
    expect($(el, '[part="error-retry"]')).to.equal(null);
  });
});
