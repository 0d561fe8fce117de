import type { ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { echoTool, parseContent, recordedRequests, recordEvents, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

describe('AgentRunLoop tool round bookkeeping', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  it('answers a call whose tool round step throws (a hostile registry) as failed, and runs and follows up the others', async () => {
    class ThrowingRegistry extends ToolRegistry {
      // Only the tool round asks whether a tool is denied: the throw lands in the round's step for `boom`.
      override isDenied(name: string) {
        if (name === 'boom') throw new Error('registry exploded');
        return super.isDenied(name);
      }
    }
    const registry = new ThrowingRegistry();
    registry.register(echoTool());
    registry.register({ name: 'boom', description: 'Never runs', effect: 'read_only', schema: z.object({}), handler: () => 'ran' });
    const { loop } = loopFor(scenarioUrl('parallel', { tools: 'echo,boom' }), { registry });
    const events = recordEvents(loop);
    await loop.sendMessage('Both');

    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const answers = toolMessages(requests[1]!.input.messages as never) as ToolMessage[];
    expect(answers).to.have.length(2);
    expect(parseContent(answers[0]!.content)).to.deep.equal({ echoed: {} });
    expect(parseContent(answers[1]!.content)).to.deep.include({ ok: false });
    expect(String(answers[1]!.content)).to.contain('registry exploded');

    const boom = [...loop.toolCalls.values()].find((view) => view.toolCallName === 'boom')!;
    expect(boom.status).to.equal('failed');
    expect(boom.error).to.deep.include({ category: 'unknown', message: 'registry exploded' });
    expect(events.filter(([type]) => type === 'run-error')).to.deep.equal([]);
    expect(events.some(([type, detail]) => type === 'tool-call-error' && (detail as { toolCallId: string }).toolCallId === boom.toolCallId)).to.equal(true);
  });

  it('answers a call cancelled from a listener inside one of its own steps exactly once', async () => {
    let ran = false;
    harness.registry.register(echoTool({ handler: (args) => ((ran = true), { echoed: args }) }));
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"value":1}' }));
    const statuses: string[] = [];
    loop.addEventListener('tool-status-changed', (event) => {
      statuses.push(event.detail.status);
      // Cancel it from inside the loop's own step of the execution (before its handler runs).
      if (event.detail.status === 'validating') loop.cancelToolCall(event.detail.toolCallId);
    });
    await loop.sendMessage('Echo');

    expect(ran).to.equal(false);
    expect(statuses).to.include('cancelled');
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const answers = toolMessages(requests[1]!.input.messages as never) as ToolMessage[];
    expect(answers).to.have.length(1);
    expect(parseContent(answers[0]!.content)).to.deep.include({ ok: false });
  });
});
