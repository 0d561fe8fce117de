import { expect } from '@open-wc/testing';

describe('ag-ui-lit/thread-list entry', () => {
  it('is not part of the main entry, and defines <ag-ui-thread-list> when imported', async () => {
    await import('../../../web/src/index.js');
    expect(customElements.get('ag-ui-agent')).to.not.equal(undefined);
    expect(customElements.get('ag-ui-thread-list')).to.equal(undefined);

    const { AgUiThreadList } = await import('../../../web/src/thread-list.js');
    expect(customElements.get('ag-ui-thread-list')).to.equal(AgUiThreadList);
  });
});
