import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { AgUiToolInspector } from '../../../web/src/components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import { ToolExecutionManager, ToolRegistry, TransientToolError } from '../../../web/src/tools/index.js';
import { scenarioUrl } from '../ag-ui-agent/helpers.js';
import { $, $$, lookupTool, noteTool, showPanel, text } from './helpers.js';
import '../../../web/src/index.js';
import '../../../web/src/inspector.js';

describe('<ag-ui-tool-inspector>', () => {
  it('lists the tools of the element it is bound to, with effect and policy', async () => {
    const box = await fixture<HTMLElement>(html`<div>
      <ag-ui-agent
        id="chat"
        .tools=${[lookupTool(), noteTool([]), { ...lookupTool(), name: 'wipe', effect: 'external_side_effect' as const }]}
        .policy=${{ deniedTools: ['wipe'] }}
      ></ag-ui-agent>
      <ag-ui-tool-inspector for="chat"></ag-ui-tool-inspector>
    </div>`);
    const el = box.querySelector<AgUiToolInspector>('ag-ui-tool-inspector')!;
    await el.updateComplete;

    const rows = $$(el, '[part~="tool"]').map((row) => ({
      name: row.querySelector('[part~="tool-name"]')!.textContent,
      effect: row.querySelector('[part~="effect"]')!.textContent,
      decision: row.querySelector('[part~="decision"]')!.getAttribute('data-decision'),
    }));
    expect(rows).to.deep.equal([
      { name: 'lookup', effect: 'read_only', decision: 'allow' },
      { name: 'edit_note', effect: 'state_change', decision: 'require_approval' },
      { name: 'wipe', effect: 'external_side_effect', decision: 'deny' },
    ]);
    expect(JSON.parse($(el, '[data-tool="lookup"] [part~="schema"] pre')!.textContent!)).to.deep.equal({
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    });

    // Live: a tool registered later shows in the next frame.
    const agent = box.querySelector<AgUiAgent>('ag-ui-agent')!;
    agent.registerTool({ ...lookupTool(), name: 'later' });
    await el.updateComplete;
    expect($$(el, '[part~="tool-name"]').map((node) => node.textContent)).to.include('later');
  });

  it('updates the stats after a call, with p50 and p95 durations', async () => {
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager();
    const tool = registry.register(lookupTool());
    const el = await fixture<AgUiToolInspector>(html`<ag-ui-tool-inspector .registry=${registry} .manager=${manager}></ag-ui-tool-inspector>`);
    expect(text(el, '[data-stat="calls"]')).to.equal('0');
    expect(text(el, '[data-stat="p50"]')).to.equal('–');

    await manager.execute(tool, 'call-1', { query: 'a' });
    await manager.execute(tool, 'call-2', { query: 42 });
    await el.updateComplete;

    expect(text(el, '[data-stat="calls"]')).to.equal('2');
    expect(text(el, '[data-stat="succeeded"]')).to.equal('1');
    expect(text(el, '[data-stat="failed"]')).to.equal('1');
    expect(text(el, '[data-stat="failures"]')).to.equal('validation 1');
    expect(text(el, '[data-stat="p50"]')).to.match(/^\d+ ms$/);
    expect(text(el, '[data-stat="p95"]')).to.match(/^\d+ ms$/);
  });

  it('shows an open circuit and closes it with Reset', async () => {
    const registry = new ToolRegistry();
    const manager = new ToolExecutionManager(undefined, { maxAttempts: 1 }, { circuitBreaker: { failureThreshold: 1 } });
    const tool = registry.register(
      lookupTool(() => {
        throw new TransientToolError('down');
      }),
    );
    const el = await fixture<AgUiToolInspector>(html`<ag-ui-tool-inspector .registry=${registry} .manager=${manager}></ag-ui-tool-inspector>`);
    await manager.execute(tool, 'call-1', { query: 'a' });
    await el.updateComplete;
    expect(text(el, '[part~="circuit-state"]')).to.equal('open');

    const reset = oneEvent(el, 'ag-ui-circuit-reset');
    $(el, '[part~="reset-circuit"]')!.click();
    expect((await reset).detail).to.deep.equal({ toolName: 'lookup' });
    await el.updateComplete;
    expect(manager.getCircuitState('lookup')).to.equal('closed');
    expect(text(el, '[part~="circuit-state"]')).to.equal('closed');
    expect(($(el, '[part~="reset-circuit"]') as HTMLButtonElement).disabled).to.equal(true);
  });

  it("follows the bound agent's manager: a call shows while it runs, and its circuit", async () => {
    let release!: (value: string) => void;
    const gate = new Promise<string>((resolve) => (release = resolve));
    const box = await fixture<HTMLElement>(html`<div>
      <ag-ui-agent id="chat" url=${scenarioUrl('tool')} .registry=${new ToolRegistry()} .tools=${[
        { name: 'echo', description: 'Echo', effect: 'read_only' as const, schema: z.record(z.string(), z.unknown()), handler: () => gate },
      ]}></ag-ui-agent>
      <ag-ui-tool-inspector for="chat" panel="calls"></ag-ui-tool-inspector>
    </div>`);
    const agent = box.querySelector<AgUiAgent>('ag-ui-agent')!;
    const el = box.querySelector<AgUiToolInspector>('ag-ui-tool-inspector')!;
    expect(agent.manager).to.be.instanceOf(ToolExecutionManager);
    const executing = oneEvent(agent.manager!, 'tool-execution-executing');
    const sending = agent.sendMessage('call echo');
    await executing;
    await el.updateComplete;
    expect($(el, '[part~="call"]')!.dataset.status).to.equal('executing');
    release('done');
    await sending;
    await el.updateComplete;
    expect($(el, '[part~="call"]')!.dataset.status).to.equal('succeeded');
  });

  it('shows the calls the bound agent made, marked as asked by the agent', async () => {
    const box = await fixture<HTMLElement>(html`<div>
      <ag-ui-agent id="chat" url=${scenarioUrl('tool')} .registry=${new ToolRegistry()} .tools=${[
        { name: 'echo', description: 'Echo', effect: 'read_only' as const, schema: z.record(z.string(), z.unknown()), handler: (args: unknown) => args },
      ]}></ag-ui-agent>
      <ag-ui-tool-inspector for="chat" panel="calls"></ag-ui-tool-inspector>
    </div>`);
    const agent = box.querySelector<AgUiAgent>('ag-ui-agent')!;
    const el = box.querySelector<AgUiToolInspector>('ag-ui-tool-inspector')!;
    const ended = oneEvent(agent, 'ag-ui-tool-call-end');
    await agent.sendMessage('call echo');
    await ended;
    await el.updateComplete;
    expect($$(el, '[part~="call"]').length).to.equal(1);
    expect(text(el, '[part~="call-tool"]')).to.equal('echo');
    expect(text(el, '[part~="call-origin"]')).to.equal('agent');
    expect($(el, '[part~="call"]')!.dataset.status).to.equal('succeeded');
  });

  it('moves between panels with the arrow keys', async () => {
    const el = await fixture<AgUiToolInspector>(html`<ag-ui-tool-inspector .registry=${new ToolRegistry()}></ag-ui-tool-inspector>`);
    const tools = $(el, '[role="tab"][data-panel="tools"]')!;
    tools.focus();
    tools.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(el.panel).to.equal('calls');
    expect(el.shadowRoot!.activeElement?.getAttribute('data-panel')).to.equal('calls');
    el.shadowRoot!.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(el.panel).to.equal('playground');
    expect($(el, '[role="tabpanel"][data-panel="playground"]')!.hidden).to.equal(false);
    expect($(el, '[role="tabpanel"][data-panel="tools"]')!.hidden).to.equal(true);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`is accessible in ${theme} mode, on every panel`, async () => {
      const registry = new ToolRegistry();
      const manager = new ToolExecutionManager();
      const tool = registry.register(lookupTool());
      registry.register(noteTool([]));
      await manager.execute(tool, 'call-1', { query: 'a' });
      const el = await fixture<AgUiToolInspector>(
        html`<ag-ui-tool-inspector theme=${theme} .registry=${registry} .manager=${manager}></ag-ui-tool-inspector>`,
      );
      if (theme === 'dark') expect(getComputedStyle(el).backgroundColor).to.equal('rgb(13, 17, 23)');
      ($(el, '[part~="schema"]') as HTMLDetailsElement).open = true;
      await expect(el).to.be.accessible();
      await showPanel(el, 'calls');
      $(el, '[part~="call-summary"]')!.click();
      await el.updateComplete;
      expect($(el, '[part~="call-record"]')).to.exist;
      await expect(el).to.be.accessible();
      await showPanel(el, 'playground');
      await expect(el).to.be.accessible();
    });
  }
});
