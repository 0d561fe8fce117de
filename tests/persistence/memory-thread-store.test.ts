import { expect } from '@open-wc/testing';
import { MemoryThreadStore } from '../../web/src/persistence/index.js';
import { describeThreadStoreContract, recordChanges, sampleMessages } from '../helpers/thread-store-contract.js';

describe('MemoryThreadStore', () => {
  describeThreadStoreContract(() => new MemoryThreadStore());

  it('tells subscribers synchronously, before the call resolves', () => {
    const store = new MemoryThreadStore();
    const { changes } = recordChanges(store);
    void store.save({ threadId: 't1', messages: sampleMessages() });
    expect(changes).to.deep.equal([{ type: 'saved', threadId: 't1', origin: 'local' }]);
  });

  it('keeps telling the other subscribers when one throws', async () => {
    const store = new MemoryThreadStore();
    const original = globalThis.reportError;
    const reported: unknown[] = [];
    globalThis.reportError = (error) => reported.push(error);
    try {
      store.subscribe(() => {
        throw new Error('listener bug');
      });
      const { changes } = recordChanges(store);
      await store.save({ threadId: 't1', messages: [] });
      expect(changes).to.have.length(1);
      expect(reported).to.have.length(1);
    } finally {
      globalThis.reportError = original;
    }
  });

  it('sets createdAt once and updatedAt on every change, from its clock', async () => {
    let now = 5000;
    const store = new MemoryThreadStore({ now: () => now });
    await store.save({ threadId: 't1', messages: [] });
    now = 9000;
    await store.save({ threadId: 't1', messages: sampleMessages() });
    expect(await store.list()).to.deep.equal([{ threadId: 't1', title: 'What is the weather in Paris?', createdAt: 5000, updatedAt: 9000, messageCount: 6 }]);
  });
});
