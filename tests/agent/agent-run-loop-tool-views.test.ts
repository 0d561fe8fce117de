import type { ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { z } from 'zod';
import type { ToolExecution } from '../../web/src/tools/index.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { echoTool, parseContent, recordedRequests, recordEvents, scenarioUrl, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

describe('AgentRunLoop tool call views and round bookkeeping', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  it("builds a view's execution snapshot when read: current at each step, frozen, the same object until the next step", async () => {
    const seen: Array<{ status: string | undefined; frozen: boolean }> = [];
    let readDuringRun: ToolExecution | undefined;
    let loopRef: { toolCalls: ReadonlyMap<string, { execution?: ToolExecution }> } | undefined;
    harness.registry.register(
      echoTool({
        handler: (args, context) => {
          // Inside the handler the execution is `executing` (it was `pending` when it started).
          readDuringRun = loopRef!.toolCalls.get(context.toolCallId)!.execution;
          seen.push({ status: readDuringRun?.status, frozen: Object.isFrozen(readDuringRun) });
          return { echoed: args };
        },
      }),
    );
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"value":1}' }));
    loopRef = loop;
    await loop.sendMessage('Echo');

    expect(seen).to.deep.equal([{ status: 'executing', frozen: true }]);
    const view = [...loop.toolCalls.values()][0]!;
    const settled = view.execution!;
    expect(settled).to.deep.include({ status: 'succeeded', result: '{"echoed":{"value":1}}', args: { value: 1 } });
    expect(Object.isFrozen(settled)).to.equal(true);
    expect(view.execution).to.equal(settled);
    expect(settled).to.not.equal(readDuringRun);
    expect(Object.keys(view)).to.include('execution');
    expect({ ...view }.execution).to.equal(settled);

    // A page may still assign it: the value replaces the live snapshot.
    view.execution = undefined;
    expect(view.execution).to.equal(undefined);
  });

  it("gives a view its live execution back at the next step after the page assigned `execution` during the run", async () => {
    let loopRef: { toolCalls: ReadonlyMap<string, { execution?: ToolExecution }> } | undefined;
    harness.registry.register(
      echoTool({
        handler: async (args, context) => {
          // While the call runs, a page overwrites the view's execution...
          loopRef!.toolCalls.get(context.toolCallId)!.execution = undefined;
          await new Promise((resolve) => setTimeout(resolve, 0));
          return { echoed: args };
        },
      }),
    );
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"value":2}' }));
    loopRef = loop;
    await loop.sendMessage('Echo');

    // ...and the call's next step (it succeeded) makes it the live snapshot again.
    const view = [...loop.toolCalls.values()][0]!;
    expect(view.status).to.equal('succeeded');
    expect(view.execution).to.deep.include({ status: 'succeeded', result: '{"echoed":{"value":2}}' });
    expect(Object.isFrozen(view.execution)).to.equal(true);
  });

  it('answers a call whose tool round step throws (a hostile registry) as failed, and runs and follows up the others', async () => {
    class ThrowingRegistry extends ToolRegistry {
      lookups = 0;
      override get(name: string) {
        // The first lookup of `boom` is the stream's (TOOL_CALL_START); the second is the tool round's.
        if (name === 'boom' && ++this.lookups === 2) throw new Error('registry exploded');
        return super.get(name);
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
