// The demo page keeps its threads on the dev server (web/server/demo-threads.ts at /api/threads): the page itself
// (index.html, in iframes, as `npm start` serves it) is reloaded, and opened twice, under a stand-in user of this test's own.
import type { Message } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { ThreadSummary } from '../../web/src/persistence/thread-store.js';
import { waitUntil } from '../helpers/wait-until.js';
import { useNewDemoUser } from './demo-page-loader.js';

/** The threads the demo's thread API lists for this page's user (the page's cookie goes with the request). */
async function serverThreads(): Promise<ThreadSummary[]> {
  const response = await fetch('/api/threads/threads');
  expect(response.status, 'GET /api/threads/threads').to.equal(200);
  return ((await response.json()) as { threads: ThreadSummary[] }).threads;
}

/** The text of the user's messages: what a person typed into the thread. */
function userTexts(messages: readonly Message[]): unknown[] {
  return messages.filter((message) => message.role === 'user').map((message) => message.content);
}

function agentOf(frame: HTMLIFrameElement): AgUiAgent | undefined {
  return frame.contentDocument?.querySelector<AgUiAgent>('ag-ui-agent') ?? undefined;
}

/** The titles a page's `<ag-ui-thread-list>` shows. */
function listedTitles(frame: HTMLIFrameElement): string[] {
  const list = frame.contentDocument?.querySelector('ag-ui-thread-list');
  return [...(list?.shadowRoot?.querySelectorAll('[part~="title"]') ?? [])].map((title) => title.textContent?.trim() ?? '');
}

describe('demo page threads', () => {
  const frames: HTMLIFrameElement[] = [];

  before(() => {
    useNewDemoUser();
  });
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  /** Waits until the page in `frame` (a new document than `before`) has its element and has restored or opened its thread. */
  async function shown(frame: HTMLIFrameElement, before?: Document): Promise<AgUiAgent> {
    await waitUntil(
      () => frame.contentDocument !== before && frame.contentDocument?.readyState === 'complete' && agentOf(frame)?.store !== undefined,
      'the demo page loaded',
      { timeout: 60_000 },
    );
    const agent = agentOf(frame)!;
    await waitUntil(() => agent.threadId !== '', 'the demo page opened a thread', { timeout: 20_000 });
    return agent;
  }

  async function openDemo(): Promise<HTMLIFrameElement> {
    const frame = document.createElement('iframe');
    frame.src = '/index.html';
    frame.style.width = '1280px';
    frame.style.height = '800px';
    frames.push(frame);
    document.body.append(frame);
    await shown(frame);
    return frame;
  }

  it('keeps a conversation on the dev server: a reload brings it back from there', async function () {
    this.timeout(120_000); // the first page transforms the whole demo's module graph
    const frame = await openDemo();
    const agent = agentOf(frame)!;
    await agent.sendMessage('Hello!');
    const { threadId } = agent;
    await waitUntil(async () => (await serverThreads()).some((thread) => thread.threadId === threadId && thread.messageCount >= 2), 'the thread on the server');
    expect((await serverThreads()).map(({ threadId: id, title }) => ({ id, title }))).to.deep.equal([{ id: threadId, title: 'Hello!' }]);

    const before = frame.contentDocument!;
    frame.contentWindow!.location.reload();
    const again = await shown(frame, before);
    await waitUntil(() => userTexts(again.messages).length > 0, 'the thread restored');
    expect(again.threadId).to.equal(threadId);
    expect(userTexts(again.messages)).to.deep.equal(['Hello!']);
    expect(again.messages.some((message) => message.role === 'assistant')).to.equal(true);
  });

  it('shows two pages of the same user one thread list, kept in step by the server', async function () {
    this.timeout(120_000);
    const [first, second] = [await openDemo(), await openDemo()];
    const onServer = await serverThreads();
    await waitUntil(() => listedTitles(first).length === onServer.length && listedTitles(second).length === onServer.length, 'both lists read');
    expect(listedTitles(second)).to.deep.equal(listedTitles(first));

    // A new conversation on the first page reaches the second page's list through the change feed.
    const agent = agentOf(first)!;
    agent.reset();
    await agent.sendMessage('Hello again!');
    await waitUntil(() => listedTitles(second).includes('Hello again!'), "the second page lists the first page's new thread");
    const titles = (await serverThreads()).map((thread) => thread.title);
    expect(titles).to.include('Hello again!');
    await waitUntil(() => listedTitles(first).length === titles.length && listedTitles(second).length === titles.length, 'both lists up to date');
    expect([...listedTitles(second)].sort()).to.deep.equal([...titles].sort());
    expect([...listedTitles(first)].sort()).to.deep.equal([...titles].sort());
  });
});
