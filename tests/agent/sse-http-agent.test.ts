import { AGUIError, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { lastValueFrom, toArray } from 'rxjs';
import { SseHttpAgent, type SseHttpAgentFetch } from '../../web/src/agent/sse-http-agent.js';
import { deferred, trackUnhandledRejections, settle } from '../helpers/agent-fixtures.js';

const encoder = new TextEncoder();

/** SSE frames for `events` (one `data:` line each). */
function sse(...events: unknown[]): string {
  return events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
}

/**
 * A response whose body yields `chunks` (strings are UTF-8 encoded), then ends, or fails with `error`, or stays open;
 * an abort of `signal` errors it with the signal's reason, as `fetch` does.
 */
function streamResponse(
  chunks: Array<string | Uint8Array>,
  { error, open = false, status = 200, contentType = 'text/event-stream', signal }: StreamOptions = {},
): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    },
    pull(controller) {
      if (i < chunks.length) {
        const chunk = chunks[i++]!;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      } else if (error !== undefined) controller.error(error);
      else if (!open) controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

interface StreamOptions {
  error?: unknown;
  open?: boolean;
  status?: number;
  contentType?: string;
  signal?: AbortSignal | null;
}

const input: RunAgentInput = {
  threadId: 't1',
  runId: 'r1',
  messages: [{ id: 'u1', role: 'user', content: 'Hi' }],
  tools: [],
  context: [],
  state: {},
  forwardedProps: {},
};

const reply = [
  { type: EventType.RUN_STARTED, threadId: 't1', runId: 'r1' },
  { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hé, ' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'there' },
  { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
  { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'r1' },
];

/** Every event of a run, or the error it ended with. */
async function collect(agent: SseHttpAgent): Promise<{ events: BaseEvent[]; error?: unknown }> {
  try {
    return { events: await lastValueFrom(agent.run(input).pipe(toArray())) };
  } catch (error) {
    return { events: [], error };
  }
}

describe('SseHttpAgent', () => {
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  beforeEach(() => (rejections = trackUnhandledRejections()));
  afterEach(async () => {
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('POSTs the input as JSON with its headers and streams the SSE events in order, across any chunking', async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const text = sse(...reply);
    // Split mid-frame and inside the two-byte "é", to exercise the SSE parser's buffering.
    const bytes = encoder.encode(text);
    const cut = text.indexOf('é') + 1;
    const fetch: SseHttpAgentFetch = async (url, init) => {
      requests.push({ url, init });
      return streamResponse([bytes.subarray(0, 7), bytes.subarray(7, cut), bytes.subarray(cut)]);
    };
    const agent = new SseHttpAgent({ url: '/agent', headers: { Authorization: 'Bearer x', Accept: 'text/html' }, fetch });
    const { events, error } = await collect(agent);
    expect(error).to.equal(undefined);
    expect(events).to.deep.equal(reply);
    expect(requests).to.have.length(1);
    expect(requests[0]!.url).to.equal('/agent');
    expect(requests[0]!.init.method).to.equal('POST');
    expect(requests[0]!.init.headers).to.deep.equal({
      Authorization: 'Bearer x',
      Accept: 'text/event-stream',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(requests[0]!.init.body))).to.deep.equal(input);
    expect(requests[0]!.init.signal).to.be.instanceOf(AbortSignal);
  });

  it('sends nothing until subscribed, reads url and headers at each run, and omits optional nulls', async () => {
    const bodies: unknown[] = [];
    const urls: string[] = [];
    const agent = new SseHttpAgent({
      url: '/one',
      fetch: async (url, init) => {
        urls.push(url);
        bodies.push(JSON.parse(String(init.body)));
        return streamResponse([sse(...reply)]);
      },
    });
    const run = agent.run({ ...input, messages: [{ id: 'u1', role: 'user', content: 'Hi', name: null } as never] });
    await settle(0);
    expect(urls).to.deep.equal([]);
    agent.url = '/two';
    await lastValueFrom(run.pipe(toArray()));
    expect(urls).to.deep.equal(['/two']);
    expect((bodies[0] as RunAgentInput).messages[0]).to.deep.equal({ id: 'u1', role: 'user', content: 'Hi' });
  });

  it('fails a non-2xx answer with its status and body', async () => {
    const agent = new SseHttpAgent({
      url: '/agent',
      fetch: async () => new Response('{"detail":"boom"}', { status: 503, headers: { 'content-type': 'application/json' } }),
    });
    const { error } = await collect(agent);
    expect(error).to.be.instanceOf(Error);
    expect(error).to.deep.include({ status: 503, payload: { detail: 'boom' } });
    expect((error as Error).message).to.contain('503');
  });

  for (const [name, frame, message] of [
    ['is not a JSON object', '[1,2]', 'not a JSON object'],
    ['has no type', '{"delta":"x"}', 'no event type'],
  ] as const) {
    it(`fails with an AGUIError when a frame ${name}`, async () => {
      const agent = new SseHttpAgent({ url: '/agent', fetch: async () => streamResponse([`data: ${frame}\n\n`, sse(...reply)]) });
      const { events, error } = await collect(agent);
      expect(events).to.deep.equal([]);
      expect(error).to.be.instanceOf(AGUIError);
      expect((error as Error).message).to.contain(message);
    });
  }

  it('fails with a SyntaxError when a frame is not JSON', async () => {
    const agent = new SseHttpAgent({ url: '/agent', fetch: async () => streamResponse(['data: {oops\n\n']) });
    const { error } = await collect(agent);
    expect((error as Error).name).to.equal('SyntaxError');
  });

  it('refuses a protobuf answer with an AGUIError that says to use HttpAgent, and aborts the request', async () => {
    let signal: AbortSignal | undefined;
    const agent = new SseHttpAgent({
      url: '/agent',
      fetch: async (_url, init) => {
        signal = init.signal ?? undefined;
        return streamResponse([new Uint8Array([0, 0, 0, 1, 8])], { open: true, contentType: 'application/vnd.ag-ui.event+proto' });
      },
    });
    const { error } = await collect(agent);
    expect(error).to.be.instanceOf(AGUIError);
    expect((error as Error).message).to.contain('protobuf').and.contain('HttpAgent');
    expect(signal?.aborted).to.equal(true);
  });

  it('errors with the network error when the body fails mid-stream, keeping the events before it', async () => {
    const failure = new TypeError('network error');
    const agent = new SseHttpAgent({ url: '/agent', fetch: async () => streamResponse([sse(...reply.slice(0, 3))], { error: failure }) });
    const events: BaseEvent[] = [];
    const done = deferred<unknown>();
    agent.run(input).subscribe({ next: (event) => events.push(event), error: done.resolve, complete: () => done.resolve('completed') });
    expect(await done.promise).to.equal(failure);
    expect(events).to.deep.equal(reply.slice(0, 3));
  });

  it('ends a run aborted by abortRun() with RUN_ERROR code "abort", like HttpAgent', async () => {
    const first = deferred();
    const agent = new SseHttpAgent({
      url: '/agent',
      fetch: async (_url, init) => {
        first.resolve();
        return streamResponse([sse(reply[0])], { open: true, signal: init.signal });
      },
    });
    const events: BaseEvent[] = [];
    const done = deferred<string>();
    agent.run(input).subscribe({
      next: (event) => {
        events.push(event);
        if (events.length === 1) agent.abortRun();
      },
      error: (error) => done.resolve(`error: ${String(error)}`),
      complete: () => done.resolve('completed'),
    });
    await first.promise;
    expect(await done.promise).to.equal('completed');
    expect(events.map((event) => event.type)).to.deep.equal([EventType.RUN_STARTED, EventType.RUN_ERROR]);
    expect(events[1]).to.deep.include({ code: 'abort' });
  });

  it('aborts the request when the subscriber unsubscribes', async () => {
    const signal = deferred<AbortSignal>();
    const agent = new SseHttpAgent({
      url: '/agent',
      fetch: async (_url, init) => {
        signal.resolve(init.signal!);
        return streamResponse([sse(reply[0])], { open: true });
      },
    });
    const subscription = agent.run(input).subscribe();
    const requestSignal = await signal.promise;
    expect(requestSignal.aborted).to.equal(false);
    subscription.unsubscribe();
    expect(requestSignal.aborted).to.equal(true);
  });

  it('keeps copies of what it is seeded and set with', () => {
    const messages = [{ id: 'u1', role: 'user' as const, content: 'Hi' }];
    const headers = { 'X-A': '1' };
    const agent = new SseHttpAgent({ url: '/agent', headers, messages, threadId: 't9', state: { a: 1 } });
    headers['X-A'] = '2';
    messages.push({ id: 'u2', role: 'user', content: 'Again' });
    expect(agent.headers).to.deep.equal({ 'X-A': '1' });
    expect(agent.messages).to.have.length(1);
    expect(agent).to.deep.include({ threadId: 't9', state: { a: 1 }, isRunning: false, pendingInterrupts: [] });
    agent.setMessages(messages);
    messages.pop();
    expect(agent.messages).to.have.length(2);
    agent.setState({ b: 2 });
    expect(agent.state).to.deep.equal({ b: 2 });
  });
});
