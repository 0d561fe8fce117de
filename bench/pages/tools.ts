/**
 * Figure 2, tool overhead: N executions of a trivial tool (`z.object({ a: z.number() })`, handler `a + 1`) through
 * `ToolExecutionManager` + `ValidatingToolExecutor`, against the floor doing the same work inline (`safeParse`, a
 * fresh `AbortController`, `await handler(...)`, `JSON.stringify`). Executions are sequential (each awaited), in
 * both. Also the JS heap the manager retains after N executions (forced GC), to show it is bounded by the history.
 * @module
 */
import { z } from 'zod';
import { ToolExecutionManager, ValidatingToolExecutor, type ToolDefinition, type ToolExecutionManagerEventMap } from '../../web/src/tools/index.js';
import { defineBenchmarks, forceGc, heapAfterGc } from './shared.js';

const schema = z.object({ a: z.number() });
const handler = ({ a }: { a: number }): number => a + 1;
const tool: ToolDefinition<{ a: number }> = { name: 'increment', description: 'Adds one to a', effect: 'read_only', schema, handler };

/** Every event a `ToolExecutionManager` fires. */
const LIFECYCLE_EVENTS: Array<keyof ToolExecutionManagerEventMap> = [
  'tool-execution-started',
  'tool-execution-validating',
  'tool-execution-executing',
  'tool-execution-succeeded',
  'tool-execution-retrying',
  'tool-execution-failed',
  'tool-execution-cancelled',
  'circuit-state-changed',
];

let sink: unknown;

async function floor(n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const parsed = schema.safeParse({ a: i });
    if (!parsed.success) throw new Error('floor: invalid');
    const controller = new AbortController();
    const value = await handler(parsed.data);
    sink = JSON.stringify(value);
    if (controller.signal.aborted) throw new Error('floor: aborted');
  }
  return performance.now() - start;
}

/** The floor minus the `AbortController` (the manager creates one only when a handler reads `context.signal`). */
async function floorWithoutController(n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const parsed = schema.safeParse({ a: i });
    if (!parsed.success) throw new Error('floor: invalid');
    const value = await handler(parsed.data);
    sink = JSON.stringify(value);
  }
  return performance.now() - start;
}

function newManager(listeners: boolean): { manager: ToolExecutionManager; events: () => number } {
  const manager = new ToolExecutionManager(new ValidatingToolExecutor());
  let events = 0;
  if (listeners) {
    for (const type of LIFECYCLE_EVENTS) {
      manager.addEventListener(type, (event: Event) => {
        events++;
        sink = (event as CustomEvent).detail;
      });
    }
  }
  return { manager, events: () => events };
}

async function throughManager(manager: ToolExecutionManager, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const outcome = await manager.execute(tool, 'call', { a: i });
    if (!outcome.success) throw new Error(`manager: ${outcome.error.message}`);
  }
  return performance.now() - start;
}

defineBenchmarks({
  /**
   * `reps` rounds of floor, floor without the AbortController, manager, manager with a listener on every lifecycle
   * event (order rotated each round),
   * after a warm-up. @returns ns per execution of each round, per contender
   */
  async overhead(params) {
    const n = Number(params.n);
    const reps = Number(params.reps ?? 5);
    const warm = Math.min(n, 20_000);
    await floor(warm);
    await throughManager(newManager(false).manager, warm);
    await throughManager(newManager(true).manager, warm);
    await floorWithoutController(warm);
    const result = {
      floor: [] as number[],
      floorWithoutController: [] as number[],
      manager: [] as number[],
      listeners: [] as number[],
      eventsPerExecution: 0,
    };
    const contenders: Array<[keyof typeof result, () => Promise<number>]> = [
      ['floor', () => floor(n)],
      ['floorWithoutController', () => floorWithoutController(n)],
      ['manager', () => throughManager(newManager(false).manager, n)],
      [
        'listeners',
        async () => {
          const { manager, events } = newManager(true);
          const ms = await throughManager(manager, n);
          result.eventsPerExecution = events() / n;
          return ms;
        },
      ],
    ];
    for (let rep = 0; rep < reps; rep++) {
      for (let k = 0; k < contenders.length; k++) {
        const [name, run] = contenders[(k + rep) % contenders.length]!;
        await forceGc();
        const ms = await run();
        (result[name] as number[]).push((ms * 1e6) / n);
      }
    }
    if (sink === undefined) throw new Error('nothing ran');
    return result;
  },

  /**
   * Experiment: `n` executions started at once (as the run loop starts a tool round), optionally sharing one caller
   * `AbortSignal` and with listeners. @returns ns per execution
   */
  async batch(params) {
    const n = Number(params.n);
    const out: Record<string, number> = {};
    for (const [name, listeners, shared] of [
      ['plain', false, false],
      ['listeners', true, false],
      ['sharedSignal', false, true],
      ['listenersSharedSignal', true, true],
    ] as const) {
      const times: number[] = [];
      for (let rep = 0; rep < 5; rep++) {
        const { manager } = newManager(listeners);
        const controller = new AbortController();
        await forceGc();
        const start = performance.now();
        await Promise.all(
          Array.from({ length: n }, (_, i) => manager.execute(tool, `call_${i}`, { a: i }, shared ? { signal: controller.signal } : undefined)),
        );
        times.push(((performance.now() - start) * 1e6) / n);
      }
      out[name] = times.sort((a, b) => a - b)[2]!;
    }
    return out;
  },

  /** JS heap retained by a manager after `n` executions (forced GC before and after). @returns bytes */
  async heap(params) {
    const n = Number(params.n);
    const before = await heapAfterGc();
    const { manager } = newManager(false);
    await throughManager(manager, n);
    const after = await heapAfterGc();
    return { retainedBytes: after - before, history: manager.history.length, historyLimit: manager.historyLimit };
  },
});
