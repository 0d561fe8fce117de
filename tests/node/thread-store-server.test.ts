// ag-ui-lit/server: the thread API of docs/thread-api.md on PGlite (always) and on a PostgreSQL server (when
// DATABASE_URL is set; .ci/run sets it): migrations, every route, user scoping, tool-call claims, versions, the change
// feed with Last-Event-ID resume, the Node adapter, and each hostile-input case (413, 429, 400, 401, 415, SQL in ids).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  createThreadStoreHandler,
  migrate,
  pgliteStorage,
  postgresStorage,
  SCHEMA_VERSION,
  toNodeListener,
  type SqlStorage,
  type ThreadStoreHandler,
} from '../../web/src/server/index.js';
import { ThreadRepository } from '../../web/src/server/thread-repository.js';

const ORIGIN = 'http://threads.test';
/** No test may hang the run: a feed that never sends fails its test instead. */
const LIMIT = { timeout: 60_000 };
const JSON_HEADERS = { 'content-type': 'application/json' };

/** A tool-call record as the run loop writes it (the fields the API checks, and some it keeps as sent). */
const record = (toolCallId: string, createdAt: number, status = 'succeeded') => ({
  toolCallId,
  toolCallName: 'add',
  kind: 'frontend',
  argsText: '{"a":1,"b":2}',
  status,
  timing: { createdAt },
});
const userMessage = (id: string, content: string) => ({ id, role: 'user', content });

let userCount = 0;
/** A user of its own for each test: the tests share one database and never see each other's rows. */
const newUser = () => `user-${process.pid}-${++userCount}-${Math.random().toString(36).slice(2)}`;

/** A client of one handler as `userId` (`null`: no credentials). */
function clientOf(handler: ThreadStoreHandler, userId: string | null) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...(userId ? { authorization: `Bearer ${userId}` } : {}), ...(body === undefined && method === 'GET' ? {} : JSON_HEADERS), ...headers } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await handler(new Request(`${ORIGIN}/api/threads${path}`, init));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined };
  };
}

const authenticate = (request: Request) => {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  if (token === 'throws') throw new Error('session store down');
  return token ? { userId: token } : null;
};

/** Reads SSE events from a body until `count` have come: `{ id, data }` each. */
type FeedEvent = { id: number; data: { type: string; threadId: string; at: number } };
async function readEvents(body: ReadableStream<Uint8Array>, count: number): Promise<FeedEvent[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: FeedEvent[] = [];
  let buffer = '';
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && data) events.push({ id: Number(id), data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

// One PGlite for the file (starting one takes seconds): each test has users of its own.
let pglite: Promise<SqlStorage> | undefined;
const sharedPglite = () => (pglite ??= pgliteStorage());
after(async () => (await pglite)?.close());

const storages: { name: string; open: () => Promise<SqlStorage> }[] = [{ name: 'PGlite', open: sharedPglite }];
if (process.env.DATABASE_URL) {
  storages.push({ name: 'PostgreSQL', open: () => postgresStorage({ connectionString: process.env.DATABASE_URL! }) });
}

for (const { name, open } of storages) {
  describe(`thread API on ${name}`, () => {
    let storage: SqlStorage;
    let handler: ThreadStoreHandler;

    before(async () => {
      storage = await open();
      handler = createThreadStoreHandler({ storage, authenticate, basePath: '/api/threads', limits: { requestsPerMinute: 100_000 } });
      await handler.ready;
    });
    after(async () => {
      await handler.close();
      if (storage.kind === 'postgres') await storage.close();
    });

    it('runs its migrations once: a second start changes nothing', LIMIT, async () => {
      assert.equal(await migrate(storage), SCHEMA_VERSION);
      const { rows } = await storage.query<{ n: number }>('SELECT count(*)::int AS n FROM ag_ui_schema_migrations');
      assert.equal(rows[0]!.n, SCHEMA_VERSION);
    });

    it('saves, loads, lists with paging, renames and deletes a thread', LIMIT, async () => {
      const call = clientOf(handler, newUser());
      const saved = await call('PUT', '/threads/t1', {
        messages: [userMessage('m1', 'What is  1 + 2?'), { id: 'm2', role: 'assistant', content: '3' }],
        state: { step: 1 },
        toolCalls: [record('c2', 20), record('c1', 10)],
      });
      assert.equal(saved.status, 200);
      assert.equal(saved.body.version, 1);
      const loaded = await call('GET', '/threads/t1');
      assert.equal(loaded.status, 200);
      assert.deepEqual(loaded.body.messages.map((m: { id: string }) => m.id), ['m1', 'm2']);
      assert.deepEqual(loaded.body.state, { step: 1 });
      assert.deepEqual(loaded.body.toolCalls.map((r: { toolCallId: string }) => r.toolCallId), ['c1', 'c2'], 'records in createdAt order');
      assert.equal(loaded.body.toolCalls[0].argsText, '{"a":1,"b":2}', 'fields the API does not check are kept');
      for (const id of ['t2', 't3']) assert.equal((await call('PUT', `/threads/${id}`, { messages: [userMessage('m', id)] })).status, 200);
      const first = await call('GET', '/threads?limit=2');
      assert.deepEqual(first.body.threads.map((t: { threadId: string }) => t.threadId), ['t3', 't2']);
      const second = await call('GET', `/threads?limit=2&cursor=${first.body.nextCursor}`);
      assert.deepEqual(second.body.threads.map((t: { threadId: string }) => t.threadId), ['t1']);
      assert.equal(second.body.nextCursor, undefined);
      assert.equal(second.body.threads[0].title, 'What is 1 + 2?', 'the derived title');
      assert.equal(second.body.threads[0].messageCount, 2);
      assert.equal((await call('PATCH', '/threads/t1', { title: 'Sums' })).status, 200);
      assert.equal((await call('GET', '/threads/t1')).body.title, 'Sums');
      assert.equal((await call('PATCH', '/threads/none', { title: 'x' })).status, 404);
      assert.equal((await call('DELETE', '/threads/t1')).status, 200);
      assert.equal((await call('GET', '/threads/t1')).status, 404);
      assert.equal((await call('DELETE', '/threads/t1')).status, 404);
    });

    it('never writes a deleted thread again, and deletes its records and approvals in the same transaction', LIMIT, async () => {
      const user = newUser();
      const call = clientOf(handler, user);
      await call('PUT', '/threads/gone', { messages: [userMessage('m1', 'hi')], toolCalls: [record('c1', 1)] });
      assert.equal((await call('PUT', '/approvals', { toolName: 'add', scope: 'thread', threadId: 'gone', fingerprint: 'f' })).status, 204);
      assert.equal((await call('PUT', '/approvals', { toolName: 'add', scope: 'always', fingerprint: 'f' })).status, 204);
      assert.equal((await call('GET', '/approvals?threadId=gone')).body.approvals.length, 2);
      assert.equal((await call('DELETE', '/threads/gone')).status, 200);
      const rows = await storage.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM ag_ui_tool_calls WHERE user_id = $1)::int + (SELECT count(*) FROM ag_ui_approvals WHERE user_id = $1 AND scope = 'thread')::int AS n`,
        [user],
      );
      assert.equal(rows.rows[0]!.n, 0);
      assert.deepEqual((await call('GET', '/approvals?threadId=gone')).body.approvals.map((a: { scope: string }) => a.scope), ['always']);
      assert.deepEqual((await call('PUT', '/threads/gone', { messages: [userMessage('m1', 'again')] })).body, { deleted: true });
      assert.deepEqual((await call('PUT', '/threads/gone/tool-calls', { records: [record('c9', 9)] })).body, { deleted: true });
      await call('PUT', '/approvals', { toolName: 'add', scope: 'thread', threadId: 'gone', fingerprint: 'f' });
      assert.equal((await call('GET', '/threads/gone')).status, 404);
      assert.equal((await call('GET', '/approvals?threadId=gone')).body.approvals.length, 1);
    });

    it("answers 404 to every route of another user's thread and shows none of it", LIMIT, async () => {
      const alice = clientOf(handler, newUser());
      const bobId = newUser();
      const bob = clientOf(handler, bobId);
      await alice('PUT', '/threads/secret', { messages: [userMessage('m1', 'my plans')], toolCalls: [record('c1', 1, 'running')] });
      await alice('PUT', '/approvals', { toolName: 'pay', scope: 'always', fingerprint: 'f' });
      const feed = await handler(new Request(`${ORIGIN}/api/threads/changes`, { headers: { authorization: `Bearer ${bobId}` } }));
      assert.equal((await bob('GET', '/threads/secret')).status, 404);
      assert.equal((await bob('PATCH', '/threads/secret', { title: 'mine' })).status, 404);
      assert.equal((await bob('GET', '/threads/secret/tool-calls/c1')).status, 404);
      assert.equal((await bob('POST', '/threads/secret/tool-calls/c1/claim', { owner: 'bob-laptop' })).status, 404);
      assert.deepEqual((await bob('GET', '/threads')).body.threads, []);
      assert.deepEqual((await bob('GET', '/approvals?threadId=secret')).body.approvals, []);
      assert.deepEqual((await bob('DELETE', '/approvals')).body, { deleted: 0 });
      // Bob's write under the same id is Bob's own thread: Alice's is untouched.
      await bob('PUT', '/threads/secret', { messages: [userMessage('b1', 'bob')] });
      await bob('PUT', '/threads/secret/tool-calls', { records: [record('c1', 1, 'failed')] });
      const hers = await alice('GET', '/threads/secret');
      assert.deepEqual([hers.body.messages[0].content, hers.body.toolCalls[0].status, hers.body.title], ['my plans', 'running', undefined]);
      assert.equal((await alice('GET', '/approvals?threadId=x')).body.approvals.length, 1);
      // Bob's delete deletes Bob's thread.
      assert.equal((await bob('DELETE', '/threads/secret')).status, 200);
      assert.equal((await alice('GET', '/threads/secret')).status, 200);
      // Bob's feed carries only Bob's three writes.
      const events = await readEvents(feed.body!, 3);
      assert.deepEqual(events.map((e) => e.data.type), ['saved', 'saved', 'deleted']);
      const mine = await storage.query<{ n: number }>('SELECT count(*)::int AS n FROM ag_ui_changes WHERE user_id = $1', [bobId]);
      assert.equal(mine.rows[0]!.n, 3);
    });

    it('lets one client claim a recorded tool call: another gets 409 with the holder and the record', LIMIT, async () => {
      const call = clientOf(handler, newUser());
      await call('PUT', '/threads/t/tool-calls', { records: [record('c1', 1, 'pending')] });
      const [a, b] = await Promise.all([
        call('POST', '/threads/t/tool-calls/c1/claim', { owner: 'laptop' }),
        call('POST', '/threads/t/tool-calls/c1/claim', { owner: 'phone' }),
      ]);
      const winner = a.status === 200 ? 'laptop' : 'phone';
      assert.deepEqual([a.status, b.status].sort(), [200, 409]);
      const loser = a.status === 409 ? a : b;
      assert.deepEqual([loser.body.error.code, loser.body.error.owner, loser.body.error.record.status], ['conflict', winner, 'pending']);
      assert.equal((await call('POST', '/threads/t/tool-calls/c1/claim', { owner: winner })).status, 200, 'the holder may claim again');
      assert.equal((await call('GET', '/threads/t/tool-calls/c1')).body.claimedBy, winner);
      // A later save of the record keeps its claim.
      await call('PUT', '/threads/t/tool-calls', { records: [record('c1', 1, 'succeeded')] });
      assert.deepEqual((await call('GET', '/threads/t/tool-calls/c1')).body, { record: record('c1', 1, 'succeeded'), claimedBy: winner });
      assert.equal((await call('POST', '/threads/t/tool-calls/none/claim', { owner: 'laptop' })).status, 404);
    });

    it('answers 409 to a write based on a version that is not the current one', LIMIT, async () => {
      const call = clientOf(handler, newUser());
      const v1 = (await call('PUT', '/threads/t', { messages: [userMessage('m1', 'a')] })).body.version;
      const v2 = (await call('PUT', '/threads/t', { messages: [userMessage('m1', 'a'), userMessage('m2', 'b')], baseVersion: v1 })).body.version;
      assert.equal(v2, v1 + 1);
      const stale = await call('PUT', '/threads/t', { messages: [userMessage('m1', 'stale')], baseVersion: v1 });
      assert.deepEqual([stale.status, stale.body.error.code, stale.body.error.version], [409, 'conflict', v2]);
      assert.equal((await call('GET', '/threads/t')).body.messages.length, 2, 'the newer data stays');
    });

    it('streams the change feed and resumes after Last-Event-ID without repeating or losing a change', LIMIT, async () => {
      const user = newUser();
      const call = clientOf(handler, user);
      const open = (lastEventId?: number) =>
        handler(new Request(`${ORIGIN}/api/threads/changes`, { headers: { authorization: `Bearer ${user}`, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) } }));
      const live = await open();
      assert.equal(live.headers.get('content-type'), 'text/event-stream');
      const first = readEvents(live.body!, 3);
      await call('PUT', '/threads/a', { messages: [userMessage('m1', 'a')] });
      await call('PATCH', '/threads/a', { title: 'A' });
      await call('DELETE', '/threads/a');
      const events = await first;
      assert.deepEqual(events.map((e) => e.data.type), ['saved', 'renamed', 'deleted']);
      // Disconnected after the first: the rest come again, once, and then what is new.
      const resumed = await open(events[0]!.id);
      const again = readEvents(resumed.body!, 3);
      await call('PUT', '/threads/b', { messages: [userMessage('m1', 'b')] });
      const replayed = await again;
      assert.deepEqual(replayed.map((e) => `${e.data.type} ${e.data.threadId}`), ['renamed a', 'deleted a', 'saved b']);
      assert.deepEqual(replayed.map((e) => e.id), [...replayed.map((e) => e.id)].sort((x, y) => x - y));
    });

    it('answers each write with the feed id of its change, and opens a feed at the newest change with ?since=now', LIMIT, async () => {
      const user = newUser();
      const call = clientOf(handler, user);
      const saved = await call('PUT', '/threads/a', { messages: [userMessage('m1', 'a')] });
      const journalled = await call('PUT', '/threads/a/tool-calls', { records: [record('c1', 1)] });
      const renamed = await call('PATCH', '/threads/a', { title: 'A' });
      assert.equal(renamed.status, 200);
      const ids = [saved.body.changeId, journalled.body.changeId, renamed.body.changeId];
      assert.deepEqual(ids, [...ids].sort((x, y) => x - y));
      assert.equal(new Set(ids).size, 3);
      // Opened now: the feed names its position first (an id without data), then carries only what comes after it.
      const feed = await handler(new Request(`${ORIGIN}/api/threads/changes?since=now`, { headers: { authorization: `Bearer ${user}` } }));
      const reader = feed.body!.getReader();
      let text = '';
      while (!/^id: \d+\n\n/m.test(text)) text += new TextDecoder().decode((await reader.read()).value);
      assert.match(text, new RegExp(`^id: ${renamed.body.changeId}$`, 'm'));
      const deleted = await call('DELETE', '/threads/a');
      assert.equal(deleted.status, 200);
      while (!text.includes('"deleted"')) text += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      assert.doesNotMatch(text, /"saved"|"renamed"/);
      assert.match(text, new RegExp(`^id: ${deleted.body.changeId}$`, 'm'));
      // Last-Event-ID wins over since=now: a client resuming with both gets what it missed.
      const resumed = await handler(new Request(`${ORIGIN}/api/threads/changes?since=now`, { headers: { authorization: `Bearer ${user}`, 'last-event-id': String(saved.body.changeId) } }));
      assert.deepEqual((await readEvents(resumed.body!, 3)).map((e) => e.id), [journalled.body.changeId, renamed.body.changeId, deleted.body.changeId]);
    });

    it("wakes a feed on another handler's writes to the same database (another process)", LIMIT, async () => {
      const otherStorage = storage.kind === 'postgres' ? await open() : storage;
      const other = createThreadStoreHandler({ storage: otherStorage, authenticate, basePath: '/api/threads' });
      try {
        await other.ready;
        const user = newUser();
        const feed = await handler(new Request(`${ORIGIN}/api/threads/changes`, { headers: { authorization: `Bearer ${user}` } }));
        const events = readEvents(feed.body!, 2);
        await clientOf(other, user)('PUT', '/threads/elsewhere', { messages: [userMessage('m1', 'from the other process')] });
        await clientOf(other, user)('PATCH', '/threads/elsewhere', { title: 'Elsewhere' });
        assert.deepEqual((await events).map((e) => `${e.data.type} ${e.data.threadId}`), ['saved elsewhere', 'renamed elsewhere']);
      } finally {
        await other.close();
        if (otherStorage !== storage) await otherStorage.close();
      }
    });

    // PGlite runs one transaction at a time: its writes cannot interleave.
    if (name !== 'PGlite') it('sends every change of a user when two connections write at once (ids commit in order)', LIMIT, async () => {
      const user = newUser();
      const feed = await handler(new Request(`${ORIGIN}/api/threads/changes`, { headers: { authorization: `Bearer ${user}` } }));
      const events = readEvents(feed.body!, 2);
      // A write that has its feed id and has not committed, while another write of the same user comes in.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let numbered!: () => void;
      const hasId = new Promise<void>((resolve) => (numbered = resolve));
      const slow = storage.transaction(async (tx) => {
        await new ThreadRepository(storage).appendChange(tx, user, 'slow', 'saved');
        numbered();
        await held;
      });
      await hasId;
      const fast = clientOf(handler, user)('PUT', '/threads/fast', { messages: [userMessage('m1', 'fast')] });
      // Release the first once the second has committed (the defect: its higher id sent first, the lower never) or
      // waits for it.
      let settled = false;
      const waiting = async () => {
        while (!settled && (await storage.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows.length === 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      await Promise.race([fast, waiting()]);
      settled = true;
      release();
      await Promise.all([slow, fast]);
      assert.deepEqual((await events).map((e) => e.data.threadId).sort(), ['fast', 'slow']);
    });

    it('answers 401 without a user, also when authenticate throws', LIMIT, async () => {
      assert.deepEqual([(await clientOf(handler, null)('GET', '/threads')).status, (await clientOf(handler, null)('GET', '/threads')).body.error.code], [401, 'unauthenticated']);
      assert.equal((await clientOf(handler, 'throws')('GET', '/threads')).status, 401);
    });

    it('answers 400 with the Zod issue paths to a malformed body, and invalid_json to one that is not JSON', LIMIT, async () => {
      const call = clientOf(handler, newUser());
      const notJson = await call('PUT', '/threads/t', '{"messages": [');
      assert.deepEqual([notJson.status, notJson.body.error.code], [400, 'invalid_json']);
      const bad = await call('PUT', '/threads/t', { messages: [{ id: 'm1', role: 'wizard', content: 'x' }], toolCalls: [{ toolCallId: 'c1' }] });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.code, 'invalid_body');
      const paths = bad.body.error.issues.map((issue: { path: string[] }) => issue.path.join('.'));
      assert.ok(paths.some((path: string) => path.startsWith('messages.0')), paths.join(', '));
      assert.ok(paths.includes('toolCalls.0.toolCallName'), paths.join(', '));
      assert.equal((await call('PUT', '/threads/t', { messages: [], extra: 1 })).status, 400, 'unknown fields are refused');
      assert.equal((await call('GET', '/threads/t')).status, 404, 'nothing was written');
      assert.equal((await call('GET', '/threads?cursor=nonsense')).status, 400);
    });

    it('refuses a state-changing request a cross-site form could send (415 without Content-Type: application/json)', LIMIT, async () => {
      const user = newUser();
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await handler(
          new Request(`${ORIGIN}/api/threads/threads/t`, { method: 'PUT', headers: { authorization: `Bearer ${user}`, 'content-type': type }, body: '{"messages":[]}' }),
        );
        assert.equal(response.status, 415, type);
      }
      assert.equal((await clientOf(handler, user)('GET', '/threads/t')).status, 404);
    });

    it('keeps SQL in ids and text as data', LIMIT, async () => {
      const call = clientOf(handler, newUser());
      const evil = "x'; DROP TABLE ag_ui_threads; --";
      assert.equal((await call('PUT', `/threads/${encodeURIComponent(evil)}`, { messages: [userMessage('m1', "'); DELETE FROM ag_ui_tool_calls; --")], title: "' OR 1=1 --" })).status, 200);
      const loaded = await call('GET', `/threads/${encodeURIComponent(evil)}`);
      assert.deepEqual([loaded.body.threadId, loaded.body.title], [evil, "' OR 1=1 --"]);
      assert.equal((await call('GET', `/threads?cursor=${encodeURIComponent("'; --")}`)).status, 400);
      assert.equal((await storage.query('SELECT 1 FROM ag_ui_threads LIMIT 1')).rows.length, 1, 'the table is still there');
    });
  });
}

describe('ag-ui-lit/server', () => {
  it("exports its documented API and nothing else, for Node only (package.json's node condition)", async () => {
    const values = Object.keys(await import('../../web/src/server/index.js')).sort();
    assert.deepEqual(values, ['SCHEMA_VERSION', 'createThreadStoreHandler', 'migrate', 'pgliteStorage', 'postgresStorage', 'toNodeListener']);
    const { exports } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, Record<string, string>> };
    assert.deepEqual(Object.keys(exports['./server']!), ['types', 'node'], 'no browser or default condition: pages cannot import it');
  });
});

describe('pgliteStorage', () => {
  it('keeps its database in dataDir, making the folders it needs, and finds it again', LIMIT, async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const root = await mkdtemp(`${tmpdir()}/ag-ui-lit-pglite-`);
    const dataDir = `${root}/not/yet/there`;
    try {
      const first = await pgliteStorage({ dataDir });
      const handler = createThreadStoreHandler({ storage: first, authenticate, basePath: '/api/threads' });
      assert.equal((await clientOf(handler, 'u')('PUT', '/threads/kept', { messages: [userMessage('m1', 'on disk')] })).status, 200);
      await handler.close();
      await first.close();
      const again = await pgliteStorage({ dataDir });
      const reopened = createThreadStoreHandler({ storage: again, authenticate, basePath: '/api/threads' });
      const loaded = await clientOf(reopened, 'u')('GET', '/threads/kept');
      await reopened.close();
      await again.close();
      assert.equal(loaded.body?.messages?.[0]?.content, 'on disk');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('thread API limits', () => {
  let storage: SqlStorage;
  before(async () => {
    storage = await sharedPglite();
  });

  it('answers 413 to a body over maxBodyBytes, declared or streamed, and writes nothing', LIMIT, async () => {
    const handler = createThreadStoreHandler({ storage, authenticate, limits: { maxBodyBytes: 1024 } });
    const call = clientOf(handler, newUser());
    const big = { messages: [userMessage('m1', 'x'.repeat(2000))] };
    const declared = await handler(
      new Request(`${ORIGIN}/threads/t`, { method: 'PUT', headers: { ...JSON_HEADERS, authorization: 'Bearer u', 'content-length': '5000' }, body: JSON.stringify(big) }),
    );
    assert.equal(declared.status, 413);
    const chunks = [new TextEncoder().encode('{"messages":[{"id":"m1","role":"user","content":"'), new TextEncoder().encode('x'.repeat(2000)), new TextEncoder().encode('"}]}')];
    const streamed = await handler(
      new Request(`${ORIGIN}/threads/t`, {
        method: 'PUT',
        headers: { ...JSON_HEADERS, authorization: 'Bearer u' },
        body: new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()!) : controller.close()) }),
        duplex: 'half',
      } as RequestInit),
    );
    assert.deepEqual([streamed.status, ((await streamed.json()) as { error: { code: string } }).error.code], [413, 'payload_too_large']);
    assert.equal((await call('GET', '/threads/t')).status, 404);
    assert.equal((await clientOf(handler, 'u')('GET', '/threads/t')).status, 404);
  });

  it('answers 429 with Retry-After to a burst over requestsPerMinute, per user', LIMIT, async () => {
    const handler = createThreadStoreHandler({ storage, authenticate, basePath: '/api/threads', limits: { requestsPerMinute: 5 } });
    const busy = clientOf(handler, newUser());
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await busy('GET', '/threads')).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    const limited = await busy('GET', '/threads');
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.equal(limited.headers.get('retry-after'), '12', 'one request every 12 s at 5 a minute');
    assert.equal((await clientOf(handler, newUser())('GET', '/threads')).status, 200, 'another user is not held back');
  });

  it('answers 503 and changes nothing when the database was written by a newer version', LIMIT, async () => {
    await storage.query('INSERT INTO ag_ui_schema_migrations (version, applied_at) VALUES ($1, 0)', [SCHEMA_VERSION + 1]);
    try {
      await assert.rejects(migrate(storage), /newer than this version of ag-ui-lit knows/);
      const handler = createThreadStoreHandler({ storage, authenticate, basePath: '/api/threads' });
      await assert.rejects(handler.ready, /newer than this version of ag-ui-lit knows/);
      const response = await clientOf(handler, newUser())('GET', '/threads');
      assert.deepEqual([response.status, response.body.error.code], [503, 'unavailable']);
      const { rows } = await storage.query<{ version: number }>('SELECT max(version) AS version FROM ag_ui_schema_migrations');
      assert.equal(rows[0]!.version, SCHEMA_VERSION + 1);
    } finally {
      await storage.query('DELETE FROM ag_ui_schema_migrations WHERE version > $1', [SCHEMA_VERSION]);
    }
  });

  it("serves Node's http through toNodeListener, the change feed included", LIMIT, async () => {
    const handler = createThreadStoreHandler({ storage, authenticate, basePath: '/api/threads' });
    const server = createServer(toNodeListener(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/threads`;
    const user = newUser();
    const auth = { authorization: `Bearer ${user}` };
    try {
      const feed = await fetch(`${base}/changes`, { headers: auth });
      const events = readEvents(feed.body!, 1);
      const put = await fetch(`${base}/threads/n1`, { method: 'PUT', headers: { ...auth, ...JSON_HEADERS }, body: JSON.stringify({ messages: [userMessage('m1', 'over http')] }) });
      assert.equal(put.status, 200);
      assert.deepEqual((await events).map((e) => e.data), [{ type: 'saved', threadId: 'n1', at: (await events)[0]!.data.at }]);
      const loaded = (await (await fetch(`${base}/threads/n1`, { headers: auth })).json()) as { messages: { content: string }[] };
      assert.equal(loaded.messages[0]!.content, 'over http');
    } finally {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
