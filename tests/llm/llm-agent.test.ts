// What both provider agents do the same way: errors with stable codes, bounded retries, lost connections and Stop.
import { EventType, type BaseEvent, type Message, type RunErrorEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { tap } from 'rxjs';
import sinon from 'sinon';
import { LlmErrorCode } from '../../web/src/llm/index.js';
import { FIXTURES, PROVIDERS, TEST_KEY, guardUnhandledRejections, providerAgent, textOf } from '../helpers/llm-providers.js';
import type { LlmReplay } from '../helpers/llm-replay-client.js';
import { FIXTURE_TOOLS, collect, ofType, runAndStopAt, runInput, types, untilTimer } from '../helpers/llm-replay.js';

const USER: Message = { id: 'u1', role: 'user', content: 'What is the weather in Paris?' };

/** An observer that asks the replay server to cut the stream at the first TOOL_CALL_ARGS. */
function cutAtFirstArgs(replay: LlmReplay): (event: BaseEvent) => void {
  let cut = false;
  return (event) => {
    if (event.type !== EventType.TOOL_CALL_ARGS || cut) return;
    cut = true;
    void replay.cut();
  };
}

function runError(events: readonly BaseEvent[]): RunErrorEvent {
  expect(types(events).at(-1)).to.equal(EventType.RUN_ERROR);
  return ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]!;
}

for (const provider of PROVIDERS) {
  const fixtures = FIXTURES[provider];

  describe(`LlmAgent (${provider})`, () => {
    guardUnhandledRejections();

    it('fails with auth_failed on 401, once, with a message that names the key problem and holds no key', async () => {
      const { agent, replay } = await providerAgent(provider, [{ status: 401, fixture: fixtures.e401 }]);
      const events = await collect(agent.run(runInput([USER])));
      const requests = await replay.requests();

      expect(types(events)).to.deep.equal([EventType.RUN_STARTED, EventType.RUN_ERROR]);
      const error = runError(events);
      expect(error.code).to.equal(LlmErrorCode.AUTH_FAILED);
      expect(error.message).to.match(/HTTP 401.*check the API key/);
      expect(JSON.stringify(events)).not.to.contain(TEST_KEY);
      expect(JSON.stringify(events)).not.to.match(/sk-(?!\[)/);
      expect(requests).to.have.length(1);
    });

    it('fails with context_too_long and model_not_found for those provider errors', async () => {
      const context = (await providerAgent(provider, [{ status: 400, fixture: fixtures.contextLength }])).agent;
      const model = (await providerAgent(provider, [{ status: 404, fixture: fixtures.modelNotFound }])).agent;
      expect(runError(await collect(context.run(runInput([USER])))).code).to.equal(LlmErrorCode.CONTEXT_TOO_LONG);
      expect(runError(await collect(model.run(runInput([USER])))).code).to.equal(LlmErrorCode.MODEL_NOT_FOUND);
    });

    describe('retries', () => {
      let clock: sinon.SinonFakeTimers;
      beforeEach(() => (clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })));
      afterEach(() => clock.restore());

      it('waits the Retry-After of a 429, then streams the answer of the retry', async () => {
        const { agent, replay } = await providerAgent(provider, [{ status: 429, fixture: fixtures.e429, headers: { 'retry-after': '2' } }, { fixture: fixtures.text }]);
        const done = collect(agent.run(runInput([USER])));

        await untilTimer(clock);
        await clock.tickAsync(1999);
        expect(await replay.requests()).to.have.length(1);
        await clock.tickAsync(1);
        const events = await done;
        expect((await replay.requests()).map((request) => request.outcome)).to.deep.equal(['completed', 'completed']);
        expect(types(events)).not.to.include(EventType.RUN_ERROR);
        expect(textOf(events)).to.equal('Hello! The sky is blue.');
      });

      for (const [status, fixture] of fixtures.retried5xx) {
        it(`retries a ${status} with backoff, then streams the answer`, async () => {
          const { agent, replay } = await providerAgent(provider, [{ status, fixture }, { fixture: fixtures.text }]);
          const done = collect(agent.run(runInput([USER])));
          await untilTimer(clock);
          await clock.tickAsync(10);
          const events = await done;
          expect(await replay.requests()).to.have.length(2);
          expect(textOf(events)).to.equal('Hello! The sky is blue.');
          expect(types(events).at(-1)).to.equal(EventType.RUN_FINISHED);
        });
      }

      it('gives up with provider_unavailable after the bounded retries (2 by default)', async () => {
        const { agent, replay } = await providerAgent(provider, Array.from({ length: 4 }, () => ({ status: fixtures.status5xx, fixture: fixtures.e5xx })));
        const done = collect(agent.run(runInput([USER])));
        await untilTimer(clock);
        await clock.tickAsync(10);
        await untilTimer(clock);
        await clock.tickAsync(20);
        const error = runError(await done);
        expect(await replay.requests()).to.have.length(3);
        expect(error.code).to.equal(LlmErrorCode.PROVIDER_UNAVAILABLE);
        expect(error.message).to.contain('after 2 retries');
      });

      it('does not wait for a Retry-After longer than retry.maxDelayMs: rate_limited at once, saying how long', async () => {
        const { agent, replay } = await providerAgent(provider, [{ status: 429, fixture: fixtures.e429, headers: { 'retry-after': '120' } }]);
        const error = runError(await collect(agent.run(runInput([USER]))));
        expect(await replay.requests()).to.have.length(1);
        expect(error.code).to.equal(LlmErrorCode.RATE_LIMITED);
        expect(error.message).to.contain('wait 120 s');
      });
    });

    it('retries a stream cut before anything streamed, then streams the answer', async () => {
      const { agent, replay } = await providerAgent(provider, [{ fixture: fixtures.text, cutAfter: 0 }, { fixture: fixtures.text }]);
      const events = await collect(agent.run(runInput([USER])));
      expect((await replay.requests()).map((request) => request.outcome)).to.deep.equal(['cut', 'completed']);
      expect(textOf(events)).to.equal('Hello! The sky is blue.');
    });

    it('ends with network_error when the stream is cut mid tool call, and does not retry what already streamed', async () => {
      const { agent, replay } = await providerAgent(provider, [{ fixture: fixtures.toolCallSplit, hangAfter: 1400 }]);
      // The server destroys the socket once the call has started streaming here.
      const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)).pipe(tap(cutAtFirstArgs(replay))));
      const requests = await replay.requests();

      expect(types(events)).to.include(EventType.TOOL_CALL_START);
      expect(types(events)).not.to.include(EventType.TOOL_CALL_END);
      expect(runError(events).code).to.equal(LlmErrorCode.NETWORK_ERROR);
      expect(requests.map((request) => request.outcome)).to.deep.equal(['cut']);
    });

    it('ends with network_error when the connection closes cleanly before the model finished', async () => {
      const { agent } = await providerAgent(provider, [{ fixture: fixtures.toolCallSplit, endAfter: 1400 }]);
      const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));
      expect(types(events)).not.to.include(EventType.RUN_FINISHED);
      expect(runError(events).code).to.equal(LlmErrorCode.NETWORK_ERROR);
    });

    it('aborts the HTTP request when the run is stopped mid-stream (abortRun), ending with code abort', async () => {
      const { agent, replay } = await providerAgent(provider, [{ fixture: fixtures.text, hangAfter: 900 }]);
      const seen = await runAndStopAt(agent, runInput([USER]), 'Hello');

      // The server saw the client close the connection while its response was still open.
      expect((await replay.ended(0)).outcome).to.equal('client-closed');
      expect(runError(seen).code).to.equal(LlmErrorCode.ABORT);
      expect(types(seen)).not.to.include(EventType.RUN_FINISHED);
    });

    it('aborts the HTTP request when the subscriber unsubscribes', async () => {
      const { agent, replay } = await providerAgent(provider, [{ fixture: fixtures.text, hangAfter: 900 }]);
      const subscription = agent.run(runInput([USER])).subscribe();
      await replay.received(1);
      subscription.unsubscribe();
      expect((await replay.ended(0)).outcome).to.equal('client-closed');
    });
  });
}
