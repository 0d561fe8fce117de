import { expect } from '@open-wc/testing';

describe('ag-ui-lit/inspector entry', () => {
  it('is not part of the main entry, and defines <ag-ui-tool-inspector> when imported', async () => {
    await import('../../../web/src/index.js');
    expect(customElements.get('ag-ui-agent')).to.not.equal(undefined);
    expect(customElements.get('ag-ui-tool-inspector')).to.equal(undefined);

    const { AgUiToolInspector } = await import('../../../web/src/inspector.js');
    expect(customElements.get('ag-ui-tool-inspector')).to.equal(AgUiToolInspector);
  });
});
