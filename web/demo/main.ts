import '../src/index.js';
import '../src/thread-list.js';
import '../src/inspector.js';
// Lets the element connect its mcpServers (the MCP SDK stays out of pages that do not import it).
import '../src/sources/mcp/index.js';
import type { AgUiAgent } from '../src/index.js';
import { HttpThreadStore } from '../src/persistence/index.js';
import type { AgentInfo } from '../server/model-config.js';
import { demoPolicy } from './demo-policy.js';
import { demoRenderers } from './demo-renderers.js';
import { demoTools } from './demo-tools.js';

const agent = document.querySelector('ag-ui-agent') as AgUiAgent;
agent.policy = demoPolicy;
agent.tools = demoTools;
agent.renderers = demoRenderers;
// Threads live on the dev server (its thread API at /api/threads, PGlite in .data/threads/), so they follow the person
// from browser to browser; <ag-ui-thread-list for="agent"> lists the element's store.
agent.store = new HttpThreadStore({ baseUrl: '/api/threads' });
// The dev server's MCP notes server (web/server/mcp/demo-notes-server.ts): its tools join the page's as
// mcp__notes__list_notes and mcp__notes__add_note. Remote tools are untrusted; this page believes its own server's
// annotations, so list_notes (readOnlyHint) runs at once and add_note, a write, asks the person first.
agent.mcpServers = [{ name: 'notes', url: '/mcp/notes', trust: { annotations: true } }];

// The page's tools are offered to the browser's own agent too (WebMCP): natively where the browser has
// document.modelContext, else through the polyfill, loaded only then.
const hasModelContext = 'modelContext' in document || 'modelContext' in navigator;
if (!hasModelContext) {
  const { initializeWebMCPPolyfill } = await import('@mcp-b/webmcp-polyfill');
  initializeWebMCPPolyfill();
}
agent.exposeWebMcp = true;

// Which agent /api/agent is: the script, or the model the dev server was started with (GET /api/agent/info).
const PROVIDER_NAMES: Record<string, string> = { 'openai-compatible': 'an OpenAI-compatible API', anthropic: 'Anthropic' };
const agentInfoView = document.querySelector<HTMLElement>('#agent-info-name');
fetch('/api/agent/info')
  .then((response) => (response.ok ? (response.json() as Promise<AgentInfo>) : undefined))
  .then((info) => {
    if (!info || !agentInfoView) return;
    agentInfoView.textContent =
      info.kind === 'scripted' ? 'scripted demo agent (no LLM)' : `${info.model} via ${PROVIDER_NAMES[info.kind] ?? info.kind}`;
  })
  .catch(() => undefined); // an older server without the route: keep the neutral line

// The policy is data: show it as such.
const policyView = document.querySelector<HTMLElement>('#policy');
if (policyView) policyView.textContent = JSON.stringify(demoPolicy, null, 2);

// The live log: every ag-ui-* event the element fires, newest last.
const log = document.querySelector<HTMLOListElement>('#log')!;
/** The log's scrolling region (focusable: the keyboard scrolls it). */
const logScroll = document.querySelector<HTMLElement>('#log-scroll')!;
const LOGGED_EVENTS = [
  'ag-ui-message-send',
  'ag-ui-run-started',
  'ag-ui-run-finished',
  'ag-ui-run-error',
  'ag-ui-state-changed',
  'ag-ui-tool-call-start',
  'ag-ui-tool-call-end',
  'ag-ui-tool-call-error',
  'ag-ui-tool-status-changed',
  'ag-ui-tool-retrying',
  'ag-ui-tool-approval-requested',
  'ag-ui-thread-changed',
  'ag-ui-persistence-error',
] as const;

function summarize(detail: unknown): string {
  if (detail === null || typeof detail !== 'object') return String(detail ?? '');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'execution' || key === 'messages' || key === 'signal' || typeof value === 'function') continue;
    let text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text === undefined) continue;
    if (text.length > 80) text = `${text.slice(0, 77)}…`;
    parts.push(`${key}=${text}`);
  }
  return parts.join(' ');
}

for (const type of LOGGED_EVENTS) {
  agent.addEventListener(type, (event) => {
    const item = document.createElement('li');
    const time = document.createElement('span');
    time.className = 'time';
    time.textContent = `${new Date().toLocaleTimeString()} `;
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = type;
    item.append(time, name, ` ${summarize((event as CustomEvent).detail)}`);
    const pinned = logScroll.scrollHeight - logScroll.scrollTop - logScroll.clientHeight < 8;
    log.append(item);
    while (log.childElementCount > 500) log.firstElementChild?.remove();
    if (pinned) logScroll.scrollTop = logScroll.scrollHeight;
  });
}

document.querySelector('#clear-log')?.addEventListener('click', () => log.replaceChildren());
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-prompt]')) {
  button.addEventListener('click', () => void agent.sendMessage(button.dataset.prompt ?? ''));
}

// The developer panels are tabs (the inspector first, the raw event log second): Arrow Left / Right move between them.
const tabs = [...document.querySelectorAll<HTMLButtonElement>('section.log [role="tab"]')];
function selectTab(selected: HTMLButtonElement, focus = false): void {
  for (const tab of tabs) {
    const on = tab === selected;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls') ?? '')?.toggleAttribute('hidden', !on);
  }
  if (focus) selected.focus();
}
for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab));
  tab.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    selectTab(tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!, true);
  });
}
