import { EventType, type BaseEvent, type TextMessageContentEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { map } from 'rxjs';
import { createLoop, recordedRequests, scenarioUrl, TRANSPORTS } from '../helpers/agent-fixtures.js';

function assistantText(messages: ReadonlyArray<{ role: string; content?: unknown }>): string {
  return messages
    .filter((message) => message.role === 'assistant')
    .map((message) => String(message.content ?? ''))
    .join('');
}

describe('AgentRunLoop and agent.use(middleware)', () => {
  for (const transport of TRANSPORTS) {
    it(`runs every run through the agent's middlewares, outermost first (${transport})`, async () => {
      const { loop, agent } = createLoop(scenarioUrl('text', { text: 'hello there' }), { transport });
      const order: string[] = [];
      agent.use(
        (input, next) => {
          order.push('outer');
          return next.run({ ...input, forwardedProps: { ...input.forwardedProps, tag: 'from-middleware' } });
        },
        (input, next) => {
          order.push('inner');
          return next.run(input).pipe(
            map((event: BaseEvent) =>
              event.type === EventType.TEXT_MESSAGE_CONTENT
                ? ({ ...event, delta: (event as TextMessageContentEvent).delta.toUpperCase() } as BaseEvent)
                : event,
            ),
          );
        },
      );
      await loop.sendMessage('Hi');

      expect(order).to.deep.equal(['outer', 'inner']);
      expect(assistantText(loop.messages)).to.equal('HELLO THERE');
      const [request] = await recordedRequests(loop.threadId);
      expect(request!.input.forwardedProps).to.deep.include({ tag: 'from-middleware' });
    });
  }

  it('reports a middleware that throws as the run failing, and the loop keeps working', async () => {
    const { loop, agent } = createLoop(scenarioUrl('text', { text: 'fine' }));
    let fail = true;
    agent.use((input, next) => {
      if (fail) throw new Error('middleware broke');
      return next.run(input);
    });
    await loop.sendMessage('Hi');
    expect(loop.lastError?.message).to.contain('middleware broke');
    fail = false;
    await loop.sendMessage('Again');
    expect(assistantText(loop.messages)).to.contain('fine');
  });
});
