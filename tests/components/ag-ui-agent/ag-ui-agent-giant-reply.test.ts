import { EventType, type BaseEvent, type Message } from '@ag-ui/client';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { pushedAgent, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { MARKDOWN_MAX_CHARS } from '../../../web/src/internal/markdown.js';
import { MemoryThreadStore } from '../../../web/src/persistence/index.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, rendered, scenarioUrl } from './helpers.js';

// One line of ~50 MB, built once (marked overflows its stack on a line of ~10 MB).
const LINE = 'All work and no play makes a long reply. ';
const GIANT = LINE.repeat(Math.ceil(50_000_000 / LINE.length));
// Blockquotes nested 5,000 deep: marked throws (RangeError) on this 10 KB text.
const UNRENDERABLE = `${'> '.repeat(5000)}deep`;

/** The assistant message `id`'s box. */
function message(el: AgUiAgent, id: string): HTMLElement {
  return $(el, `[part~="message-assistant"][data-message-id="${id}"]`)!;
}

/** Checks that `id` shows its head as markdown and the rest as a bounded plain-text preview with "Show all". */
function expectBoundedReply(el: AgUiAgent, id: string): void {
  const box = message(el, id);
  expect(box, `message ${id}`).to.not.equal(null);
  const markdown = box.querySelector('[part~="message-content"]')!;
  expect(markdown.textContent!.trim().length).to.be.within(MARKDOWN_MAX_CHARS / 2, MARKDOWN_MAX_CHARS);
  expect(markdown.textContent).to.contain('All work and no play');
  const rest = box.querySelector('[part~="message-rest-text"]')!;
  expect(rest, 'the plain-text rest').to.not.equal(null);
  expect(rest.textContent!.length).to.be.within(1, 10_000);
  expect(box.querySelector('[part~="message-rest-show-all"]')?.textContent).to.match(/Show all \([\d,]+ KB\)/);
  // What the DOM holds of a 50 MB reply stays small: the markdown head and the preview.
  expect(box.textContent!.length).to.be.below(MARKDOWN_MAX_CHARS + 20_000);
}

describe('<ag-ui-agent> giant and unrenderable replies', () => {
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  const uncaught: unknown[] = [];
  const onError = (event: ErrorEvent): void => void uncaught.push(event.error ?? event.message);
  beforeEach(() => {
    rejections = trackUnhandledRejections();
    uncaught.length = 0;
    window.addEventListener('error', onError);
  });
  afterEach(() => {
    window.removeEventListener('error', onError);
    rejections.dispose();
    expect(rejections.reasons.map(String), 'unhandled rejections').to.deep.equal([]);
    expect(uncaught.map(String), 'uncaught errors').to.deep.equal([]);
  });

  it('shows a stored 50 MB reply as bounded markdown and the rest as plain text with "Show all"; earlier messages render', async function () {
    this.timeout(30_000);
    const store = new MemoryThreadStore();
    const messages: Message[] = [
      { id: 'u1', role: 'user', content: 'First question' },
      { id: 'a1', role: 'assistant', content: 'An **earlier** answer' },
      { id: 'u2', role: 'user', content: 'Now a long one' },
      { id: 'a2', role: 'assistant', content: GIANT },
    ];
    await store.save({ threadId: 'giant', messages });
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('text')} .registry=${new ToolRegistry()} .store=${store} thread-id="giant"></ag-ui-agent>`,
    );
    await waitUntil(() => el.messages.length === 4, 'the thread is not restored');
    await waitUntil(async () => (await rendered(el), message(el, 'a2') !== null), 'the long reply is not rendered');

    expect(message(el, 'a1').querySelector('strong')?.textContent).to.equal('earlier');
    expectBoundedReply(el, 'a2');
  });

  it('streams a 50 MB reply live without breaking the thread, and bounds it the same way', async function () {
    this.timeout(60_000);
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    const sending = el.sendMessage('Write a lot');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'run-1' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_START, messageId: 'live', role: 'assistant' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'live', delta: 'Here goes. ' } as BaseEvent);
    await waitUntil(async () => (await rendered(el), message(el, 'live') !== null), 'the reply does not start');
    // In deltas of 50 KB (the SSE parser refuses an event past 10 MB, and rescans a big one per 4 KB piece), checked
    // every 10 MB while it streams.
    const DELTA = 50_000;
    for (let at = 0; at < GIANT.length; at += DELTA) {
      push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'live', delta: GIANT.slice(at, at + DELTA) } as BaseEvent);
      if ((at / DELTA) % 200 !== 199) continue;
      const length = 11 + at + DELTA;
      await waitUntil(() => (el.messages.at(-1)?.content?.length ?? 0) >= length, `${length} characters do not arrive`, { timeout: 20_000 });
      await rendered(el);
      // While it streams: the person's message is still there, the reply is bounded.
      expect($(el, '[part~="message-user"]')?.textContent).to.contain('Write a lot');
      expect(message(el, 'live').textContent!.length).to.be.below(MARKDOWN_MAX_CHARS + 20_000);
    }
    push({ type: EventType.TEXT_MESSAGE_END, messageId: 'live' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'run-1' } as BaseEvent);
    end();
    await sending;
    await rendered(el);
    expect($(el, '[part~="message-user"]')?.textContent).to.contain('Write a lot');
    expectBoundedReply(el, 'live');
  });

  it('contains a reply that cannot be rendered to its own message: a notice there, its text as plain text, the others render', async () => {
    const store = new MemoryThreadStore();
    const messages: Message[] = [
      { id: 'u1', role: 'user', content: 'Quote me' },
      { id: 'a1', role: 'assistant', content: 'A **fine** answer' },
      { id: 'a2', role: 'assistant', content: UNRENDERABLE },
      { id: 'a3', role: 'assistant', content: 'Another _fine_ answer' },
    ];
    await store.save({ threadId: 'broken', messages });
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('text')} .registry=${new ToolRegistry()} .store=${store} thread-id="broken"></ag-ui-agent>`,
    );
    const errors: Array<{ messageId: string; code: string }> = [];
    el.addEventListener('ag-ui-render-error', (event) => errors.push(event.detail));
    await waitUntil(() => el.messages.length === 4, 'the thread is not restored');
    await waitUntil(async () => (await rendered(el), message(el, 'a3') !== null), 'the messages are not rendered');

    expect(message(el, 'a1').querySelector('strong')?.textContent).to.equal('fine');
    expect(message(el, 'a3').querySelector('em')?.textContent).to.equal('fine');
    const notice = message(el, 'a2').querySelector('[part~="message-render-error"]')!;
    expect(notice, 'the notice').to.not.equal(null);
    expect(notice.getAttribute('data-code')).to.equal('markdown_render_failed');
    expect(message(el, 'a2').querySelector('[part~="message-rest-text"]')?.textContent).to.contain('> > > ');
    await waitUntil(() => errors.length === 1, 'ag-ui-render-error is not fired');
    expect(errors[0]).to.include({ messageId: 'a2', code: 'markdown_render_failed' });
  });
});
