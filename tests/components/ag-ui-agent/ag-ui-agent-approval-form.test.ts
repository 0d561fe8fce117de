import { expect } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { pressKeys } from '../../helpers/form-input.js';
import { sendKeys } from '@web/test-runner-commands';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry, type ToolDefinition } from '../../../web/src/tools/index.js';
import { $, approveEditAndExpectRun, editTool, mount, scenarioUrl, until } from './helpers.js';

const EDIT_URL = scenarioUrl('tool', { tool: 'edit', args: '{"text":"Buy oat milk"}' });

/** A note tool whose schema refuses short notes and carries optional settings the form shows as fields. */
function strictEditTool(runs: unknown[]): ToolDefinition<{ text: string; urgent?: boolean | undefined }> {
  return {
    name: 'edit',
    description: 'Edits the note',
    effect: 'state_change',
    schema: z.object({ text: z.string().min(5, 'Write at least 5 characters'), urgent: z.boolean().optional() }),
    handler: (args) => {
      runs.push(args);
      return args;
    },
  };
}

/** The form's input of the top-level argument `key`. */
function formInput(el: AgUiAgent, key: string): HTMLInputElement | null {
  return $(el, `[part="tool-approval-form"] [id$="-f-${key}"]`) as HTMLInputElement | null;
}

/** Opens the approval card's editor and waits for its form. */
async function openForm(el: AgUiAgent): Promise<HTMLElement> {
  (await until(el, '[part="tool-approval-edit-button"]')).click();
  return until(el, '[part="tool-approval-form"]');
}

describe('<ag-ui-agent> approve with edits: the form', () => {
  it('runs the handler with arguments edited in the form, and the follow-up says they were edited', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    await openForm(el);
    expect($(el, '[part="tool-approval-edit-mode-form"]')!.getAttribute('aria-pressed')).to.equal('true');
    expect($(el, '[part="tool-approval-edit"]')).to.equal(null);
    const text = formInput(el, 'text')!;
    expect(text.value).to.equal('Buy oat milk'); // pre-filled with the proposed arguments
    await expect(el).to.be.accessible();

    await pressKeys(text, ' and bread');
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text.') === true, 'no diff');
    await approveEditAndExpectRun(el, sending, runs, 'Buy oat milk and bread');
  });

  it('keeps Approve disabled with the schema message at the field while the form is invalid', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(strictEditTool(runs));
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    await openForm(el);
    const text = formInput(el, 'text')!;
    text.select();
    await sendKeys({ press: 'Backspace' });
    await pressKeys(text, 'Buy');

    await waitUntil(() => $(el, '[part="tool-approval-edit-error"]') !== null, 'no schema message');
    expect($(el, '[part="tool-approval-edit-error"]')!.textContent).to.contain('text: Write at least 5 characters');
    expect($(el, '[part="tool-approval-form"] [part="field-issue"]')!.textContent!.trim()).to.equal('Write at least 5 characters');
    expect(formInput(el, 'text')!.getAttribute('aria-invalid')).to.equal('true');
    expect(($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).disabled).to.equal(true);
    expect(formInput(el, 'text')!.value).to.equal('Buy'); // the field keeps what was typed

    // Fixing it through the form, and ticking the optional checkbox, enables Approve with both edits.
    await pressKeys(formInput(el, 'text')!, ' tea');
    formInput(el, 'urgent')!.click();
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text, urgent.') === true, 'no diff');
    ($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).click();
    await sending;
    expect(runs).to.deep.equal([{ text: 'Buy tea', urgent: true }]);
  });

  it('carries an edit between the form and the JSON editor', async () => {
    const registry = new ToolRegistry();
    registry.register(strictEditTool([]));
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    await openForm(el);
    await pressKeys(formInput(el, 'text')!, '!');
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text.') === true, 'no diff');

    $(el, '[part="tool-approval-edit-mode-json"]')!.click();
    const field = (await until(el, '[part="tool-approval-edit"]')) as HTMLTextAreaElement;
    expect(JSON.parse(field.value)).to.deep.equal({ text: 'Buy oat milk!' });
    // Not an object: the form cannot show it, so its toggle waits for valid JSON.
    field.value = '{"text": ';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => ($(el, '[part="tool-approval-edit-mode-form"]') as HTMLButtonElement).disabled, 'Form stays enabled');
    field.value = '{"text": "Oat milk", "urgent": true}';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => !($(el, '[part="tool-approval-edit-mode-form"]') as HTMLButtonElement).disabled, 'Form stays disabled');
    $(el, '[part="tool-approval-edit-mode-form"]')!.click();
    await until(el, '[part="tool-approval-form"]');
    expect(formInput(el, 'text')!.value).to.equal('Oat milk');
    expect(formInput(el, 'urgent')!.checked).to.equal(true);
    el.stop();
    await sending;
  });

  it('offers only the JSON editor when the form cannot express the schema', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register({
      name: 'edit',
      description: 'Edits the note',
      effect: 'state_change',
      schema: z.object({ text: z.union([z.string(), z.array(z.string())]) }),
      handler: ({ text }) => {
        runs.push(text);
        return { text };
      },
    });
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    (await until(el, '[part="tool-approval-edit-button"]')).click();
    const field = (await until(el, '[part="tool-approval-edit"]')) as HTMLTextAreaElement;
    expect($(el, '[part="tool-approval-edit-mode"]')).to.equal(null);
    expect($(el, '[part="tool-approval-form"]')).to.equal(null);
    field.value = '{"text": ["oat milk", "bread"]}';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text.') === true, 'no diff');
    ($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).click();
    await sending;
    expect(runs).to.deep.equal([['oat milk', 'bread']]);
  });
});
