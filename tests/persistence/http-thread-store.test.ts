// HttpThreadStore against the real thread API of ag-ui-lit/server, mounted by the test runner's dev server at
// /api/threads-test/ (web-test-runner.config.mjs: PGlite, or the PostgreSQL server of DATABASE_URL). The user is the
// `x-test-user` header: each test has users of its own.
import { expect, oneEvent } from '@open-wc/testing';
import type { ToolCallRecord } from '../../web/src/agent/types.js';
import { HttpThreadStore, type HttpThreadStoreOptions, type ThreadStoreChange } from '../../web/src/persistence/index.js';
import { deferred } from '../helpers/deferred.js';
import {
  describeThreadStoreContract,
  recordChanges,
  sampleMessages,
  sampleToolCalls,
  storeRejection,
} from '../helpers/thread-store-contract.js';
import { waitUntil } from '../helpers/wait-until.js';

const BASE_URL = '/api/threads-test';
const newUser = () => `user-${crypto.randomUUID()}`;
/** One device of `user`: a store object of its own (its own change feed). */
const deviceOf = (user: string, options: Partial<HttpThreadStoreOptions> = {}) =>
  new HttpThreadStore({ baseUrl: BASE_URL, headers: { 'x-test-user': user }, ...options });

/** Subscribes `store` and waits until its change feed is open (others' changes reach it from then on). */
async function listen(store: HttpThreadStore): Promise<{ changes: ThreadStoreChange[]; stop: () => void }> {
  const opened = oneEvent(store, 'feed-open');
  const recorded = recordChanges(store);
  await opened;
  return recorded;
}

describe('HttpThreadStore', () => {
  describe('the ThreadStore contract', () => {
    describeThreadStoreContract(() => deviceOf(newUser()));
  });

  it('shows two devices of one user each other\'s saves, renames and deletes as remote, and their own once as local', async () => {
    const user = newUser();
    const laptop = deviceOf(user);
    const phone = deviceOf(user);
    const onLaptop = await listen(laptop);
    const onPhone = await listen(phone);
    try {
      await laptop.save({ threadId: 't1', messages: sampleMessages() });
      await waitUntil(() => onPhone.changes.length === 1, 'the phone hears the save');
      expect((await phone.load('t1'))!.messages).to.deep.equal(sampleMessages());
      await laptop.rename('t1', 'Paris');
      await waitUntil(() => onPhone.changes.length === 2, 'the phone hears the rename');
      expect((await phone.list())[0]).to.include({ threadId: 't1', title: 'Paris' });
      await phone.saveToolCalls('t1', sampleToolCalls());
      await waitUntil(() => onLaptop.changes.length === 3, "the laptop hears the phone's records");
      await laptop.delete('t1');
      await waitUntil(() => onPhone.changes.length === 4, 'the phone hears the delete');
      expect(await phone.load('t1')).to.equal(undefined);
      expect(onPhone.changes).to.deep.equal([
        { type: 'saved', threadId: 't1', origin: 'remote' },
        { type: 'renamed', threadId: 't1', origin: 'remote' },
        { type: 'saved', threadId: 't1', origin: 'local' },
        { type: 'deleted', threadId: 't1', origin: 'remote' },
      ]);
      expect(onLaptop.changes).to.deep.equal([
        { type: 'saved', threadId: 't1', origin: 'local' },
        { type: 'renamed', threadId: 't1', origin: 'local' },
        { type: 'saved', threadId: 't1', origin: 'remote' },
        { type: 'deleted', threadId: 't1', origin: 'local' },
      ]);
      // One more change from the phone: by the time the laptop hears it, any echo of its own delete would have come.
      await phone.save({ threadId: 't2', messages: [] });
      await waitUntil(() => onLaptop.changes.length === 5, 'the laptop hears the last save');
      expect(onLaptop.changes[4]).to.deep.equal({ type: 'saved', threadId: 't2', origin: 'remote' });
    } finally {
      onLaptop.stop();
      onPhone.stop();
    }
  });

  it("shows a second user none of the first user's threads, records, approvals or changes", async () => {
    const alice = deviceOf(newUser());
    const bobId = newUser();
    const bob = deviceOf(bobId);
    const onBob = await listen(bob);
    try {
      await alice.save({ threadId: 'secret', messages: sampleMessages(), toolCalls: sampleToolCalls() });
      await alice.saveApproval({ toolName: 'pay', scope: 'always', fingerprint: 'f' });
      expect(await bob.list()).to.deep.equal([]);
      expect(await bob.load('secret')).to.equal(undefined);
      expect(await bob.loadToolCall('secret', 'tc-front')).to.equal(undefined);
      expect(await bob.loadApprovals('secret')).to.deep.equal([]);
      expect(await bob.rename('secret', 'mine')).to.equal(false);
      await storeRejection(bob.claimToolCall('secret', 'tc-front', 'bob-phone'), 'not_found');
      // Bob's feed is in order: once his other device's save has come, anything of Alice's would have come before it.
      await deviceOf(bobId).save({ threadId: 'own', messages: [] });
      await waitUntil(() => onBob.changes.length >= 1, "Bob hears his other device's save");
      expect(onBob.changes).to.deep.equal([{ type: 'saved', threadId: 'own', origin: 'remote' }]);
      expect((await alice.load('secret'))!.messages).to.deep.equal(sampleMessages());
    } finally {
      onBob.stop();
    }
  });

  it('lets one of two devices claim a recorded tool call; the other gets the holder and the record', async () => {
    const user = newUser();
    const laptop = deviceOf(user);
    const phone = deviceOf(user);
    const pending: ToolCallRecord = { ...sampleToolCalls()[0]!, status: 'pending' };
    await laptop.saveToolCalls('t1', [pending]);
    const [byLaptop, byPhone] = await Promise.all([
      laptop.claimToolCall('t1', pending.toolCallId, 'laptop'),
      phone.claimToolCall('t1', pending.toolCallId, 'phone'),
    ]);
    const outcomes = [byLaptop, byPhone];
    expect(outcomes.filter((outcome) => outcome.claimed)).to.have.length(1);
    const winner = byLaptop.claimed ? 'laptop' : 'phone';
    const loser = outcomes.find((outcome) => !outcome.claimed)!;
    expect(loser).to.deep.equal({ claimed: false, owner: winner, record: pending });
    expect(await (winner === 'laptop' ? laptop : phone).claimToolCall('t1', pending.toolCallId, winner)).to.deep.equal({ claimed: true });
    await storeRejection(laptop.claimToolCall('t1', 'missing', 'laptop'), 'not_found');
  });

  it('rejects with unauthenticated on 401, and its feed reports the same error', async () => {
    const anonymous = new HttpThreadStore({ baseUrl: BASE_URL });
    const error = await storeRejection(anonymous.list(), 'unauthenticated');
    expect(error.status).to.equal(401);
    await storeRejection(anonymous.save({ threadId: 't1', messages: [] }), 'unauthenticated');
    const failed = oneEvent(anonymous, 'feed-error');
    const stop = anonymous.subscribe(() => {});
    try {
      const { detail } = await failed;
      expect(detail.error.code).to.equal('unauthenticated');
      expect(detail.retryInMs).to.be.greaterThan(0);
      expect(anonymous.feedConnected).to.equal(false);
    } finally {
      stop();
    }
  });

  it('rejects with unavailable when the server cannot be reached', async () => {
    // Port 4: nothing listens there (below 1024 needs root) and browsers do not block it.
    const down = new HttpThreadStore({ baseUrl: 'http://127.0.0.1:4/api/threads', headers: { 'x-test-user': newUser() } });
    for (const call of [down.list(), down.load('t1'), down.save({ threadId: 't1', messages: [] }), down.delete('t1')]) {
      const error = await storeRejection(call, 'unavailable');
      expect(error.status).to.equal(undefined);
    }
  });

  it('sends Content-Type: application/json and the headers of its function with every state-changing request', async () => {
    const user = newUser();
    const requests: { method: string; contentType: string | null; user: string | null }[] = [];
    let headerCalls = 0;
    const store = new HttpThreadStore({
      baseUrl: BASE_URL,
      headers: () => (headerCalls++, { 'x-test-user': user }),
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        requests.push({ method: init?.method ?? 'GET', contentType: headers.get('content-type'), user: headers.get('x-test-user') });
        return fetch(input, init);
      },
    });
    await store.save({ threadId: 't1', messages: sampleMessages() });
    await store.saveToolCalls('t1', sampleToolCalls());
    await store.rename('t1', 'x');
    await store.saveApproval({ toolName: 'edit', scope: 'always', fingerprint: 'e' });
    await store.deleteApprovals();
    await store.delete('t1');
    await store.list();
    expect(requests.map((request) => request.method)).to.deep.equal(['PUT', 'PUT', 'PATCH', 'PUT', 'DELETE', 'DELETE', 'GET']);
    expect(requests.filter((request) => request.method !== 'GET').every((request) => request.contentType === 'application/json')).to.equal(true);
    expect(requests.every((request) => request.user === user)).to.equal(true);
    expect(headerCalls).to.equal(requests.length);
  });

  it('lists every page of threads', async () => {
    const store = deviceOf(newUser());
    const ids = Array.from({ length: 205 }, (_, index) => `t${index}`);
    for (let start = 0; start < ids.length; start += 25) {
      await Promise.all(ids.slice(start, start + 25).map((threadId) => store.save({ threadId, messages: [] })));
    }
    const list = await store.list();
    expect(list).to.have.length(205);
    expect(new Set(list.map((thread) => thread.threadId)).size).to.equal(205);
    expect(list.map((thread) => thread.updatedAt)).to.deep.equal([...list.map((thread) => thread.updatedAt)].sort((a, b) => b - a));
  });

  it('saves with fetch keepalive, and a body over 64 KiB as a normal request', async () => {
    const keepalives: (boolean | undefined)[] = [];
    const user = newUser();
    const store = new HttpThreadStore({
      baseUrl: BASE_URL,
      headers: { 'x-test-user': user },
      fetch: (input, init) => {
        if (init?.method === 'PUT') keepalives.push(init.keepalive);
        return fetch(input, init);
      },
    });
    await store.save({ threadId: 'small', messages: sampleMessages() }, { keepalive: true });
    const big = [{ id: 'u1', role: 'user' as const, content: 'x'.repeat(70 * 1024) }];
    await store.save({ threadId: 'big', messages: big }, { keepalive: true });
    expect(keepalives).to.deep.equal([true, undefined]);
    expect((await store.load('small'))!.messages).to.deep.equal(sampleMessages());
    expect((await store.load('big'))!.messages).to.deep.equal(big);
  });

  it('tells its own write once, as local, when the feed brings the change before the write is answered', async () => {
    const user = newUser();
    const changeOnFeed = deferred();
    const store = deviceOf(user, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (init?.method === 'PUT') {
          // The answer is held back until the feed has carried the change.
          await changeOnFeed.promise;
          return response;
        }
        if (!String(input).includes('/changes')) return response;
        const [body, watched] = response.body!.tee();
        void (async () => {
          const reader = watched.getReader();
          const decoder = new TextDecoder();
          let seen = '';
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            seen += decoder.decode(chunk.value, { stream: true });
            if (seen.includes('event: change')) changeOnFeed.resolve();
          }
        })();
        return new Response(body, { status: response.status, headers: response.headers });
      },
    });
    const heard = await listen(store);
    try {
      await store.save({ threadId: 't1', messages: sampleMessages() });
      // Another device's change after it: once heard, anything more of the first would have come before it.
      await deviceOf(user).save({ threadId: 't2', messages: [] });
      await waitUntil(() => heard.changes.length >= 2, "the other device's save is heard");
      expect(heard.changes).to.deep.equal([
        { type: 'saved', threadId: 't1', origin: 'local' },
        { type: 'saved', threadId: 't2', origin: 'remote' },
      ]);
    } finally {
      heard.stop();
    }
  });

  it('resumes its change feed after a drop with Last-Event-ID, missing and repeating nothing', async () => {
    const user = newUser();
    const feedRequests: { lastEventId: string | null; signal: AbortSignal }[] = [];
    const reconnect = deferred();
    let dropped = false;
    const phone = deviceOf(user, {
      reconnect: { initialDelayMs: 10, maxDelayMs: 10 },
      fetch: async (input, init) => {
        if (!String(input).includes('/changes')) return fetch(input, init);
        feedRequests.push({ lastEventId: new Headers(init?.headers).get('last-event-id'), signal: init!.signal! });
        if (dropped) await reconnect.promise;
        const response = await fetch(input, init);
        if (dropped) return response;
        // The first connection breaks right after its first change, as a network drop would.
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let seen = '';
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { value, done } = await reader.read();
            if (done) return controller.close();
            controller.enqueue(value);
            seen += decoder.decode(value, { stream: true });
            if (seen.includes('event: change')) {
              dropped = true;
              void reader.cancel();
              controller.error(new TypeError('network connection lost'));
            }
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      },
    });
    const laptop = deviceOf(user);
    const onPhone = await listen(phone);
    try {
      const failed = oneEvent(phone, 'feed-error');
      await laptop.save({ threadId: 't1', messages: [] });
      expect((await failed).detail.error.code).to.equal('unavailable');
      // Written while the phone is offline: they come once it is back.
      await laptop.save({ threadId: 't2', messages: [] });
      await laptop.rename('t2', 'Two');
      reconnect.resolve();
      await waitUntil(() => onPhone.changes.length >= 3, 'the phone catches up');
      await laptop.delete('t1');
      await waitUntil(() => onPhone.changes.length >= 4, 'the phone hears the live change');
      expect(onPhone.changes.map(({ type, threadId, origin }) => `${type} ${threadId} ${origin}`)).to.deep.equal([
        'saved t1 remote',
        'saved t2 remote',
        'renamed t2 remote',
        'deleted t1 remote',
      ]);
      expect(feedRequests).to.have.length(2);
      expect(feedRequests[0]!.lastEventId).to.equal(null);
      expect(Number(feedRequests[1]!.lastEventId)).to.be.greaterThan(0);
    } finally {
      onPhone.stop();
    }
    expect(feedRequests[1]!.signal.aborted, 'the last unsubscribe closes the feed').to.equal(true);
    expect(phone.feedConnected).to.equal(false);
  });
});
