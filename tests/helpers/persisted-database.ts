import { expect } from '@open-wc/testing';
import { deleteDB } from 'idb';
import sinon from 'sinon';
import { IndexedDbThreadStore } from '../../web/src/persistence/index.js';
import { trackUnhandledRejections } from './agent-fixtures.js';

/**
 * Mocha hooks for element tests on a real IndexedDB: each test gets a database of its own (`<prefix>-<uuid>`), and
 * afterwards sinon is restored, the elements are removed, the probe stores closed, the database deleted, and the test
 * fails on any unhandled rejection it caused.
 * @returns the current test's database name, and `probe()`: a store of the test's own on that database, to see what
 *   the elements wrote (closed after the test)
 */
export function usePersistedDatabase(prefix: string): { readonly dbName: string; probe(): IndexedDbThreadStore } {
  let dbName = '';
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  const probes: IndexedDbThreadStore[] = [];

  beforeEach(() => {
    dbName = `${prefix}-${crypto.randomUUID()}`;
    rejections = trackUnhandledRejections();
  });
  afterEach(async () => {
    sinon.restore();
    // Let removed elements close their stores before the database goes.
    for (const el of document.querySelectorAll('ag-ui-agent')) el.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const probe of probes.splice(0)) probe.close();
    await deleteDB(dbName);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  return {
    get dbName() {
      return dbName;
    },
    probe() {
      const store = new IndexedDbThreadStore({ name: dbName, onError: () => {} });
      probes.push(store);
      return store;
    },
  };
}
