import { expect } from '@open-wc/testing';
import { DEFAULT_MCP_LISTING, McpToolSourceError, type McpStatusChangedDetail } from '../../../web/src/sources/mcp/index.js';
import { statusReached, useMcpHarness } from '../../helpers/mcp-test-server.js';

/** What `connect()` rejected with (`undefined` when it resolved). */
async function connectError(connecting: Promise<void>): Promise<McpToolSourceError | undefined> {
  return connecting.then(
    () => undefined,
    (reason: unknown) => {
      expect(reason).to.be.instanceOf(McpToolSourceError);
      return reason as McpToolSourceError;
    },
  );
}

describe('McpToolSource listing bounds', () => {
  const harness = useMcpHarness();

  it('stops a listing whose server always sends a nextCursor after maxPages pages: mcp_invalid_response, no reconnection', async () => {
    await harness.server.setListing('endless');
    const source = harness.source({ listing: { maxPages: 5 } });
    const statuses: McpStatusChangedDetail[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail));

    const error = await connectError(source.connect());
    expect(error?.code).to.equal('mcp_invalid_response');
    expect(error?.message).to.match(/^MCP server "test" /);
    expect((await harness.server.state()).listRequests).to.equal(5);
    expect(harness.registry.names).to.deep.equal([]);
    expect(source.status).to.equal('unavailable');
    // Reconnecting would list again: none is scheduled (the page may connect() again).
    expect(statuses.at(-1)).to.deep.include({ status: 'unavailable', error: { code: 'mcp_invalid_response', message: error!.message } });
    expect(statuses.at(-1)).not.to.have.property('retryInMs');
  });

  it('documents its default bounds: 100 pages, 30 s', () => {
    // A listing of 100 real pages takes seconds; the bounds themselves are checked above and below with small values.
    expect(DEFAULT_MCP_LISTING).to.deep.equal({ maxPages: 100, deadlineMs: 30_000 });
  });

  it('stops at a repeated cursor', async () => {
    await harness.server.setListing('repeat');
    const error = await connectError(harness.source().connect());
    expect(error?.code).to.equal('mcp_invalid_response');
    expect((await harness.server.state()).listRequests).to.equal(2);
  });

  it('gives up a listing that outlasts its deadline', async () => {
    await harness.server.setListing('stall');
    const error = await connectError(harness.source({ listing: { deadlineMs: 200 } }).connect());
    expect(error?.code).to.equal('mcp_invalid_response');
    expect(error?.message).to.include('within 200 ms');
    // The one request may have been cancelled before it reached the server; none followed it.
    expect((await harness.server.state()).listRequests).to.be.at.most(1);
  });

  it('reports an endless re-listing after list_changed, keeping the tools registered', async () => {
    const source = harness.source({ listing: { maxPages: 3 } });
    await source.connect();
    await harness.streamOpen();
    await harness.server.setListing('endless');
    await harness.server.sendListChanged(1, { confirm: false });
    await statusReached(source, 'unavailable');

    expect(source.lastError?.code).to.equal('mcp_invalid_response');
    expect(harness.registry.has('mcp__test__add')).to.equal(true);
    expect((await harness.server.state()).listRequests).to.equal(1 + 3);
  });

  it('coalesces a burst of list_changed: one re-listing in flight and at most one queued', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    // The re-listing the burst starts waits at the server until every notification of the burst was handled.
    await harness.server.setListing('hold');
    await harness.server.sendListChanged(20);
    const refreshed = source.refreshTools(); // joins the queued re-listing
    await harness.server.setListing('normal');
    await refreshed;

    expect((await harness.server.state()).listRequests).to.equal(1 + 2);
    expect(source.status).to.equal('connected');
  });
});
