import type { ToolAnswer } from './conversation.js';
import { isRecord } from './conversation.js';
import { DemoToolName, type DemoToolRequest } from './demo-intents.js';
import { humanizeColor } from './demo-vocabulary.js';

/** What the demo agent can do, as a markdown list (used by the greeting, the help and the fallback reply). */
export const DEMO_CAPABILITIES = [
  'I answer a few kinds of requests by calling the tools your page registers:',
  '',
  '- **the time**: "what time is it in Tokyo?" calls `get_current_time`',
  '- **arithmetic**: "what is 12 * 7?" calls `calculator`',
  '- **the background**: "make the background light blue" calls `change_background`',
  '- **the note**: "edit the note to say hello" calls `edit_note` (a change that asks for your approval)',
  '- **a choice**: "help me pick a colour" calls `pick_color`, which you answer in its card',
  '- **two at once**: "what time is it in London and what is 2 + 2?" makes two parallel tool calls',
  '- **errors**: "server error" ends the run with `RUN_ERROR`; "http 500" answers HTTP 500',
].join('\n');

/** Who the demo agent is, in one sentence. */
export const DEMO_INTRODUCTION =
  "I'm the ag-ui-lit demo agent: a deterministic script running inside the dev server, with no language model and no API key.";

/** The reply to a greeting. */
export const DEMO_GREETING = `Hello! ${DEMO_INTRODUCTION}\n\n${DEMO_CAPABILITIES}`;

/** The reply to "help" / "what can you do". */
export const DEMO_HELP = `${DEMO_INTRODUCTION}\n\n${DEMO_CAPABILITIES}`;

/** The reply to anything the script does not understand. */
export const DEMO_FALLBACK = `Sorry, I didn't understand that. I'm a scripted demo agent (no language model), so I only know a few requests.\n\n${DEMO_CAPABILITIES}`;

/** "check the time in Asia/Tokyo", "calculate 12 * 7": what a tool request will do, for the preface and failures. */
export function describeToolRequest(toolName: string, args: unknown): string {
  const record = isRecord(args) ? args : {};
  switch (toolName) {
    case DemoToolName.GET_CURRENT_TIME:
      return typeof record.timezone === 'string' ? `check the time in ${record.timezone}` : 'check the time';
    case DemoToolName.CALCULATOR:
      return typeof record.expression === 'string' ? `calculate ${record.expression}` : 'calculate that';
    case DemoToolName.CHANGE_BACKGROUND:
      return typeof record.color === 'string' ? `change the background to ${humanizeColor(record.color)}` : 'change the background';
    case DemoToolName.EDIT_NOTE:
      return 'edit the note';
    case DemoToolName.PICK_COLOR:
      return 'ask you to pick a colour';
    case DemoToolName.ADD_REMOTE_NOTE:
      return typeof record.text === 'string' ? `add the note "${record.text}" to the notes server` : 'add a note to the notes server';
    case DemoToolName.LIST_REMOTE_NOTES:
      return 'list the notes on the notes server';
    default:
      return `run the \`${toolName}\` tool`;
  }
}

/** Whether a tool is one of a remote MCP server's, as the page offers it (`mcp__<server>__<tool>`). */
function isRemoteTool(toolName: string): boolean {
  return toolName.startsWith('mcp__');
}

/**
 * The short text the demo agent streams before its tool calls: "I'll check the time in Asia/Tokyo using your page's
 * tool.", or, for remote MCP tools only, "I'll list the notes on the notes server (an MCP server your page connected)."
 */
export function toolPreface(requests: DemoToolRequest[]): string {
  const phrases = requests.map((request) => describeToolRequest(request.toolName, request.args));
  if (requests.every((request) => isRemoteTool(request.toolName))) {
    return `I'll ${joinPhrases(phrases)} (an MCP server your page connected).`;
  }
  return `I'll ${joinPhrases(phrases)} using your page's ${requests.length > 1 ? 'tools' : 'tool'}.`;
}

/** The sentence for a tool the page did not offer: the agent never calls a tool missing from `RunAgentInput.tools`. */
export function missingToolSentence(request: DemoToolRequest): string {
  const what = describeToolRequest(request.toolName, request.args);
  if (isRemoteTool(request.toolName)) {
    return `I would ${what}, but this page is not connected to it (no \`${request.toolName}\` tool).`;
  }
  return `I would ${what}, but this page did not offer the \`${request.toolName}\` tool.`;
}

/** The line of `DEMO_CAPABILITIES` for the notes server, added only when the page offers its tools. */
export const DEMO_REMOTE_NOTES_CAPABILITY =
  '- **the notes server** (MCP): "add a note buy stamps" calls `mcp__notes__add_note` (you approve it), "list my notes" calls `mcp__notes__list_notes`';

/** `text` (a reply that lists `DEMO_CAPABILITIES`) with the notes server's line when the page offers its tools. */
export function withOfferedCapabilities(text: string, offeredToolNames: ReadonlySet<string>): string {
  const offersNotes =
    offeredToolNames.has(DemoToolName.ADD_REMOTE_NOTE) || offeredToolNames.has(DemoToolName.LIST_REMOTE_NOTES);
  if (!offersNotes) return text;
  const anchor = DEMO_CAPABILITIES.split('\n').find((line) => line.includes('**two at once**'))!;
  return text.replace(anchor, `${DEMO_REMOTE_NOTES_CAPABILITY}\n${anchor}`);
}

/**
 * One sentence that uses a tool result: "It is 14:05 in Asia/Tokyo.", "12 * 7 = 84.",
 * "Done: the background is now light blue.", or, for a failed call, "I couldn't calculate 1/0: <why>."
 */
export function describeToolAnswer(answer: ToolAnswer): string {
  if (!answer.ok) {
    const why = (answer.failure ?? 'no reason given').replace(/[.\s]+$/, '');
    return `I couldn't ${describeToolRequest(answer.toolName, answer.args)}: ${why}.`;
  }
  const args = isRecord(answer.args) ? answer.args : {};
  const value = isRecord(answer.value) ? answer.value : undefined;
  switch (answer.toolName) {
    case DemoToolName.GET_CURRENT_TIME: {
      const zone = stringField(value, ['timezone', 'timeZone', 'zone']) ?? (typeof args.timezone === 'string' ? args.timezone : undefined);
      const time = formatTime(
        value ? (stringField(value, ['time', 'formatted', 'localTime', 'local', 'display', 'text', 'result', 'value', 'datetime', 'dateTime', 'iso', 'now']) ?? answer.content) : String(answer.value),
        zone,
      );
      return zone ? `It is ${time} in ${zone}.` : `It is ${time} (your local time).`;
    }
    case DemoToolName.CALCULATOR: {
      const expression = typeof args.expression === 'string' ? args.expression : stringField(value, ['expression']);
      const result = value ? (field(value, ['result', 'value', 'answer']) ?? answer.content) : answer.value;
      const shown = typeof result === 'string' ? result : JSON.stringify(result);
      return expression ? `${expression} = ${shown}` : `The result is ${shown}.`;
    }
    case DemoToolName.CHANGE_BACKGROUND: {
      const color = typeof args.color === 'string' ? args.color : stringField(value, ['color', 'colour']);
      return color ? `Done: the background is now ${humanizeColor(color)}.` : 'Done: the background has changed.';
    }
    case DemoToolName.EDIT_NOTE: {
      const text = typeof args.text === 'string' ? args.text : stringField(value, ['text', 'note']);
      return text !== undefined ? `Done: the note now says "${text}".` : 'Done: the note is updated.';
    }
    case DemoToolName.ADD_REMOTE_NOTE: {
      const text = typeof args.text === 'string' ? args.text : undefined;
      return text !== undefined ? `Done: the notes server now has "${text}".` : `Done: ${answer.content}`;
    }
    case DemoToolName.LIST_REMOTE_NOTES:
      return describeRemoteNotes(value, answer.content);
    case DemoToolName.PICK_COLOR: {
      const color = stringField(value, ['color', 'colour']);
      return color ? `You picked ${humanizeColor(color)}. Say "make the background ${humanizeColor(color)}" to use it.` : 'You picked a colour.';
    }
    default:
      return `The \`${answer.toolName}\` tool returned: ${answer.content}`;
  }
}

/** The notes server's `list_notes` result (`{ notes: [{ id, text }] }`) as a markdown list; its text as given otherwise. */
function describeRemoteNotes(value: Record<string, unknown> | undefined, content: string): string {
  const notes = Array.isArray(value?.notes) ? value.notes.filter(isRecord) : undefined;
  if (!notes) return `The notes server says: ${content}`;
  if (notes.length === 0) return 'The notes server has no notes yet. Say "add a note buy stamps" to add one.';
  const lines = notes.map((note) => `- ${String(note.text)}`);
  return `The notes server has ${notes.length} ${notes.length === 1 ? 'note' : 'notes'}:\n\n${lines.join('\n')}`;
}

/** An ISO date-time as HH:MM in `zone` (24 h); anything else as given. */
function formatTime(text: string, zone: string | undefined): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return text;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  try {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, ...(zone ? { timeZone: zone } : {}) }).format(date);
  } catch {
    return text;
  }
}

function field(record: Record<string, unknown> | undefined, names: string[]): unknown {
  if (!record) return undefined;
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

function stringField(record: Record<string, unknown> | undefined, names: string[]): string | undefined {
  const value = field(record, names);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function joinPhrases(phrases: string[]): string {
  if (phrases.length <= 1) return phrases[0] ?? '';
  return `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`;
}
