import { expect } from '@open-wc/testing';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import sinon from 'sinon';
import {
  IndexedDbThreadStore,
  THREAD_DB_SCHEMA_VERSION,
  type IndexedDbThreadStoreOptions,
  type ThreadSnapshot,
  type ThreadStore,
  type ThreadStoreChange,
  type ThreadStoreError,
} from '../../web/src/persistence/index.js';
import { describeThreadStoreContract, sampleMessages, sampleToolCalls, storeRejection } from '../helpers/thread-store-contract.js';

/** A fresh database per test, deleted after it, with every store and raw connection the test opened closed first. */
const opened: IndexedDbThreadStore[] = [];
const rawConnections: IDBPDatabase[] = [];
let dbName = '';

function newStore(options: IndexedDbThreadStoreOptions = {}): IndexedDbThreadStore {
  const store = new IndexedDbThreadStore({ name: dbName, onError: () => {}, ...options });
  opened.push(store);
  return store;
}

async function raw(version?: number, upgrade?: (db: IDBPDatabase) => void): Promise<IDBPDatabase> {
  const db = await openDB(dbName, version, upgrade ? { upgrade: (database) => upgrade(database) } : {});
  rawConnections.push(db);
  return db;
}

/**
 * Writes a database of layout 2 or 3 (before `approvals`, before `deletedThreads`) holding the thread `old` (title
 * "Kept title", `sampleMessages()`, `sampleToolCalls()`) and, in layout 3, its approval of `edit`; then closes it.
 */
async function writeOldLayout(version: 2 | 3): Promise<void> {
  const db = await raw(version, (database) => {
    database.createObjectStore('threads', { keyPath: 'threadId' });
    database.createObjectStore('conversations', { keyPath: 'threadId' });
    database.createObjectStore('toolCalls', { keyPath: ['threadId', 'toolCallId'] });
    if (version === 3) database.createObjectStore('approvals', { keyPath: ['scope', 'threadId', 'toolName'] }).createIndex('toolName', 'toolName');
  });
  const write = db.transaction([...db.objectStoreNames], 'readwrite');
  const v = version;
  await Promise.all([
    write.objectStore('threads').put({ v, threadId: 'old', title: 'Kept title', derivedTitle: 'What is', createdAt: 100, updatedAt: 200, messageCount: 6 }),
    write.objectStore('conversations').put({ v, threadId: 'old', messages: sampleMessages(), state: { city: 'Paris' } }),
    ...sampleToolCalls().map((record) => write.objectStore('toolCalls').put({ v, threadId: 'old', toolCallId: record.toolCallId, record })),
    ...(version === 3 ? [write.objectStore('approvals').put({ v, scope: 'thread', threadId: 'old', toolName: 'edit', fingerprint: 'edit@1' })] : []),
    write.done,
  ]);
  db.close();
}

/** Checks that `store` lists and loads the thread `writeOldLayout()` wrote as it was. @returns that thread */
async function expectOldThread(store: ThreadStore): Promise<ThreadSnapshot> {
  expect(await store.list()).to.deep.equal([{ threadId: 'old', title: 'Kept title', createdAt: 100, updatedAt: 200, messageCount: 6 }]);
  const snapshot = await store.load('old');
  expect(snapshot!.messages).to.deep.equal(sampleMessages());
  expect(snapshot!.state).to.deep.equal({ city: 'Paris' });
  expect(snapshot!.toolCalls).to.deep.equal(sampleToolCalls());
  return snapshot!;
}

function nextChange(store: ThreadStore): Promise<ThreadStoreChange> {
  return new Promise((resolve) => {
    const stop = store.subscribe((change) => {
      stop();
      resolve(change);
    });
  });
}

/**
 * Makes every IndexedDB write abort its transaction with a QuotaExceededError as the transaction's `error`: at once,
 * or once the current writes are queued (a microtask later).
 */
function failWritesForQuota(abortAt: 'at-once' | 'after-queueing'): void {
  const put = IDBObjectStore.prototype.put;
  sinon.stub(IDBObjectStore.prototype, 'put').callsFake(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    const request = put.apply(this, args);
    const { transaction } = this;
    const abort = () => {
      try {
        transaction.abort();
      } catch {
        // An earlier write aborted it already.
      }
    };
    if (abortAt === 'at-once') abort();
    else queueMicrotask(abort);
    return request;
  });
  sinon.stub(IDBTransaction.prototype, 'error').get(() => new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
}

describe('IndexedDbThreadStore', () => {
  beforeEach(() => {
    dbName = `ag-ui-lit-test-${crypto.randomUUID()}`;
  });
  afterEach(async () => {
    sinon.restore();
    for (const store of opened.splice(0)) store.close();
    for (const db of rawConnections.splice(0)) db.close();
    await deleteDB(dbName);
  });

  describe('contract', () => {
    describeThreadStoreContract(() => newStore());
  });

  it('finds the thread again after a reload (a new store on the same database)', async () => {
    const before = newStore();
    await before.save({ threadId: 't1', messages: sampleMessages(), state: { city: 'Paris' }, toolCalls: sampleToolCalls(), title: 'Trip' });
    before.close();
    const after = newStore();
    const snapshot = await after.load('t1');
    expect(snapshot!.messages).to.deep.equal(sampleMessages());
    expect(snapshot!.toolCalls).to.deep.equal(sampleToolCalls());
    expect(snapshot!.state).to.deep.equal({ city: 'Paris' });
    expect((await after.list()).map(({ threadId, title }) => ({ threadId, title }))).to.deep.equal([{ threadId: 't1', title: 'Trip' }]);
  });

  it('shows the changes of one tab in another (origin remote)', async () => {
    const tabA = newStore();
    const tabB = newStore();
    const heardByB = nextChange(tabB);
    await tabA.save({ threadId: 't1', messages: sampleMessages() });
    expect(await heardByB).to.deep.equal({ type: 'saved', threadId: 't1', origin: 'remote' });
    expect((await tabB.load('t1'))!.messages).to.deep.equal(sampleMessages());

    const renamedInA = nextChange(tabA);
    await tabB.rename('t1', 'From B');
    expect(await renamedInA).to.deep.equal({ type: 'renamed', threadId: 't1', origin: 'remote' });
    expect((await tabA.list())[0].title).to.equal('From B');

    const deletedInA = nextChange(tabA);
    await tabB.delete('t1');
    expect(await deletedInA).to.deep.equal({ type: 'deleted', threadId: 't1', origin: 'remote' });
  });

  it('skips and reports records of a newer schema version; the rest still loads', async () => {
    const errors: ThreadStoreError[] = [];
    const store = newStore({ onError: (error) => errors.push(error) });
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    await store.save({ threadId: 't2', messages: sampleMessages('Second') });
    const db = await raw();
    const future = THREAD_DB_SCHEMA_VERSION + 1;
    await db.put('toolCalls', { v: future, threadId: 't1', toolCallId: 'tc-new', record: { shape: 'unknown' } });
    await db.put('threads', { v: future, threadId: 't3', somethingNew: true });

    expect((await store.list()).map((thread) => thread.threadId)).to.deep.equal(['t2', 't1']);
    expect((await store.load('t1'))!.toolCalls).to.deep.equal(sampleToolCalls());
    expect(errors.map(({ code, threadId }) => ({ code, threadId }))).to.deep.equal([
      { code: 'version_unsupported', threadId: 't3' },
      { code: 'version_unsupported', threadId: 't1' },
    ]);
    await storeRejection(store.load('t3'), 'version_unsupported');
    // Never overwritten by the older code: the newer record stays as it was.
    await storeRejection(store.save({ threadId: 't3', messages: [] }), 'version_unsupported');
    expect(await db.get('threads', 't3')).to.deep.equal({ v: future, threadId: 't3', somethingNew: true });
    expect(await store.delete('t3')).to.equal(true);
  });

  it('never overwrites nor deletes a tool-call record of a newer schema version', async () => {
    const store = newStore();
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    const db = await raw();
    const future = THREAD_DB_SCHEMA_VERSION + 1;
    const newerFront = { v: future, threadId: 't1', toolCallId: 'tc-front', record: { shape: 'unknown' } };
    const newerOnly = { v: future, threadId: 't1', toolCallId: 'tc-new', record: { shape: 'unknown' } };
    await db.put('toolCalls', newerFront);
    await db.put('toolCalls', newerOnly);

    const [front, back] = sampleToolCalls();
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: [{ ...front!, status: 'cancelled' }, back!] });
    await store.saveToolCalls('t1', [{ ...front!, status: 'failed' }]);
    // A save replaces the thread's records of this version: tc-back goes, the newer ones stay.
    await store.save({ threadId: 't1', messages: sampleMessages(), toolCalls: [] });
    expect(await db.get('toolCalls', ['t1', 'tc-front'])).to.deep.equal(newerFront);
    expect(await db.get('toolCalls', ['t1', 'tc-new'])).to.deep.equal(newerOnly);
    expect(await db.get('toolCalls', ['t1', 'tc-back'])).to.equal(undefined);
    expect((await store.load('t1'))!.messages).to.deep.equal(sampleMessages());
  });

  it('never lets another tab write a deleted thread back, even one that has not heard of the deletion yet', async () => {
    const tabA = newStore();
    const tabB = newStore();
    await tabA.save({ threadId: 't1', messages: sampleMessages(), toolCalls: sampleToolCalls() });
    expect(await tabB.delete('t1')).to.equal(true);
    // Tab A writes at once, before the deletion's message reaches it; also as when its page goes away (keepalive).
    await tabA.save({ threadId: 't1', messages: sampleMessages() }, { keepalive: true });
    await tabA.save({ threadId: 't1', messages: sampleMessages() });
    await tabA.saveToolCalls('t1', sampleToolCalls());
    expect(await tabA.load('t1')).to.equal(undefined);
    expect(await tabB.list()).to.deep.equal([]);
    const db = await raw();
    expect(await db.count('toolCalls')).to.equal(0);
  });

  it('reports a corrupt record as corrupt, and other threads still load', async () => {
    const errors: ThreadStoreError[] = [];
    const store = newStore({ onError: (error) => errors.push(error) });
    await store.save({ threadId: 't1', messages: sampleMessages() });
    await store.save({ threadId: 't2', messages: sampleMessages('Second') });
    const db = await raw();
    await db.put('conversations', { v: THREAD_DB_SCHEMA_VERSION, threadId: 't1', messages: 'not a list' });
    await db.put('threads', { threadId: 't4' });

    await storeRejection(store.load('t1'), 'corrupt');
    expect((await store.load('t2'))!.messages).to.deep.equal(sampleMessages('Second'));
    expect((await store.list()).map((thread) => thread.threadId)).to.deep.equal(['t2', 't1']);
    expect(errors.map(({ code, threadId }) => ({ code, threadId }))).to.deep.equal([{ code: 'corrupt', threadId: 't4' }]);
  });

  it('upgrades a layout-1 database (whole threads in one record) to the current layout', async () => {
    const v1 = await raw(1, (db) => db.createObjectStore('threads', { keyPath: 'threadId' }));
    await v1.put('threads', {
      threadId: 'old',
      title: 'Kept title',
      messages: sampleMessages(),
      state: { city: 'Paris' },
      toolCalls: [...sampleToolCalls(), { status: 'no id, cannot be keyed' }],
      createdAt: 100,
      updatedAt: 200,
    });
    await v1.put('threads', { threadId: 'bare', messages: sampleMessages('Bare one'), updatedAt: 300 });
    // A transaction begun after the writes ends after them: once it is done, close() closes at once (a connection
    // with a live transaction would still block the store's upgrade, which it reports as unavailable).
    await v1.transaction('threads').done;
    v1.close();

    const store = newStore();
    expect(await store.list()).to.deep.equal([
      { threadId: 'bare', title: 'Bare one', createdAt: 300, updatedAt: 300, messageCount: 6 },
      { threadId: 'old', title: 'Kept title', createdAt: 100, updatedAt: 200, messageCount: 6 },
    ]);
    const snapshot = await store.load('old');
    expect(snapshot!.messages).to.deep.equal(sampleMessages());
    expect(snapshot!.state).to.deep.equal({ city: 'Paris' });
    expect(snapshot!.toolCalls).to.deep.equal(sampleToolCalls());
    store.close();
    const db = await raw();
    expect(db.version).to.equal(THREAD_DB_SCHEMA_VERSION);
    expect((await db.get('threads', 'old')).v).to.equal(THREAD_DB_SCHEMA_VERSION);
  });

  it('upgrades a layout-2 database to the current layout: its threads load as they were, and approvals can be kept', async () => {
    await writeOldLayout(2);

    const store = newStore();
    await expectOldThread(store);
    expect(await store.loadApprovals('old')).to.deep.equal([]);
    await store.saveApproval({ toolName: 'edit', scope: 'thread', threadId: 'old', fingerprint: 'edit@1' });
    store.close();
    expect(await newStore().loadApprovals('old')).to.deep.equal([{ toolName: 'edit', scope: 'thread', threadId: 'old', fingerprint: 'edit@1' }]);
    const db = await raw();
    expect(db.version).to.equal(THREAD_DB_SCHEMA_VERSION);
    expect([...db.objectStoreNames]).to.include('approvals');
  });

  it('upgrades a layout-3 database to the current layout: its threads load as they were, and a deleted one stays deleted', async () => {
    await writeOldLayout(3);

    const store = newStore();
    const snapshot = await expectOldThread(store);
    expect(await store.loadApprovals('old')).to.deep.equal([{ toolName: 'edit', scope: 'thread', threadId: 'old', fingerprint: 'edit@1' }]);
    expect(await store.delete('old')).to.equal(true);
    await store.save(snapshot);
    store.close();
    expect(await newStore().load('old')).to.equal(undefined);
    const db = await raw();
    expect(db.version).to.equal(THREAD_DB_SCHEMA_VERSION);
  });

  it('skips and reports a remembered approval of a newer schema version; the others still load', async () => {
    const errors: ThreadStoreError[] = [];
    const store = newStore({ onError: (error) => errors.push(error) });
    await store.saveApproval({ toolName: 'edit', scope: 'always', fingerprint: 'e' });
    const db = await raw();
    await db.put('approvals', { v: THREAD_DB_SCHEMA_VERSION + 1, scope: 'always', threadId: '', toolName: 'future', fingerprint: 'f' });
    expect(await store.loadApprovals('t1')).to.deep.equal([{ toolName: 'edit', scope: 'always', fingerprint: 'e' }]);
    expect(errors.map((error) => error.code)).to.deep.equal(['version_unsupported']);
  });

  it('rejects with quota_exceeded when the browser refuses the write for space, keeping what was saved', async () => {
    const store = newStore();
    await store.save({ threadId: 't1', messages: sampleMessages() });
    // A real quota is impractical to fill in a test; the browser reports it as this DOMException from the write.
    sinon.stub(IDBObjectStore.prototype, 'put').throws(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const error = await storeRejection(store.save({ threadId: 't1', messages: [] }), 'quota_exceeded');
    expect(error.threadId).to.equal('t1');
    await storeRejection(store.saveToolCalls('t1', sampleToolCalls()), 'quota_exceeded');
    sinon.restore();
    const snapshot = await store.load('t1');
    expect(snapshot!.messages).to.deep.equal(sampleMessages());
    expect(snapshot!.toolCalls).to.deep.equal([]);
  });

  it('leaves a layout-1 database as it was when its upgrade fails, and upgrades it on the next call', async () => {
    const v1 = await raw(1, (db) => db.createObjectStore('threads', { keyPath: 'threadId' }));
    const write = v1.transaction('threads', 'readwrite');
    await write.store.put({ threadId: 'old', messages: sampleMessages(), updatedAt: 200 });
    await write.done;
    v1.close();
    sinon.stub(IDBObjectStore.prototype, 'put').throws(new DOMException('disk trouble', 'UnknownError'));
    const store = newStore();
    const error = await storeRejection(store.list(), 'unavailable');
    expect((error.cause as DOMException).name).to.equal('UnknownError');
    sinon.restore();
    const untouched = await raw();
    expect(untouched.version).to.equal(1);
    // The read's transaction must be done before close(): a connection with a live transaction still blocks the
    // store's upgrade below, and the store reports a blocked upgrade as unavailable.
    const read = untouched.transaction('threads');
    expect(await read.store.get('old')).to.deep.equal({ threadId: 'old', messages: sampleMessages(), updatedAt: 200 });
    await read.done;
    untouched.close();
    expect((await store.load('old'))!.messages).to.deep.equal(sampleMessages());
  });

  const quotaAborts = [
    ['after-queueing', 'once its writes are queued, as Chromium reports a full quota'],
    ['at-once', 'between two writes of one save, so the next write meets a finished transaction'],
  ] as const;
  for (const [abortAt, when] of quotaAborts) {
    it(`rejects with quota_exceeded when the transaction aborts ${when}`, async () => {
      const store = newStore();
      await store.save({ threadId: 't1', messages: sampleMessages() });
      failWritesForQuota(abortAt);
      await storeRejection(store.save({ threadId: 't1', messages: [] }), 'quota_exceeded');
      sinon.restore();
      expect((await store.load('t1'))!.messages).to.deep.equal(sampleMessages());
    });
  }

  it('rejects with unavailable while another tab holds an old version open, and recovers once it closes', async () => {
    const oldTab = await raw(1, (db) => db.createObjectStore('threads', { keyPath: 'threadId' }));
    const store = newStore();
    await storeRejection(store.list(), 'unavailable');
    oldTab.close();
    expect(await store.list()).to.deep.equal([]);
  });

  it('rejects with unavailable when IndexedDB cannot be opened', async () => {
    sinon.stub(IDBFactory.prototype, 'open').throws(new DOMException('Access to storage is not allowed', 'SecurityError'));
    const store = newStore();
    const error = await storeRejection(store.save({ threadId: 't1', messages: [] }), 'unavailable');
    expect(error.cause).to.be.instanceOf(DOMException);
  });

  it('rejects with version_unsupported when the database is newer than this code', async () => {
    const newer = await raw(THREAD_DB_SCHEMA_VERSION + 1, () => {});
    newer.close();
    await storeRejection(newStore().list(), 'version_unsupported');
  });

  it('lets another tab upgrade the database, and rejects with unavailable once closed', async () => {
    const store = newStore();
    await store.save({ threadId: 't1', messages: [] });
    const upgraded = await raw(THREAD_DB_SCHEMA_VERSION + 1, () => {});
    upgraded.close();
    await storeRejection(store.list(), 'version_unsupported');
    store.close();
    await storeRejection(store.list(), 'unavailable');
  });
});
