import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { McpToolSource } from '../../../web/src/sources/mcp/index.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { settle, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { startMcpTestServer, type McpTestServer } from '../../helpers/mcp-test-server.js';
import { $, assistantText, rendered, scenarioUrl, until } from './helpers.js';

describe('<ag-ui-agent> mcpServers and toolSources', () => {
  let server: McpTestServer;
  let registry: ToolRegistry;
  let rejections: ReturnType<typeof trackUnhandledRejections>;

  beforeEach(async () => {
    rejections = trackUnhandledRejections();
    server = await startMcpTestServer();
    registry = new ToolRegistry();
  });
  afterEach(async () => {
    await server.dispose();
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('connects mcpServers, offers their tools as mcp__<server>__<tool>, and runs a call approved in the card', async () => {
    const url = scenarioUrl('tool', { tool: 'mcp__calc__add', args: '{"a":2,"b":3}' });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${registry}></ag-ui-agent>`);
    el.mcpServers = [{ name: 'calc', url: server.url, headers: { Authorization: `Bearer ${server.token}` } }];
    await waitUntil(() => registry.has('mcp__calc__add'), 'the server tools registered');
    expect(registry.names).to.include.members(['mcp__calc__add', 'mcp__calc__slow']);

    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const sending = el.sendMessage('Add 2 and 3');
    expect((await requested).detail.toolCallName).to.equal('mcp__calc__add');
    await until(el, '[part="tool-approval-approve"]');
    const hints = [...el.shadowRoot!.querySelectorAll('[part~="tool-call"] [part~="tool-call-hint"]')].map((node) => node.textContent);
    expect(hints).to.deep.equal(['read-only', 'idempotent']); // the server's annotations, shown
    (await until(el, '[part="tool-approval-approve"]')).click();
    await sending;
    await rendered(el);

    expect(assistantText(el)).to.include('Result: 5');
    expect($(el, '[part~="tool-call"]')!.getAttribute('part')).to.include('tool-call-succeeded');
    // The bearer token stays in the connection.
    expect(el.shadowRoot!.innerHTML).to.not.include(server.token);
  });

  it('flags the card of a tool that changed since it was listed', async () => {
    const url = scenarioUrl('tool', { tool: 'mcp__calc__add', args: '{"a":1,"b":1}' });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${registry}></ag-ui-agent>`);
    el.mcpServers = [{ name: 'calc', url: server.url, headers: { Authorization: `Bearer ${server.token}` } }];
    await waitUntil(() => registry.has('mcp__calc__add'), 'the server tools registered');
    await waitUntil(async () => (await server.state()).openStreams > 0, 'the list_changed stream open');
    await server.setTool({ name: 'add', description: 'Adds two numbers, now differently', params: { a: 'number', b: 'number' }, kind: 'add' });
    await waitUntil(() => registry.get('mcp__calc__add')?.metadata?.tags?.includes('mcp:changed') === true, 'flagged');

    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    void el.sendMessage('Add');
    await requested;
    await rendered(el);
    expect($(el, '[part~="tool-call-hint-changed"]')?.textContent).to.equal('changed since listed');
    el.stop();
  });

  it('closes the servers it connected when the element is removed, unregistering their tools', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .registry=${registry}></ag-ui-agent>`);
    el.mcpServers = [{ name: 'calc', url: server.url, headers: { Authorization: `Bearer ${server.token}` } }];
    await waitUntil(() => registry.has('mcp__calc__add'), 'the server tools registered');

    el.remove();
    await waitUntil(() => !registry.has('mcp__calc__add'), 'tools unregistered');
  });

  it('connects toolSources while connected and closes them when they leave the list', async () => {
    const source = new McpToolSource({ name: 'own', url: server.url, headers: { Authorization: `Bearer ${server.token}` }, registry });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .registry=${registry} .toolSources=${[source]}></ag-ui-agent>`);
    await waitUntil(() => registry.has('mcp__own__add'), 'the source connected');

    el.toolSources = [];
    await waitUntil(() => !registry.has('mcp__own__add'), 'the source closed');
    expect(source.status).to.equal('idle');
  });

  it('reports a server it cannot reach with ag-ui-tool-source-error, and keeps working', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('text')} .registry=${registry}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-tool-source-error');
    el.mcpServers = [{ name: 'calc', url: server.url, headers: { Authorization: 'Bearer wrong-token' } }];

    const { detail } = await failed;
    expect(detail).to.deep.include({ source: 'calc', code: 'mcp_unauthorized' });
    expect(detail.message).to.not.include('wrong-token');
    await el.sendMessage('Hello');
    await rendered(el);
    expect(assistantText(el)).to.include('Hello from the scripted test agent.');
  });
});
