import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { Observable } from 'rxjs';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { echoTool } from '../helpers/agent-fixtures.js';

/** Run 1 calls the page's `echo` tool; the follow-up answers with text. Keeps every input it got. */
class EchoOnceAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];

  override run(input: RunAgentInput): Observable<BaseEvent> {
    const index = this.inputs.push(structuredClone(input)) - 1;
    const { threadId, runId } = input;
    const events = (
      index === 0
        ? [
            { type: EventType.RUN_STARTED, threadId, runId },
            { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'echo', parentMessageId: 'm1' },
            { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"a":1}' },
            { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
            { type: EventType.RUN_FINISHED, threadId, runId },
          ]
        : [
            { type: EventType.RUN_STARTED, threadId, runId },
            { type: EventType.TEXT_MESSAGE_START, messageId: `t${index}`, role: 'assistant' },
            { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `t${index}`, delta: 'Done.' },
            { type: EventType.TEXT_MESSAGE_END, messageId: `t${index}` },
            { type: EventType.RUN_FINISHED, threadId, runId },
          ]
    ) as BaseEvent[];
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    });
  }
}

describe('AgentRunLoop runAgent({ forwardedProps })', () => {
  it("sends the turn's forwardedProps over the loop's with its first run only, not with the follow-up", async () => {
    const registry = new ToolRegistry();
    registry.register(echoTool());
    const agent = new EchoOnceAgent();
    const loop = new AgentRunLoop({ agent, registry, forwardedProps: { page: 'checkout' } });
    const userAction = { name: 'book', surfaceId: 's1', sourceComponentId: 'ok', timestamp: '2026-01-01T00:00:00Z', context: {} };
    await loop.runAgent({ forwardedProps: { a2uiAction: { userAction } } });
    expect(agent.inputs).to.have.length(2);
    expect(agent.inputs[0]!.forwardedProps).to.deep.equal({ page: 'checkout', a2uiAction: { userAction } });
    expect(agent.inputs[1]!.forwardedProps).to.deep.equal({ page: 'checkout' });
    loop.dispose();
  });
});
