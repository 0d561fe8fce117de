import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { ToolExecutionManager, ValidatingToolExecutor, type ToolDefinition } from '../../web/src/tools/index.js';

// The manager builds and dispatches an event only while a listener for its type may be registered; these pin down
// that its bookkeeping follows the DOM's listener list, so no listener ever misses an event.
const echo: ToolDefinition<{ n: number }> = {
  name: 'echo',
  description: 'Returns n',
  effect: 'read_only',
  schema: z.object({ n: z.number() }),
  handler: ({ n }) => n,
};

function manager(): ToolExecutionManager {
  return new ToolExecutionManager(new ValidatingToolExecutor(), {}, { registry: null });
}

describe('ToolExecutionManager listeners', () => {
  it('delivers to a listener added after earlier executions ran with none', async () => {
    const m = manager();
    await m.execute(echo, 'call-1', { n: 1 });
    const seen: string[] = [];
    m.addEventListener('tool-execution-succeeded', (e) => seen.push(e.detail.toolCallId));
    await m.execute(echo, 'call-2', { n: 2 });
    expect(seen).to.deep.equal(["call-2"]);
  });

  it('keeps delivering to the bubble listener when the same callback is removed for capture', async () => {
    const m = manager();
    const seen: string[] = [];
    const listener = (e: Event): void => {
      seen.push(e.type);
    };
    m.addEventListener('tool-execution-started', listener);
    m.addEventListener('tool-execution-started', listener, { capture: true });
    m.removeEventListener('tool-execution-started', listener, true);
    await m.execute(echo, 'call-1', { n: 1 });
    expect(seen).to.deep.equal(['tool-execution-started']);
  });

  it('keeps delivering to a listener after removing one that was never added', async () => {
    const m = manager();
    const seen: string[] = [];
    m.removeEventListener('tool-execution-executing', () => {});
    m.addEventListener('tool-execution-executing', (e) => seen.push(e.detail.toolName));
    m.removeEventListener('tool-execution-executing', () => {});
    await m.execute(echo, 'call-1', { n: 1 });
    expect(seen).to.deep.equal(['echo']);
  });

  it('stops delivering once the listener is removed, and a listener object gets events too', async () => {
    const m = manager();
    const seen: string[] = [];
    const listener = (e: Event): void => {
      seen.push(`fn:${e.type}`);
    };
    const object = { handleEvent: (e: Event) => seen.push(`obj:${e.type}`) };
    m.addEventListener('tool-execution-succeeded', listener);
    m.addEventListener('tool-execution-succeeded', object);
    await m.execute(echo, 'call-1', { n: 1 });
    m.removeEventListener('tool-execution-succeeded', listener);
    await m.execute(echo, 'call-2', { n: 2 });
    expect(seen).to.deep.equal(['fn:tool-execution-succeeded', 'obj:tool-execution-succeeded', 'obj:tool-execution-succeeded']);
  });

  it('delivers a once listener one event, and an observer still gets every step with no listener', async () => {
    const m = manager();
    const once: string[] = [];
    m.addEventListener('tool-execution-started', (e) => once.push(e.detail.toolCallId), { once: true });
    const observed: string[] = [];
    await m.execute(echo, 'call-1', { n: 1 }, { onEvent: (event) => observed.push(event.type) });
    await m.execute(echo, 'call-2', { n: 2 });
    expect(once).to.deep.equal(['call-1']);
    expect(observed).to.deep.equal(['tool-execution-started', 'tool-execution-validating', 'tool-execution-executing', 'tool-execution-succeeded']);
  });
});
