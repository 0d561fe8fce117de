/**
 * Helpers shared by the benchmark pages: frames, long tasks, forced GC, heap, DOM counting, `window.bench`.
 * @module
 */

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
