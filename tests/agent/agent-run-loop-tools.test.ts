import { HttpAgent, type AssistantMessage, type ToolMessage } from '@ag-ui/client';
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { z } from 'zod';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import type { ToolStatusChangedDetail } from '../../web/src/agent/types.js';
import { ToolExecutionManager, TransientToolError, ValidatingToolExecutor } from '../../web/src/tools/index.js';
import {
  deferred,
  echoTool,
  parseContent,
  recordedRequests,
  recordEvents,
  scenarioUrl,
  toolMessages,
  useLoopHarness,
} from '../helpers/agent-fixtures.js';

describe('AgentRunLoop frontend tools', () => {
  const harness = useLoopHarness({ settleMs: 20 });
  const { loopFor } = harness;

  it('runs a registered tool and sends its result in exactly one follow-up, right after the assistant message', async () => {
    harness.registry.register(echoTool());
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"value":42}', text: 'Checking' }));
    const events = recordEvents(loop);
    await loop.sendMessage('Echo 42');

    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    const followUp = requests[1]!.input;
    expect(followUp.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
    expect(followUp.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    const call = (followUp.messages[1] as AssistantMessage).toolCalls![0]!;
    expect(call.function).to.deep.equal({ name: 'echo', arguments: '{"value":42}' });
    const result = followUp.messages[2] as ToolMessage;
    expect(Object.keys(result).sort()).to.deep.equal(['content', 'id', 'role', 'toolCallId']);
    expect(result).to.deep.include({ role: 'tool', toolCallId: call.id, content: '{"echoed":{"value":42}}' });

    expect(loop.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    expect(loop.messages.at(-1)!.content).to.equal('Result: {"echoed":{"value":42}}');
    expect(loop.toolCalls.get(call.id)).to.deep.include({ kind: 'frontend', status: 'succeeded', argsText: '{"value":42}' });

    const start = events.find(([type]) => type === 'tool-call-start')![1];
    expect(start).to.deep.include({ toolCallId: call.id, toolCallName: 'echo', kind: 'frontend' });
    const args = events.filter(([type]) => type === 'tool-call-args').map(([, detail]) => detail as { delta: string; partialArgs: unknown });
    expect(args.map((detail) => detail.delta).join('')).to.equal('{"value":42}');
    expect(args.at(-1)!.partialArgs).to.deep.equal({ value: 42 });
    const end = events.find(([type]) => type === 'tool-call-end')![1];
    expect(end).to.deep.include({ toolCallId: call.id, toolCallName: 'echo', result: '{"echoed":{"value":42}}' });
    expect((end as { toolCallArgs: unknown }).toolCallArgs).to.deep.equal({ value: 42 });
    const finished = events.filter(([type]) => type === 'run-finished').map(([, detail]) => detail);
    expect(finished).to.have.length(2);
    expect(finished[0]).to.deep.include({ iteration: 0, followUp: true });
    expect(finished[1]).to.deep.include({ iteration: 1, followUp: false });
  });

  it('keeps its views current and answers every call with a unique message id when nobody listens to its events', async () => {
    harness.registry.register(echoTool());
    const first = loopFor(scenarioUrl('parallel', { repeat: '20', tool: 'echo' })).loop;
    const second = loopFor(scenarioUrl('parallel', { repeat: '20', tool: 'echo' })).loop;
    await Promise.all([first.sendMessage('Fan out'), second.sendMessage('Fan out')]);
    const results = [...toolMessages(first.messages), ...toolMessages(second.messages)];
    expect(results).to.have.length(40);
    expect(new Set(results.map((message) => message.id)).size).to.equal(40);
    for (const loop of [first, second]) {
      expect([...loop.toolCalls.values()].map((view) => view.status)).to.deep.equal(Array(20).fill('succeeded'));
      expect([...loop.toolCalls.values()].every((record) => loop.manager.getExecution(record.executionId!)?.status === 'succeeded')).to.equal(true);
    }
  });

  it('runs parallel calls concurrently and appends their results in call order, with one follow-up', async () => {
    const started: number[] = [];
    const bothStarted = deferred();
    const release = { 1: deferred(), 2: deferred() };
    harness.registry.register({
      name: 'echo',
      description: 'Waits until the test releases it',
      effect: 'read_only',
      schema: z.object({ n: z.union([z.literal(1), z.literal(2)]) }),
      handler: async ({ n }) => {
        started.push(n);
        if (started.length === 2) bothStarted.resolve();
        await release[n].promise;
        return `done ${n}`;
      },
    });
    const { loop } = loopFor(scenarioUrl('parallel', { interleave: '1' }));
    const turn = loop.sendMessage('Two at once');

    // Both handlers are running before either is allowed to finish: sequential execution would never get here.
    await bothStarted.promise;
    expect(started).to.deep.equal([1, 2]);
    release[2].resolve(); // the second call finishes first...
    await oneEvent(loop, 'tool-call-end');
    release[1].resolve();
    await turn;

    const results = toolMessages(loop.messages);
    expect(results.map((message) => message.content)).to.deep.equal(['done 1', 'done 2']); // ...but results keep call order
    const calls = (loop.messages[1] as AssistantMessage).toolCalls!;
    expect(results.map((message) => message.toolCallId)).to.deep.equal(calls.map((call) => call.id));
    const requests = await recordedRequests(loop.threadId);
    expect(requests).to.have.length(2);
    expect(loop.messages.at(-1)!.content).to.equal('Results:\n1. echo: done 1\n2. echo: done 2');
  });

  it('leaves a backend tool call alone: shown, never run, never answered by the client', async () => {
    let ran = false;
    harness.registry.register(echoTool({ handler: () => (ran = true) }));
    const { loop } = loopFor(scenarioUrl('backend-tool', { answered: '0' }));
    const start = oneEvent(loop, 'tool-call-start');
    await loop.sendMessage('Search');

    expect((await start).detail).to.deep.include({ toolCallName: 'server_search', kind: 'backend' });
    expect(ran).to.equal(false);
    expect(toolMessages(loop.messages)).to.deep.equal([]);
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
    const view = [...loop.toolCalls.values()][0]!;
    expect(view).to.deep.include({ kind: 'backend', argsText: '{"query":"weather"}' });
  });

  it('never runs a call the server answered with TOOL_CALL_RESULT, even when a tool of that name is registered', async () => {
    let ran = false;
    harness.registry.register(echoTool({ name: 'server_search', handler: () => (ran = true) }));
    const { loop } = loopFor(scenarioUrl('backend-tool'));
    await loop.sendMessage('Search');

    expect(ran).to.equal(false);
    expect(toolMessages(loop.messages).map((message) => message.content)).to.deep.equal(['{"ok":true,"forecast":"sunny"}']);
    expect(loop.messages.at(-1)!.content).to.equal('The server tool answered: {"ok":true,"forecast":"sunny"}');
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
    // The page's tool did not run: the record holds the server's answer as its claim, not as this page's success.
    const record = [...loop.toolCalls.values()][0]!;
    expect(record).to.deep.include({ status: 'cancelled', result: '{"ok":true,"forecast":"sunny"}' });
    expect(record.error).to.deep.include({ code: 'answered_by_agent' });
  });

  it('answers invalid JSON arguments with invalid_json without running the tool, and still follows up', async () => {
    let ran = false;
    harness.registry.register(echoTool({ handler: () => (ran = true) }));
    const { loop } = loopFor(scenarioUrl('tool', { args: '{"broken":' }));
    const error = oneEvent(loop, 'tool-call-error');
    await loop.sendMessage('Break it');

    expect(ran).to.equal(false);
    const [result] = toolMessages(loop.messages);
    expect(result!.content).to.equal('{"ok":false,"errorCode":"invalid_json","message":"Invalid tool arguments JSON"}');
    expect(result!.error).to.equal('Invalid tool arguments JSON');
    expect((await error).detail.error).to.deep.include({ code: 'invalid_json' });
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('answers schema-invalid arguments with the validation paths and still follows up', async () => {
    let ran = false;
    harness.registry.register({
      name: 'forecast',
      description: 'Weather forecast',
      effect: 'read_only',
      schema: z.object({ city: z.string(), days: z.number().int().min(1) }),
      handler: () => (ran = true),
    });
    const { loop } = loopFor(scenarioUrl('tool', { tool: 'forecast', args: '{"city":5,"days":0}' }));
    await loop.sendMessage('Forecast');

    expect(ran).to.equal(false);
    const [result] = toolMessages(loop.messages);
    const content = parseContent(result!.content);
    expect(content).to.deep.include({ ok: false, errorCode: 'validation' });
    const paths = (content.validationErrors as Array<{ path: string[] }>).map((issue) => issue.path);
    expect(paths).to.deep.equal([['city'], ['days']]);
    expect(result!.error).to.be.a('string').and.not.equal('');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('answers a handler that throws with an execution error and still follows up', async () => {
    harness.registry.register(echoTool({ handler: () => { throw new Error('boom'); } }));
    const { loop } = loopFor(scenarioUrl('tool'));
    const error = oneEvent(loop, 'tool-call-error');
    await loop.sendMessage('Explode');

    const [result] = toolMessages(loop.messages);
    expect(parseContent(result!.content)).to.deep.equal({ ok: false, errorCode: 'execution', message: 'boom' });
    expect(result!.error).to.equal('boom');
    expect((await error).detail).to.deep.include({ toolCallName: 'echo' });
    expect((await error).detail.execution!.status).to.equal('failed');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
    expect(loop.messages.at(-1)!.content).to.equal(`Result: ${result!.content as string}`);
  });

  it('retries a transient failure and reports the retry, then the success', async () => {
    let attempts = 0;
    harness.registry.register(
      echoTool({
        handler: () => {
          attempts++;
          if (attempts === 1) throw new TransientToolError('flaky backend');
          return 'second time lucky';
        },
        metadata: { retryConfig: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0 } },
      }),
    );
    const { loop } = loopFor(scenarioUrl('tool'));
    const statuses: ToolStatusChangedDetail['status'][] = [];
    loop.addEventListener('tool-status-changed', (event) => statuses.push(event.detail.status));
    const retrying = oneEvent(loop, 'tool-retrying');
    const ended = oneEvent(loop, 'tool-call-end');
    await loop.sendMessage('Try');

    expect((await retrying).detail).to.deep.include({ toolCallName: 'echo', attemptNumber: 2, maxAttempts: 3, delayMs: 0 });
    expect((await retrying).detail.error).to.deep.include({ category: 'transient', message: 'flaky backend' });
    expect((await ended).detail.result).to.equal('second time lucky');
    expect((await ended).detail.execution.retry.attemptNumber).to.equal(2);
    expect(statuses).to.deep.equal([
      'pending', // TOOL_CALL_END: waiting for the run to end (the manager's queueing is no change, no event)
      'validating',
      'executing',
      'pending', // backoff
      'validating',
      'executing',
      'succeeded',
    ]);
    expect(toolMessages(loop.messages)[0]!.content).to.equal('second time lucky');
    expect(attempts).to.equal(2);
  });

  it('skips the follow-up when every executed tool opts out with metadata.followUp === false', async () => {
    harness.registry.register(echoTool({ metadata: { followUp: false } }));
    const { loop } = loopFor(scenarioUrl('tool'));
    const finished = oneEvent(loop, 'run-finished');
    await loop.sendMessage('Fire and forget');

    expect((await finished).detail.followUp).to.equal(false);
    expect(await recordedRequests(loop.threadId)).to.have.length(1);
    expect(toolMessages(loop.messages)).to.have.length(1);
    expect(loop.messages.at(-1)!.role).to.equal('tool');
  });

  it('still follows up when an opted-out tool fails, so that the model learns of the failure', async () => {
    harness.registry.register(echoTool({ metadata: { followUp: false }, handler: () => { throw new Error('nope'); } }));
    const { loop } = loopFor(scenarioUrl('tool'));
    await loop.sendMessage('Fail');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('stops a server that always calls a tool after maxToolIterations rounds, visibly', async () => {
    let runs = 0;
    harness.registry.register(echoTool({ handler: () => ++runs }));
    const { loop } = loopFor(scenarioUrl('always-tool'));
    const error = oneEvent(loop, 'run-error');
    await loop.sendMessage('Loop forever');

    expect((await error).detail).to.deep.include({ code: 'max_tool_iterations', message: 'Stopped after 5 tool rounds' });
    expect(loop.lastError).to.deep.include({ code: 'max_tool_iterations' });
    expect(loop.running).to.equal(false);
    expect(runs).to.equal(5);
    expect(await recordedRequests(loop.threadId)).to.have.length(6);
    // The call of the last run is answered (not run), so the transcript stays valid for the next message.
    const last = toolMessages(loop.messages).at(-1)!;
    expect(parseContent(last.content)).to.deep.include({ ok: false, errorCode: 'max_tool_iterations' });
    expect(toolMessages(loop.messages)).to.have.length(6);
  });

  it('honours a smaller maxToolIterations', async () => {
    harness.registry.register(echoTool());
    const { loop } = loopFor(scenarioUrl('always-tool'), { maxToolIterations: 1 });
    await loop.sendMessage('Loop');
    expect(loop.lastError!.message).to.equal('Stopped after 1 tool round');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('cancels one running tool with cancelToolCall() and still follows up', async () => {
    let signal: AbortSignal | undefined;
    harness.registry.register(
      echoTool({
        handler: (_args, context) => {
          signal = context.signal;
          return new Promise(() => {}); // never settles on its own
        },
      }),
    );
    const { loop } = loopFor(scenarioUrl('tool'));
    const turn = loop.sendMessage('Long job');
    await waitUntil(() => [...loop.toolCalls.values()].some((view) => view.status === 'executing'), 'tool never ran');
    const [view] = [...loop.toolCalls.values()];
    expect(loop.cancelToolCall('unknown')).to.equal(false);
    expect(loop.cancelToolCall(view!.toolCallId)).to.equal(true);
    await turn;

    expect(signal!.aborted).to.equal(true);
    const [result] = toolMessages(loop.messages);
    expect(result!.content).to.equal('{"ok":false,"errorCode":"cancelled","message":"Cancelled by the user"}');
    expect(result!.error).to.equal('Cancelled by the user');
    expect(view!.status).to.equal('cancelled');
    expect(await recordedRequests(loop.threadId)).to.have.length(2);
  });

  it('follows only the executions it started on a shared manager', async () => {
    harness.registry.register(echoTool());
    const manager = new ToolExecutionManager(new ValidatingToolExecutor(), undefined, { registry: null });
    const loop = harness.track(new AgentRunLoop({ agent: new HttpAgent({ url: scenarioUrl('tool') }), registry: harness.registry, manager }));
    const statuses: string[] = [];
    loop.addEventListener('tool-status-changed', (event) => statuses.push(event.detail.toolCallId));
    await manager.execute(harness.registry.get('echo')!, 'page-call', {});
    expect(statuses).to.deep.equal([]);

    await loop.sendMessage('Echo');
    expect(new Set(statuses).size).to.equal(1);
    expect(statuses).to.not.include('page-call');
    expect(loop.toolCalls.has('page-call')).to.equal(false);
  });
});
