import { expect } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { pressKeys, typeInto } from '../../helpers/form-input.js';
import { sendKeys } from '@web/test-runner-commands';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry, type ToolDefinition } from '../../../web/src/tools/index.js';
import { $, approveEditAndExpectRun, editTool, mount, rendered, scenarioUrl, until } from './helpers.js';

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

  it("shows the schema's own message once, at its field, only after the person leaves it; Approve with edits approves nothing meanwhile", async () => {
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
    const approveEdited = $(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement;
    await waitUntil(() => approveEdited.getAttribute('aria-disabled') === 'true', 'Approve with edits stays available');
    // Still in the field: no message yet, anywhere.
    expect($(el, '[part="tool-approval-form"] [part="field-issue"]')).to.equal(null);
    expect($(el, '[part="tool-approval-edit-error"]')).to.equal(null);
    expect(formInput(el, 'text')!.getAttribute('aria-invalid')).to.equal('false');

    await sendKeys({ press: 'Tab' }); // leaves the field
    await waitUntil(() => $(el, '[part="tool-approval-form"] [part="field-issue"]') !== null, 'no message after leaving the field');
    expect($(el, '[part="tool-approval-form"] [part="field-issue"]')!.textContent!.trim()).to.equal('Write at least 5 characters');
    const card = $(el, '[part~="tool-approval"]')!;
    expect(card.textContent!.split('Write at least 5 characters')).to.have.length(2); // once
    expect(formInput(el, 'text')!.getAttribute('aria-invalid')).to.equal('true');
    expect(formInput(el, 'text')!.value).to.equal('Buy'); // the field keeps what was typed

    // Approve with edits while invalid: nothing runs; the card points to the field, which gets the focus.
    approveEdited.click();
    await waitUntil(() => $(el, '[part="tool-approval-edit-error"]') !== null, 'no pointer to the field');
    expect($(el, '[part="tool-approval-edit-error"]')!.textContent!.trim()).to.equal('Correct the field marked above to approve.');
    await waitUntil(() => el.shadowRoot!.activeElement === formInput(el, 'text'), 'focus on the invalid field');
    expect(runs).to.deep.equal([]);
    expect(el.decisions.map((decision) => decision.kind)).to.deep.equal(['tool-approval']);
    await expect(el).to.be.accessible();

    // Fixing it through the form, and ticking the optional checkbox, enables Approve with both edits.
    await pressKeys(formInput(el, 'text')!, ' tea');
    formInput(el, 'urgent')!.click();
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text, urgent.') === true, 'no diff');
    expect(($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).getAttribute('aria-disabled')).to.equal('false');
    ($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).click();
    await sending;
    expect(runs).to.deep.equal([{ text: 'Buy tea', urgent: true }]);
  });

  it('says what is wrong in plain words where the schema has no message of its own', async () => {
    const registry = new ToolRegistry();
    registry.register({
      name: 'send',
      description: 'Sends a note',
      effect: 'external_side_effect',
      schema: z.object({ to: z.string().email(), copies: z.number().int().max(5), subject: z.string().min(1) }),
      handler: () => 'sent',
    });
    const el = await mount(scenarioUrl('tool', { tool: 'send', args: '{"to":"ada@example.com","copies":1,"subject":"Hi"}' }), registry);
    const sending = el.sendMessage('Send it');
    await openForm(el);
    const issueOf = (key: string) => $(el, `[part="tool-approval-form"] [id$="-f-${key}-issue"]`)?.textContent?.trim() ?? '';
    for (const [key, value] of [['to', 'ada'], ['copies', '9'], ['subject', '']] as const) {
      const input = formInput(el, key)!;
      input.focus();
      typeInto(input, value);
      input.blur(); // leaves the field
      await rendered(el); // a frame, as between a person's edits of two fields
      expect(formInput(el, key)!.value).to.equal(value);
    }
    await waitUntil(() => issueOf('subject') !== '', 'no message for subject');
    expect(issueOf('to')).to.equal('Enter an email address, like name@example.com.');
    expect(issueOf('copies')).to.equal('Enter 5 or less.');
    expect(issueOf('subject')).to.equal('This cannot be empty.');
    expect($(el, '[part~="tool-approval"]')!.textContent).to.not.match(/Too small|Too big|Invalid/);
    el.stop();
    await sending;
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
