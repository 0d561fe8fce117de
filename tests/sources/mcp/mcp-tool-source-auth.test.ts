import { expect } from '@open-wc/testing';
import { TEST_OAUTH_CODE } from '../../../web/server/mcp/test-mcp-server-http.js';
import { McpToolSourceError, type McpStatusChangedDetail } from '../../../web/src/sources/mcp/index.js';
import { ToolExecutionManager } from '../../../web/src/tools/index.js';
import { TestAuthProvider } from '../../helpers/mcp-auth-provider.js';
import { useMcpHarness } from '../../helpers/mcp-test-server.js';

const rejectionOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => undefined, (reason: unknown) => reason);

describe('McpToolSource sign-in (OAuth authProvider)', () => {
  const harness = useMcpHarness({ oauth: true });

  it('reports a server that needs a sign-in as mcp_unauthorized, starts the sign-in once and does not reconnect', async () => {
    const authProvider = new TestAuthProvider({ clientInformation: { client_id: 'test-client' } });
    const source = harness.source({ headers: {}, authProvider });
    const statuses: McpStatusChangedDetail[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail));
    const error = (await rejectionOf(source.connect())) as McpToolSourceError;

    expect(error).to.be.instanceOf(McpToolSourceError);
    expect(error).to.deep.include({ code: 'mcp_unauthorized', status: 401, server: 'test', signInRequired: true });
    expect(error.message).to.match(/needs a sign-in/);
    expect(source.status).to.equal('unavailable');
    expect(statuses.at(-1)).to.deep.include({ status: 'unavailable', error: { code: 'mcp_unauthorized', message: error.message } });
    expect(statuses.at(-1)).not.to.have.property('retryInMs');
    expect(authProvider.redirects).to.have.length(1);
    expect(authProvider.redirects[0]!.pathname).to.equal('/authorize');
  });

  it('completes the sign-in with finishAuth(code) after the redirect back, then connects and calls tools', async () => {
    const authProvider = new TestAuthProvider({ clientInformation: { client_id: 'test-client' } });
    const source = harness.source({ headers: {}, authProvider });
    await rejectionOf(source.connect());

    await source.finishAuth(TEST_OAUTH_CODE);
    expect(source.status).to.equal('connected');
    expect(authProvider.tokens()?.access_token).to.equal(harness.server.token);
    const result = await new ToolExecutionManager().execute(harness.registry.get('mcp__test__add')!, 'c1', { a: 2, b: 5 });
    expect(result).to.deep.equal({ success: true, result: '7' });
  });

  it('fails finishAuth with mcp_unauthorized when the code is refused, without the code in the message', async () => {
    const authProvider = new TestAuthProvider({ clientInformation: { client_id: 'test-client' } });
    const source = harness.source({ headers: {}, authProvider });
    await rejectionOf(source.connect());
    const error = (await rejectionOf(source.finishAuth('wrong-code-1234'))) as McpToolSourceError;

    expect(error).to.deep.include({ code: 'mcp_unauthorized', server: 'test' });
    expect(error.message).not.to.contain('wrong-code-1234');
    expect(source.status).to.equal('unavailable');
  });
});

describe('McpToolSource CORS', () => {
  const harness = useMcpHarness({ exposeSessionId: false });

  it('reports a server that hides Mcp-Session-Id from the page, instead of falling back to HTTP+SSE', async () => {
    const source = harness.source();
    const statuses: McpStatusChangedDetail[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail));
    const error = (await rejectionOf(source.connect())) as McpToolSourceError;

    expect(error).to.be.instanceOf(McpToolSourceError);
    expect(error.code).to.equal('mcp_session_id_not_exposed');
    expect(error.message).to.contain('`Mcp-Session-Id` in `Access-Control-Expose-Headers`');
    expect(error.message).not.to.match(/SSE error/);
    expect(statuses.at(-1)).to.deep.include({ status: 'unavailable' });
    expect(statuses.at(-1)).not.to.have.property('retryInMs');
  });
});
