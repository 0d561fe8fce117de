import type { AssistantMessage, Message, ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import type { ToolError } from '../../web/src/tools/index.js';
import {
  deferred,
  echoTool,
  parseContent,
  recordedRequests,
  scenarioUrl,
  useLoopHarness,
} from '../helpers/agent-fixtures.js';

/** The tool message that answers the call of `toolName` in a message list (sent or held). */
function answerTo(messages: readonly Message[], toolName: string): ToolMessage {
  const calls = messages.flatMap((message) => (message.role === 'assistant' ? ((message as AssistantMessage).toolCalls ?? []) : []));
  const call = calls.find((candidate) => candidate.function.name === toolName);
  if (!call) throw new Error(`no call of ${toolName}`);
  const answer = messages.find((message): message is ToolMessage => message.role === 'tool' && message.toolCallId === call.id);
  if (!answer) throw new Error(`no answer to ${toolName}`);
  return answer;
}

describe('AgentRunLoop tool policy', () => {
  // Registered before the harness, so it runs first: a test's fake setTimeout must be gone before the harness settles.
  afterEach(() => {
    sinon.restore();
  });
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  describe('deny by default (allowedTools)', () => {
    it('neither sends nor runs a tool outside allowedTools, and answers a call to it with policy_denied', async () => {
      let deleted = false;
      harness.registry.register(echoTool());
      harness.registry.register({
        name: 'delete_account',
        description: 'Deletes the account',
        effect: 'external_side_effect',
        schema: z.object({}).loose(),
        handler: () => (deleted = true),
      });
      harness.registry.setPolicy({ allowedTools: ['echo'] });
      // The model calls delete_account although it was never offered (a hallucinated name), even with broken JSON.
      const { loop } = loopFor(scenarioUrl('parallel', { call: ['echo:{"n":1}', 'delete_account:{"confirm":tr'] }));
      const errors: ToolError[] = [];
      loop.addEventListener('tool-call-error', (event) => errors.push(event.detail.error));
      await loop.sendMessage('Echo, then delete my account');

      const requests = await recordedRequests(loop.threadId);
      expect(requests).to.have.length(2); // the follow-up happened
      expect(requests[0]!.input.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
      expect(requests[1]!.input.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
      expect(deleted).to.equal(false);

      const denied = answerTo(requests[1]!.input.messages, 'delete_account');
      expect(parseContent(denied.content)).to.deep.equal({
        ok: false,
        errorCode: 'policy_denied',
        message: 'Not run: the page\'s tool policy does not allow "delete_account"',
      });
      expect(denied.error).to.equal('Not run: the page\'s tool policy does not allow "delete_account"');
      expect(parseContent(answerTo(requests[1]!.input.messages, 'echo').content)).to.deep.equal({ echoed: { n: 1 } });
      expect(errors.map((error) => error.code)).to.deep.equal(['policy_denied']);
      const view = [...loop.toolCalls.values()].find((candidate) => candidate.toolCallName === 'delete_account')!;
      expect(view).to.deep.include({ kind: 'frontend', status: 'failed' });
    });

    it('applies a new policy from the next run on: what is enabled is data', async () => {
      harness.registry.register(echoTool());
      const { loop, agent } = loopFor(scenarioUrl('tool'));
      harness.registry.setPolicy({ deniedTools: ['echo'] });
      await loop.sendMessage('Echo?');
      harness.registry.setPolicy({});
      agent.url = scenarioUrl('text');
      await loop.sendMessage('Now?');
      const requests = await recordedRequests(loop.threadId);
      expect(requests.map((request) => request.input.tools.map((tool) => tool.name))).to.deep.equal([[], [], ['echo']]);
      expect(parseContent(answerTo(loop.messages, 'echo').content)).to.include({ errorCode: 'policy_denied' });
    });
  });

  it('runs a state_change tool without asking when a per-tool decision allows it', async () => {
    harness.registry.register(echoTool({ effect: 'state_change' }));
    harness.registry.setPolicy({ tools: { echo: { decision: 'allow' } } });
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"n":1}' }));
    let asked = false;
    loop.addEventListener('tool-approval-requested', () => (asked = true));
    await loop.sendMessage('Go');
    expect(asked).to.equal(false);
    expect(answerTo(loop.messages, 'echo').content).to.equal('{"echoed":{"n":1}}');
  });

  describe('budgets', () => {
    it('sends result_too_large with the sizes instead of a result over maxResultBytes, and the call fails', async () => {
      harness.registry.register(echoTool({ handler: () => 'x'.repeat(100) }));
      harness.registry.setPolicy({ budgets: { maxResultBytes: 64 } });
      const { loop } = loopFor(scenarioUrl('tool'));
      let succeeded = false;
      loop.addEventListener('tool-call-end', () => (succeeded = true));
      await loop.sendMessage('Big');

      const requests = await recordedRequests(loop.threadId);
      expect(requests).to.have.length(2);
      const answer = answerTo(requests[1]!.input.messages, 'echo');
      const message = 'The result of "echo" is too large: 100 bytes, the limit is 64 bytes';
      expect(parseContent(answer.content)).to.deep.equal({ ok: false, errorCode: 'result_too_large', message, sizeBytes: 100, maxBytes: 64 });
      expect(answer.error).to.equal(message);
      expect(succeeded).to.equal(false);
      const view = [...loop.toolCalls.values()][0]!;
      expect(view.status).to.equal('failed');
      expect(view.error).to.deep.include({ code: 'result_too_large', message });
    });

    it('lets a per-tool maxResultBytes override the policy-wide one', async () => {
      harness.registry.register(echoTool({ handler: () => 'x'.repeat(100) }));
      harness.registry.setPolicy({ budgets: { maxResultBytes: 64 }, tools: { echo: { maxResultBytes: 1000 } } });
      const { loop } = loopFor(scenarioUrl('tool'));
      await loop.sendMessage('Big');
      expect(answerTo(loop.messages, 'echo').content).to.equal('x'.repeat(100));
    });

    it('caps the runtime of a tool without a timeout at maxRuntimeMs', async () => {
      const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const started = deferred();
      harness.registry.register(
        echoTool({
          handler: (_args, { signal }) => {
            started.resolve();
            return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
          },
          metadata: { retryConfig: { maxAttempts: 1 } },
        }),
      );
      harness.registry.setPolicy({ budgets: { maxRuntimeMs: 30_000 } });
      const { loop } = loopFor(scenarioUrl('tool'));
      const turn = loop.sendMessage('Slow');
      await started.promise;
      await clock.tickAsync(29_999);
      expect([...loop.toolCalls.values()][0]!.status).to.equal('executing');
      await clock.tickAsync(1);
      await turn;
      clock.restore();

      const answer = parseContent(answerTo(loop.messages, 'echo').content);
      expect(answer).to.deep.include({ ok: false, errorCode: 'timeout' });
      expect(String(answer.message)).to.include('30000 ms');
      expect(await recordedRequests(loop.threadId)).to.have.length(2);
    });
  });
});
