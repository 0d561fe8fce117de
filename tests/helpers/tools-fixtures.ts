// Fixtures for the tool runtime tests (tests/tools/).
import { z } from 'zod';
import type {
  ToolDefinition,
  ToolExecutionContext,
  ToolExecutionManager,
  ToolExecutionManagerEventMap,
  ToolExecutionResult,
  ToolError,
  ToolMetadata,
} from '../../web/src/tools/index.js';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T = unknown>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

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
