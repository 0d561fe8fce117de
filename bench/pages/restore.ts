/**
 * Figure 8, restore of a persisted thread: a thread of 5,000 AG-UI messages with 500 frontend tool calls (250
 * assistant messages with two calls each, their 500 tool messages, and 500 `ToolCallRecord`s) is written to a real
 * IndexedDB (`seed`), then a fresh page mounts `<ag-ui-agent persist persist-name url>` and the thread comes back
 * from the database (`restore`): time from the mount to the first frame that shows the thread's last message with
 * the transcript at the bottom, and the main-thread long tasks from the mount until 1 s after that frame.
 * @module
 */
import type { Message } from '@ag-ui/client';
import '../../web/src/index.js';
import type { AgUiAgent, ToolCallRecord } from '../../web/src/index.js';
import { IndexedDbThreadStore } from '../../web/src/persistence/index.js';
import { defineBenchmarks, sleep } from './shared.js';

const stage = document.getElementById('stage')!;

/** Words for the generated text (varied, so that no two messages are the same string). */
const WORDS = (
  'the index cache request server thread render layout budget response stream token schema record client ' +
  'database migration retry timeout queue worker batch payload header origin session window frame parser'
).split(' ');

function words(seed: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[(seed * 7 + i * 13 + (i >> 2)) % WORDS.length]!);
  return out.join(' ');
}

/** An assistant reply in markdown, ~300-600 characters: a paragraph, a list, sometimes a code block. */
function reply(i: number): string {
  const code = i % 4 === 0 ? `\n\`\`\`ts\nconst result = await client.fetch('/items/${i}', { retries: ${i % 5} });\n\`\`\`\n` : '';
  return (
    `Here is what I found about **item ${i}**: ${words(i, 24)}.\n\n` +
    `- \`${WORDS[i % WORDS.length]}\` is ${words(i + 1, 9)}\n` +
    `- it was _updated_ ${i % 60} minutes ago; see [the notes](https://example.com/items/${i})\n` +
    `- ${words(i + 2, 12)}\n${code}\n` +
    `In short: ${words(i + 3, 16)}.`
  );
}

export interface SeededThread {
  threadId: string;
  messages: Message[];
  toolCalls: ToolCallRecord[];
  /** The id and a text unique to the last message (an assistant reply). */
  lastId: string;
  lastText: string;
}

/**
 * A thread of exactly `count` messages with `toolCalls` frontend calls (two per assistant message): blocks of one tool
 * round (user, assistant with two calls, two tool messages, assistant reply) and plain rounds (user, assistant
 * reply), the tool rounds spread evenly; the last message is an assistant reply.
 */
export function buildThread(count: number, toolCalls: number): SeededThread {
  const threadId = 'bench-restore-thread';
  const rounds = toolCalls / 2;
  const plainRounds = (count - rounds * 5) / 2;
  if (!Number.isInteger(rounds) || !Number.isInteger(plainRounds) || plainRounds < rounds) throw new Error(`cannot build ${count} messages with ${toolCalls} calls`);
  const messages: Message[] = [];
  const records: ToolCallRecord[] = [];
  const t0 = Date.now() - 30 * 24 * 3600_000;
  let clock = t0;
  let plainDone = 0;
  let n = 0;
  const plain = (): void => {
    const i = n++;
    messages.push({ id: `u${i}`, role: 'user', content: `Question ${i}: what do we know about ${words(i, 8)}? Please keep it short.` });
    messages.push({ id: `a${i}`, role: 'assistant', content: reply(i) });
    plainDone++;
  };
  for (let r = 0; r < rounds; r++) {
    const i = n++;
    const assistantId = `tc${i}`;
    const calls = [0, 1].map((k) => {
      const id = `call_${r}_${k}`;
      const name = k === 0 ? 'search_docs' : 'read_record';
      const args = k === 0 ? { query: words(i + k, 6), limit: 10, filters: { kind: 'doc', after: '2026-01-01' } } : { id: `rec-${i}`, fields: ['title', 'body', 'owner', 'updatedAt'] };
      return { id, name, args, argsText: JSON.stringify(args) };
    });
    messages.push({ id: `u${i}`, role: 'user', content: `Look up ${words(i, 5)} and read record ${i}, then summarise.` });
    messages.push({
      id: assistantId,
      role: 'assistant',
      content: '',
      toolCalls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.argsText } })),
    });
    for (const c of calls) {
      const result = JSON.stringify({
        ok: true,
        result: { id: `rec-${i}`, title: `Record ${i}`, body: words(i + c.id.length, 40), owner: 'ops', tags: ['a', 'b', 'c'], score: (i % 97) / 97 },
      });
      const toolMessageId = `tool_${c.id}`;
      messages.push({ id: toolMessageId, role: 'tool', toolCallId: c.id, content: result });
      const createdAt = (clock += 1000);
      records.push({
        toolCallId: c.id,
        toolCallName: c.name,
        kind: 'frontend',
        parentMessageId: assistantId,
        status: 'succeeded',
        argsText: c.argsText,
        args: c.args,
        result,
        attempts: { attemptNumber: 1, maxAttempts: 1 },
        timing: { createdAt, startedAt: createdAt + 40, completedAt: createdAt + 180 },
        answer: { messageId: toolMessageId, content: result, followUp: true },
      });
    }
    messages.push({ id: `a${i}`, role: 'assistant', content: reply(i) });
    // Plain rounds after each tool round, so that the tool rounds are spread over the whole thread.
    const due = Math.round(((r + 1) * plainRounds) / rounds);
    while (plainDone < due) plain();
  }
  const last = messages[messages.length - 1]!;
  const lastText = `In short: ${words(n - 1 + 3, 16)}.`;
  if (messages.length !== count || last.role !== 'assistant' || !String(last.content).endsWith(lastText)) throw new Error('thread built wrong');
  return { threadId, messages, toolCalls: records, lastId: last.id, lastText };
}

/**
 * Tells when the frame that shows the current DOM has been painted: a `requestAnimationFrame` loop posts a message
 * from each frame's first callback; the message is handled after that frame's rendering (style, layout, paint), as
 * no other task runs between a frame's callbacks and its paint. DOM changed while a frame's message is pending (in
 * that frame's callbacks or microtasks) is painted by that frame; DOM changed elsewhere, by the next one.
 */
class FramePaints {
  #pending = false;
  #running = true;
  #waiters: (() => void)[] = [];
  #next: (() => void)[] = [];
  readonly #channel = new MessageChannel();
  frames = 0;

  constructor() {
    this.#channel.port1.onmessage = () => {
      this.#pending = false;
      const done = this.#waiters;
      this.#waiters = [];
      for (const resolve of done) resolve();
    };
    const tick = (): void => {
      if (!this.#running) return;
      this.frames++;
      this.#pending = true;
      this.#waiters.push(...this.#next);
      this.#next = [];
      this.#channel.port2.postMessage(null);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  /** Resolves after the paint of the frame that shows the DOM as it is now. */
  painted(): Promise<void> {
    return new Promise((resolve) => (this.#pending ? this.#waiters : this.#next).push(resolve));
  }

  stop(): void {
    this.#running = false;
    this.#channel.port1.close();
  }
}

interface RestoreParams {
  /** The IndexedDB database `seed` wrote. */
  name: string;
  threadId: string;
  lastId: string;
  lastText: string;
  messages: number;
  toolCalls: number;
  /** ms to keep recording long tasks after the first paint of the last message. */
  settleMs?: number;
}

defineBenchmarks({
  /** Writes the thread to the IndexedDB database `name` (replacing it) and closes it. */
  async seed(params) {
    const name = String(params.name);
    const thread = buildThread(Number(params.messages), Number(params.toolCalls));
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    const store = new IndexedDbThreadStore({ name });
    const start = performance.now();
    await store.save({ threadId: thread.threadId, messages: thread.messages, toolCalls: thread.toolCalls, state: {} });
    const saveMs = performance.now() - start;
    const loaded = await store.load(thread.threadId);
    store.close();
    if (loaded?.messages.length !== thread.messages.length || loaded.toolCalls.length !== thread.toolCalls.length) throw new Error('the seeded thread did not load back whole');
    return {
      threadId: thread.threadId,
      lastId: thread.lastId,
      lastText: thread.lastText,
      messages: thread.messages.length,
      toolMessages: thread.messages.filter((m) => m.role === 'tool').length,
      toolCalls: thread.toolCalls.length,
      jsonBytes: JSON.stringify({ messages: thread.messages, toolCalls: thread.toolCalls }).length,
      saveMs,
    };
  },

  /** Deletes the database `name`. */
  async drop(params) {
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(String(params.name));
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
    return {};
  },

  /**
   * Mounts `<ag-ui-agent persist persist-name url>` in this (fresh) page and times the restore of the newest thread:
   * the store's `list()` and `load()` (their calls timed by wrapping the prototype's methods), `ag-ui-thread-changed`,
   * the first paint of the last message with the transcript at the bottom, and the long tasks from the mount until
   * `settleMs` after that paint.
   */
  async restore(params) {
    const p = params as unknown as RestoreParams;
    const settleMs = p.settleMs ?? 1000;
    const timings: Record<string, number> = {};
    const proto = IndexedDbThreadStore.prototype;
    const wrap = (method: 'list' | 'load') => {
      const original = proto[method] as (...args: unknown[]) => Promise<unknown>;
      (proto as unknown as Record<string, unknown>)[method] = async function (this: IndexedDbThreadStore, ...args: unknown[]) {
        timings[`${method}Start`] ??= performance.now();
        try {
          return await original.apply(this, args);
        } finally {
          timings[`${method}End`] ??= performance.now();
        }
      };
    };
    wrap('list');
    wrap('load');

    const paints = new FramePaints();
    // Main-thread long tasks (> 50 ms, Long Tasks API), kept with their start times for the split before / after the paint.
    const entries: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
    const el = document.createElement('ag-ui-agent') as AgUiAgent;
    el.style.height = '600px';
    el.setAttribute('url', '/api/agent');
    el.setAttribute('persist', '');
    el.setAttribute('persist-name', p.name);
    let changed: { at: number; threadId: string; restored: boolean } | undefined;
    let storeError: string | undefined;
    el.addEventListener('ag-ui-thread-changed', (event) => {
      const { threadId, restored } = (event as CustomEvent<{ threadId: string; restored: boolean }>).detail;
      changed ??= { at: performance.now(), threadId, restored };
    });
    el.addEventListener('ag-ui-persistence-error', (event) => (storeError = (event as CustomEvent<{ message: string }>).detail.message));
    // The last message in the DOM, checked after each of the element's renders (no layout read: text only).
    let renders = 0;
    let shownAt: number | undefined;
    let onShown: (() => void) | undefined;
    const lastShown = () => {
      const node = el.shadowRoot?.querySelector(`[data-message-id="${p.lastId}"]`);
      return node?.textContent?.includes(p.lastText) === true;
    };
    el.addController({
      hostUpdated: () => {
        renders++;
        if (shownAt === undefined && lastShown()) {
          shownAt = performance.now();
          onShown?.();
        }
      },
    });

    observer.observe({ type: 'longtask' });
    const start = performance.now();
    stage.append(el);
    // Wait for a render that shows the last message, then for its frame's paint; that frame counts when the
    // transcript was then at the bottom (else the next frame that is).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the last message was not shown within 60 s${storeError ? ` (store error: ${storeError})` : ''}`)), 60_000);
      onShown = () => {
        clearTimeout(timer);
        resolve();
      };
      if (shownAt !== undefined) onShown();
    });
    await paints.painted();
    let paintAt = performance.now();
    const transcript = el.shadowRoot!.querySelector<HTMLElement>('.transcript');
    const atBottom = () => transcript !== null && transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight <= 1;
    let framesToBottom = 0;
    while (!atBottom()) {
      if (performance.now() - start > 60_000) throw new Error('the restored thread was not shown scrolled to the bottom');
      framesToBottom++;
      await paints.painted();
      paintAt = performance.now();
    }
    const firstPaintMs = paintAt - start;
    await sleep(settleMs);
    entries.push(...observer.takeRecords());
    observer.disconnect();
    const frames = paints.frames;
    paints.stop();
    const inWindow = entries.filter((e) => e.startTime + e.duration >= start);
    const longest = (list: PerformanceEntry[]) => list.reduce((max, e) => Math.max(max, e.duration), 0);

    if (storeError) throw new Error(`store error: ${storeError}`);
    if (!changed?.restored || changed.threadId !== p.threadId) throw new Error(`ag-ui-thread-changed: expected ${p.threadId} restored, got ${JSON.stringify(changed)}`);
    const messages = el.messages.length;
    const toolCalls = el.toolCalls.size;
    if (messages !== p.messages || toolCalls !== p.toolCalls) throw new Error(`restored ${messages} messages and ${toolCalls} tool calls, expected ${p.messages} and ${p.toolCalls}`);
    const rendered = el.shadowRoot!.querySelectorAll('[data-message-id]').length;
    el.remove();
    const rel = (key: string) => (timings[key] === undefined ? -1 : timings[key]! - start);
    return {
      firstPaintMs,
      longestTaskMs: longest(inWindow),
      longTaskTotalMs: inWindow.reduce((sum, e) => sum + e.duration, 0),
      longTasks: inWindow.length,
      longestBeforePaintMs: longest(inWindow.filter((e) => e.startTime < paintAt)),
      longTaskStartsMs: inWindow.map((e) => [Math.round(e.startTime - start), Math.round(e.duration)]),
      listStartMs: rel('listStart'),
      loadStartMs: rel('loadStart'),
      loadMs: timings.loadEnd! - timings.loadStart!,
      loadEndMs: rel('loadEnd'),
      threadChangedMs: changed.at - start,
      shownMs: shownAt! - start,
      renders,
      frames,
      framesToBottom,
      entries: rendered,
    };
  },
});
