// A run that streams A2UI activities to an <ag-ui-agent>, for the A2UI tests (with and without `ag-ui-lit/a2ui`:
// this file imports neither the entry nor the renderer).
import { EventType, type BaseEvent } from '@ag-ui/client';
import { fixture, html } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { A2uiErrorDetail } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.events.js';
import { pushedAgent } from '../../helpers/agent-fixtures.js';
import { waitUntil } from '../../helpers/wait-until.js';
import { rendered } from './helpers.js';

/**
 * Mounts an element and streams one run: `events` (activity snapshots), then a reply "Here it is.". Resolves once the
 * run is over and at least `expectedErrors` `ag-ui-a2ui-error` events came, with the element rendered.
 */
export async function showActivities(events: readonly BaseEvent[], expectedErrors: number): Promise<{ el: AgUiAgent; errors: A2uiErrorDetail[] }> {
  const { agent, push, end } = pushedAgent();
  const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent}></ag-ui-agent>`);
  const errors: A2uiErrorDetail[] = [];
  el.addEventListener('ag-ui-a2ui-error', (event) => errors.push(event.detail));
  const sending = el.sendMessage('Show me');
  push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
  for (const event of events) push(event);
  push({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent);
  push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Here it is.' } as BaseEvent);
  push({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' } as BaseEvent);
  push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
  end();
  await sending;
  await waitUntil(async () => (await rendered(el), errors.length >= expectedErrors), 'the A2UI errors are not reported');
  return { el, errors };
}
