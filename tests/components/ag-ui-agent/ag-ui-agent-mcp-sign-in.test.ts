import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { TEST_OAUTH_CODE } from '../../../web/server/mcp/test-mcp-server-http.js';
import { finishMcpAuth } from '../../../web/src/sources/mcp/index.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { settle, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { TestAuthProvider } from '../../helpers/mcp-auth-provider.js';
import { startMcpTestServer, type McpTestServer } from '../../helpers/mcp-test-server.js';
import { waitUntil } from '../../helpers/wait-until.js';
import { $, until } from './helpers.js';

describe('<ag-ui-agent> mcpServers sign-in', () => {
  let server: McpTestServer;
  let registry: ToolRegistry;
  let rejections: ReturnType<typeof trackUnhandledRejections>;

  beforeEach(async () => {
    rejections = trackUnhandledRejections();
    server = await startMcpTestServer({ oauth: true });
    registry = new ToolRegistry();
  });
  afterEach(async () => {
    await server.dispose();
    await settle(20);
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('reports a server that needs a sign-in as mcp_unauthorized with a Sign in action, and connects after the redirect back', async () => {
    const authProvider = new TestAuthProvider({ clientInformation: { client_id: 'test-client' } });
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .registry=${registry}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-tool-source-error');
    el.mcpServers = [{ name: 'notes', url: server.url, authProvider }];

    expect((await failed).detail).to.deep.include({ source: 'notes', code: 'mcp_unauthorized' });
    const signIn = await until(el, '[part="error-action"]');
    expect(signIn.textContent!.trim()).to.equal('Sign in');
    expect(signIn.getAttribute('aria-label')).to.equal('Sign in to notes');
    expect(authProvider.redirects).to.have.length(1); // started once, not again on reconnects
    await expect(el).to.be.accessible();

    // Sign in starts the authorization again (a page's provider leaves for the authorization server here).
    const again = oneEvent(el, 'ag-ui-tool-source-error');
    signIn.click();
    expect((await again).detail.code).to.equal('mcp_unauthorized');
    expect(authProvider.redirects).to.have.length(2);

    // Back from the authorization server with a code: the page completes the sign-in, and Sign in connects.
    await finishMcpAuth({ name: 'notes', url: server.url, authProvider }, TEST_OAUTH_CODE);
    (await until(el, '[part="error-action"]')).click();
    await waitUntil(() => registry.has('mcp__notes__add'), 'the server tools registered after the sign-in');
    expect($(el, '[part="error-action"]')).to.equal(null);
  });

  it('offers no Sign in action for a server that refuses fixed credentials', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .registry=${registry}></ag-ui-agent>`);
    const failed = oneEvent(el, 'ag-ui-tool-source-error');
    el.mcpServers = [{ name: 'notes', url: server.url, headers: { Authorization: 'Bearer wrong-token' } }];

    expect((await failed).detail.code).to.equal('mcp_unauthorized');
    await until(el, '[part="error-banner"]');
    expect($(el, '[part="error-action"]')).to.equal(null);
  });
});
