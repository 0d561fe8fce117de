import { EventType, type BaseEvent, type Message, type RunAgentInput, type State, type ToolMessage } from '@ag-ui/client';
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { Subject, type Observable } from 'rxjs';
import { z } from 'zod';
import { AgentRunLoop } from '../../web/src/agent/agent-run-loop.js';
import type { RunErrorDetail, RunnableAgent } from '../../web/src/agent/types.js';
import type { ToolDefinition } from '../../web/src/tools/index.js';
import { deferred, echoTool, parseContent, toolMessages, useLoopHarness } from '../helpers/agent-fixtures.js';

/**
 * An agent whose runs the test drives event by event: `run()` hands out a `Subject` per run (`runs`), so that a test
 * decides when RUN_FINISHED comes and when (or whether) the stream closes after it.
 */
class ScriptedAgent implements RunnableAgent {
  threadId = 'thread-early';
  messages: Message[] = [];
  state: State = {};
  isRunning = false;
  readonly runs: Array<{ input: RunAgentInput; events: Subject<BaseEvent> }> = [];
  readonly started = new EventTarget();

  run(input: RunAgentInput): Observable<BaseEvent> {
    const events = new Subject<BaseEvent>();
    this.runs.push({ input, events });
    this.started.dispatchEvent(new Event('run'));
    return events;
  }

  abortRun(): void {}
  setMessages(messages: Message[]): void {
    this.messages = messages;
  }
  setState(state: State): void {
    this.state = state;
  }

  /** RUN_STARTED, one assistant message calling each of `calls` (`[toolCallId, name, args JSON]`), RUN_FINISHED. */
  finishWithCalls(index: number, calls: Array<[string, string, string]>): void {
    const { input, events } = this.runs[index]!;
    events.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
    this.emitCalls(index, `assistant-${index}`, calls);
    events.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent);
  }

  emitCalls(index: number, messageId: string, calls: Array<[string, string, string]>): void {
    const { events } = this.runs[index]!;
    for (const [toolCallId, toolCallName, args] of calls) {
      events.next({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName, parentMessageId: messageId } as BaseEvent);
      events.next({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: args } as BaseEvent);
      events.next({ type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent);
    }
  }

  /** A complete text run, closed. */
  answerText(index: number, text: string): void {
    const { input, events } = this.runs[index]!;
    events.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
    events.next({ type: EventType.TEXT_MESSAGE_START, messageId: `text-${index}`, role: 'assistant' } as BaseEvent);
    events.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: `text-${index}`, delta: text } as BaseEvent);
    events.next({ type: EventType.TEXT_MESSAGE_END, messageId: `text-${index}` } as BaseEvent);
    events.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent);
    events.complete();
  }

  /** Resolves once `run()` has been called `count` times in all. */
  async waitForRuns(count: number): Promise<void> {
    while (this.runs.length < count) {
      await new Promise((resolve) => this.started.addEventListener('run', resolve, { once: true }));
    }
  }
}

/** A tool whose handler calls `onStart`, then waits until its signal aborts (and rejects with the reason). */
function slowTool(onStart: () => void, onAbort: (reason: unknown) => void = () => {}): ToolDefinition<Record<string, never>> {
  return {
    name: 'slow',
    description: 'Waits until cancelled',
    effect: 'read_only',
    schema: z.object({}),
    handler: (_args, { signal }) =>
      new Promise((_resolve, reject) => {
        onStart();
        signal.addEventListener('abort', () => {
          onAbort(signal.reason);
          reject(signal.reason);
        });
      }),
  };
}

describe('AgentRunLoop tools start at RUN_FINISHED', () => {
  const harness = useLoopHarness({ settleMs: 20 });

  function loopOver(agent: ScriptedAgent): AgentRunLoop {
    return harness.track(new AgentRunLoop({ agent, registry: harness.registry }));
  }

  it('runs the tools of a finished run while its stream is still open, and follows up only once it closes', async () => {
    const called = deferred<boolean>();
    const agent = new ScriptedAgent();
    harness.registry.register(
      echoTool({
        handler: (args) => {
          // Whether the loop still reads the run's stream (it stops reading it TERMINAL_GRACE_MS after RUN_FINISHED).
          called.resolve(agent.runs[0]!.events.observed);
          return { echoed: args };
        },
      }),
    );
    const loop = loopOver(agent);
    const turn = loop.sendMessage('Echo');
    await agent.waitForRuns(1);
    agent.finishWithCalls(0, [['call-1', 'echo', '{"n":1}']]);

    // The stream stays open: the tool runs anyway...
    expect(await called.promise, 'the stream is still open when the tool runs').to.equal(true);
    await waitUntil(() => loop.toolCalls.get('call-1')?.status === 'succeeded', 'the tool settles before the stream closes');
    // ...but the follow-up waits for the stream to end (an event after RUN_FINISHED would still be an error).
    expect(agent.runs).to.have.length(1);
    expect(loop.running).to.equal(true);

    agent.runs[0]!.events.complete();
    await agent.waitForRuns(2);
    const followUp = toolMessages(agent.runs[1]!.input.messages);
    expect(followUp.map((message) => message.toolCallId)).to.deep.equal(['call-1']);
    expect(parseContent(followUp[0]!.content)).to.deep.equal({ echoed: { n: 1 } });
    agent.answerText(1, 'Done');
    await turn;
    expect(loop.lastError).to.equal(undefined);
    expect(agent.runs).to.have.length(2);
  });

  it('cancels the tools it started when the stream breaks the protocol after RUN_FINISHED, keeping finished results', async () => {
    const slowStarted = deferred();
    const slowAborted = deferred<unknown>();
    harness.registry.register(echoTool());
    harness.registry.register(slowTool(() => slowStarted.resolve(), (reason) => slowAborted.resolve(reason)));
    harness.registry.register({
      name: 'edit',
      description: 'Needs approval',
      effect: 'state_change',
      schema: z.object({}),
      handler: () => 'edited',
    });
    const agent = new ScriptedAgent();
    const loop = loopOver(agent);
    const errors: RunErrorDetail[] = [];
    loop.addEventListener('run-error', (event) => errors.push(event.detail));
    const approvals: string[] = [];
    loop.addEventListener('tool-approval-requested', (event) => approvals.push(event.detail.toolCallId));
    const turn = loop.sendMessage('Go');
    await agent.waitForRuns(1);
    agent.finishWithCalls(0, [
      ['call-echo', 'echo', '{"n":1}'],
      ['call-slow', 'slow', '{}'],
      ['call-edit', 'edit', '{}'],
    ]);
    await slowStarted.promise;
    await waitUntil(() => loop.toolCalls.get('call-echo')?.status === 'succeeded', 'echo settles');
    await waitUntil(() => loop.toolCalls.get('call-edit')?.status === 'awaiting_approval', 'edit waits for a person');
    expect(approvals).to.deep.equal(['call-edit']);

    // Anything but RUN_STARTED or RUN_ERROR after RUN_FINISHED breaks the protocol (verifyEvents).
    agent.runs[0]!.events.next({ type: EventType.TEXT_MESSAGE_START, messageId: 'late', role: 'assistant' } as BaseEvent);
    await turn;

    expect(errors.map((error) => error.code)).to.deep.equal(['protocol_error']);
    expect(await slowAborted.promise).to.be.instanceOf(DOMException);
    expect(agent.runs).to.have.length(1); // no follow-up
    const results = new Map(toolMessages(loop.messages).map((message: ToolMessage) => [message.toolCallId, message]));
    expect([...results.keys()].sort()).to.deep.equal(['call-echo', 'call-edit', 'call-slow']);
    expect(parseContent(results.get('call-echo')!.content)).to.deep.equal({ echoed: { n: 1 } });
    for (const id of ['call-slow', 'call-edit']) {
      expect(parseContent(results.get(id)!.content)).to.deep.equal({
        ok: false,
        errorCode: 'cancelled',
        message: 'Not run: the run ended with an error',
      });
      expect(loop.toolCalls.get(id)!.status).to.equal('cancelled');
    }
    expect(loop.running).to.equal(false);
  });

  it('also runs the calls of a second run in the same stream, with one follow-up for both', async () => {
    harness.registry.register(echoTool());
    const agent = new ScriptedAgent();
    const loop = loopOver(agent);
    const turn = loop.sendMessage('Twice');
    await agent.waitForRuns(1);
    agent.finishWithCalls(0, [['call-a', 'echo', '{"n":1}']]);
    await waitUntil(() => loop.toolCalls.get('call-a')?.status === 'succeeded', 'the first run\'s call runs at its RUN_FINISHED');
    agent.finishWithCalls(0, [['call-b', 'echo', '{"n":2}']]);
    agent.runs[0]!.events.complete();
    await agent.waitForRuns(2);

    const followUp = toolMessages(agent.runs[1]!.input.messages);
    expect(followUp.map((message) => [message.toolCallId, parseContent(message.content)])).to.deep.equal([
      ['call-a', { echoed: { n: 1 } }],
      ['call-b', { echoed: { n: 2 } }],
    ]);
    agent.answerText(1, 'Both done');
    await turn;
    expect(loop.lastError).to.equal(undefined);
  });

  it('Stop while the early tools run and the stream is open: cancelled as usual, no follow-up, no error', async () => {
    const started = deferred<boolean>();
    const agent = new ScriptedAgent();
    harness.registry.register(slowTool(() => started.resolve(agent.runs[0]!.events.observed)));
    const loop = loopOver(agent);
    const errors: RunErrorDetail[] = [];
    loop.addEventListener('run-error', (event) => errors.push(event.detail));
    const turn = loop.sendMessage('Go');
    await agent.waitForRuns(1);
    agent.finishWithCalls(0, [['call-slow', 'slow', '{}']]);
    expect(await started.promise, 'the stream is still open when the tool runs').to.equal(true);
    loop.stop();
    expect(agent.runs[0]!.events.observed, 'Stop stops reading the stream').to.equal(false);
    await turn;
    expect(errors).to.deep.equal([]);
    expect(agent.runs).to.have.length(1);
    const [result] = toolMessages(loop.messages);
    expect(parseContent(result!.content)).to.deep.include({ errorCode: 'cancelled', message: 'Cancelled by the user' });
  });
});
