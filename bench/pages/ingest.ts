/**
 * Figure 1, stream ingest: the same `stream-bench` run (RUN_STARTED, N text deltas of 4 characters, 10 backend tool
 * calls with fragmented arguments, RUN_FINISHED) consumed by (a) the floor, (b) `@ag-ui/client`'s stock
 * `HttpAgent.runAgent`, (c) `<ag-ui-agent>`, (d) the required work alone (protocol checks, markdown, sanitizing, once). Each reports wall time from the request to the paint after the final
 * text is in the DOM, and the main-thread long tasks in between. Each checks that it got all of the text, so a broken
 * contender cannot look fast.
 * @module
 */
import { EventType, HttpAgent, verifyEvents, type BaseEvent, type RunAgentInput, type TextMessageContentEvent } from '@ag-ui/client';
import type { Observable } from 'rxjs';
import '../../web/src/index.js';
import type { AgUiAgent } from '../../web/src/index.js';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { afterPaint, defineBenchmarks, forceGc, LongTasks, readSseEvents, renderedLength, runInput, sleep } from './shared.js';

interface IngestParams {
  /** Path of the stream, e.g. `/api/test/stream-bench?n=10000`. */
  url: string;
  /** Characters of text the stream carries (N x 4). */
  expectedText: number;
  /** `textContent.trim().length` of the text rendered as markdown (see `expected`). */
  expectedRendered?: number;
  /** Tool calls in the stream. */
  expectedToolCalls?: number;
}

const stage = document.getElementById('stage')!;
/** marked for (d), configured as the element's (GFM). */
const requiredMarked = new Marked({ gfm: true });

/** Subscribes to an event stream and resolves with its text (the `TEXT_MESSAGE_CONTENT` deltas, joined). */
function streamText(events: Observable<BaseEvent>): Promise<string> {
  const parts: string[] = [];
  return new Promise<string>((resolve, reject) => {
    events.subscribe({
      next: (event) => {
        if (event.type === EventType.TEXT_MESSAGE_CONTENT) parts.push((event as TextMessageContentEvent).delta);
      },
      error: reject,
      complete: () => resolve(parts.join('')),
    });
  });
}

/** The floor's SSE reader: fetch, split frames on blank lines, JSON.parse each `data:`, accumulate the text. */
async function readStreamText(url: string): Promise<{ text: string; events: number }> {
  const parts: string[] = [];
  const events = await readSseEvents(url, (event) => {
    if (event.type === 'TEXT_MESSAGE_CONTENT') parts.push(event.delta!);
  });
  return { text: parts.join(''), events };
}

function check(what: string, actual: number, expected: number | undefined): void {
  if (expected !== undefined && actual !== expected) throw new Error(`${what}: expected ${expected}, got ${actual}`);
}

defineBenchmarks({
  /** Between contenders: a full GC and a pause, so that one contender's garbage is not collected on another's clock. */
  async settle() {
    await forceGc();
    await sleep(200);
    return null;
  },

  /**
   * Not timed: the text of the stream, and the `textContent` length of the whole text rendered as markdown at once
   * (GFM, sanitized), which (c)'s incremental rendering must reach.
   */
  async expected(params) {
    const { url } = params as unknown as IngestParams;
    const { text, events } = await readStreamText(url);
    const div = document.createElement('div');
    div.innerHTML = DOMPurify.sanitize(new Marked({ gfm: true }).parse(text, { async: false }));
    return { text: text.length, rendered: (div.textContent ?? '').trim().length, events };
  },

  /** (a) fetch + SSE splitter + JSON.parse + text accumulation; the final text rendered once. */
  async floor(params) {
    const { url, expectedText } = params as unknown as IngestParams;
    const tasks = new LongTasks();
    tasks.start();
    const start = performance.now();
    const { text } = await readStreamText(url);
    const readMs = performance.now() - start;
    const output = document.createElement('div');
    output.style.whiteSpace = 'pre-wrap';
    output.textContent = text;
    stage.append(output);
    await afterPaint();
    const ms = performance.now() - start;
    const longTasks = tasks.stop();
    check('floor text length', text.length, expectedText);
    output.remove();
    return { ms, readMs, ...longTasks };
  },

  /** (b) `@ag-ui/client` `HttpAgent.runAgent()` as shipped, no rendering. */
  async stock(params) {
    const { url, expectedText } = params as unknown as IngestParams;
    const agent = new HttpAgent({ url });
    const tasks = new LongTasks();
    tasks.start();
    const start = performance.now();
    await agent.runAgent();
    await afterPaint();
    const ms = performance.now() - start;
    const longTasks = tasks.stop();
    const text = agent.messages.find((message) => message.role === 'assistant' && typeof message.content === 'string');
    check('stock text length', (text?.content as string | undefined)?.length ?? 0, expectedText);
    return { ms, ...longTasks };
  },

  /**
   * (d) The required work alone, in its cheapest form: `HttpAgent.run()` through `verifyEvents` (the protocol checks),
   * the text accumulated, then rendered once: marked, DOMPurify, set as `innerHTML`, painted. No incremental
   * rendering, no Lit, no tool cards: what any element built on these libraries must at least spend.
   */
  async required(params) {
    const { url, expectedRendered } = params as unknown as IngestParams;
    const agent = new HttpAgent({ url });
    const tasks = new LongTasks();
    tasks.start();
    const start = performance.now();
    const text = await streamText(agent.run(runInput() as unknown as RunAgentInput).pipe(verifyEvents(false)));
    const output = document.createElement('div');
    output.innerHTML = DOMPurify.sanitize(requiredMarked.parse(text, { async: false }));
    stage.append(output);
    await afterPaint();
    const ms = performance.now() - start;
    const longTasks = tasks.stop();
    check('required rendered text length', (output.textContent ?? '').trim().length, expectedRendered);
    output.remove();
    return { ms, ...longTasks };
  },

  /**
   * (b') `HttpAgent.run()` alone: the event stream as `@ag-ui/client` parses and checks it (what the run loop consumes),
   * text accumulated, nothing applied or rendered. Tells how much of (c) is the client's share.
   */
  async clientRun(params) {
    const { url, expectedText } = params as unknown as IngestParams;
    const agent = new HttpAgent({ url });
    const tasks = new LongTasks();
    tasks.start();
    const start = performance.now();
    const text = await streamText(agent.run(runInput() as unknown as RunAgentInput));
    await afterPaint();
    const ms = performance.now() - start;
    const longTasks = tasks.stop();
    check('HttpAgent.run() text length', text.length, expectedText);
    return { ms, ...longTasks };
  },

  /**
   * (c) `<ag-ui-agent url=...>` + `sendMessage()`: the element renders the reply (markdown) and the tool call cards as
   * they stream. Done when the rendered text has its full length (checked after the run, then every frame), plus a
   * paint.
   */
  async element(params) {
    const warmups = Number((params as { warmups?: number }).warmups ?? 0);
    for (let i = 0; i < warmups; i++) await elementRun(params as unknown as IngestParams);
    if (warmups > 0) {
      await forceGc();
      await sleep(200);
    }
    return elementRun(params as unknown as IngestParams);
  },
});

/** (c) one run: `<ag-ui-agent url>` + `sendMessage()`, timed to the paint after the whole reply is rendered. */
async function elementRun(params: IngestParams) {
  const { url, expectedRendered, expectedToolCalls } = params;
  const el = document.createElement('ag-ui-agent') as AgUiAgent;
  el.style.height = '600px';
  el.url = url;
  stage.append(el);
  await el.updateComplete;
  let runError: unknown;
  el.addEventListener('ag-ui-run-error', (event) => (runError = (event as CustomEvent<{ message: string }>).detail.message));
  await afterPaint();

  const tasks = new LongTasks();
  tasks.start();
  const start = performance.now();
  await el.sendMessage('Stream the benchmark reply, please.');
  if (runError !== undefined) throw new Error(`element run failed: ${String(runError)}`);
  const rendered = await renderedLength(el, expectedRendered ?? 0, start);
  await afterPaint();
  const ms = performance.now() - start;
  const longTasks = tasks.stop();
  check('element rendered text length', rendered, expectedRendered);
  const cards = el.shadowRoot!.querySelectorAll('.tool-call').length;
  check('element tool call cards', cards, expectedToolCalls);
  el.remove();
  return { ms, ...longTasks };
}
