import { EventType, HttpAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { tap } from 'rxjs';
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { AgentRunLoop, DEFAULT_STREAM_IDLE_TIMEOUT_MS } from '../../web/src/agent/agent-run-loop.js';
import type { RunErrorDetail } from '../../web/src/agent/types.js';
import type { MiddlewareNext, SseHttpAgent } from '../../web/src/agent/sse-http-agent.js';
import { echoTool, recordedRequests, scenarioUrl, TRANSPORTS, useLoopHarness } from '../helpers/agent-fixtures.js';

/**
 * Resolves once `agent` has received an event of type `last` (through a middleware, so in the order the loop's drain
 * gets them): from then on the `hang` scenario sends nothing, and a fake clock may step through the silence.
 */
function received(agent: HttpAgent | SseHttpAgent, last: EventType): Promise<void> {
  return new Promise((resolve) => {
    const middleware = (input: RunAgentInput, next: MiddlewareNext) =>
      next.run(input).pipe(tap((event: BaseEvent) => event.type === last && resolve()));
    agent.use(middleware);
  });
}

for (const transport of TRANSPORTS) describe(`AgentRunLoop streamIdleTimeoutMs (${transport})`, () => {
  let clock: sinon.SinonFakeTimers | undefined;
  // Registered before the harness's hooks, so that it runs first: the harness's afterEach waits on real timers.
  afterEach(() => {
    clock?.restore();
    clock = undefined;
  });
  const harness = useLoopHarness({ settleMs: 50, transport });
  const { loopFor } = harness;

  /**
   * Sends a message under a fake clock and resolves once the `hang` scenario's last event arrived (its tool call's
   * arguments with `?tool=`, else the end of its text): an event still on its way would restart the silence.
   */
  async function silentTurn(
    loop: AgentRunLoop,
    agent: HttpAgent | SseHttpAgent,
    last = EventType.TEXT_MESSAGE_END,
  ): Promise<{ turn: Promise<void>; errors: RunErrorDetail[]; clock: sinon.SinonFakeTimers }> {
    const errors: RunErrorDetail[] = [];
    loop.addEventListener('run-error', (event) => errors.push(event.detail));
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const silent = received(agent, last);
    const turn = loop.sendMessage('Slow');
    await silent;
    return { turn, errors, clock };
  }

  it('defaults to one minute', () => {
    const { loop } = loopFor(scenarioUrl('text'));
    expect(DEFAULT_STREAM_IDLE_TIMEOUT_MS).to.equal(60_000);
    expect(loop.streamIdleTimeoutMs).to.equal(60_000);
  });

  it('ends a run whose stream goes silent with stream_stalled after 60 s, keeping the conversation', async () => {
    harness.registry.register(echoTool());
    const { loop, agent } = loopFor(scenarioUrl('hang', { tool: 'echo' }));
    const { turn, errors, clock } = await silentTurn(loop, agent, EventType.TOOL_CALL_ARGS);
    await clock.tickAsync(59_999);
    expect(loop.running).to.equal(true);
    expect(errors).to.have.length(0);
    await clock.tickAsync(1);
    await turn;
    clock.restore();

    expect(loop.running).to.equal(false);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.deep.include({ code: 'stream_stalled', threadId: loop.threadId });
    expect(errors[0]!.message).to.contain('60000 ms');
    expect(loop.lastError).to.equal(errors[0]);
    expect(loop.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    expect(loop.messages[1]!.content).to.equal('Working on it');
    expect(loop.messages[2]).to.deep.include({ role: 'tool', error: 'Not run: the run ended with an error' });
    expect([...loop.toolCalls.values()][0]!.status).to.equal('cancelled');

    agent.url = scenarioUrl('text', { text: 'Back again' });
    await loop.sendMessage('Hello?');
    expect(loop.lastError).to.equal(undefined);
    expect(loop.messages.at(-1)!.content).to.equal('Back again');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('takes the timeout from the options, in ms', async () => {
    const agent = new HttpAgent({ url: scenarioUrl('hang') });
    const loop = harness.track(new AgentRunLoop({ agent, registry: harness.registry, streamIdleTimeoutMs: 5000 }));
    const { turn, errors, clock } = await silentTurn(loop, agent);
    await clock.tickAsync(5000);
    await turn;
    expect(errors.map((error) => error.code)).to.deep.equal(['stream_stalled']);
  });

  for (const off of [0, Infinity]) {
    it(`never times a stream out with streamIdleTimeoutMs ${off}`, async () => {
      const { loop, agent } = loopFor(scenarioUrl('hang'));
      loop.streamIdleTimeoutMs = off;
      const { turn, errors, clock } = await silentTurn(loop, agent);
      await clock.tickAsync(10 * 60_000);
      expect(loop.running).to.equal(true);
      loop.stop();
      await turn;
      expect(errors).to.have.length(0);
    });
  }
});
