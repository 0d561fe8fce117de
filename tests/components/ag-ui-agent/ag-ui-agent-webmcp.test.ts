import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { MemoryThreadStore } from '../../../web/src/persistence/index.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { settle, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { callThroughWebMcp, webMcpToolNames as exposedNames } from '../../helpers/webmcp.js';
import { $, rendered, scenarioUrl, until } from './helpers.js';

describe('<ag-ui-agent expose-webmcp>', () => {
  let registry: ToolRegistry;
  let runs: unknown[];
  let rejections: ReturnType<typeof trackUnhandledRejections>;

  beforeEach(() => {
    rejections = trackUnhandledRejections();
    initializeWebMCPPolyfill();
    runs = [];
    registry = new ToolRegistry();
    registry.register({
      name: 'add_note',
      description: 'Adds a note',
      effect: 'state_change',
      schema: z.object({ text: z.string().min(1) }),
      handler: (args: { text: string }) => {
        runs.push(args);
        return { added: args.text };
      },
    });
  });
  afterEach(async () => {
    cleanupWebMCPPolyfill();
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  async function mountExposed(): Promise<AgUiAgent> {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent expose-webmcp url=${scenarioUrl('text')} .registry=${registry}></ag-ui-agent>`);
    await waitUntil(async () => (await exposedNames()).includes('add_note'), 'add_note exposed');
    return el;
  }

  it('asks for approval in a card when a WebMCP call needs it, fires the tool events, and answers the caller', async () => {
    const el = await mountExposed();
    const events: string[] = [];
    for (const type of ['ag-ui-tool-call-start', 'ag-ui-tool-status-changed', 'ag-ui-tool-call-end'] as const) {
      el.addEventListener(type, () => events.push(type));
    }
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const calling = callThroughWebMcp('add_note', { text: 'Buy milk' });
    const request = await requested;
    expect(request.detail.toolCallName).to.equal('add_note');
    expect(el.toolCalls.get(request.detail.toolCallId)?.origin).to.equal('webmcp');

    const card = await until(el, '[part~="external-tool-calls"] [part~="tool-call"]');
    expect(card.getAttribute('part')).to.include('tool-call-awaiting_approval');
    expect($(el, '[part~="external-tool-calls-heading"]')!.textContent).to.include('WebMCP');
    expect(runs).to.deep.equal([]);
    // The approval form is a part loaded on first use ("Loading the approval…" until then): wait for its button.
    const approve = await until(el, '[part~="external-tool-calls"] [part="tool-approval-approve"]', 'the approval form');
    await expect(el).to.be.accessible();
    approve.click();

    const result = await calling;
    expect(result.isError).to.not.equal(true);
    expect(JSON.parse(result.content[0]!.text)).to.deep.equal({ added: 'Buy milk' });
    expect(runs).to.deep.equal([{ text: 'Buy milk' }]);
    expect(events).to.include.members(['ag-ui-tool-call-start', 'ag-ui-tool-status-changed', 'ag-ui-tool-call-end']);
    await rendered(el);
    expect($(el, '[part~="external-tool-calls"] [part~="tool-call"]')!.getAttribute('part')).to.include('tool-call-succeeded');
    expect(el.messages.length).to.equal(0); // the agent's conversation is not touched
    expect(registry.getStats('add_note').successCount).to.equal(1);
  });

  it('answers schema-invalid arguments with an error result and ag-ui-tool-call-error, never running the tool', async () => {
    registry.setPolicy({ tools: { add_note: { decision: 'allow' } } });
    const el = await mountExposed();
    const failed = oneEvent(el, 'ag-ui-tool-call-error');

    const result = await callThroughWebMcp('add_note', { text: '' });
    expect(result.isError).to.equal(true);
    expect(JSON.parse(result.content[0]!.text)).to.deep.include({ ok: false, errorCode: 'validation' });
    expect((await failed).detail.toolCallName).to.equal('add_note');
    expect(runs).to.deep.equal([]);
  });

  it('answers a denial in the card as an error result', async () => {
    const el = await mountExposed();
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const calling = callThroughWebMcp('add_note', { text: 'x' });
    await requested;
    (await until(el, '[part~="external-tool-calls"] [part="tool-approval-deny"]')).click();

    const result = await calling;
    expect(result.isError).to.equal(true);
    expect(JSON.parse(result.content[0]!.text)).to.deep.include({ errorCode: 'approval_denied' });
    expect(runs).to.deep.equal([]);
  });

  it('keeps no thread for WebMCP calls alone: the thread is listed from its first message, with their records', async () => {
    registry.setPolicy({ tools: { add_note: { decision: 'allow' } } });
    const store = new MemoryThreadStore();
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent expose-webmcp url=${scenarioUrl('text')} .registry=${registry} .store=${store}></ag-ui-agent>`,
    );
    await waitUntil(async () => (await exposedNames()).includes('add_note'), 'add_note exposed');

    // The call's record is settled (and any write of it made) before the caller gets its answer.
    const result = await callThroughWebMcp('add_note', { text: 'Buy milk' });
    expect(result.isError).to.not.equal(true);
    expect(el.messages).to.have.length(0);
    expect(await store.list()).to.deep.equal([]);

    await el.sendMessage('Hello');
    const [summary] = await store.list();
    expect(summary?.threadId).to.equal(el.threadId);
    const kept = await store.load(el.threadId);
    expect(kept!.toolCalls.map((record) => [record.origin, record.toolCallName, record.status])).to.deep.equal([['webmcp', 'add_note', 'succeeded']]);
  });

  it('withdraws the tools when the element is removed or the attribute cleared', async () => {
    const el = await mountExposed();
    el.exposeWebMcp = false;
    await waitUntil(async () => (await exposedNames()).length === 0, 'withdrawn on clear');
    el.exposeWebMcp = true;
    await waitUntil(async () => (await exposedNames()).includes('add_note'), 'exposed again');

    el.remove();
    await waitUntil(async () => (await exposedNames()).length === 0, 'withdrawn on removal');
  });

  it('fires ag-ui-tool-source-error and shows why when the page has no WebMCP', async () => {
    cleanupWebMCPPolyfill();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('text')} .registry=${registry}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-tool-source-error');
    el.exposeWebMcp = true;

    const { detail } = await failed;
    expect(detail).to.deep.include({ source: 'webmcp', code: 'webmcp_unavailable' });
    await rendered(el);
    expect($(el, '[part="error-message"]')!.textContent).to.include('WebMCP');
    initializeWebMCPPolyfill();
  });
});
