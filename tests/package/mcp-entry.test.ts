// `ag-ui-lit/mcp` is its own entry: the no-build-step bundle of the main entry (built by the test runner's startup
// from web/src/index.ts) carries neither McpToolSource nor the MCP SDK and its JSON Schema validators.
import { expect } from '@open-wc/testing';

describe('ag-ui-lit/mcp', () => {
  it('is not part of the main bundle', async () => {
    const response = await fetch('/dist/bundle/ag-ui-lit.js');
    expect(response.ok).to.equal(true);
    const bundle = await response.text();
    expect(bundle).to.contain('ag-ui-agent');
    for (const marker of ['McpToolSource', 'mcp-status-changed', 'notifications/tools/list_changed', 'mcp-session-id']) {
      expect(bundle, marker).not.to.contain(marker);
    }
  });
});
