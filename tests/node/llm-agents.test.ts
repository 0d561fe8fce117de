// The provider agents of ag-ui-lit/llm in Node (where the demo server runs them), against the LLM replay server
// (web/server/llm-replay/) on a free local port: the same golden fixtures as the Chromium tests, over a real socket.
// Run by `npm test` through `node --test --import tsx` (scripts/test.mjs).
import { EventType, type BaseEvent, type Message, type RunErrorEvent, type RunFinishedEvent, type ToolCallStartEvent } from '@ag-ui/client';
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LlmErrorCode } from '../../web/src/llm/index.js';
import { FIXTURES, PARALLEL_ARGS, PARALLEL_IDS, PROVIDERS, SPLIT_CALL_ID, TEST_KEY, replayAgent, type Provider, type ReplayStep } from '../helpers/llm-replay-client.js';
import { startReplayServer, type ReplayServer } from '../helpers/llm-replay-server.js';
import { FIXTURE_TOOLS, argsOf, collect, ofType, runAndStopAt, runInput, textOf, types } from '../helpers/llm-replay.js';

const USER: Message = { id: 'u1', role: 'user', content: 'What is the weather in Paris?' };

let server: ReplayServer;
let origin: string;

before(async () => {
  server = await startReplayServer();
  origin = server.origin;
});

after(() => server.close());

const agentFor = (provider: Provider, steps: ReplayStep[]) => replayAgent(origin, provider, steps);

/** The assistant message and tool messages a page would send back after running the calls of `events`. */
function toolRound(events: readonly BaseEvent[]): Message[] {
  const calls = ofType<ToolCallStartEvent>(events, EventType.TOOL_CALL_START);
  return [
    USER,
    {
      id: 'a1',
      role: 'assistant',
      content: textOf(events),
      toolCalls: calls.map((call) => ({ id: call.toolCallId, type: 'function', function: { name: call.toolCallName, arguments: argsOf(events, call.toolCallId) } })),
    },
    ...calls.map((call, index): Message => ({ id: `t${index}`, role: 'tool', toolCallId: call.toolCallId, content: `{"result":${index}}` })),
  ];
}

for (const provider of PROVIDERS) {
  const fixtures = FIXTURES[provider];

  describe(`${provider} agent in Node`, () => {
    it('streams a plain reply, sending the key to the provider only', async () => {
      const { agent, replay } = await agentFor(provider, [{ fixture: fixtures.text }]);
      const events = await collect(agent.run(runInput([USER])));

      assert.equal(textOf(events), 'Hello! The sky is blue.');
      assert.equal(types(events).at(-1), EventType.RUN_FINISHED);
      assert.deepEqual((ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.result as { finishReason: string }).finishReason, 'stop');
      const [request] = await replay.requests();
      assert.equal(request!.path, provider === 'openai' ? '/v1/chat/completions' : '/v1/messages');
      assert.equal(provider === 'openai' ? request!.headers.authorization : request!.headers['x-api-key'], provider === 'openai' ? `Bearer ${TEST_KEY}` : TEST_KEY);
      assert.equal(request!.outcome, 'completed');
      assert.ok(!JSON.stringify(events).includes(TEST_KEY));
    });

    it('streams one tool call whose arguments arrive across many chunks', async () => {
      const { agent } = await agentFor(provider, [{ fixture: fixtures.toolCallSplit }]);
      const events = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));

      const [start] = ofType<ToolCallStartEvent>(events, EventType.TOOL_CALL_START);
      assert.equal(start!.toolCallId, SPLIT_CALL_ID[provider]);
      assert.ok(ofType(events, EventType.TOOL_CALL_ARGS).length > 5);
      assert.equal(argsOf(events, SPLIT_CALL_ID[provider]), '{"city":"Paris","unit":"celsius"}');
      assert.deepEqual(types(events).slice(-2), [EventType.TOOL_CALL_END, EventType.RUN_FINISHED]);
    });

    it('streams three parallel calls, and the follow-up request carries their results in the provider format', async () => {
      const { agent, replay } = await agentFor(provider, [{ fixture: fixtures.parallel }, { fixture: fixtures.afterTool }]);
      const first = await collect(agent.run(runInput([USER], FIXTURE_TOOLS)));
      assert.deepEqual(PARALLEL_IDS[provider].map((id) => argsOf(first, id)), [...PARALLEL_ARGS]);

      const second = await collect(agent.run(runInput(toolRound(first), FIXTURE_TOOLS)));
      assert.equal(textOf(second), 'It is 18 °C in Paris.', JSON.stringify(second));
      const sent = (await replay.requests())[1]!.body.messages as Array<Record<string, unknown>>;
      const ids = PARALLEL_IDS[provider];
      if (provider === 'openai') {
        assert.deepEqual(
          sent.at(-4)!.tool_calls,
          ids.map((id, index) => ({ id, type: 'function', function: { name: index < 2 ? 'get_weather' : 'get_time', arguments: PARALLEL_ARGS[index] } })),
        );
        assert.deepEqual(sent.slice(-3), ids.map((id, index) => ({ role: 'tool', tool_call_id: id, content: `{"result":${index}}` })));
      } else {
        const uses = (sent.at(-2)!.content as Array<Record<string, unknown>>).filter((block) => block.type === 'tool_use');
        assert.deepEqual(
          uses,
          ids.map((id, index) => ({ type: 'tool_use', id, name: index < 2 ? 'get_weather' : 'get_time', input: JSON.parse(PARALLEL_ARGS[index]) })),
        );
        assert.deepEqual(sent.at(-1), {
          role: 'user',
          content: ids.map((id, index) => ({ type: 'tool_result', tool_use_id: id, content: `{"result":${index}}` })),
        });
      }
    });

    it('waits the Retry-After of a 429, then streams the answer of the retry', async () => {
      const { agent, replay } = await agentFor(provider, [{ status: 429, fixture: fixtures.e429, headers: { 'retry-after': '2' } }, { fixture: fixtures.text }]);
      // The agent's 2 s wait is held here instead of scheduled; every other timer (the sockets') stays real.
      const realSetTimeout = globalThis.setTimeout;
      const held: Array<() => void> = [];
      const waits = mock.method(globalThis, 'setTimeout', ((callback: () => void, ms?: number, ...rest: unknown[]) => {
        if (ms === 2000) {
          held.push(callback);
          return realSetTimeout(() => undefined, 0);
        }
        return realSetTimeout(callback, ms, ...rest);
      }) as typeof setTimeout);
      try {
        const done = collect(agent.run(runInput([USER])));
        while (held.length === 0) await nextTurn();
        // The agent waits the 2 s the provider asked for: until that wait ends, nothing is retried.
        assert.equal((await replay.requests()).length, 1);
        held[0]!();
        const events = await done;
        assert.equal(textOf(events), 'Hello! The sky is blue.');
        assert.deepEqual((await replay.requests()).map((request) => request.outcome), ['completed', 'completed']);
      } finally {
        waits.mock.restore();
      }
    });

    it('reports a refusal as finishReason content-filter', async () => {
      const { agent } = await agentFor(provider, [{ fixture: fixtures.refusal }]);
      const events = await collect(agent.run(runInput([USER])));
      const result = ofType<RunFinishedEvent>(events, EventType.RUN_FINISHED)[0]!.result as { finishReason: string };
      assert.equal(result.finishReason, 'content-filter');
    });

    it('fails with auth_failed on 401, once, holding no key', async () => {
      const { agent, replay } = await agentFor(provider, [{ status: 401, fixture: fixtures.e401 }]);
      const events = await collect(agent.run(runInput([USER])));
      assert.deepEqual(types(events), [EventType.RUN_STARTED, EventType.RUN_ERROR]);
      assert.equal(ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]!.code, LlmErrorCode.AUTH_FAILED);
      assert.ok(!JSON.stringify(events).includes(TEST_KEY));
      assert.equal((await replay.requests()).length, 1);
    });

    it('retries a 5xx with backoff, then streams the answer', async () => {
      const [status, fixture] = fixtures.retried5xx[0]!;
      const { agent, replay } = await agentFor(provider, [{ status, fixture }, { fixture: fixtures.text }]);
      const events = await collect(agent.run(runInput([USER])));
      assert.equal(textOf(events), 'Hello! The sky is blue.');
      assert.deepEqual((await replay.requests()).map((request) => request.outcome), ['completed', 'completed']);
    });

    it('ends with network_error when the stream is cut mid tool call, and does not retry it', async () => {
      const { agent, replay } = await agentFor(provider, [{ fixture: fixtures.toolCallSplit, hangAfter: 1400 }]);
      let cut = false;
      const events: BaseEvent[] = [];
      await new Promise<void>((resolve) => {
        agent.run(runInput([USER], FIXTURE_TOOLS)).subscribe({
          next: (event) => {
            events.push(event);
            if (event.type === EventType.TOOL_CALL_ARGS && !cut) {
              cut = true;
              void replay.cut();
            }
          },
          error: () => resolve(),
          complete: () => resolve(),
        });
      });
      assert.ok(types(events).includes(EventType.TOOL_CALL_START));
      assert.ok(!types(events).includes(EventType.TOOL_CALL_END));
      assert.equal(ofType<RunErrorEvent>(events, EventType.RUN_ERROR)[0]!.code, LlmErrorCode.NETWORK_ERROR);
      assert.deepEqual((await replay.requests()).map((request) => request.outcome), ['cut']);
    });

    it('aborts the HTTP request when the run is stopped mid-stream (abortRun): the server sees the connection close', async () => {
      const { agent, replay } = await agentFor(provider, [{ fixture: fixtures.text, hangAfter: 900 }]);
      const seen = await runAndStopAt(agent, runInput([USER]), 'Hello');

      assert.equal(ofType<RunErrorEvent>(seen, EventType.RUN_ERROR)[0]!.code, LlmErrorCode.ABORT);
      assert.equal((await replay.ended(0)).outcome, 'client-closed');
    });
  });
}
