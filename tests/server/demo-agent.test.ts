import { expect } from '@open-wc/testing';
import { HttpAgent, type BaseEvent, type Tool } from '@ag-ui/client';
import {
  demoAgentUrl,
  followUpInput,
  postRun,
  runInput,
  summarizeEvents,
  toolMessage,
  userMessage,
} from '../helpers/ag-ui-server.js';

const PAGE_TOOLS: Tool[] = [
  {
    name: 'get_current_time',
    description: 'Current time in an IANA time zone',
    parameters: { type: 'object', properties: { timezone: { type: 'string' } } },
  },
  {
    name: 'calculator',
    description: 'Evaluates an arithmetic expression',
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
  {
    name: 'change_background',
    description: 'Changes the page background',
    parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
  },
  {
    name: 'edit_note',
    description: 'Replaces the text of the note on the page',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
];

/** Runs the demo agent with the real `@ag-ui/client` (protocol verification included) and collects its events. */
async function runDemo(agent: HttpAgent, text?: string): Promise<BaseEvent[]> {
  if (text !== undefined) agent.addMessage(userMessage(text));
  const events: BaseEvent[] = [];
  await agent.runAgent({ tools: PAGE_TOOLS }, { onEvent: ({ event }) => void events.push(event) });
  return events;
}

function types(events: readonly BaseEvent[]): string[] {
  return events.map((event) => event.type);
}

describe('demo agent (POST /api/agent)', () => {
  it('streams a greeting in several deltas and says it is a script without a language model', async () => {
    const agent = new HttpAgent({ url: demoAgentUrl() });
    const events = await runDemo(agent, 'Hello!');

    expect(events[0]).to.include({ type: 'RUN_STARTED', threadId: agent.threadId });
    expect(events.at(-1)).to.include({ type: 'RUN_FINISHED', threadId: agent.threadId });
    expect(types(events).filter((type) => type === 'TEXT_MESSAGE_CONTENT').length).to.be.greaterThan(10);
    const { text, toolCalls } = summarizeEvents(events);
    expect(text).to.match(/^Hello!/);
    expect(text).to.include('no language model');
    expect(text).to.include('get_current_time');
    expect(toolCalls).to.have.length(0);
  });

  it('streams at human speed by default and instantly with ?delay=0', async () => {
    const input = runInput({ messages: [userMessage('hi')] });
    const slowStart = performance.now();
    const slow = await postRun(demoAgentUrl({ delay: 5 }), input);
    const slowMs = performance.now() - slowStart;
    const deltas = slow.events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').length;
    // Node's timers may fire up to 1 ms early (libuv measures from the start of its loop turn).
    expect(slowMs).to.be.at.least(deltas * 4);
    expect(slow.text).to.equal((await postRun(demoAgentUrl(), runInput({ messages: [userMessage('hi')] }))).text);
  });

  it('asks the page for get_current_time with valid JSON args and leaves the call unanswered', async () => {
    const agent = new HttpAgent({ url: demoAgentUrl() });
    const events = await runDemo(agent, 'What time is it in Tokyo?');

    const { toolCalls } = summarizeEvents(events);
    expect(toolCalls).to.have.length(1);
    expect(toolCalls[0]!.toolCallName).to.equal('get_current_time');
    expect(JSON.parse(toolCalls[0]!.args)).to.deep.equal({ timezone: 'Asia/Tokyo' });
    expect(toolCalls[0]!.fragments).to.be.greaterThan(1);
    expect(types(events)).not.to.include('TOOL_CALL_RESULT');
    const finished = events.at(-1)!;
    expect(finished.type).to.equal('RUN_FINISHED');
    expect(finished).not.to.have.property('result');

    // The call belongs to the assistant message that streamed the preface.
    const start = events.find((event) => event.type === 'TEXT_MESSAGE_START') as BaseEvent & { messageId: string };
    expect(toolCalls[0]!.parentMessageId).to.equal(start.messageId);
    const assistant = agent.messages.find((message) => message.role === 'assistant');
    expect(assistant).to.include({ id: start.messageId });
    expect(assistant && 'toolCalls' in assistant ? assistant.toolCalls?.[0]?.function.name : undefined).to.equal('get_current_time');
  });

  it('accepts an IANA zone written out, and asks for UTC when the page requires a zone the user did not give', async () => {
    const named = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('time in America/New_York please')], tools: PAGE_TOOLS }));
    expect(JSON.parse(named.toolCalls[0]!.args)).to.deep.equal({ timezone: 'America/New_York' });

    const strictTools = PAGE_TOOLS.map((tool) =>
      tool.name === 'get_current_time' ? { ...tool, parameters: { ...tool.parameters, required: ['timezone'] } } : tool,
    );
    const strict = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('what time is it?')], tools: strictTools }));
    expect(JSON.parse(strict.toolCalls[0]!.args)).to.deep.equal({ timezone: 'UTC' });

    const loose = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('what time is it?')], tools: PAGE_TOOLS }));
    expect(JSON.parse(loose.toolCalls[0]!.args)).to.deep.equal({});
  });

  it('answers the tool message with the result in text and calls no tool', async () => {
    const agent = new HttpAgent({ url: demoAgentUrl() });
    const first = await runDemo(agent, 'What time is it in Tokyo?');
    const [call] = summarizeEvents(first).toolCalls;
    agent.addMessage(toolMessage(call!.toolCallId, JSON.stringify({ time: '14:05', timezone: 'Asia/Tokyo' })));

    const followUp = await runDemo(agent);
    const { text, toolCalls } = summarizeEvents(followUp);
    expect(text).to.equal('It is 14:05 in Asia/Tokyo.');
    expect(toolCalls).to.have.length(0);
    expect(types(followUp)).not.to.include('TOOL_CALL_START');
  });

  it('does arithmetic through calculator and reports "12 * 7 = 84"', async () => {
    const input = runInput({ messages: [userMessage('what is 12 * 7?')], tools: PAGE_TOOLS });
    const first = await postRun(demoAgentUrl(), input);
    expect(first.toolCalls.map((call) => [call.toolCallName, JSON.parse(call.args)])).to.deep.equal([['calculator', { expression: '12 * 7' }]]);

    const second = await postRun(demoAgentUrl(), followUpInput(input, first.toolCalls, () => '84'));
    expect(second.text).to.equal('12 * 7 = 84');
    expect(second.toolCalls).to.have.length(0);
  });

  it('understands "calculate (3+4)/2" and "12 times 7"', async () => {
    const a = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('calculate (3+4)/2')], tools: PAGE_TOOLS }));
    expect(JSON.parse(a.toolCalls[0]!.args)).to.deep.equal({ expression: '(3+4)/2' });
    const b = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('what is 12 times 7')], tools: PAGE_TOOLS }));
    expect(JSON.parse(b.toolCalls[0]!.args)).to.deep.equal({ expression: '12 * 7' });
  });

  it('changes the background with a CSS colour and confirms in words', async () => {
    const input = runInput({ messages: [userMessage('make the background light blue')], tools: PAGE_TOOLS });
    const first = await postRun(demoAgentUrl(), input);
    expect(first.toolCalls.map((call) => [call.toolCallName, JSON.parse(call.args)])).to.deep.equal([['change_background', { color: 'lightblue' }]]);
    const second = await postRun(demoAgentUrl(), followUpInput(input, first.toolCalls, () => '{"ok":true}'));
    expect(second.text).to.equal('Done: the background is now light blue.');

    const hex = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('change background to #ffeecc')], tools: PAGE_TOOLS }));
    expect(JSON.parse(hex.toolCalls[0]!.args)).to.deep.equal({ color: '#ffeecc' });
  });

  it('edits the note through edit_note with the text the user gave', async () => {
    const input = runInput({ messages: [userMessage('edit the note to say Buy milk')], tools: PAGE_TOOLS });
    const first = await postRun(demoAgentUrl(), input);
    expect(first.toolCalls.map((call) => [call.toolCallName, JSON.parse(call.args)])).to.deep.equal([['edit_note', { text: 'Buy milk' }]]);
    const second = await postRun(demoAgentUrl(), followUpInput(input, first.toolCalls, () => '{"ok":true}'));
    expect(second.text).to.equal('Done: the note now says "Buy milk".');
  });

  it('makes two parallel calls in one run for two requests in one message, in the order asked', async () => {
    const agent = new HttpAgent({ url: demoAgentUrl() });
    const events = await runDemo(agent, 'What time is it in London, and what is 2 + 2?');

    expect(types(events).filter((type) => type === 'RUN_STARTED')).to.have.length(1);
    const { toolCalls } = summarizeEvents(events);
    expect(toolCalls.map((call) => [call.toolCallName, JSON.parse(call.args)])).to.deep.equal([
      ['get_current_time', { timezone: 'Europe/London' }],
      ['calculator', { expression: '2 + 2' }],
    ]);
    expect(toolCalls[0]!.parentMessageId).to.equal(toolCalls[1]!.parentMessageId);
    expect(toolCalls.every((call) => call.ended)).to.equal(true);

    agent.addMessage(toolMessage(toolCalls[0]!.toolCallId, '"09:30"'));
    agent.addMessage(toolMessage(toolCalls[1]!.toolCallId, '4'));
    const followUp = summarizeEvents(await runDemo(agent));
    expect(followUp.text).to.equal('It is 09:30 in Europe/London.\n\n2 + 2 = 4');
    expect(followUp.toolCalls).to.have.length(0);
  });

  it('says why a tool failed, from the error field or an {"ok":false} result, and calls no tool', async () => {
    const input = runInput({ messages: [userMessage('what is 1/0 and make the background red')], tools: PAGE_TOOLS });
    const first = await postRun(demoAgentUrl(), input);
    expect(first.toolCalls.map((call) => call.toolCallName)).to.deep.equal(['calculator', 'change_background']);

    const second = await postRun(
      demoAgentUrl(),
      followUpInput(input, first.toolCalls, (call) =>
        call.toolCallName === 'calculator'
          ? { content: '{"ok":false,"errorCode":"execution","message":"Division by zero"}', error: 'Division by zero' }
          : '{"ok":false,"errorCode":"approval_denied","message":"The user denied the change"}',
      ),
    );
    expect(second.text).to.equal(
      "I couldn't calculate 1/0: Division by zero (execution).\n\nI couldn't change the background to red: The user denied the change (approval_denied).",
    );
    expect(second.toolCalls).to.have.length(0);
  });

  it('never calls a tool the page did not offer, and says so', async () => {
    const result = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('what is 2 + 3?')], tools: [] }));
    expect(result.toolCalls).to.have.length(0);
    expect(result.text).to.include('did not offer the `calculator` tool');
  });

  it('answers an unknown request with what it can do', async () => {
    const result = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('Tell me a story about dragons')], tools: PAGE_TOOLS }));
    expect(result.toolCalls).to.have.length(0);
    expect(result.text).to.include("didn't understand");
    expect(result.text).to.include('calculator');
  });

  it('demonstrates a server error with RUN_ERROR', async () => {
    const result = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('please simulate a server error')] }));
    expect(result.status).to.equal(200);
    expect(result.events[0]!.type).to.equal('RUN_STARTED');
    expect(result.events.at(-1)).to.include({ type: 'RUN_ERROR', code: 'demo_server_error' });
    expect(types(result.events)).not.to.include('RUN_FINISHED');

    const agent = new HttpAgent({ url: demoAgentUrl() });
    agent.addMessage(userMessage('fail'));
    let runError: { message: string; code?: string } | undefined;
    await agent.runAgent({}, { onRunErrorEvent: ({ event }) => void (runError = event) });
    expect(runError).to.include({ code: 'demo_server_error' });
    expect(runError!.message).to.include('failed on purpose');
  });

  it('answers HTTP 500 with a JSON error body for "http 500"', async () => {
    const result = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('give me an http 500')] }));
    expect(result.status).to.equal(500);
    expect(result.body).to.deep.equal({
      error: { code: 'demo_http_500', message: 'The demo agent answered HTTP 500 because you asked it to ("http 500").' },
    });
  });

  it('uses fresh unique message and tool call ids', async () => {
    const result = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('time in Tokyo and in Paris')], tools: PAGE_TOOLS }));
    const ids = result.events.flatMap((event) => {
      const e = event as BaseEvent & { messageId?: string; toolCallId?: string };
      return event.type === 'TEXT_MESSAGE_START' ? [e.messageId] : event.type === 'TOOL_CALL_START' ? [e.toolCallId] : [];
    });
    expect(ids).to.have.length(3);
    expect(new Set(ids).size).to.equal(3);
  });
});
