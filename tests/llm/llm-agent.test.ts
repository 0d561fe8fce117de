// What both provider agents do the same way: errors with stable codes, bounded retries, lost connections and Stop.
import { EventType, type BaseEvent, type Message, type RunErrorEvent } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { LlmErrorCode } from '../../web/src/llm/index.js';
import { FIXTURES, PROVIDERS, TEST_KEY, guardUnhandledRejections, providerAgent, textOf } from '../helpers/llm-providers.js';
import { FIXTURE_TOOLS, collect, ofType, runInput, types, untilTimer } from '../helpers/llm-replay.js';

const USER: Message = { id: 'u1', role: 'user', content: 'What is the weather in Paris?' };

function runError(events: readonly BaseEvent[]): RunErrorEvent {
  expect(types(events).at(-1)).to.equal(EventType.RUN_ERROR);
  return ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]!;
}

for (const provider of PROVIDERS) {
  const fixtures = FIXTURES[provider];

  describe(`LlmAgent (${provider})`, () => {
    guardUnhandledRejections();

    it('fails with auth_failed on 401, once, with a message that names the key problem and holds no key', async () => {
      const { agent, requests } = providerAgent(provider, [{ status: 401, fixture: fixtures.e401 }]);
      const events = await collect(agent.run(runInput([USER])));

      expect(types(events)).to.deep.equal([EventType.RUN_STARTED, EventType.RUN_ERROR]);
      const error = runError(events);
      expect(error.code).to.equal(LlmErrorCode.AUTH_FAILED);
      expect(error.message).to.match(/HTTP 401.*check the API key/);
      expect(JSON.stringify(events)).not.to.contain(TEST_KEY);
      expect(JSON.stringify(events)).not.to.match(/sk-(?!\[)/);
      expect(requests).to.have.length(1);
    });

    it('fails with context_too_long and model_not_found for those provider errors', async () => {
      const context = providerAgent(provider, [{ status: 400, fixture: fixtures.contextLength }]).agent;
      const model = providerAgent(provider, [{ status: 404, fixture: fixtures.modelNotFound }]).agent;
      expect(runError(await collect(context.run(runInput([USER])))).code).to.equal(LlmErrorCode.CONTEXT_TOO_LONG);
      expect(runError(await collect(model.run(runInput([USER])))).code).to.equal(LlmErrorCode.MODEL_NOT_FOUND);
    });

    describe('retries', () => {
      let clock: sinon.SinonFakeTimers;
      beforeEach(() => (clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })));
      afterEach(() => clock.restore());

      it('waits the Retry-After of a 429, then streams the answer of the retry', async () => {
        const { agent, requests } = providerAgent(provider, [{ status: 429, fixture: fixtures.e429, headers: { 'retry-after': '2' } }, { fixture: fixtures.text }]);
        const done = collect(agent.run(runInput([USER])));

        await untilTimer(clock);
        await clock.tickAsync(1999);
        expect(requests).to.have.length(1);
        await clock.tickAsync(1);
        const events = await done;
        expect(requests).to.have.length(2);
        expect(types(events)).not.to.include(EventType.RUN_ERROR);
        expect(textOf(events)).to.equal('Hello! The sky is blue.');
      });

      it(`retries a ${fixtures.status5xx} with backoff, then streams the answer`, async () => {
        const { agent, requests } = providerAgent(provider, [{ status: fixtures.status5xx, fixture: fixtures.e5xx }, { fixture: fixtures.text }]);
        const done = collect(agent.run(runInput([USER])));
        await untilTimer(clock);
        await clock.tickAsync(10);
        const events = await done;
        expect(requests).to.have.length(2);
        expect(types(events).at(-1)).to.equal(EventType.RUN_FINISHED);
      });

      it('gives up with provider_unavailable after the bounded retries (2 by default)', async () => {
        const { agent, requests } = providerAgent(provider, Array.from({ length: 4 }, () => ({ status: fixtures.status5xx, fixture: fixtures.e5xx })));
        const done = collect(agent.run(runInput([USER])));
        await untilTimer(clock);
        await clock.tickAsync(10);
        await untilTimer(clock);
        await clock.tickAsync(20);
        const error = runError(await done);
        expect(requests).to.have.length(3);
        expect(error.code).to.equal(LlmErrorCode.PROVIDER_UNAVAILABLE);
        expect(error.message).to.contain('after 2 retries');
      });

      it('does not wait for a Retry-After longer than retry.maxDelayMs: rate_limited at once, saying how long', async () => {
        const { agent, requests } = providerAgent(provider, [{ status: 429, fixture: fixtures.e429, headers: { 'retry-after': '120' } }]);
        const error = runError(await collect(agent.run(runInput([USER]))));
        expect(requests).to.have.length(1);
        expect(error.code).to.equal(LlmErrorCode.RATE_LIMITED);
        expect(error.message).to.contain('wait 120 s');
      });
    });

    it('ends with network_error when the stream is cut mid tool call, and does not retry what already streamed', async () => {
      const { agent, requests } = providerAgent(provider, [{ fixture: fixtures.toolCallSplit, cutAfter: 1400 }]);
      const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));

      expect(types(events)).to.include(EventType.TOOL_CALL_START);
      expect(types(events)).not.to.include(EventType.TOOL_CALL_END);
      expect(runError(events).code).to.equal(LlmErrorCode.NETWORK_ERROR);
      expect(requests).to.have.length(1);
    });

    it('ends with network_error when the connection closes cleanly before the model finished', async () => {
      const { agent } = providerAgent(provider, [{ fixture: fixtures.toolCallSplit, endAfter: 1400 }]);
      const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));
      expect(types(events)).not.to.include(EventType.RUN_FINISHED);
      expect(runError(events).code).to.equal(LlmErrorCode.NETWORK_ERROR);
    });

    it('aborts the HTTP request when the run is stopped mid-stream (abortRun), ending with code abort', async () => {
      const { agent, requests } = providerAgent(provider, [{ fixture: fixtures.text, hangAfter: 900 }]);
      const seen: BaseEvent[] = [];
      await new Promise<void>((resolve) => {
        agent.run(runInput([USER])).subscribe({
          next: (event) => {
            seen.push(event);
            if (event.type === EventType.TEXT_MESSAGE_CONTENT && textOf(seen) === 'Hello') agent.abortRun();
          },
          complete: resolve,
        });
      });

      expect(requests[0]!.signal?.aborted).to.equal(true);
      expect(runError(seen).code).to.equal(LlmErrorCode.ABORT);
      expect(types(seen)).not.to.include(EventType.RUN_FINISHED);
    });

    it('aborts the HTTP request when the subscriber unsubscribes', async () => {
      const { agent, requests } = providerAgent(provider, [{ fixture: fixtures.text, hangAfter: 900 }]);
      const subscription = agent.run(runInput([USER])).subscribe();
      while (requests.length === 0) await Promise.resolve();
      subscription.unsubscribe();
      expect(requests[0]!.signal?.aborted).to.equal(true);
    });
  });
}
