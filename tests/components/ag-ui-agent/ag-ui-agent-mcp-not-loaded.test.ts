// Its own file (its own page): here `ag-ui-lit/mcp` is never imported, so no MCP factory is registered.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, rendered } from './helpers.js';

describe('<ag-ui-agent> mcpServers without ag-ui-lit/mcp', () => {
  it('fires ag-ui-tool-source-error with code mcp_not_loaded and shows why', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .registry=${new ToolRegistry()}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-tool-source-error');
    el.mcpServers = [{ name: 'notes', url: 'http://127.0.0.1:9/mcp' }];

    const { detail } = await failed;
    expect(detail).to.deep.include({ source: 'notes', code: 'mcp_not_loaded' });
    await rendered(el);
    expect($(el, '[part="error-message"]')!.textContent).to.include("import 'ag-ui-lit/mcp'");
  });
});
