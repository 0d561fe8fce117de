import { expect, fixture, html } from '@open-wc/testing';
import { z } from 'zod';
import '../../../web/src/index.js';
import type { AgUiAgent, ToolStatusChangedDetail } from '../../../web/src/index.js';
import { ToolExecutionManager, type ToolExecutionEvent } from '../../../web/src/tools/index.js';
import { scenarioUrl } from '../../helpers/agent-fixtures.js';
import { useMcpHarness } from '../../helpers/mcp-test-server.js';

/** What the test server's `progress` tool reports (web/server/mcp/test-mcp-server.ts, `TEST_PROGRESS_STEPS`). */
const TEST_PROGRESS_STEPS = [
  { progress: 1, total: 3, message: 'Step 1 of 3' },
  { progress: 2, total: 3, message: 'Step 2 of 3' },
  { progress: 3, total: 3, message: 'Step 3 of 3' },
];
const PROGRESS_TOOL = { name: 'progress', description: 'Reports progress in three steps', params: {}, kind: 'progress' } as const;

describe('McpToolSource: progress notifications', () => {
  const harness = useMcpHarness();

  beforeEach(async () => {
    await harness.server.setTool(PROGRESS_TOOL);
  });

  it('reports the server progress notifications of a call as tool-execution-progress, before its result', async () => {
    await harness.source().connect();
    const events: ToolExecutionEvent[] = [];
    const manager = new ToolExecutionManager();
    const result = await manager.execute(harness.registry.get('mcp__test__progress')!, 'call-1', {}, {
      onEvent: (event) => void events.push(event),
    });

    expect(result).to.deep.equal({ success: true, result: 'done' });
    const progress = events.flatMap((event) => (event.type === 'tool-execution-progress' ? [event.detail] : []));
    expect(progress.map((detail) => detail.progress)).to.deep.equal(TEST_PROGRESS_STEPS);
    expect(progress.map((detail) => detail.attemptNumber)).to.deep.equal([1, 1, 1]);
    const order = events.map((event) => event.type).filter((type) => type !== 'tool-execution-validating');
    expect(order.indexOf('tool-execution-progress')).to.be.greaterThan(order.indexOf('tool-execution-executing'));
    expect(order.lastIndexOf('tool-execution-progress')).to.be.lessThan(order.indexOf('tool-execution-succeeded'));
  });

  it('feeds <ag-ui-agent> ag-ui-tool-status-changed with the progress, and keeps the last one on the record', async () => {
    await harness.source().connect();
    const url = scenarioUrl('tool', { tool: 'mcp__test__progress', args: '{}' });
    const policy = { tools: { mcp__test__progress: { decision: 'allow' as const } } };
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${harness.registry} .policy=${policy}></ag-ui-agent>`);
    const details: ToolStatusChangedDetail[] = [];
    el.addEventListener('ag-ui-tool-status-changed', (event) => void details.push(event.detail));

    await el.sendMessage('Run the slow job');

    const reported = details.filter((detail) => detail.progress !== undefined);
    expect(reported.map((detail) => detail.progress)).to.deep.equal(TEST_PROGRESS_STEPS);
    expect(reported.every((detail) => detail.status === 'executing' && detail.toolCallName === 'mcp__test__progress')).to.equal(true);
    expect(details.at(-1)!.status).to.equal('succeeded');
    const record = [...el.toolCalls.values()].find((call) => call.toolCallName === 'mcp__test__progress')!;
    expect(record.progress).to.deep.equal(TEST_PROGRESS_STEPS.at(-1));
  });

  it('ignores a progress report after the attempt is over', async () => {
    const manager = new ToolExecutionManager();
    let report: ((progress: { progress: number }) => void) | undefined;
    const events: string[] = [];
    await manager.execute(
      { name: 'quick', description: 'Returns at once', schema: z.object({}), effect: 'read_only', handler: (_args, context) => void (report = (p) => context.reportProgress(p)) },
      'call-1',
      {},
      { onEvent: (event) => void events.push(event.type) },
    );
    report!({ progress: 1 });
    report!({ progress: Number.NaN });
    expect(events).not.to.include('tool-execution-progress');
  });
});
