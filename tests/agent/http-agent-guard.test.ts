import { HttpAgent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { runWithFetchGuard } from '../../web/src/agent/http-agent-guard.js';

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

  it('hands a large body over in pieces of at most 32 KiB, unchanged', async () => {
    const big = new Uint8Array(100 * 1024).map((_, i) => i % 251);
    const agent = new HttpAgent({ url: '/nowhere', fetch: async () => streamResponse([big]) });
    const response = await runWithFetchGuard(agent, () => {}, () => (agent.fetch as FetchFn)('/nowhere', {}));
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    const { sizes } = await readAll(response);
    expect(sizes.reduce((a, b) => a + b, 0)).to.equal(big.byteLength);
    expect(Math.max(...sizes)).to.be.at.most(32 * 1024);
  });

  it('starts with 4 KiB pieces and grows them, doubling, while the consumer keeps up', async () => {
    const big = new Uint8Array(1024 * 1024).map((_, i) => i % 251);
    const agent = new HttpAgent({ url: '/nowhere', fetch: async () => streamResponse([big]) });
    const response = await runWithFetchGuard(agent, () => {}, () => (agent.fetch as FetchFn)('/nowhere', {}));
    const { sizes } = await readAll(response);
    expect(sizes.reduce((a, b) => a + b, 0)).to.equal(big.byteLength);
    expect(sizes.slice(0, 2)).to.deep.equal([4096, 8192]);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).to.be.at.most(sizes[i - 1]! * 2);
    expect(Math.max(...sizes)).to.equal(32 * 1024);
  });

  it('keeps pieces at 4 KiB for a consumer that takes long over each one', async () => {
    const big = new Uint8Array(64 * 1024);
    const agent = new HttpAgent({ url: '/nowhere', fetch: async () => streamResponse([big]) });
    const response = await runWithFetchGuard(agent, () => {}, () => (agent.fetch as FetchFn)('/nowhere', {}));
    const reader = response.body!.getReader();
    const sizes: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      sizes.push(value.byteLength);
      // A consumer whose processing of a piece takes longer than the transport's whole budget (8 ms).
      const until = performance.now() + 12;
      while (performance.now() < until) {
        // busy: main-thread work, as parsing would be
      }
    }
    expect(sizes).to.deep.equal(new Array(16).fill(4096));
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
