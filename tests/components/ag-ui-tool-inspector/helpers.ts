// Helpers for the <ag-ui-tool-inspector> tests: shadow DOM queries, form input, and test tools.
import { z } from 'zod';
import type { AgUiToolInspector } from '../../../web/src/components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import type { ToolDefinition } from '../../../web/src/tools/index.js';
import { typeInto } from '../../helpers/form-input.js';

export function $(el: AgUiToolInspector, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}

export function $$(el: AgUiToolInspector, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}

/** The trimmed text of the first match, with runs of white space as one space. */
export function text(el: AgUiToolInspector, selector: string): string {
  return ($(el, selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Shows a panel by clicking its tab, and waits for the render. */
export async function showPanel(el: AgUiToolInspector, panel: 'tools' | 'calls' | 'playground'): Promise<void> {
  $(el, `[role="tab"][data-panel="${panel}"]`)!.click();
  await el.updateComplete;
}

/** Fills the field of a path (`owner.name`, `tags.0`) as a person would, and waits for the render. */
export async function fillField(el: AgUiToolInspector, path: string, value: string): Promise<void> {
  const input = $(el, `[id$="-f-${path.replace(/\./g, '-')}"]`) as HTMLInputElement | null;
  if (!input) throw new Error(`no field for ${path}`);
  typeInto(input, value);
  await el.updateComplete;
}

/** The validation messages shown for a path. */
export function issuesOf(el: AgUiToolInspector, path: string): string {
  return text(el, `[id$="-f-${path.replace(/\./g, '-')}-issue"]`);
}

/** A read-only tool returning its arguments. */
export function lookupTool(handler: (args: { query: string }) => unknown = (args) => args): ToolDefinition<{ query: string }> {
  return {
    name: 'lookup',
    description: 'Looks something up',
    effect: 'read_only',
    schema: z.object({ query: z.string() }),
    handler,
  };
}

/** A state_change tool (approval under the default policy) that records its runs. */
export function noteTool(runs: unknown[]): ToolDefinition<{ text: string }> {
  return {
    name: 'edit_note',
    description: 'Replaces the note',
    effect: 'state_change',
    schema: z.object({ text: z.string().min(1) }),
    handler: ({ text }) => {
      runs.push(text);
      return { ok: true, text };
    },
  };
}

/** The arguments of `taskTool`. */
export const taskSchema = z.object({
  title: z.string().min(1),
  priority: z.enum(['low', 'high']).default('low'),
  estimate: z.number().int().optional(),
  owner: z.object({ name: z.string().min(2), email: z.string().optional() }),
  tags: z.array(z.string().min(1)),
  urgent: z.boolean().default(false),
});

/** A read-only tool with nested objects, arrays, enums and defaults, recording the (parsed) arguments it ran with. */
export function taskTool(runs: unknown[]): ToolDefinition<z.output<typeof taskSchema>> {
  return {
    name: 'create_task',
    description: 'Creates a task',
    effect: 'read_only',
    schema: taskSchema,
    handler: (args) => {
      runs.push(args);
      return { id: 'task-1' };
    },
  };
}

/** A secret the redaction tests look for: it must never show in the inspector. */
export const CARD_NUMBER = '4242424242424242';

/** A read-only tool with a redaction config: only `amount` of its arguments and `status` of its result may be shown. */
export function payTool(runs: unknown[] = []): ToolDefinition<{ card: string; amount: number }> {
  return {
    name: 'pay',
    description: 'Pays with a card',
    effect: 'read_only',
    schema: z.object({ card: z.string(), amount: z.number() }),
    redaction: { args: ['amount'], result: ['status'] },
    handler: ({ card, amount }) => {
      runs.push(amount);
      return { status: 'paid', card };
    },
  };
}
