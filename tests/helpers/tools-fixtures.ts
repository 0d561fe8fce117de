// Fixtures for the tool runtime tests (tests/tools/): test tools, event recording, and the per-test harness of the
// ToolExecutionManager tests (fake clock, fresh registry).
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import {
  ToolExecutionManager,
  ToolRegistrationError,
  ToolRegistry,
  TransientToolError,
  type ToolDefinition,
  type ToolExecutionContext,
  type ToolExecutionManagerEventMap,
  type ToolExecutionManagerOptions,
  type ToolExecutionResult,
  type ToolError,
  type ToolMetadata,
} from '../../web/src/tools/index.js';

export { deferred, type Deferred } from './deferred.js';

/** Every event a `ToolExecutionManager` fires, as `recordEvents()` listens to them. */
export const EXECUTION_EVENTS = [
  'tool-execution-started',
  'tool-execution-validating',
  'tool-execution-executing',
  'tool-execution-succeeded',
  'tool-execution-retrying',
  'tool-execution-failed',
  'tool-execution-cancelled',
  'circuit-state-changed',
] as const satisfies ReadonlyArray<keyof ToolExecutionManagerEventMap>;

/** One event recorded by `recordEvents()`. */
export interface RecordedEvent {
  type: keyof ToolExecutionManagerEventMap;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  detail: any;
}

/** Records every manager event, in dispatch order. */
export function recordEvents(manager: ToolExecutionManager): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (const type of EXECUTION_EVENTS) {
    manager.addEventListener(type, (event: CustomEvent) => events.push({ type, detail: event.detail }));
  }
  return events;
}

/** Short names of the recorded execution events (`started`, `validating`, ...), circuit events as `circuit:<state>`. */
export function eventNames(events: RecordedEvent[]): string[] {
  return events.map((e) =>
    e.type === 'circuit-state-changed' ? `circuit:${e.detail.state}` : e.type.replace('tool-execution-', ''),
  );
}

/** A test tool that records the context of each call of its handler in `calls`. */
export interface CountingTool extends ToolDefinition<Record<string, unknown>> {
  calls: ToolExecutionContext[];
}

/** A tool whose handler is `impl`, recording each call's context. */
export function countingTool(
  name: string,
  impl: (args: Record<string, unknown>, context: ToolExecutionContext, call: number) => unknown,
  metadata?: ToolMetadata,
  schema: z.ZodType<Record<string, unknown>> = z.object({}).loose(),
): CountingTool {
  const calls: ToolExecutionContext[] = [];
  const definition: CountingTool = {
    name,
    description: `${name} (test tool)`,
    effect: 'read_only',
    schema,
    handler: (args, context) => {
      calls.push(context);
      return impl(args, context, calls.length);
    },
    calls,
  };
  if (metadata) definition.metadata = metadata;
  return definition;
}

/** A `countingTool` whose first call throws `TransientToolError('flaky')`; later calls return `'ok'`. */
export function flakyOnceTool(name = 't'): CountingTool {
  return countingTool(name, (_args, _ctx, call) => {
    if (call === 1) throw new TransientToolError('flaky');
    return 'ok';
  });
}

/** A read-only tool `name` with an empty object schema, answering `'ok'`; `extra` overrides any field. */
export function tool(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return { name, description: `The ${name} tool`, effect: 'read_only', schema: z.object({}), handler: () => 'ok', ...extra };
}

/** Calls `fn` and returns the `ToolRegistrationError` it throws (fails the test on any other outcome). */
export function registrationError(fn: () => unknown): ToolRegistrationError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(ToolRegistrationError);
    return error as ToolRegistrationError;
  }
  throw new Error('expected a ToolRegistrationError');
}

/** The error of a failed result (fails the test if it succeeded). */
export function errorOf(result: ToolExecutionResult): ToolError {
  if (result.success) throw new Error(`expected a failure, got result ${JSON.stringify(result.result)}`);
  return result.error;
}

/** Whether `promise` has settled, without waiting on timers (flushes microtasks only). */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

/** Options of `useManagerHarness()`. */
export interface ManagerHarnessOptions {
  /** The fake clock's start time (ms since the epoch). */
  now: number;
}

/**
 * The per-test fixture `useManagerHarness()` returns. `manager` may be destructured at `describe` time; `clock` and
 * `registry` are replaced before each test, so read them inside tests and hooks only.
 */
export interface ManagerHarness {
  /** The current test's sinon fake clock (installed before each test, restored after it). */
  readonly clock: sinon.SinonFakeTimers;
  /** The current test's statistics registry (a fresh `ToolRegistry` before each test). */
  readonly registry: ToolRegistry;
  /**
   * A `ToolExecutionManager` with the default executor, recording into `registry`, with jitter pinned by
   * `random: () => 0.5`; `options` override those, `retry` is its retry configuration.
   */
  manager(
    options?: ToolExecutionManagerOptions,
    retry?: ConstructorParameters<typeof ToolExecutionManager>[1],
  ): ToolExecutionManager;
}

/**
 * Registers, in the calling `describe`, the harness the `ToolExecutionManager` tests share: before each test a
 * sinon fake clock at `now` and a fresh `ToolRegistry`; after each test, the clock restored.
 *
 * @example
 * ```ts
 * describe('ToolExecutionManager', () => {
 *   const harness = useManagerHarness({ now: 1_000_000 });
 *   const { manager } = harness;
 *   it('retries', async () => {
 *     const pending = manager().execute(flakyOnceTool(), 'call_1', {});
 *     await harness.clock.tickAsync(1000);
 *     expect(await pending).to.deep.equal({ success: true, result: 'ok' });
 *   });
 * });
 * ```
 */
export function useManagerHarness({ now }: ManagerHarnessOptions): ManagerHarness {
  let clock: sinon.SinonFakeTimers | undefined;
  let registry: ToolRegistry | undefined;

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now });
    registry = new ToolRegistry();
  });
  afterEach(() => {
    clock!.restore();
  });

  const current = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useManagerHarness: ${name} is only available inside a test or hook`);
    return value;
  };
  return {
    get clock() {
      return current(clock, 'clock');
    },
    get registry() {
      return current(registry, 'registry');
    },
    manager: (options = {}, retry) =>
      new ToolExecutionManager(undefined, retry, {
        registry: current(registry, 'registry'),
        random: () => 0.5,
        ...options,
      }),
  };
}
