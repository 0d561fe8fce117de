// Real reloads: tests/fixtures/persist-reload-page.html in an iframe (the source through the dev server, a database
// of the test's own) is reloaded or navigated at the moment an event picks, and the page that comes back is read.
import type { Message } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { usePersistedDatabase } from '../../helpers/persisted-database.js';
import { waitUntil } from '../../helpers/wait-until.js';
import { scenarioUrl } from './helpers.js';

interface PageWindow extends Window {
  threadShown?: boolean;
  persistenceErrors?: string[];
}

/** Role and text of each message: what a person sees of a thread. */
function transcript(messages: readonly Message[]): { role: string; content: unknown }[] {
  return messages.map(({ role, content }) => ({ role, content }));
}

describe('<ag-ui-agent> persistence across a real reload', () => {
  const frames: HTMLIFrameElement[] = [];
  // Before the database hooks: the pages close their connections before the database is deleted.
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });
  const database = usePersistedDatabase('ag-ui-lit-reload');

  function pageUrl(agentUrl: string): string {
    return `/tests/fixtures/persist-reload-page.html?db=${encodeURIComponent(database.dbName)}&url=${encodeURIComponent(agentUrl)}`;
  }

  function agentOf(frame: HTMLIFrameElement): AgUiAgent {
    return frame.contentDocument!.querySelector('ag-ui-agent') as AgUiAgent;
  }

  /** Waits until a document other than `previous` is in the frame and its element shows its thread. */
  async function shown(frame: HTMLIFrameElement, previous?: Document): Promise<AgUiAgent> {
    await waitUntil(
      () => frame.contentDocument !== previous && (frame.contentWindow as PageWindow | null)?.threadShown === true,
      'the page did not show its thread',
    );
    return agentOf(frame);
  }

  async function openPage(agentUrl: string): Promise<HTMLIFrameElement> {
    const frame = document.createElement('iframe');
    frame.src = pageUrl(agentUrl);
    frames.push(frame);
    document.body.append(frame);
    await shown(frame);
    return frame;
  }

  /**
   * Reloads the page, or follows a link to it, now (the page lives on until the next one arrives).
   * @returns the element of the page that came back, and the transcript the page held when it went away (`pagehide`)
   */
  async function leave(frame: HTMLIFrameElement, how: 'reload' | 'link'): Promise<{ again: AgUiAgent; held: ReturnType<typeof transcript> }> {
    const before = frame.contentDocument!;
    const agent = agentOf(frame);
    let held: ReturnType<typeof transcript> = [];
    frame.contentWindow!.addEventListener('pagehide', () => void (held = transcript(agent.messages)));
    if (how === 'reload') frame.contentWindow!.location.reload();
    else frame.contentWindow!.location.assign(`${frame.contentWindow!.location.href}&visit=2`);
    const again = await shown(frame, before);
    return { again, held };
  }

  for (const how of ['reload', 'link'] as const) {
    it(`keeps the message sent when its request goes out (${how})`, async () => {
      const frame = await openPage(scenarioUrl('hang'));
      const agent = agentOf(frame);
      const left = new Promise<Awaited<ReturnType<typeof leave>>>((resolve) => {
        // The moment the run starts, right before its request: the page goes away.
        agent.addEventListener('ag-ui-run-started', () => resolve(leave(frame, how)), { once: true });
      });
      void agent.sendMessage('Keep this');
      const { again, held } = await left;
      // What the page held when it went away, so the message, and any reply that streamed until then.
      expect(held[0]).to.deep.equal({ role: 'user', content: 'Keep this' });
      expect(transcript(again.messages)).to.deep.equal(held);
      expect((frame.contentWindow as PageWindow).persistenceErrors).to.deep.equal([]);
    });

    it(`keeps the partial reply streamed before the page went away (${how})`, async () => {
      const frame = await openPage(scenarioUrl('hang', { text: 'Working on it' }));
      const agent = agentOf(frame);
      void agent.sendMessage('Start');
      await waitUntil(() => agent.messages.some((message) => message.content === 'Working on it'), 'no reply streamed');
      const { again, held } = await leave(frame, how);
      expect(transcript(again.messages)).to.deep.equal([
        { role: 'user', content: 'Start' },
        { role: 'assistant', content: 'Working on it' },
      ]);
      expect(held).to.deep.equal(transcript(again.messages));
    });
  }
});
