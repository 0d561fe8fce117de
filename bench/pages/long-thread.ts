/**
 * Figure 5, long threads: hand `<ag-ui-agent>` a thread of N messages (user text, markdown replies, tool calls with
 * their tool messages, plain replies) and time it to the first paint scrolled to the bottom; count the DOM nodes in
 * its shadow root (recursively) afterwards.
 *
 * The thread goes in through a `messages` setter when the element has one; otherwise (as of writing, `messages` is a
 * read-only getter) through the documented seed: an `agent` whose `messages` start the conversation.
 * @module
 */
import { HttpAgent, type Message } from '@ag-ui/client';
import '../../web/src/index.js';
import { AgUiAgent } from '../../web/src/index.js';
import { afterPaint, countNodes, defineBenchmarks, nextFrame } from './shared.js';

const stage = document.getElementById('stage')!;

/** A mixed thread of `count` messages, in rounds of five: user, markdown reply, tool call, tool result, short reply. */
export function buildThread(count: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; messages.length < count; i++) {
    const toolCallId = `call_${i}`;
    const round: Message[] = [
      { id: `u${i}`, role: 'user', content: `Question ${i}: what do we know about item ${i}?` },
      {
        id: `a${i}`,
        role: 'assistant',
        content:
          `Here is what I found about **item ${i}**:\n\n` +
          `- it has \`id=${i}\` and a [page](https://example.com/items/${i})\n- it was _updated_ recently\n\n` +
          '```js\nconst item = await lookup(' + i + ');\n```\n',
      },
      {
        id: `t${i}`,
        role: 'assistant',
        content: '',
        toolCalls: [{ id: toolCallId, type: 'function', function: { name: 'lookup_item', arguments: JSON.stringify({ id: i, verbose: true }) } }],
      },
      { id: `r${i}`, role: 'tool', toolCallId, content: JSON.stringify({ ok: true, item: { id: i, name: `Item ${i}`, tags: ['a', 'b'] } }) },
      { id: `p${i}`, role: 'assistant', content: `Item ${i} is in stock.` },
    ];
    messages.push(...round.slice(0, count - messages.length));
  }
  return messages;
}

function hasMessagesSetter(): boolean {
  for (let proto: object | null = AgUiAgent.prototype; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'messages');
    if (descriptor) return typeof descriptor.set === 'function' || descriptor.writable === true;
  }
  return false;
}

/**
 * Sets the thread, waits until its last entry is rendered with the transcript scrolled to the bottom, then a paint.
 * The element is removed afterwards unless `keep`.
 */
async function show(count: number, keep = false): Promise<{ ms: number; nodes: number; via: string; el: AgUiAgent }> {
  const messages = buildThread(count);
  const el = document.createElement('ag-ui-agent') as AgUiAgent;
  el.style.height = '600px';
  stage.append(el);
  await el.updateComplete;
  await afterPaint();

  const setter = hasMessagesSetter();
  // The seed agent is built before the clock starts (HttpAgent copies the messages); the element copies them again.
  const agent = setter ? undefined : new HttpAgent({ url: '/api/test/text', initialMessages: messages });
  const last = [...messages].reverse().find((message) => message.role !== 'tool')!;
  const start = performance.now();
  if (setter) (el as unknown as { messages: Message[] }).messages = messages;
  else el.agent = agent;
  let scrolledToBottom = false;
  for (;;) {
    await el.updateComplete;
    const root = el.shadowRoot!;
    const transcript = root.querySelector<HTMLElement>('.transcript');
    const rendered = root.querySelector(`[data-message-id="${last.id}"]`) !== null;
    scrolledToBottom =
      transcript !== null && transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight <= 1;
    if ((rendered && scrolledToBottom) || performance.now() - start > 60_000) break;
    await nextFrame();
  }
  await afterPaint();
  const ms = performance.now() - start;
  if (!scrolledToBottom) throw new Error(`the ${count}-message thread was not shown scrolled to the bottom`);
  const nodes = countNodes(el.shadowRoot!);
  if (!keep) el.remove();
  return { ms, nodes, via: setter ? 'messages' : 'agent', el };
}

/**
 * Shows the thread at the bottom, then scrolls to the top `pages` times, each time waiting (5 s at most) for the page
 * of earlier entries to render: the DOM after reading far up a long thread.
 */
async function scrollUp(count: number, pages: number): Promise<{ nodes: number; pages: number; entries: number }> {
  const { el } = await show(count, true);
  const root = el.shadowRoot!;
  const transcript = root.querySelector<HTMLElement>('.transcript')!;
  const first = () => root.querySelector('[data-message-id]');
  let loaded = 0;
  for (; loaded < pages; loaded++) {
    const before = first();
    transcript.scrollTop = 0;
    const start = performance.now();
    while (first() === before && performance.now() - start < 5_000) await nextFrame();
    if (first() === before) break;
  }
  await afterPaint();
  const result = { nodes: countNodes(root), pages: loaded, entries: root.querySelectorAll('[data-message-id]').length };
  el.remove();
  return result;
}

defineBenchmarks({
  /** A warm-up (a 20-message thread in another element), then the measured thread. */
  async thread(params) {
    await show(20);
    const { ms, nodes, via } = await show(Number(params.messages));
    return { ms, nodes, via };
  },

  /** After a warm-up, the thread read `pages` pages up from the bottom (see `scrollUp`). */
  async scrolledUp(params) {
    await show(20);
    return scrollUp(Number(params.messages), Number(params.pages));
  },
});
