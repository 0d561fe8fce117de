import { randomUUID } from 'node:crypto';
import { EventType, type BaseEvent, type Interrupt, type RunAgentInput } from '@ag-ui/core';
import type { AgentHandler, AgentRequest } from './agent-request.js';
import { lastMessage, messageText, readToolAnswer, trailingToolMessages } from './conversation.js';
import { runDemoAgent } from './demo-agent.js';
import { sendJsonError } from './http-json.js';
import { boolOption, intOption, InvalidOptionError, jsonOption, stringOption } from './query-params.js';
import { writeStreamBench } from './stream-bench.js';

/** The default tool name of the `tool`, `parallel` and `always-tool` scenarios. */
export const DEFAULT_TEST_TOOL = 'echo';

/**
 * The scripted test agents, served at `POST /api/test/<scenario>?<options>`. Deterministic; ids are random UUIDs
 * unless an option sets them. Every streaming scenario takes `delay` (ms before each event after `RUN_STARTED`,
 * default 0; the `x-ag-ui-delay` header works too). "Follow-up" means a run whose last message is a tool message.
 *
 * | Scenario         | Options (defaults)                                                       | Run                                                                                          |
 * | ---------------- | ------------------------------------------------------------------------ | -------------------------------------------------------------------------------------------- |
 * | `text`           | `text` ("Hello from the scripted test agent."), `chunks` (3)             | one text message of `text` in `chunks` deltas                                                |
 * | `tool`           | `tool` (echo), `args` (`{}`, raw, may be invalid JSON), `fragments` (3), `text` (none), `toolCallId` (uuid), `cancelled` (0) | first run: optional text, then one call of `tool` with `args` in `fragments` pieces, `RUN_FINISHED` (no result; with `cancelled=1`, `outcome: {type: 'cancelled'}`). Follow-up: text `Result: <content>` (one line per trailing tool message), no call |
 * | `parallel`       | the calls: `call=<name>:<raw args>` repeated; or `tools=a,b` with `args0`, `args1`... (`{}` when missing); or `repeat` (2) calls of `tool` (echo) with `args` (default `{"n":<i>}`, i from 1). Also `fragments` (2), `interleave` (0), `text` (none) | first run: every call in one run, in order (interleaved `START START ARGS ARGS ... END END` with `interleave=1`). Follow-up: text `Results:\n1. <name>: <content>\n2. ...` in the order the tool messages came |
 * | `backend-tool`   | `tool` (server_search), `args` (`{"query":"weather"}`), `result` (`{"ok":true,"forecast":"sunny"}`), `answered` (1), `text` (`The server tool answered: <result>`) | every run: a call of `tool`, then (unless `answered=0`) its `TOOL_CALL_RESULT` and `text`; with `answered=0` the run ends right after `TOOL_CALL_END` |
 * | `always-tool`    | `tool` (echo), `args` (`{}`), `fragments` (1)                            | every run, follow-ups included: one call of `tool` (for the loop guard)                      |
 * | `http-500`       | `status` (500, any 400-599), `message`                                   | no stream: HTTP `status` with `{"error":{"code":"scripted_http_error","message":...}}`       |
 * | `drop`           | `text` ("This reply will be cut off mid-stream."), `after` (2), `wait` (100 ms) | `RUN_STARTED`, `TEXT_MESSAGE_START`, `after` deltas (words of `text`), a pause of `wait` ms so the client reads them, then the connection is closed mid-body (no terminating chunk) |
 * | `run-error`      | `message` ("Scripted run error"), `code` (scripted_error), `text` (none) | `RUN_STARTED`, optional complete text message, `RUN_ERROR {message, code}`                   |
 * | `protocol-error` | `kind`: `content-without-start` (default), `args-without-start`, `no-run-started`, `event-after-finish`, `invalid-json` | a stream that breaks the protocol that way (`invalid-json`: a `data:` frame that is not JSON) |
 * | `hang`           | `text` ("Working on it"), `tool` (none), `maxMs` (60000)                 | `RUN_STARTED`, `text`, optionally `TOOL_CALL_START` + one args fragment of `tool`, then nothing until the client disconnects (the response ends without `RUN_FINISHED` after `maxMs`) |
 * | `interrupt`      | `count` (1), `reason` (confirmation), `message` ("Approve the deployment?"; ` (i of n)` appended when `count` > 1), `schema` (raw JSON; default `{type:object, properties:{approved:{type:boolean}}, required:[approved]}`; `none` omits it), `expiresIn` (ms from now; negative = already expired; default none), `text` (none) | a run without `resume`: optional text, `RUN_FINISHED {outcome: {type: 'interrupt', interrupts: [{id: 'interrupt-<i>', reason, message, responseSchema?, expiresAt?}]}}`. A run with `resume`: text, one line per entry: `Resumed <interruptId> (<status>)[: <JSON payload>]`, then a plain `RUN_FINISHED` |
 * | `tool-approval`  | `tool` (send_email), `args` (`{"to":"x@y.com"}`), `toolCallId` (call-approval-1), `edits` (1; 0: a `responseSchema` without `editedArgs`), `message` (`Approve <tool>?`) | AG-UI's tool-bound interrupt ("Tool-bound interrupts" in the interrupts spec). A run without `resume`: a backend call of `tool`, no result, then `RUN_FINISHED {outcome: {type: 'interrupt', interrupts: [{id: 'approval-1', reason: 'tool_call', toolCallId, message, responseSchema: {approved, editedArgs}}]}}`. A run with `resume`: when the entry is resolved with `payload.approved === true`, `TOOL_CALL_RESULT` for the original call (`{"sent":true}`); then text `Resumed approval-1 (<status>)[: <JSON payload>]` and a plain `RUN_FINISHED` |
 * | `state`          | `snapshot` (`{"counter":1}`), `delta` (`[{"op":"replace","path":"/counter","value":2}]`), `text` ("State updated.") | `STATE_SNAPSHOT`, `STATE_DELTA`, text                                                        |
 * | `reasoning`      | `reasoning` ("Let me think about this."), `text` ("Here is my answer.")  | `REASONING_START`, a reasoning message, `REASONING_END`, then a text message                |
 * | `stream-bench`   | `n` (10000), `size` (4), `tools` (10), `fragments` (8), `batch` (65536), `rate` (0), `argsBytes` (0), `argsDelta` (0) | benchmark stream, as fast as possible, or `rate` text deltas per second: see `writeStreamBench` |
 * | `demo`           | as `/api/agent` (but `delay` defaults to 0)                              | the demo agent, with its requests recorded                                                   |
 *
 * A bad option value (e.g. `chunks=abc`) answers HTTP 400 `invalid_option`.
 */
export const TEST_SCENARIOS = Object.freeze({
  text: textScenario,
  tool: toolScenario,
  parallel: parallelScenario,
  'backend-tool': backendToolScenario,
  'always-tool': alwaysToolScenario,
  'http-500': http500Scenario,
  drop: dropScenario,
  'run-error': runErrorScenario,
  'protocol-error': protocolErrorScenario,
  hang: hangScenario,
  interrupt: interruptScenario,
  'tool-approval': toolApprovalScenario,
  state: stateScenario,
  reasoning: reasoningScenario,
  'stream-bench': streamBenchScenario,
  demo: runDemoAgent,
} satisfies Record<string, AgentHandler>);

/** Names of the scripted test agents (the keys of {@link TEST_SCENARIOS}). */
export type TestScenarioName = keyof typeof TEST_SCENARIOS;

/** True when `name` is one of the {@link TEST_SCENARIOS}. */
export function isTestScenarioName(name: string): name is TestScenarioName {
  return Object.prototype.hasOwnProperty.call(TEST_SCENARIOS, name);
}

function isFollowUp(input: RunAgentInput): boolean {
  return lastMessage(input)?.role === 'tool';
}

async function textScenario({ query, openRun }: AgentRequest): Promise<void> {
  const text = stringOption(query, 'text', 'Hello from the scripted test agent.');
  const chunks = intOption(query, 'chunks', 3, 1);
  const run = openRun();
  await run.start();
  await run.text(text, { deltas: chunks });
  await run.finish();
}

async function toolScenario({ input, query, openRun }: AgentRequest): Promise<void> {
  const tool = stringOption(query, 'tool', DEFAULT_TEST_TOOL);
  const args = stringOption(query, 'args', '{}');
  const fragments = intOption(query, 'fragments', 3, 1);
  const text = query.get('text');
  const toolCallId = query.get('toolCallId') ?? undefined;
  const run = openRun();
  await run.start();
  if (isFollowUp(input)) {
    const lines = trailingToolMessages(input).map((message) => `Result: ${messageText(message)}`);
    await run.text(lines.join('\n'), { deltas: 2 });
    await run.finish();
    return;
  }
  const messageId = text ? await run.text(text, { deltas: 2 }) : randomUUID();
  await run.toolCall(tool, args, { parentMessageId: messageId, fragments, toolCallId });
  await run.finish({ cancelled: boolOption(query, 'cancelled', false) });
}

/** `call=name:args` (repeated), else `tools=a,b` + `args0`, `args1`..., else `repeat` calls of `tool`. */
function parallelCalls(query: URLSearchParams): { name: string; args: string }[] {
  const calls = query.getAll('call');
  if (calls.length > 0) {
    return calls.map((call) => {
      const colon = call.indexOf(':');
      return colon < 0 ? { name: call, args: '{}' } : { name: call.slice(0, colon), args: call.slice(colon + 1) };
    });
  }
  const tools = query.get('tools');
  if (tools) {
    return tools
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name, i) => ({ name, args: query.get(`args${i}`) ?? '{}' }));
  }
  // Compact form for fan-out (1,000 `call` parameters would overflow the request line).
  const name = stringOption(query, 'tool', DEFAULT_TEST_TOOL);
  const args = query.get('args');
  const repeat = intOption(query, 'repeat', 2, 1, 100_000);
  return Array.from({ length: repeat }, (_, i) => ({ name, args: args ?? `{"n":${i + 1}}` }));
}

async function parallelScenario({ input, query, openRun }: AgentRequest): Promise<void> {
  const calls = parallelCalls(query);
  const fragments = intOption(query, 'fragments', 2, 1);
  const interleave = boolOption(query, 'interleave', false);
  const text = query.get('text');
  const run = openRun();
  await run.start();
  if (isFollowUp(input)) {
    const lines = trailingToolMessages(input).map((message, i) => {
      const answer = readToolAnswer(input, message);
      return `${i + 1}. ${answer.toolName}: ${answer.content}`;
    });
    await run.text(['Results:', ...lines].join('\n'), { deltas: 2 });
    await run.finish();
    return;
  }
  const parentMessageId = text ? await run.text(text, { deltas: 2 }) : randomUUID();
  if (!interleave) {
    for (const call of calls) await run.toolCall(call.name, call.args, { parentMessageId, fragments });
  } else {
    const ids: string[] = [];
    for (const call of calls) ids.push(await run.toolCallStart(call.name, { parentMessageId }));
    const pieces = calls.map((call) => splitForInterleave(call.args, fragments));
    for (let f = 0; f < fragments; f++) {
      for (let i = 0; i < calls.length; i++) if (pieces[i]![f]) await run.toolCallArgs(ids[i]!, pieces[i]![f]!);
    }
    for (const id of ids) await run.toolCallEnd(id);
  }
  await run.finish();
}

function splitForInterleave(args: string, fragments: number): string[] {
  const size = Math.max(1, Math.ceil(args.length / fragments));
  return Array.from({ length: fragments }, (_, i) => args.slice(i * size, (i + 1) * size));
}

async function backendToolScenario({ query, openRun }: AgentRequest): Promise<void> {
  const tool = stringOption(query, 'tool', 'server_search');
  const args = stringOption(query, 'args', '{"query":"weather"}');
  const result = stringOption(query, 'result', '{"ok":true,"forecast":"sunny"}');
  const answered = boolOption(query, 'answered', true);
  const text = stringOption(query, 'text', `The server tool answered: ${result}`);
  const run = openRun();
  await run.start();
  const messageId = randomUUID();
  const toolCallId = await run.toolCall(tool, args, { parentMessageId: messageId, fragments: 2 });
  if (answered) {
    await run.toolResult(toolCallId, result);
    await run.text(text, { deltas: 2 });
  }
  await run.finish();
}

async function alwaysToolScenario({ query, openRun }: AgentRequest): Promise<void> {
  const tool = stringOption(query, 'tool', DEFAULT_TEST_TOOL);
  const args = stringOption(query, 'args', '{}');
  const fragments = intOption(query, 'fragments', 1, 1);
  const run = openRun();
  await run.start();
  await run.toolCall(tool, args, { parentMessageId: randomUUID(), fragments });
  await run.finish();
}

async function http500Scenario({ res, query }: AgentRequest): Promise<void> {
  const status = intOption(query, 'status', 500, 400, 599);
  const message = stringOption(query, 'message', `Scripted HTTP ${status} from the test agent.`);
  sendJsonError(res, status, 'scripted_http_error', message);
}

async function dropScenario({ query, openRun }: AgentRequest): Promise<void> {
  const text = stringOption(query, 'text', 'This reply will be cut off mid-stream.');
  const after = intOption(query, 'after', 2);
  const wait = intOption(query, 'wait', 100, 0, 60_000);
  const run = openRun();
  await run.start();
  const messageId = randomUUID();
  await run.emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
  const deltas = text.match(/\S+\s*/g) ?? [text];
  for (let i = 0; i < after; i++) {
    await run.emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: deltas[i % deltas.length]! });
  }
  // Let the client read what was sent first: bytes that arrive together with the broken end may be discarded by
  // the browser, which would make "events before the drop" nondeterministic.
  await run.stream.sleep(wait);
  run.stream.destroy();
}

async function runErrorScenario({ query, openRun }: AgentRequest): Promise<void> {
  const message = stringOption(query, 'message', 'Scripted run error');
  const code = stringOption(query, 'code', 'scripted_error');
  const text = query.get('text');
  const run = openRun();
  await run.start();
  if (text) await run.text(text, { deltas: 2 });
  await run.error(message, code);
}

/** Kinds of broken stream the `protocol-error` scenario sends. */
export const PROTOCOL_ERROR_KINDS = [
  'content-without-start',
  'args-without-start',
  'no-run-started',
  'event-after-finish',
  'invalid-json',
] as const;

async function protocolErrorScenario({ input, query, openRun }: AgentRequest): Promise<void> {
  const kind = stringOption(query, 'kind', 'content-without-start');
  if (!(PROTOCOL_ERROR_KINDS as readonly string[]).includes(kind)) {
    throw new InvalidOptionError('kind', `expected one of ${PROTOCOL_ERROR_KINDS.join(', ')}, got "${kind}"`);
  }
  const { threadId, runId } = input;
  const started: BaseEvent = { type: EventType.RUN_STARTED, threadId, runId };
  const finished: BaseEvent = { type: EventType.RUN_FINISHED, threadId, runId };
  const run = openRun();
  const { stream } = run;
  switch (kind) {
    case 'content-without-start':
      stream.write(started);
      await run.emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: randomUUID(), delta: 'orphan delta' });
      await run.emit(finished);
      break;
    case 'args-without-start':
      stream.write(started);
      await run.emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: randomUUID(), delta: '{}' });
      await run.emit(finished);
      break;
    case 'no-run-started':
      await run.text('No RUN_STARTED before this message.');
      await run.emit(finished);
      break;
    case 'event-after-finish':
      stream.write(started);
      await run.emit(finished);
      await run.text('Text after RUN_FINISHED.');
      break;
    case 'invalid-json':
      stream.write(started);
      await run.stream.sleep(run.delayMs);
      // Hand-written on purpose: the encoder cannot produce a frame that is not JSON.
      stream.writeRaw('data: {"type":"TEXT_MESSAGE_START",\n\n');
      await run.emit(finished);
      break;
  }
  stream.end();
}

async function hangScenario({ query, openRun }: AgentRequest): Promise<void> {
  const text = stringOption(query, 'text', 'Working on it');
  const tool = query.get('tool');
  const maxMs = intOption(query, 'maxMs', 60_000, 0, 600_000);
  const run = openRun();
  await run.start();
  const messageId = await run.text(text, { deltas: 2 });
  if (tool) {
    const toolCallId = await run.toolCallStart(tool, { parentMessageId: messageId });
    await run.toolCallArgs(toolCallId, '{"par');
  }
  // Nothing more until the client goes away (Stop); the cap only keeps a forgotten test from pinning a socket.
  await run.stream.sleep(maxMs);
  run.stream.end();
}

const DEFAULT_INTERRUPT_SCHEMA = {
  type: 'object',
  properties: { approved: { type: 'boolean', title: 'Approve' } },
  required: ['approved'],
};

async function interruptScenario({ input, query, openRun }: AgentRequest): Promise<void> {
  const count = intOption(query, 'count', 1, 1, 20);
  const reason = stringOption(query, 'reason', 'confirmation');
  const message = stringOption(query, 'message', 'Approve the deployment?');
  const schema = query.get('schema') === 'none' ? undefined : jsonOption(query, 'schema', DEFAULT_INTERRUPT_SCHEMA);
  const text = query.get('text');
  let expiresAt: string | undefined;
  const expiresIn = query.get('expiresIn');
  if (expiresIn !== null) {
    const ms = Number(expiresIn);
    if (expiresIn.trim() === '' || !Number.isFinite(ms)) {
      throw new InvalidOptionError('expiresIn', `expected milliseconds, got "${expiresIn}"`);
    }
    expiresAt = new Date(Date.now() + ms).toISOString();
  }
  const run = openRun();
  await run.start();

  const resume = input.resume ?? [];
  if (resume.length > 0) {
    const lines = resume.map((entry) => {
      const head = `Resumed ${entry.interruptId} (${entry.status})`;
      return entry.payload === undefined ? head : `${head}: ${JSON.stringify(entry.payload)}`;
    });
    await run.text(lines.join('\n'), { deltas: 2 });
    await run.finish();
    return;
  }

  if (text) await run.text(text, { deltas: 2 });
  const interrupts: Interrupt[] = Array.from({ length: count }, (_, i) => ({
    id: `interrupt-${i + 1}`,
    reason,
    message: count > 1 ? `${message} (${i + 1} of ${count})` : message,
    ...(schema !== undefined ? { responseSchema: schema as Record<string, unknown> } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  }));
  await run.finish({ interrupts });
}

/** The `responseSchema` AG-UI recommends for tool-bound interrupts that accept edits. */
const TOOL_APPROVAL_SCHEMA = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    editedArgs: { type: 'object', description: 'Full replacement of the tool args. Not merged.' },
  },
  required: ['approved'],
};

/** A `tool_call` interrupt's answer schema that takes no `editedArgs` (the agent cannot run edited arguments). */
const APPROVAL_ONLY_SCHEMA = { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] };

async function toolApprovalScenario({ input, query, openRun }: AgentRequest): Promise<void> {
  const tool = stringOption(query, 'tool', 'send_email');
  const args = stringOption(query, 'args', '{"to":"x@y.com"}');
  const toolCallId = stringOption(query, 'toolCallId', 'call-approval-1');
  const edits = stringOption(query, 'edits', '1') !== '0';
  const message = stringOption(query, 'message', `Approve ${tool}?`);
  const run = openRun();
  await run.start();
  const entry = input.resume?.find((each) => each.interruptId === 'approval-1');
  if (entry) {
    const approved = entry.status === 'resolved' && (entry.payload as { approved?: unknown } | undefined)?.approved === true;
    if (approved) await run.toolResult(toolCallId, '{"sent":true}');
    const head = `Resumed approval-1 (${entry.status})`;
    await run.text(entry.payload === undefined ? head : `${head}: ${JSON.stringify(entry.payload)}`, { deltas: 2 });
    await run.finish();
    return;
  }
  await run.toolCall(tool, args, { toolCallId });
  await run.finish({
    interrupts: [{ id: 'approval-1', reason: 'tool_call', toolCallId, message, responseSchema: edits ? TOOL_APPROVAL_SCHEMA : APPROVAL_ONLY_SCHEMA }],
  });
}

async function stateScenario({ query, openRun }: AgentRequest): Promise<void> {
  const snapshot = jsonOption(query, 'snapshot', { counter: 1 });
  const delta = jsonOption(query, 'delta', [{ op: 'replace', path: '/counter', value: 2 }]);
  const text = stringOption(query, 'text', 'State updated.');
  const run = openRun();
  await run.start();
  await run.emit({ type: EventType.STATE_SNAPSHOT, snapshot });
  await run.emit({ type: EventType.STATE_DELTA, delta });
  await run.text(text, { deltas: 2 });
  await run.finish();
}

async function reasoningScenario({ query, openRun }: AgentRequest): Promise<void> {
  const reasoning = stringOption(query, 'reasoning', 'Let me think about this.');
  const text = stringOption(query, 'text', 'Here is my answer.');
  const run = openRun();
  await run.start();
  const reasoningId = randomUUID();
  const messageId = randomUUID();
  await run.emit({ type: EventType.REASONING_START, messageId: reasoningId });
  await run.emit({ type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' });
  for (const delta of reasoning.match(/\S+\s*/g) ?? []) await run.emit({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta });
  await run.emit({ type: EventType.REASONING_MESSAGE_END, messageId });
  await run.emit({ type: EventType.REASONING_END, messageId: reasoningId });
  await run.text(text, { deltas: 2 });
  await run.finish();
}

async function streamBenchScenario({ query, openRun }: AgentRequest): Promise<void> {
  const options = {
    deltas: intOption(query, 'n', 10_000, 0, 10_000_000),
    deltaLength: intOption(query, 'size', 4, 1, 1_000_000),
    toolCalls: intOption(query, 'tools', 10, 0, 100_000),
    argsFragments: intOption(query, 'fragments', 8, 1, 10_000),
    batchBytes: intOption(query, 'batch', 65_536, 1, 64 * 1024 * 1024),
    rate: intOption(query, 'rate', 0, 0, 100_000),
    argsBytes: intOption(query, 'argsBytes', 0, 0, 64 * 1024 * 1024),
    argsDelta: intOption(query, 'argsDelta', 0, 0, 64 * 1024 * 1024),
  };
  await writeStreamBench(openRun(), options);
}
