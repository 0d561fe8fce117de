import type { Tool } from '@ag-ui/core';
import type { AgentRequest } from './agent-request.js';
import { lastMessage, lastUserText, readToolAnswer, trailingToolMessages, isRecord } from './conversation.js';
import { DemoToolName, parseDemoRequest, type DemoToolRequest } from './demo-intents.js';
import {
  DEMO_FALLBACK,
  DEMO_GREETING,
  DEMO_HELP,
  describeToolAnswer,
  missingToolSentence,
  toolPreface,
  withOfferedCapabilities,
} from './demo-replies.js';
import { sendJsonError } from './http-json.js';

/** Default wait between the demo agent's events, in ms: slow enough for a person to see the text stream in. */
export const DEMO_DELAY_MS = 20;

/**
 * The demo agent behind `POST /api/agent`: a deterministic script (no language model, no key) that speaks AG-UI
 * and uses the page's frontend tools.
 *
 * | The last message                                  | The run                                                                   |
 * | ------------------------------------------------- | ------------------------------------------------------------------------- |
 * | user: a greeting ("hi") / "help"                  | streamed text: who it is (a script, no LLM) and what it can do             |
 * | user: "what time is it [in Tokyo / Asia/Tokyo]"   | preface text, then `get_current_time {timezone?}` (one call per zone named) |
 * | user: "what is 12 * 7", "calculate (3+4)/2"       | preface text, then `calculator {expression}`                              |
 * | user: "make the background light blue" / "#ffeecc" | preface text, then `change_background {color}` (a CSS colour)            |
 * | user: "edit the note to say ..."                  | preface text, then `edit_note {text}` (a `state_change` tool: approval)   |
 * | user: "help me pick a colour"                     | preface text, then `pick_color {question, options}` (a UI tool: the person answers) |
 * | user: "add a note buy stamps"                     | preface text, then `mcp__notes__add_note {text}` (the dev server's MCP notes server) |
 * | user: "list my notes" / "show notes"              | preface text, then `mcp__notes__list_notes {}`                            |
 * | user: several of the above                        | one run with the calls in parallel, in the order they were asked          |
 * | user: "server error" / "fail"                     | some text, then `RUN_ERROR {code: 'demo_server_error'}`                   |
 * | user: "http 500"                                  | HTTP 500 with a JSON error body, no stream                                |
 * | user: anything else                               | streamed text listing what it can do                                      |
 * | tool (the page answered its calls)                | text that uses every result ("It is 14:05 in Asia/Tokyo.", "12 * 7 = 84", |
 * |                                                   | "Done: the background is now light blue.", or why a call failed); never a tool call |
 *
 * A follow-up describes the arguments that ran: a person's edits ("Approve with edits", the tool message's `editedArgs`)
 * win over what the agent proposed.
 *
 * Tool calls are `TOOL_CALL_START` (parentMessageId = the preface message), `TOOL_CALL_ARGS` in fragments of about
 * 8 characters, `TOOL_CALL_END`, and the run ends with `RUN_FINISHED` without a result: the page runs the tools and
 * runs the agent again. A tool the page did not list in `RunAgentInput.tools` is never called (the reply says so).
 * Text streams in word-sized deltas of at most 6 characters, `request.delayMs` apart.
 */
export async function runDemoAgent(request: AgentRequest): Promise<void> {
  const { input } = request;

  if (lastMessage(input)?.role === 'tool') {
    // Answer the page's tool results in text. Never call a tool here: an agent that reacts to its own results with
    // new calls is how loops start.
    const answers = trailingToolMessages(input).map((message) => describeToolAnswer(readToolAnswer(input, message)));
    const run = request.openRun();
    await run.start();
    await run.text(answers.join('\n\n'));
    await run.finish();
    return;
  }

  const text = lastUserText(input);
  const asked = parseDemoRequest(text);

  if (asked.httpError) {
    sendJsonError(request.res, 500, 'demo_http_500', 'The demo agent answered HTTP 500 because you asked it to ("http 500").');
    return;
  }

  const run = request.openRun();
  await run.start();

  if (asked.runError) {
    await run.text('Simulating a server failure, as you asked...');
    await run.error('The demo agent failed on purpose: you asked for a server error.', 'demo_server_error');
    return;
  }

  const offered = new Map(input.tools.map((tool) => [tool.name, tool] as const));
  const calls = asked.tools.filter((call) => offered.has(call.toolName));
  const notes = [
    ...asked.tools.filter((call) => !offered.has(call.toolName)).map(missingToolSentence),
    ...asked.clarifications,
  ];

  if (calls.length > 0) {
    const preface = [toolPreface(calls), ...notes].join(' ');
    const messageId = await run.text(preface);
    for (const call of calls) {
      const argsText = JSON.stringify(completeArgs(call, offered.get(call.toolName)!));
      await run.toolCall(call.toolName, argsText, { parentMessageId: messageId, fragments: Math.ceil(argsText.length / 8) });
    }
    await run.finish();
    return;
  }

  let reply: string;
  if (notes.length > 0) reply = notes.join(' ');
  else if (asked.greeting) reply = DEMO_GREETING;
  else if (asked.help || text.trim() === '') reply = DEMO_HELP;
  else reply = DEMO_FALLBACK;
  await run.text(withOfferedCapabilities(reply, new Set(offered.keys())));
  await run.finish();
}

/** Fills what the page's schema requires and the message did not say (a time zone: UTC). */
function completeArgs(call: DemoToolRequest, tool: Tool): Record<string, unknown> {
  const args = { ...call.args };
  const required = isRecord(tool.parameters) && Array.isArray(tool.parameters.required) ? (tool.parameters.required as unknown[]) : [];
  if (call.toolName === DemoToolName.GET_CURRENT_TIME && args.timezone === undefined && required.includes('timezone')) {
    args.timezone = 'UTC';
  }
  return args;
}

