import { z } from 'zod';
import { defineUiTool, PermanentToolError, type ToolDefinition } from '../src/tools/index.js';
import { evaluateExpression } from './calculator.js';
import { pickColorCard } from './demo-renderers.js';
import { readableTextOn } from './page-contrast.js';

/** Whether `Intl` knows the IANA time zone `zone`. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `calculator`: evaluates an arithmetic expression (no eval: see calculator.ts). */
export const calculatorTool: ToolDefinition<{ expression: string }> = {
  name: 'calculator',
  description: 'Evaluates an arithmetic expression with + - * / % ^ and parentheses, e.g. "(3 + 4) * 2".',
  effect: 'read_only',
  schema: z.object({ expression: z.string().min(1).max(200).describe('The arithmetic expression') }),
  handler: ({ expression }) => {
    let value: number;
    try {
      value = evaluateExpression(expression);
    } catch (error) {
      throw new PermanentToolError((error as Error).message, { cause: error });
    }
    if (!Number.isFinite(value)) throw new PermanentToolError(`"${expression}" has no finite value`);
    return { expression, value };
  },
  metadata: { category: 'math', tags: ['demo'], idempotent: true },
};

/** `get_current_time`: the current date and time in an IANA time zone (default: the browser's). */
export const currentTimeTool: ToolDefinition<{ timezone?: string | undefined }> = {
  name: 'get_current_time',
  description: "Returns the current date and time in an IANA time zone such as 'Asia/Tokyo' (default: the user's).",
  effect: 'read_only',
  schema: z.object({
    timezone: z
      .string()
      .refine(isTimeZone, { message: 'Not an IANA time zone (e.g. "Europe/Paris")' })
      .optional()
      .describe('IANA time zone, e.g. "Europe/Paris"'),
  }),
  handler: ({ timezone }) => {
    const timeZone = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = new Date();
    const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(now);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    return { timezone: timeZone, time, date, iso: now.toISOString() };
  },
  metadata: { category: 'time', tags: ['demo'], idempotent: true },
};

/**
 * `change_background`: sets the page's background colour (any CSS colour), and the colour of the text set right on it
 * to one readable there (the page title on "light blue" in dark mode would otherwise be light on light).
 */
export const changeBackgroundTool: ToolDefinition<{ color: string }> = {
  name: 'change_background',
  description: 'Changes the background colour of the page. Accepts any CSS colour: a name, #hex, rgb() or hsl().',
  effect: 'state_change',
  schema: z.object({
    color: z
      .string()
      .refine((c) => CSS.supports('color', c), { message: 'Not a CSS colour' })
      .describe('A CSS colour, e.g. "lightblue" or "#ffeecc"'),
  }),
  handler: ({ color }) => {
    const previous = document.documentElement.style.getPropertyValue('--demo-background') || 'default';
    const root = document.documentElement.style;
    root.setProperty('--demo-background', color);
    const readable = readableTextOn(color);
    root.setProperty('--demo-on-background', readable.text);
    root.setProperty('--demo-on-background-muted', readable.muted);
    return { color, previous };
  },
  metadata: { category: 'page', tags: ['demo'] },
};

/**
 * `edit_note`: replaces the text of the note card on the page. A `state_change` tool: under the default policy every
 * call waits for the person's approval (the element's approval card).
 */
export const editNoteTool: ToolDefinition<{ text: string }> = {
  name: 'edit_note',
  description: 'Replaces the text of the note shown on the page.',
  effect: 'state_change',
  schema: z.object({ text: z.string().min(1).max(500).describe('The new text of the note') }),
  handler: ({ text }) => {
    const note = document.querySelector<HTMLElement>('#note-text');
    if (!note) throw new PermanentToolError('This page has no note to edit');
    const previous = note.textContent ?? '';
    note.textContent = text;
    note.closest('.note')?.animate([{ outlineColor: '#0a58ca' }, { outlineColor: 'transparent' }], { duration: 1200 });
    return { text, previous };
  },
  metadata: { category: 'page', tags: ['demo'] },
};

/**
 * `pick_color`: a UI tool. The person answers it by clicking a swatch in its card (`demo-renderers.ts`); the answer is
 * checked against `result` and becomes the tool's result.
 */
export const pickColorTool = defineUiTool({
  name: 'pick_color',
  description: 'Asks the user to pick a colour among options; returns { color }.',
  schema: z.object({ question: z.string(), options: z.array(z.string()).min(1).max(12) }),
  result: z.object({ color: z.string().refine((c) => CSS.supports('color', c), { message: 'Not a CSS colour' }) }),
  render: (call) => pickColorCard(call),
  metadata: { category: 'page', tags: ['demo'] },
});

export const demoTools = [calculatorTool, currentTimeTool, changeBackgroundTool, editNoteTool, pickColorTool];
