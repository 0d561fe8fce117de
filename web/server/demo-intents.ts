import { CITY_TIME_ZONES, CSS_COLOR_NAMES, isValidTimeZone } from './demo-vocabulary.js';

/**
 * The tools the demo agent knows how to ask for: the page's own, and the two of the dev server's MCP notes server
 * that the demo page connects (`mcpServers`), as the page offers them (`mcp__notes__<tool>`).
 */
export const DemoToolName = {
  GET_CURRENT_TIME: 'get_current_time',
  CALCULATOR: 'calculator',
  CHANGE_BACKGROUND: 'change_background',
  EDIT_NOTE: 'edit_note',
  PICK_COLOR: 'pick_color',
  ADD_REMOTE_NOTE: 'mcp__notes__add_note',
  LIST_REMOTE_NOTES: 'mcp__notes__list_notes',
} as const;
export type DemoToolName = (typeof DemoToolName)[keyof typeof DemoToolName];

/** One tool call the demo agent wants to make for a user message. */
export interface DemoToolRequest {
  toolName: DemoToolName;
  /** Arguments, e.g. `{ timezone: 'Asia/Tokyo' }`; `get_current_time` without a zone has `{}`. */
  args: Record<string, unknown>;
  /** Where in the message it was asked for: parallel calls are made in this order. */
  position: number;
}

/** What a user message asks the demo agent for. */
export interface DemoRequest {
  /** "http 500": answer with HTTP 500. */
  httpError: boolean;
  /** "server error" / "fail": stream a little, then `RUN_ERROR`. */
  runError: boolean;
  /** Tool calls to make, in message order (two or more are made in parallel in one run). */
  tools: DemoToolRequest[];
  /** Requests it recognised but cannot act on, as sentences to say (e.g. a background without a colour). */
  clarifications: string[];
  /** The message opens with a greeting. */
  greeting: boolean;
  /** The message asks what the agent can do. */
  help: boolean;
}

const GREETING = /^\s*(hi|hello|hey|hiya|howdy|greetings|good\s+(morning|afternoon|evening|day)|yo|hallo|bonjour|hola)\b/i;
const HELP = /\b(help|what can you do|what do you do|who are you|what are you)\b/i;
const HTTP_ERROR = /\bhttp\s*-?\s*500\b|\b500\s+error\b/i;
const RUN_ERROR = /\b(server error|run error|fail|failure|crash)\b/i;
const TIME = /\b(time|clock)\b/i;
const NOTE = /\bnotes?\b/i;
const BACKGROUND = /\b(background|backdrop|bg|colou?r)\b/i;
/** "help me pick a colour", "let me choose the colour": the person chooses (a UI tool), nothing is changed yet. */
const PICK_COLOR = /\b(pick|choose|select)\b[^.?!]*\bcolou?rs?\b/i;
/** "edit the note ...": the page's note, never the notes server, whatever the new text says. */
const EDIT_NOTE = /\b(edit|change|set|update|replace|rewrite|modify)\b[^.?!]*?\bnote\b/i;
/** "add a note buy stamps", "jot down a note: call Ada", "new note 'oat milk'": the notes server's `add_note`. */
const ADD_REMOTE_NOTE = /\b(?:add|create|save|jot(?:\s+down)?|write(?:\s+down)?|new)\s+(?:(?:a|an|another|new)\s+)*note\b(?:\s*(?:that says|saying|to say|with the text|with|:|-))?\s*(.*)$/is;
/** "list my notes", "show notes", "what are my notes": the notes server's `list_notes`. */
const LIST_REMOTE_NOTES = /\b(?:list|show|read|see|view|display|get)(?:\s+(?:me|all|of|my|the))*\s+notes\b|\bmy\s+notes\b/i;
/** The colours `pick_color` offers. */
export const PICK_COLOR_OPTIONS = ['lightblue', 'lavender', 'honeydew', 'mistyrose', 'wheat'] as const;

/**
 * Reads a user message the way the demo agent does: deterministic keyword rules, no model.
 *
 * @example
 * ```ts
 * parseDemoRequest('What time is it in Tokyo, and what is 12 * 7?').tools;
 * // [{ toolName: 'get_current_time', args: { timezone: 'Asia/Tokyo' }, ... },
 * //  { toolName: 'calculator', args: { expression: '12 * 7' }, ... }]
 * ```
 */
export function parseDemoRequest(text: string): DemoRequest {
  const request: DemoRequest = {
    httpError: HTTP_ERROR.test(text),
    runError: RUN_ERROR.test(text),
    tools: [],
    clarifications: [],
    greeting: GREETING.test(text),
    help: HELP.test(text),
  };

  // The note's own text is data, not a request: "set the note to 'what time is it'" edits the note only; "add a note
  // what time is it" adds that note to the notes server only.
  let rest = text;
  const remote = EDIT_NOTE.test(text) ? undefined : findRemoteNoteRequest(text);
  if (remote) {
    if ('clarification' in remote) request.clarifications.push(remote.clarification);
    else request.tools.push(remote.request);
    rest = text.slice(0, remote.span[0]) + ' '.repeat(remote.span[1] - remote.span[0]) + text.slice(remote.span[1]);
  }
  const note = findNote(rest);
  if (note) {
    request.tools.push({ toolName: DemoToolName.EDIT_NOTE, args: { text: note.text }, position: note.position });
    if (note.span) rest = text.slice(0, note.span[0]) + ' '.repeat(note.span[1] - note.span[0]) + text.slice(note.span[1]);
  }

  request.tools.push(...findTimeRequests(rest));
  request.tools.push(...findCalculations(rest));

  const pick = PICK_COLOR.exec(rest);
  const background = pick ? null : BACKGROUND.exec(rest);
  if (pick) {
    request.tools.push({
      toolName: DemoToolName.PICK_COLOR,
      args: { question: 'Which background colour would you like?', options: [...PICK_COLOR_OPTIONS] },
      position: pick.index,
    });
  }
  if (background) {
    const color = findColor(rest);
    if (color) {
      request.tools.push({ toolName: DemoToolName.CHANGE_BACKGROUND, args: { color }, position: background.index });
    } else {
      request.clarifications.push(
        'Which colour should the background be? Try "make the background light blue" or "change the background to #ffeecc".',
      );
    }
  }

  request.tools.sort((a, b) => a.position - b.position);
  return request;
}

/**
 * A request for the dev server's notes server: "add a note <text>" (the rest of the message is the note) or "list my
 * notes"; `span` is the part of the message it used up.
 */
function findRemoteNoteRequest(
  text: string,
): ({ request: DemoToolRequest } | { clarification: string }) & { span: [number, number] } | undefined {
  const add = ADD_REMOTE_NOTE.exec(text);
  if (add) {
    const noteText = add[1]!.trim().replace(/^["“']+|["”']+$/g, '').replace(/[.!]+$/, '').trim();
    const span: [number, number] = [add.index, text.length];
    if (!noteText) return { clarification: 'What should the note say? Try "add a note buy stamps".', span };
    return { request: { toolName: DemoToolName.ADD_REMOTE_NOTE, args: { text: noteText }, position: add.index }, span };
  }
  const list = LIST_REMOTE_NOTES.exec(text);
  if (!list) return undefined;
  return {
    request: { toolName: DemoToolName.LIST_REMOTE_NOTES, args: {}, position: list.index },
    span: [list.index, list.index + list[0].length],
  };
}

function findTimeRequests(text: string): DemoToolRequest[] {
  const time = TIME.exec(text);
  if (!time) return [];
  const zones = findTimeZones(text);
  if (zones.length === 0) return [{ toolName: DemoToolName.GET_CURRENT_TIME, args: {}, position: time.index }];
  return zones.map(({ zone, position }) => ({
    toolName: DemoToolName.GET_CURRENT_TIME,
    args: { timezone: zone },
    position: Math.max(time.index, position),
  }));
}

/** IANA names written out (`Asia/Tokyo`) and known city names, each zone once, in order of mention. */
function findTimeZones(text: string): { zone: string; position: number }[] {
  const found: { zone: string; position: number }[] = [];
  for (const match of text.matchAll(/\b[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+/g)) {
    if (isValidTimeZone(match[0])) found.push({ zone: match[0], position: match.index });
  }
  const lower = text.toLowerCase();
  for (const [city, zone] of Object.entries(CITY_TIME_ZONES)) {
    const match = new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(city)}(?![\\p{L}])`, 'u').exec(lower);
    if (match) found.push({ zone, position: match.index + (match[0].length - city.length) });
  }
  found.sort((a, b) => a.position - b.position);
  const seen = new Set<string>();
  return found.filter(({ zone }) => !seen.has(zone) && seen.add(zone));
}

/**
 * Arithmetic expressions in the message ("what is 12 * 7", "calculate (3+4)/2", "12 times 7"), normalised to
 * `+ - * / % ^` and parentheses. A run of digits without a binary operator ("#ff0000", "rgb(1, 2, 3)") is not one.
 */
function findCalculations(text: string): DemoToolRequest[] {
  const normalised = text
    .toLowerCase()
    .replace(/(\d|\))\s*[x×]\s*(?=[\d(])/g, '$1 * ')
    .replace(/[÷]/g, '/')
    .replace(/\bplus\b/g, '+')
    .replace(/\bminus\b/g, '-')
    .replace(/\b(times|multiplied by)\b/g, '*')
    .replace(/\bdivided by\b/g, '/');
  const requests: DemoToolRequest[] = [];
  for (const match of normalised.matchAll(/[\d.()+\-*/%^ ]+/g)) {
    const expression = tidyExpression(match[0]);
    if (!expression) continue;
    requests.push({
      toolName: DemoToolName.CALCULATOR,
      args: { expression },
      position: match.index + match[0].indexOf(expression[0]!),
    });
  }
  return requests;
}

function tidyExpression(candidate: string): string | undefined {
  let expression = candidate.trim().replace(/^[+*/%^.)\s]+/, '').replace(/[+\-*/%^.(\s]+$/, '');
  // Drop unmatched parentheses at the edges ("(what is 2+3)" gives "2+3)").
  while (count(expression, ')') > count(expression, '(') && expression.endsWith(')')) expression = expression.slice(0, -1).trimEnd();
  while (count(expression, '(') > count(expression, ')') && expression.startsWith('(')) expression = expression.slice(1).trimStart();
  if (count(expression, '(') !== count(expression, ')')) return undefined;
  if (!/[\d)]\s*[+\-*/%^]\s*[-(\s]*[\d.(]/.test(expression)) return undefined;
  return expression;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** The first colour in the message: `#hex`, a CSS colour function, or a CSS colour name ("light blue" -> `lightblue`). */
function findColor(text: string): string | undefined {
  const lower = text.toLowerCase();
  const candidates: { color: string; position: number }[] = [];
  const hex = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/.exec(lower);
  if (hex) candidates.push({ color: hex[0], position: hex.index });
  const fn = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([^)]*\)/.exec(lower);
  if (fn) candidates.push({ color: fn[0], position: fn.index });
  const words = [...lower.matchAll(/[a-z]+/g)];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const pair = i + 1 < words.length ? word[0] + words[i + 1]![0] : '';
    if (pair && CSS_COLOR_NAMES.has(pair)) {
      candidates.push({ color: pair, position: word.index });
      break;
    }
    if (CSS_COLOR_NAMES.has(word[0])) {
      candidates.push({ color: word[0], position: word.index });
      break;
    }
  }
  candidates.sort((a, b) => a.position - b.position);
  return candidates[0]?.color;
}

const DEFAULT_NOTE_TEXT = 'Edited by the demo agent.';

/** "edit the note to say Buy milk", 'note: "call Bob"', "edit the note" (default text). */
function findNote(text: string): { text: string; position: number; span?: [number, number] } | undefined {
  const note = NOTE.exec(text);
  if (!note) return undefined;
  const quoted = /["“]([^"”]+)["”]|(?:^|\s)'([^']+)'/.exec(text.slice(note.index));
  if (quoted) {
    const start = note.index + quoted.index;
    return { text: (quoted[1] ?? quoted[2])!.trim(), position: note.index, span: [start, start + quoted[0].length] };
  }
  const after = note.index + note[0].length;
  const said = /^\s*(?:to say|saying|that says|to read|reading|says|with|to|:)\s*:?\s*(\S.*)$/is.exec(text.slice(after));
  if (said) {
    const value = said[1]!.trim();
    return { text: value, position: note.index, span: [text.length - said[1]!.length, text.length] };
  }
  return { text: DEFAULT_NOTE_TEXT, position: note.index };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
