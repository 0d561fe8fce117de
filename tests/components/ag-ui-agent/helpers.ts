// Helpers for the <ag-ui-agent> tests: mount against the real AG-UI test servers (mounted at /api/ by the test
// runner, see web/server/), read the shadow DOM, wait for a rendered frame.
import type { ToolMessage } from '@ag-ui/client';
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import { ToolRegistry, type ToolDefinition } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { getRecordedRequests } from '../../helpers/ag-ui-server.js';

export { scenarioUrl } from '../../helpers/ag-ui-server.js';
export { deferred, type Deferred } from '../../helpers/deferred.js';
export { echoArgsTool } from '../../helpers/echo-tool.js';

/** The demo agent without its per-event delay. */
export const DEMO_URL = '/api/agent?delay=0';

/** Mounts an element on `url` with its own registry (so tests never share tools). */
export async function mount(url: string, registry = new ToolRegistry()): Promise<AgUiAgent> {
  return fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${registry}></ag-ui-agent>`);
}

/** Resolves after the element rendered what the loop has now (the element renders on animation frames). */
export async function rendered(el: AgUiAgent): Promise<void> {
  await nextFrame();
  await el.updateComplete;
}

export function $(el: AgUiAgent, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export function $$(el: AgUiAgent, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

/** Text of the assistant messages, joined. */
export function assistantText(el: AgUiAgent): string {
  return $$(el, '[part~="message-assistant"] [part~="message-content"]')
    .map((node) => node.textContent ?? '')
    .join('\n');
}

/** Waits until `selector` matches in the shadow root and returns the element. */
export async function until(el: AgUiAgent, selector: string, message?: string): Promise<HTMLElement> {
  await waitUntil(() => $(el, selector) !== null, message ?? `${selector} to render`);
  return $(el, selector)!;
}

/** A `get_current_time` tool (what the demo agent calls for "what time is it") whose handler waits for `gate`. */
export function gatedTimeTool(gate: Promise<string>): ToolDefinition<{ timezone?: string | undefined }> {
  return {
    name: 'get_current_time',
    description: 'The current time in an IANA timezone',
    effect: 'read_only',
    schema: z.object({ timezone: z.string().optional() }),
    handler: async ({ timezone }, { signal }) => {
      const time = await Promise.race([
        gate,
        new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
      ]);
      return { time, timezone: timezone ?? 'UTC' };
    },
  };
}

/** An `edit` tool (state_change: approval by default) that records what it ran with. */
export function editTool(runs: unknown[]): ToolDefinition<{ text: string }> {
  return {
    name: 'edit',
    description: 'Edits the note',
    effect: 'state_change',
    schema: z.object({ text: z.string() }),
    handler: ({ text }) => {
      runs.push(text);
      return { text };
    },
  };
}

/** An `edit` and a `rename` tool (both state_change: asked about by default), recording what ran in `runs`. */
export function noteTools(runs: unknown[], editDescription?: string): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(editDescription === undefined ? editTool(runs) : { ...editTool(runs), description: editDescription });
  registry.register({
    name: 'rename',
    description: 'Renames the note',
    effect: 'state_change',
    schema: z.object({ text: z.string() }),
    handler: ({ text }) => (runs.push(`rename:${text}`), { text }),
  });
  return registry;
}

/**
 * Clicks "Approve with edits" (it must be enabled), waits for the run, and checks what approving the `edit` tool
 * (`editTool`) with `{ text }` does: the handler ran with it, the record holds it, and the follow-up request tells the
 * agent that the arguments were edited.
 */
export async function approveEditAndExpectRun(el: AgUiAgent, sending: Promise<unknown>, runs: unknown[], text: string): Promise<void> {
  const approve = $(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement;
  expect(approve.disabled).to.equal(false);
  approve.click();
  await sending;
  await rendered(el);
  expect(runs).to.deep.equal([text]);
  const record = [...el.toolCalls.values()][0]!;
  expect(record).to.deep.include({ status: 'succeeded', argsEdited: true, args: { text } });
  const requests = await getRecordedRequests(el.threadId);
  const sent = requests.at(-1)!.input.messages.filter((message): message is ToolMessage => message.role === 'tool').at(-1)!;
  const content = JSON.parse(String(sent.content)) as Record<string, unknown>;
  expect(content).to.deep.include({ editedArgs: { text }, text });
  expect(String(content.note)).to.contain('edited the arguments');
}

/**
 * Approves the waiting call with the card's "Remember approval" choice set to `scope` (the `<select>` changed as a
 * person would, then Approve clicked).
 */
export async function approveRemembering(el: AgUiAgent, scope: 'thread' | 'always'): Promise<void> {
  const select = (await until(el, '[part~="tool-approval-remember"]')) as HTMLSelectElement;
  select.value = scope;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  (select.closest('[part~="tool-approval"]')!.querySelector('[part~="tool-approval-approve"]') as HTMLButtonElement).click();
}
