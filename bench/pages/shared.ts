/**
 * Helpers shared by the benchmark pages: frames, long tasks, forced GC, heap, DOM counting, SSE, `window.bench`.
 * No framework: the floors import this module too.
 * @module
 */
import type { AgUiAgent } from '../../web/src/index.js';

/** A benchmark entry point: `window.bench[name](params)`, called by `bench/run.mjs` in a fresh page. */
export type BenchFn = (params: Record<string, unknown>) => Promise<unknown>;

declare global {
  interface Window {
    bench?: Record<string, BenchFn>;
    /** Present when Chromium runs with `--js-flags=--expose-gc`. */
    gc?: () => void;
  }
  interface Performance {
    /** Chromium only; precise with `--enable-precise-memory-info`. */
    memory?: { usedJSHeapSize: number; totalJSHeapSize: number };
  }
}

/** Publishes the page's benchmarks (the runner waits for `window.bench`). */
export function defineBenchmarks(benchmarks: Record<string, BenchFn>): void {
  window.bench = benchmarks;
}

/** Resolves at the next animation frame callback. */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Resolves once the browser has produced the frame that shows the current DOM: an animation frame callback runs in
 * that frame's rendering step, and a message posted from it is handled only after the step (style, layout, paint).
 */
export async function afterPaint(): Promise<void> {
  await nextFrame();
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Connects an `<ag-ui-agent url>` (600 px high) to `stage` and waits for its first paint. */
export async function mountAgent(stage: HTMLElement, url: string): Promise<AgUiAgent> {
  const el = document.createElement('ag-ui-agent') as AgUiAgent;
  el.style.height = '600px';
  el.url = url;
  stage.append(el);
  await el.updateComplete;
  await afterPaint();
  return el;
}

/** Records main-thread long tasks (> 50 ms, Long Tasks API) from `start()` until `stop()`. */
export class LongTasks {
  #entries: PerformanceEntry[] = [];
  #observer = new PerformanceObserver((list) => this.#entries.push(...list.getEntries()));
  #from = 0;

  start(): void {
    this.#from = performance.now();
    this.#observer.observe({ type: 'longtask' });
  }

  /** @returns the longest task (0 when none exceeded 50 ms), their total time and count, in ms */
  stop(): { longestTaskMs: number; longTaskTotalMs: number; longTasks: number } {
    // Entries of tasks that ended before stop() may still be queued: take them too.
    this.#entries.push(...this.#observer.takeRecords());
    this.#observer.disconnect();
    const entries = this.#entries.filter((entry) => entry.startTime + entry.duration >= this.#from);
    return {
      longestTaskMs: entries.reduce((max, entry) => Math.max(max, entry.duration), 0),
      longTaskTotalMs: entries.reduce((sum, entry) => sum + entry.duration, 0),
      longTasks: entries.length,
    };
  }
}

/** Forces a full GC (needs `--js-flags=--expose-gc`); a few passes, so that finalizers and weak refs settle. */
export async function forceGc(): Promise<void> {
  if (typeof window.gc !== 'function') throw new Error('gc() is not exposed: launch Chromium with --js-flags=--expose-gc');
  for (let i = 0; i < 3; i++) {
    window.gc();
    await sleep(0);
  }
}

/** Used JS heap after a forced GC, in bytes (needs `--enable-precise-memory-info` to be exact). */
export async function heapAfterGc(): Promise<number> {
  await forceGc();
  const memory = performance.memory;
  if (!memory) throw new Error('performance.memory is not available (Chromium only)');
  return memory.usedJSHeapSize;
}

/** Every node (elements, text, comments) under `root`, descending into open shadow roots. */
export function countNodes(root: Node): number {
  let count = 0;
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      count++;
      visit(child);
    }
    const shadow = (node as Element).shadowRoot;
    if (shadow) visit(shadow);
  };
  visit(root);
  return count;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A minimal valid AG-UI `RunAgentInput` body. */
export function runInput(messages: unknown[] = []): Record<string, unknown> {
  return {
    threadId: crypto.randomUUID(),
    runId: crypto.randomUUID(),
    messages,
    tools: [],
    context: [],
    state: {},
    forwardedProps: {},
  };
}

/**
 * Counts frames the page dropped between `start()` and `stop()`: a `requestAnimationFrame` loop records each frame's
 * time, and a gap of more than 1.5 frame intervals between two frames counts as `round(gap / interval) - 1`
 * dropped frames. The interval is the median gap (the display's rate; 16.7 ms at 60 Hz).
 */
export class FrameGaps {
  #times: number[] = [];
  #running = false;

  start(): void {
    this.#times = [];
    this.#running = true;
    const tick = (time: number): void => {
      if (!this.#running) return;
      this.#times.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  /** @returns frames seen, frames dropped, the frame interval and the longest gap (ms) */
  stop(): { frames: number; droppedFrames: number; frameIntervalMs: number; longestFrameGapMs: number } {
    this.#running = false;
    const gaps = this.#times.slice(1).map((time, i) => time - this.#times[i]!);
    const interval = gaps.length ? median(gaps) : 1000 / 60;
    let dropped = 0;
    for (const gap of gaps) if (gap > 1.5 * interval) dropped += Math.round(gap / interval) - 1;
    return { frames: this.#times.length, droppedFrames: dropped, frameIntervalMs: interval, longestFrameGapMs: gaps.length ? Math.max(...gaps) : 0 };
  }
}

/** An AG-UI event as a floor reads it (only what the floors use). */
export interface SseEvent {
  type: string;
  delta?: string;
}

/**
 * The floors' SSE reader: POSTs a run input to `url`, splits the body into frames on blank lines, `JSON.parse`s each
 * frame's `data:` and hands the event to `onEvent` at once. @returns the number of events
 */
export async function readSseEvents(url: string, onEvent: (event: SseEvent) => void): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(runInput()),
  });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let events = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let start = 0;
    for (let end = buffer.indexOf('\n\n', start); end !== -1; end = buffer.indexOf('\n\n', start)) {
      // The usual frame is one `data: <json>` line; anything else goes through the general path.
      let data: string;
      if (buffer.startsWith('data: ', start) && buffer.indexOf('\n', start) === end) {
        data = buffer.slice(start + 6, end);
      } else {
        data = '';
        for (const line of buffer.slice(start, end).split('\n')) if (line.startsWith('data:')) data += line.slice(line[5] === ' ' ? 6 : 5);
      }
      start = end + 2;
      if (data === '') continue;
      events++;
      onEvent(JSON.parse(data) as SseEvent);
    }
    buffer = buffer.slice(start);
  }
  return events;
}

/**
 * Waits until the text of `el`'s assistant message has exactly `expected` characters (`textContent.trim().length`,
 * checked after each update and each frame), or 120 s after `start` (its caller's check then fails). Exactly: while a
 * reply's tail is still catching up it may be longer for a moment (e.g. `**` shown before the bold it opens is
 * parsed). @returns the length reached
 */
export async function renderedLength(el: AgUiAgent, expected: number, start: number): Promise<number> {
  for (;;) {
    await el.updateComplete;
    const content = el.shadowRoot!.querySelector('.message.assistant .message-content');
    const rendered = (content?.textContent ?? '').trim().length;
    if (rendered === expected || performance.now() - start > 120_000) return rendered;
    await nextFrame();
  }
}
