// The demo page with its MCP notes server (web/server/mcp/demo-notes-server.ts, mounted at /mcp/notes as the dev
// server mounts it) and WebMCP switched on, end to end with the scripted demo agent.
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $$, assistantText, rendered, until } from '../components/ag-ui-agent/helpers.js';
import { webMcpToolNames } from '../helpers/webmcp.js';
import { loadDemoPage } from './demo-page-loader.js';

const NOTES_TOOLS = ['mcp__notes__add_note', 'mcp__notes__list_notes'];

describe('demo page: the MCP notes server and WebMCP', () => {
  let el: AgUiAgent;

  before(async function () {
    this.timeout(60_000); // the first load transforms the whole demo's module graph; slow on a shared machine
    el = await loadDemoPage();
    el.url = '/api/agent?delay=0'; // the demo agent, without its human-speed typing
    await waitUntil(() => NOTES_TOOLS.every((name) => el.registry.has(name)), 'the notes server tools registered', { timeout: 20_000 });
  });

  it('connects the notes server: its tools join the page tools, list_notes trusted as read-only', () => {
    expect(el.mcpServers.map((server) => [server.name, server.url])).to.deep.equal([['notes', '/mcp/notes']]);
    expect(el.registry.get('mcp__notes__list_notes')!.effect).to.equal('read_only');
    expect(el.registry.get('mcp__notes__add_note')!.effect).to.equal('external_side_effect');
  });

  it('adds a note on the server once the person approves the card, and the agent confirms', async function () {
    this.timeout(30_000); // four runs of the demo agent and two MCP calls on a shared machine
    const text = `buy stamps ${crypto.randomUUID().slice(0, 8)}`;
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const ended = oneEvent(el, 'ag-ui-tool-call-end');
    const sending = el.sendMessage(`Add a note ${text}`);
    const { detail } = await requested;
    expect(detail).to.deep.include({ toolCallName: 'mcp__notes__add_note', args: { text } });

    (await until(el, '[part="tool-approval-approve"]')).click();
    expect((await ended).detail.result).to.include(`: ${text}`);
    await sending;
    await waitUntil(() => assistantText(el).includes(`Done: the notes server now has "${text}".`), 'the confirmation', { timeout: 10_000 });

    let asked = false;
    el.addEventListener('ag-ui-tool-approval-requested', () => (asked = true), { once: true });
    const listed = oneEvent(el, 'ag-ui-tool-call-end');
    const listing = el.sendMessage('List my notes');
    expect((await listed).detail.toolCallName).to.equal('mcp__notes__list_notes');
    await listing;
    const listedBack = () => assistantText(el).split('The notes server has').slice(1).some((reply) => reply.includes(text));
    await waitUntil(listedBack, 'the notes read back', { timeout: 10_000 });
    expect(asked).to.equal(false);
    await rendered(el);
    expect($$(el, '[part~="tool-call"]').length).to.be.at.least(2);
  });

  it('offers the page tools to the browser agent through WebMCP (the polyfill where the browser has none)', async () => {
    expect(el.exposeWebMcp).to.equal(true);
    expect(el.hasAttribute('expose-webmcp')).to.equal(true);
    await waitUntil(async () => (await webMcpToolNames()).includes('calculator'), 'the tools exposed');
    expect(await webMcpToolNames()).to.include.members(['calculator', 'edit_note', ...NOTES_TOOLS]);
  });
});
