import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiToolInspector } from '../../../web/src/components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import { MemoryThreadStore } from '../../../web/src/persistence/index.js';
import { ToolExecutionManager, ToolRegistry, TransientToolError } from '../../../web/src/tools/index.js';
import { waitUntil } from '../../helpers/wait-until.js';
import { scenarioUrl } from '../ag-ui-agent/helpers.js';
import { $, $$, CARD_NUMBER, lookupTool, payTool, showPanel, text } from './helpers.js';
import '../../../web/src/index.js';
import '../../../web/src/inspector.js';

async function mountCalls(registry: ToolRegistry, manager: ToolExecutionManager): Promise<AgUiToolInspector> {
  return fixture<AgUiToolInspector>(
    html`<ag-ui-tool-inspector panel="calls" .registry=${registry} .manager=${manager}></ag-ui-tool-inspector>`,
  );
}

describe('<ag-ui-tool-inspector> calls', () => {
  afterEach(() => sinon.restore());

  it('shows a retrying call with each attempt, its error and the backoff after it', async () => {
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager(undefined, { baseDelayMs: 100, maxDelayMs: 1000 }, { random: () => 1 });
    let attempt = 0;
    const tool = registry.register(
      lookupTool((args) => {
        attempt++;
        if (attempt < 3) throw new TransientToolError(`flaky ${attempt}`);
        return args;
      }),
    );
    const el = await mountCalls(registry, manager);
    const running = manager.execute(tool, 'call-1', { query: 'a' });
    await clock.tickAsync(1000);
    expect((await running).success).to.equal(true);
    clock.restore();
    await el.updateComplete;

    expect(text(el, '[part~="call-attempts"]')).to.equal('attempt 3/3');
    $(el, '[part~="call-summary"]')!.click();
    await el.updateComplete;
    expect($(el, '[part~="call-summary"]')!.getAttribute('aria-expanded')).to.equal('true');
    const attempts = $$(el, '[part~="attempt"]').map((node) => node.textContent!.replace(/\s+/g, ' ').trim());
    expect(attempts).to.deep.equal([
      'Attempt 1: transient: flaky 1 , then waited 100 ms',
      'Attempt 2: transient: flaky 2 , then waited 200 ms',
      'Attempt 3: succeeded',
    ]);
    const record = JSON.parse($(el, '[part~="call-record"] pre')!.textContent!) as Record<string, unknown>;
    expect(record).to.include({ toolCallId: 'call-1', status: 'succeeded', origin: 'agent' });
    expect(record.backoffDelaysMs).to.deep.equal([100, 200]);
  });

  it('filters by tool and status', async () => {
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager();
    const lookup = registry.register(lookupTool());
    const other = registry.register({ ...lookupTool(), name: 'other' });
    await manager.execute(lookup, 'a', { query: 'a' });
    await manager.execute(lookup, 'b', { query: 1 });
    await manager.execute(other, 'c', { query: 'c' });
    const el = await mountCalls(registry, manager);
    expect($$(el, '[part~="call"]').length).to.equal(3);

    const [toolFilter, statusFilter] = $$(el, '[part~="filter"]') as HTMLSelectElement[];
    toolFilter!.value = 'lookup';
    toolFilter!.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect($$(el, '[part~="call-tool"]').map((node) => node.textContent)).to.deep.equal(['lookup', 'lookup']);
    statusFilter!.value = 'failed';
    statusFilter!.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect($$(el, '[part~="call"]').map((node) => node.dataset.status)).to.deep.equal(['failed']);
    expect(text(el, '[part~="calls-count"]')).to.equal('Showing 1 of 1 calls (3 in all)');
  });

  it('keeps its DOM bounded with 10,000 executions, and shows more on request', async () => {
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager(undefined, undefined, { historyLimit: 10 });
    const tool = registry.register(lookupTool());
    const el = await mountCalls(registry, manager);
    const nodesBefore = el.shadowRoot!.querySelectorAll('*').length;
    await Promise.all(Array.from({ length: 10_000 }, (_, i) => manager.execute(tool, `call-${i}`, { query: String(i) })));
    await el.updateComplete;

    expect(text(el, '[part~="calls-count"]')).to.equal('Showing 100 of 10000 calls');
    expect($$(el, '[part~="call"]').length).to.equal(100);
    expect($(el, '[part~="call"]')!.dataset.executionId).to.equal(manager.getExecutionsForToolCall('call-9999')[0]!.id);
    const nodes = el.shadowRoot!.querySelectorAll('*').length;
    expect(nodes - nodesBefore).to.be.below(1500);

    $(el, '[part~="show-more"]')!.click();
    await el.updateComplete;
    expect($$(el, '[part~="call"]').length).to.equal(200);
    await showPanel(el, 'tools');
    expect(el.shadowRoot!.querySelectorAll('*').length).to.be.below(200);
    expect(text(el, '[data-stat="calls"]')).to.equal('10000');
  });

  it('exports the timeline as a JSON download', async () => {
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager();
    const tool = registry.register(lookupTool());
    await manager.execute(tool, 'call-1', { query: 'a' });
    const el = await mountCalls(registry, manager);
    const createObjectURL = sinon.spy(URL, 'createObjectURL');
    const click = sinon.stub(HTMLAnchorElement.prototype, 'click');
    $(el, '[part~="export"]')!.click();

    expect(click.calledOnce).to.equal(true);
    expect(click.firstCall.thisValue.download).to.equal('ag-ui-tool-calls.json');
    const blob = createObjectURL.firstCall.args[0] as Blob;
    expect(blob.type).to.equal('application/json');
    const calls = JSON.parse(await blob.text()) as Array<Record<string, unknown>>;
    expect(calls).to.have.length(1);
    expect(calls[0]).to.include({ toolName: 'lookup', toolCallId: 'call-1', status: 'succeeded', result: '{"query":"a"}' });
    expect(el.exportCalls()).to.equal(await blob.text());
  });

  it('shows the calls of a thread restored from its store (a reload), as its cards do', async () => {
    const store = new MemoryThreadStore();
    const url = scenarioUrl('tool', { tool: 'lookup', args: '{"query":"kept"}' });
    const first = await fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${new ToolRegistry()} .store=${store} .tools=${[lookupTool()]}></ag-ui-agent>`);
    await first.sendMessage('look it up');
    const { threadId } = first;
    const [ran] = [...first.toolCalls.values()];
    await waitUntil(async () => (await store.load(threadId))?.toolCalls[0]?.status === 'succeeded', 'the call kept');
    first.remove();

    // The page again: the thread comes back from the store, with the inspector beside it.
    const restored = new Promise<void>((resolve) =>
      document.addEventListener('ag-ui-thread-changed', (event) => event.detail.restored && resolve(), { once: true }),
    );
    const box = await fixture<HTMLElement>(html`<div>
      <ag-ui-agent id="again" url=${url} thread-id=${threadId} .registry=${new ToolRegistry()} .store=${store} .tools=${[lookupTool()]}></ag-ui-agent>
      <ag-ui-tool-inspector for="again" panel="calls"></ag-ui-tool-inspector>
    </div>`);
    await restored;
    const el = box.querySelector<AgUiToolInspector>('ag-ui-tool-inspector')!;
    await waitUntil(() => $$(el, '[part~="call-summary"]').length === 1, 'the restored call listed');
    const [call] = JSON.parse(el.exportCalls()) as Array<Record<string, unknown>>;
    expect(call).to.deep.include({
      id: ran!.executionId,
      toolCallId: ran!.toolCallId,
      toolName: 'lookup',
      status: 'succeeded',
      args: { query: 'kept' },
      result: '{"query":"kept"}',
      origin: 'agent',
    });
    expect(text(el, '[part~="calls-count"]')).to.contain('1');
  });

  it('shows and exports the calls of a redacted tool as redacted, as the cards do', async () => {
    const url = scenarioUrl('tool', { tool: 'pay', args: JSON.stringify({ card: CARD_NUMBER, amount: 5 }) });
    const box = await fixture<HTMLElement>(html`<div>
      <ag-ui-agent id="chat" url=${url} .registry=${new ToolRegistry()} .policy=${{ requireRedaction: true }} .tools=${[payTool()]}></ag-ui-agent>
      <ag-ui-tool-inspector for="chat" panel="calls"></ag-ui-tool-inspector>
    </div>`);
    const agent = box.querySelector<AgUiAgent>('ag-ui-agent')!;
    const el = box.querySelector<AgUiToolInspector>('ag-ui-tool-inspector')!;
    const ended = oneEvent(agent, 'ag-ui-tool-call-end');
    await agent.sendMessage('pay');
    expect((await ended).detail.toolCallArgs).to.deep.equal({ card: '[redacted]', amount: 5 });
    await el.updateComplete;
    $(el, '[part~="call-summary"]')!.click();
    await el.updateComplete;

    const record = JSON.parse($(el, '[part~="call-record"] pre')!.textContent!) as Record<string, unknown>;
    expect(record).to.deep.include({ args: { card: '[redacted]', amount: 5 }, result: '{"status":"paid","card":"[redacted]"}' });
    expect(el.shadowRoot!.innerHTML.includes(CARD_NUMBER)).to.equal(false);
    const exported = el.exportCalls();
    expect(exported).to.include('[redacted]');
    expect(exported.includes(CARD_NUMBER)).to.equal(false);
  });

  it('redacts the calls it already shows once the policy comes to require redaction', async () => {
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager();
    const tool = registry.register(lookupTool());
    await manager.execute(tool, 'call-1', { query: CARD_NUMBER });
    const el = await mountCalls(registry, manager);
    $(el, '[part~="call-summary"]')!.click();
    await el.updateComplete;
    expect(el.exportCalls()).to.include(CARD_NUMBER);

    registry.setPolicy({ requireRedaction: true });
    await el.updateComplete;
    expect(el.shadowRoot!.innerHTML.includes(CARD_NUMBER)).to.equal(false);
    expect(text(el, '[part~="call-record"] pre')).to.include('[redacted]');
    expect(el.exportCalls().includes(CARD_NUMBER)).to.equal(false);
  });
});
