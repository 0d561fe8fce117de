import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { McpToolSourceError, type McpStatusChangedDetail } from '../../../web/src/sources/mcp/index.js';
import { ToolExecutionManager } from '../../../web/src/tools/index.js';
import { statusReached, useMcpHarness } from '../../helpers/mcp-test-server.js';
import { errorOf } from '../../helpers/tools-fixtures.js';

describe('McpToolSource connection', () => {
  const harness = useMcpHarness();

  it('goes unavailable when the server stops mid-session, fails calls clearly, and recovers after a restart', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    const statuses: McpStatusChangedDetail[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail));
    await harness.server.stop();
    await statusReached(source, 'unavailable');

    // The tools stay registered (decisions about them stand); a call fails at once with a message the agent reads.
    expect(harness.registry.has('mcp__test__add')).to.equal(true);
    const manager = new ToolExecutionManager(undefined, { maxAttempts: 1 });
    const error = errorOf(await manager.execute(harness.registry.get('mcp__test__add')!, 'c1', { a: 1, b: 2 }));
    expect(error).to.deep.include({ category: 'transient', code: 'mcp_unavailable' });
    expect(error.message).to.match(/^MCP server "test" is unavailable/);
    expect(statuses[0]).to.deep.include({ status: 'unavailable', previousStatus: 'connected' });
    expect(statuses[0]!.retryInMs).to.be.a('number');

    await harness.server.start();
    await statusReached(source, 'connected');
    const result = await manager.execute(harness.registry.get('mcp__test__add')!, 'c2', { a: 1, b: 2 });
    expect(result).to.deep.equal({ success: true, result: '3' });
  });

  it('opens a new session when the server restarted and forgot the old one, without failing the call', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    // Restart between two probes: the next request carries a session id the server no longer knows (404).
    await harness.server.stop();
    await harness.server.start();
    const result = await new ToolExecutionManager(undefined, { maxAttempts: 1 }).execute(
      harness.registry.get('mcp__test__add')!,
      'c1',
      { a: 2, b: 2 },
    );

    expect(result).to.deep.equal({ success: true, result: '4' });
    expect(source.status).to.equal('connected');
  });

  it('keeps retrying a server that is down at connect() and connects once it is up', async () => {
    await harness.server.stop();
    const source = harness.source();
    const error = await source.connect().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).to.be.instanceOf(McpToolSourceError);
    expect((error as McpToolSourceError).code).to.equal('mcp_unavailable');
    expect(source.status).to.equal('unavailable');
    expect(harness.registry.names).to.deep.equal([]);

    await harness.server.start();
    await statusReached(source, 'connected');
    expect(harness.registry.names).to.have.length(6);
  });

  it('gives up reconnecting after maxAttempts, until the next connect()', async () => {
    await harness.server.stop();
    const source = harness.source({ reconnect: { baseDelayMs: 10, maxDelayMs: 20, maxAttempts: 2 } });
    const statuses: McpStatusChangedDetail[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail));
    await source.connect().catch(() => undefined);
    await waitUntil(() => statuses.some((detail) => detail.status === 'unavailable' && detail.retryInMs === undefined));

    expect(statuses.map((detail) => detail.retryInMs)).to.deep.equal([undefined, 10, 20, undefined]);
    await harness.server.start();
    await source.connect();
    expect(source.status).to.equal('connected');
  });

  it('reports a 401 as mcp_unauthorized, does not retry it, and keeps the token out of the error', async () => {
    const source = harness.source({ headers: { Authorization: 'Bearer wrong-secret-token' } });
    const statuses: McpStatusChangedDetail[] = [];
    source.addEventListener('mcp-status-changed', (event) => statuses.push(event.detail));
    const error = (await source.connect().then(
      () => undefined,
      (reason: unknown) => reason,
    )) as McpToolSourceError;

    expect(error).to.be.instanceOf(McpToolSourceError);
    expect(error).to.deep.include({ code: 'mcp_unauthorized', status: 401, server: 'test' });
    expect(source.status).to.equal('unavailable');
    expect(statuses.at(-1)).to.deep.include({ status: 'unavailable', error: { code: 'mcp_unauthorized', message: error.message } });
    expect(statuses.at(-1)).not.to.have.property('retryInMs');
    expect(JSON.stringify([error.message, statuses])).not.to.contain('wrong-secret-token');
  });

  it('sends the MCP cancellation when a slow call is cancelled, and the server sees it', async () => {
    await harness.source().connect();
    const manager = new ToolExecutionManager(undefined, { maxAttempts: 1 });
    const executing = oneEvent(manager, 'tool-execution-executing');
    const call = manager.execute(harness.registry.get('mcp__test__slow')!, 'c1', {});
    const { detail } = await executing;
    await waitUntil(async () => (await harness.server.state()).calls.length === 1, 'the call did not reach the server');
    manager.cancel(detail.executionId);
    const result = await call;

    expect(result.success).to.equal(false);
    expect(['cancelled', 'uncertain']).to.include(errorOf(result).category);
    await waitUntil(async () => (await harness.server.state()).cancellations.length === 1, 'the server saw no cancellation');
    expect((await harness.server.state()).cancellations[0]!.tool).to.equal('slow');
  });

  it('stops reconnecting after close()', async () => {
    const source = harness.source();
    await source.connect();
    await harness.streamOpen();
    await harness.server.stop();
    await statusReached(source, 'unavailable');
    await source.close();
    await harness.server.start();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(source.status).to.equal('idle');
    expect((await harness.server.state()).sessions).to.equal(0);
  });
});
