// `ag-ui-lit/mcp` and `ag-ui-lit/webmcp` are their own entries: the no-build-step bundle of the main entry (built by
// the test runner's startup from web/src/index.ts) carries neither tool source, nor the MCP SDK and its validators.
import { expect } from '@open-wc/testing';

describe('ag-ui-lit/mcp and ag-ui-lit/webmcp', () => {
  it('is not part of the main bundle', async () => {
    const response = await fetch('/dist/bundle/ag-ui-lit.js');
    expect(response.ok).to.equal(true);
    const bundle = await response.text();
    expect(bundle).to.contain('ag-ui-agent');
    for (const marker of ['McpToolSource', 'WebMcpToolSource', 'mcp-status-changed', 'notifications/tools/list_changed', 'mcp-session-id']) {
      expect(bundle, marker).not.to.contain(marker);
    }
  });
});
