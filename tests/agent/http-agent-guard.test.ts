import { HttpAgent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { runWithFetchGuard } from '../../web/src/agent/http-agent-guard.js';
import { TIME_BUDGET_MS } from '../../web/src/internal/scheduler.js';

type FetchFn = (url: string, init: RequestInit) => Promise<Response>;

/** A response whose body yields `chunks`, then fails with `error` if given. */
function streamResponse(chunks: Uint8Array[], error?: unknown): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else if (error !== undefined) controller.error(error);
      else controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** Whether `promise` settles within many microtasks, that is without leaving the current task. */
async function settlesInThisTask(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 100 && !settled; i++) await Promise.resolve();
  return settled;
}

async function readAll(response: Response): Promise<{ sizes: number[]; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = response.body!.getReader();
  const sizes: number[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { sizes, reader };
    sizes.push(value.byteLength);
  }
}

describe('runWithFetchGuard', () => {
  it('swaps the agent fetch only while start() runs', () => {
    const agent = new HttpAgent({ url: '/nowhere' });
    const original = agent.fetch;
    let during: unknown;
    runWithFetchGuard(agent, () => {}, () => (during = agent.fetch));
    expect(during).to.not.equal(original);
    expect(agent.fetch).to.equal(original);
  });

  it('hands a large body over in pieces of at most 4 KiB, unchanged', async () => {
    const big = new Uint8Array(100 * 1024).map((_, i) => i % 251);
    const agent = new HttpAgent({ url: '/nowhere', fetch: async () => streamResponse([big]) });
    const response = await runWithFetchGuard(agent, () => {}, () => (agent.fetch as FetchFn)('/nowhere', {}));
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    const reader = response.body!.getReader();
    const received = new Uint8Array(big.byteLength);
    let length = 0;
    let largest = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.set(value, length);
      length += value.byteLength;
      largest = Math.max(largest, value.byteLength);
    }
    expect(length).to.equal(big.byteLength);
    expect(received).to.deep.equal(big);
    expect(largest).to.equal(4 * 1024);
  });

  it('yields to the main thread once a time budget of reading has been spent', async () => {
    // Only performance.now() is faked, so the test decides when the budget is spent.
    const clock = sinon.useFakeTimers({ toFake: ['performance'] });
    try {
      const agent = new HttpAgent({ url: '/nowhere', fetch: async () => streamResponse([new Uint8Array(16 * 1024)]) });
      const response = await runWithFetchGuard(agent, () => {}, () => (agent.fetch as FetchFn)('/nowhere', {}));
      const reader = response.body!.getReader();
      // Within the budget, a buffered piece arrives in microtasks, inside the current task.
      expect(await settlesInThisTask(reader.read())).to.equal(true);
      clock.tick(TIME_BUDGET_MS);
      // Once it is spent, the next piece waits for a task of its own.
      const next = reader.read();
      expect(await settlesInThisTask(next)).to.equal(false);
      expect((await next).value?.byteLength).to.equal(4 * 1024);
      expect(await settlesInThisTask(reader.read())).to.equal(true);
    } finally {
      clock.restore();
    }
  });

  it('turns a body that fails mid-way into a clean end and reports the error', async () => {
    const failure = new TypeError('network error');
    const reported: unknown[] = [];
    const agent = new HttpAgent({ url: '/nowhere', fetch: async () => streamResponse([new Uint8Array([1, 2, 3])], failure) });
    const response = await runWithFetchGuard(agent, (error) => reported.push(error), () => (agent.fetch as FetchFn)('/nowhere', {}));
    const { sizes, reader } = await readAll(response);
    expect(sizes).to.deep.equal([3]);
    expect(reported).to.deep.equal([failure]);
    // What @ag-ui/client does on teardown: on an errored stream this would reject (and surface unhandled).
    await reader.cancel();
  });

  it('leaves error responses and agents without fetch alone', async () => {
    const agent = new HttpAgent({ url: '/nowhere', fetch: async () => new Response('nope', { status: 500 }) });
    const response = await runWithFetchGuard(agent, () => {}, () => (agent.fetch as FetchFn)('/nowhere', {}));
    expect(response.status).to.equal(500);
    expect(await response.text()).to.equal('nope');
    const plain = { run: () => 'ran' } as unknown as HttpAgent;
    expect(runWithFetchGuard(plain, () => {}, () => 'started')).to.equal('started');
  });
});
