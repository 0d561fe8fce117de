import { EventType, type BaseEvent, type ToolMessage } from '@ag-ui/client';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { getRecordedRequests, scenarioUrl as serverScenarioUrl } from '../../helpers/ag-ui-server.js';
import { pushedAgent } from '../../helpers/agent-fixtures.js';
import {
  $,
  $$,
  approveEditAndExpectRun,
  approveRemembering,
  assistantText,
  echoArgsTool,
  editTool,
  mount,
  noteTools,
  rendered,
  scenarioUrl,
  until,
} from './helpers.js';

/** The status text of the only tool card. */
function cardStatus(el: AgUiAgent): string {
  return $(el, '[part~="tool-call-status"]')?.textContent?.trim() ?? '';
}

const EDIT_URL = scenarioUrl('tool', { tool: 'edit', args: '{"text":"Buy oat milk"}' });

describe('<ag-ui-agent> tool approval', () => {
  it('shows an accessible approval card in the tool card, focuses it, and runs the call when approved by keyboard', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(EDIT_URL, registry);
    const statuses: string[] = [];
    el.addEventListener('ag-ui-tool-status-changed', (event) => statuses.push(event.detail.status));
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const sending = el.sendMessage('Edit the note');
    const event = await requested;
    expect(event).to.include({ bubbles: true, composed: true, cancelable: true });

    const approval = await until(el, '[part="tool-approval"]');
    const card = $(el, '[part~="tool-call"]')!;
    expect(card.contains(approval)).to.equal(true);
    expect(card.getAttribute('part')).to.include('tool-call-awaiting_approval');
    expect(cardStatus(el)).to.equal('Waiting for approval');
    expect(approval.querySelector('[part="tool-approval-title"]')!.textContent).to.match(/Allow\s+edit\s+to run\?/);
    expect(approval.querySelector('[part="tool-approval-effect"]')!.textContent).to.include('Changes this page').and.include('state_change');
    expect(JSON.parse(approval.querySelector('[part="tool-approval-args"]')!.textContent!)).to.deep.equal({ text: 'Buy oat milk' });
    expect($(el, '[part="tool-call-args"]')).to.equal(null); // shown once, in the approval card
    expect(statuses).to.include('awaiting_approval');
    expect(el.shadowRoot!.activeElement).to.equal(approval);
    await expect(el).to.be.accessible();
    expect(runs).to.deep.equal([]);

    await sendKeys({ press: 'Tab' });
    const approve = approval.querySelector<HTMLElement>('[part="tool-approval-approve"]')!;
    expect(el.shadowRoot!.activeElement).to.equal(approve);
    expect(approve.getAttribute('aria-label')).to.equal('Approve edit');
    await sendKeys({ press: 'Enter' });
    await sending;
    await rendered(el);

    expect(runs).to.deep.equal(['Buy oat milk']);
    expect($(el, '[part="tool-approval"]')).to.equal(null);
    expect(cardStatus(el)).to.equal('Succeeded');
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part~="tool-call"]'));
    expect(assistantText(el)).to.include('Result: {"text":"Buy oat milk"}');
  });

  it('answers Deny with approval_denied, shows it on the card, and the agent still answers', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    (await until(el, '[part="tool-approval-deny"]')).click();
    await sending;
    await rendered(el);

    expect(runs).to.deep.equal([]);
    expect(cardStatus(el)).to.equal('Cancelled');
    expect($(el, '[part="tool-call-error"]')!.textContent).to.equal('The user denied this tool call');
    const requests = await getRecordedRequests(el.threadId);
    expect(requests).to.have.length(2);
    const answer = requests[1]!.input.messages.at(-1) as ToolMessage;
    expect(JSON.parse(answer.content as string)).to.deep.include({ ok: false, errorCode: 'approval_denied' });
    expect(assistantText(el)).to.include('approval_denied');
  });

  for (const how of ['the Deny button', 'Enter in the reason field'] as const) {
    it(`sends the optional reason typed on the card with the denial (${how})`, async () => {
      const runs: unknown[] = [];
      const registry = new ToolRegistry();
      registry.register(editTool(runs));
      const el = await mount(EDIT_URL, registry);
      const sending = el.sendMessage('Edit the note');
      const reason = (await until(el, '[part="tool-approval-reason"]')) as HTMLInputElement;
      expect(reason.getAttribute('aria-label')).to.equal('Reason for denying edit (optional)');
      reason.focus();
      await sendKeys({ type: '  Not that note  ' });
      if (how === 'the Deny button') ($(el, '[part="tool-approval-deny"]') as HTMLButtonElement).click();
      else await sendKeys({ press: 'Enter' });
      await sending;
      await rendered(el);

      expect(runs).to.deep.equal([]);
      expect($(el, '[part="tool-call-error"]')!.textContent).to.equal('The user denied this tool call: Not that note');
      const requests = await getRecordedRequests(el.threadId);
      const answer = requests[1]!.input.messages.at(-1) as ToolMessage;
      expect(JSON.parse(answer.content as string)).to.deep.equal({
        ok: false,
        errorCode: 'approval_denied',
        message: 'The user denied this tool call: Not that note',
      });
    });
  }

  it('hides the card when the page calls preventDefault() and takes its answer through approve()', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(EDIT_URL, registry);
    // The page's own UI, on document: the event bubbles out of the element.
    let pageApprove: (() => boolean) | undefined;
    const onRequest = (event: HTMLElementEventMap['ag-ui-tool-approval-requested']): void => {
      event.preventDefault();
      pageApprove = event.detail.approve;
    };
    document.addEventListener('ag-ui-tool-approval-requested', onRequest);
    try {
      const sending = el.sendMessage('Edit the note');
      await waitUntil(() => pageApprove !== undefined, 'the page to get the request');
      await waitUntil(() => cardStatus(el) === 'Waiting for approval', 'the card to wait');
      expect($(el, '[part="tool-approval"]')).to.equal(null);
      expect(runs).to.deep.equal([]);
      expect(pageApprove!()).to.equal(true);
      await sending;
      await rendered(el);
      expect(runs).to.deep.equal(['Buy oat milk']);
      expect(cardStatus(el)).to.equal('Succeeded');
    } finally {
      document.removeEventListener('ag-ui-tool-approval-requested', onRequest);
    }
  });

  it('cancels a pending approval on Stop: the card goes, the call is cancelled, no follow-up', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(EDIT_URL, registry);
    const requested = oneEvent(el, 'ag-ui-tool-approval-requested');
    const sending = el.sendMessage('Edit the note');
    const { detail } = await requested;
    await until(el, '[part="tool-approval"]');
    (await until(el, '[part="stop-button"]')).click();
    await sending;
    await rendered(el);

    expect(detail.signal.aborted).to.equal(true);
    expect($(el, '[part="tool-approval"]')).to.equal(null);
    expect(cardStatus(el)).to.equal('Cancelled');
    expect(runs).to.deep.equal([]);
    expect(await getRecordedRequests(el.threadId)).to.have.length(1);
  });

  it('moves focus to the next approval card after one is answered', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(serverScenarioUrl('parallel', { call: ['edit:{"text":"one"}', 'edit:{"text":"two"}'] }), registry);
    const sending = el.sendMessage('Two edits');
    await waitUntil(() => $$(el, '[part="tool-approval"]').length === 2, 'two approval cards');
    const [first, second] = $$(el, '[part="tool-approval"]');
    expect(el.shadowRoot!.activeElement).to.equal(first);
    first!.querySelector<HTMLElement>('[part="tool-approval-approve"]')!.click();
    expect(el.shadowRoot!.activeElement).to.equal(second);
    second!.querySelector<HTMLElement>('[part="tool-approval-approve"]')!.click();
    await sending;
    expect(runs).to.deep.equal(['one', 'two']);
  });

  describe('policy property', () => {
    it('gives the policy to the registry: a tool outside allowedTools is not sent, and a call to it is denied', async () => {
      const runs: unknown[] = [];
      const registry = new ToolRegistry();
      registry.register(editTool(runs));
      registry.register(echoArgsTool());
      const el = await fixture<AgUiAgent>(
        html`<ag-ui-agent url=${EDIT_URL} .registry=${registry} .policy=${{ allowedTools: ['echo'] }}></ag-ui-agent>`,
      );
      expect(registry.policy).to.deep.equal({ allowedTools: ['echo'] });
      await el.sendMessage('Edit the note');
      await rendered(el);

      const requests = await getRecordedRequests(el.threadId);
      expect(requests[0]!.input.tools.map((tool) => tool.name)).to.deep.equal(['echo']);
      expect(runs).to.deep.equal([]);
      expect(cardStatus(el)).to.equal('Failed');
      expect($(el, '[part="tool-call-error"]')!.textContent).to.include('does not allow "edit"');
      expect(JSON.parse((requests[1]!.input.messages.at(-1) as ToolMessage).content as string)).to.deep.include({ errorCode: 'policy_denied' });
    });

    it('applies a change of policy at once, and follows the element to a new registry', async () => {
      const first = new ToolRegistry();
      const second = new ToolRegistry();
      const el = await mount(scenarioUrl('text'), first);
      el.policy = { deniedTools: ['edit'] };
      expect(first.policy).to.deep.equal({ deniedTools: ['edit'] }); // before any render: the next send sees it
      el.registry = second;
      await el.updateComplete;
      expect(second.policy).to.deep.equal({ deniedTools: ['edit'] });
      expect(first.policy).to.deep.equal({}); // withdrawn from the registry it left
      el.policy = undefined;
      expect(second.policy).to.deep.equal({});
    });

    it('ignores an invalid policy with a console warning', async () => {
      const registry = new ToolRegistry();
      const el = await mount(scenarioUrl('text'), registry);
      const warn = console.warn;
      const warnings: unknown[][] = [];
      console.warn = (...args: unknown[]) => warnings.push(args);
      try {
        el.policy = { allowedTools: 'echo' } as never;
      } finally {
        console.warn = warn;
      }
      expect(registry.policy).to.deep.equal({});
      expect(String(warnings[0]?.[0])).to.include('policy');
    });
  });

  it('shows redacted arguments and result on the card while the agent gets the real result', async () => {
    const registry = new ToolRegistry();
    registry.register({
      name: 'echo',
      description: 'Returns a secret',
      effect: 'read_only',
      schema: z.object({ query: z.string(), token: z.string() }),
      redaction: { args: ['query'], result: ['id'] },
      handler: () => ({ id: 7, secret: 'alpha-secret' }),
    });
    const el = await mount(scenarioUrl('tool', { args: '{"query":"q","token":"s3cret-token"}' }), registry);
    const ended = oneEvent(el, 'ag-ui-tool-call-end');
    await el.sendMessage('Look it up');
    await rendered(el);

    const card = $(el, '[part~="tool-call"]')!;
    expect(JSON.parse(card.querySelector('[part="tool-call-args"]')!.textContent!)).to.deep.equal({ query: 'q', token: '[redacted]' });
    expect(JSON.parse(card.querySelector('[part="tool-call-result"]')!.textContent!)).to.deep.equal({ id: 7, secret: '[redacted]' });
    expect(card.textContent).to.not.include('s3cret-token').and.not.include('alpha-secret');
    expect((await ended).detail.result).to.equal('{"id":7,"secret":"[redacted]"}');
    const requests = await getRecordedRequests(el.threadId);
    expect((requests[1]!.input.messages.at(-1) as ToolMessage).content).to.equal('{"id":7,"secret":"alpha-secret"}');
  });

  it('says on the card that a result was too large to send', async () => {
    const registry = new ToolRegistry();
    registry.register({ ...echoArgsTool(), handler: () => 'x'.repeat(2000) });
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('tool')} .registry=${registry} .policy=${{ budgets: { maxResultBytes: 1024 } }}></ag-ui-agent>`,
    );
    await el.sendMessage('Big');
    await rendered(el);
    expect(cardStatus(el)).to.equal('Failed');
    expect($(el, '[part="tool-call-error"]')!.textContent).to.equal('The result of "echo" is too large: 2000 bytes, the limit is 1024 bytes');
    expect($(el, '[part="tool-call-result"]')).to.equal(null);
  });
});

describe("<ag-ui-agent> a page tool's call the agent answered itself", () => {
  it('shows the answer as the agent\'s claim, "not run here", never as Succeeded, and does not run it', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${registry}></ag-ui-agent>`);
    const sending = el.sendMessage('Edit the note');
    for (const event of [
      { type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'edit' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"text":"Buy oat milk"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' },
    ] as BaseEvent[]) {
      push(event);
    }
    await until(el, '[part="tool-approval"]');
    // The same stream goes on with a run that answers the page's own call.
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r2' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_RESULT, messageId: 'server-answer', toolCallId: 'c1', role: 'tool', content: 'Edited by the server' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r2' } as BaseEvent);
    end();
    await sending;
    await rendered(el);
    expect(cardStatus(el)).to.equal('Answered by the agent, not run here');
    expect($(el, '[part~="tool-call"]')!.textContent).to.not.contain('Succeeded');
    expect($(el, '[part="tool-approval"]')).to.equal(null);
    const result = $(el, '[part~="tool-call-result"]')!;
    expect(result.textContent).to.equal('Edited by the server');
    expect(result.getAttribute('aria-label')).to.equal("The agent's answer (not run here)");
    expect(runs).to.deep.equal([]);
    expect(el.toolCalls.get('c1')).to.deep.include({ status: 'cancelled', result: 'Edited by the server' });
  });
});

describe('<ag-ui-agent> tool approval of large arguments', () => {
  it('shows a bounded preview of large arguments, and all of them on request, before the person decides', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${registry}></ag-ui-agent>`);
    const text = 'x'.repeat(200_000);
    const sending = el.sendMessage('Edit the note');
    for (const event of [
      { type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'edit' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: JSON.stringify({ text }) },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
      { type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' },
    ] as BaseEvent[]) {
      push(event);
    }
    end();
    const approval = await until(el, '[part="tool-approval"]');
    expect(approval.textContent!.length).to.be.below(6_000);
    expect(approval.querySelector('[part="tool-call-truncated"]')).to.not.equal(null);
    const details = approval.querySelector<HTMLDetailsElement>('[part="tool-call-more"]')!;
    details.open = true;
    await waitUntil(() => (approval.querySelector('[part="tool-call-args-full"]')?.textContent?.length ?? 0) > 200_000, 'the whole arguments');
    $(el, '[part="tool-approval-approve"]')!.click();
    await sending;
    expect(runs).to.deep.equal([text]);
  });
});

describe('<ag-ui-agent> remembered approvals', () => {
  it('"For this conversation" skips the next approval of that tool in the thread, not of another tool or thread', async () => {
    const runs: unknown[] = [];
    const registry = noteTools(runs);
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    const remember = (await until(el, '[part~="tool-approval-remember"]')) as HTMLSelectElement;
    expect([...remember.options].map((option) => option.textContent!.trim())).to.deep.equal(['Ask next time', 'For this conversation', 'Always']);
    expect(remember.labels[0]!.textContent!.trim()).to.equal('Remember approval');
    await expect(el).to.be.accessible();
    await approveRemembering(el, 'thread');
    await sending;
    await rendered(el);
    expect(runs).to.deep.equal(['Buy oat milk']);
    expect(el.rememberedApprovals).to.deep.equal([{ toolName: 'edit', scope: 'thread', threadId: el.threadId }]);

    let asked = 0;
    el.addEventListener('ag-ui-tool-approval-requested', () => asked++);
    await el.sendMessage('Edit it again');
    await rendered(el);
    expect(asked).to.equal(0);
    expect(runs).to.deep.equal(['Buy oat milk', 'Buy oat milk']);
    expect($$(el, '[part="tool-call-approved-by"]').at(-1)!.textContent).to.equal('Allowed for this conversation');

    el.url = scenarioUrl('tool', { tool: 'rename', args: '{"text":"x"}' });
    await el.updateComplete;
    // A new url is a new conversation (thread); and rename is another tool anyway.
    const other = el.sendMessage('Rename it');
    await until(el, '[part="tool-approval"]');
    expect(asked).to.equal(1);
    el.stop();
    await other;
  });

  it('"Always" holds in a new thread until forgotten, and lapses when the tool changes', async () => {
    const runs: unknown[] = [];
    const registry = noteTools(runs);
    const el = await mount(EDIT_URL, registry);
    let sending = el.sendMessage('Edit the note');
    await approveRemembering(el, 'always');
    await sending;
    el.reset();
    let asked = 0;
    el.addEventListener('ag-ui-tool-approval-requested', () => asked++);
    await el.sendMessage('Edit the note');
    expect(asked).to.equal(0);
    expect(runs).to.have.length(2);

    // Registered again with another description: another tool as far as the approval goes.
    registry.unregister('edit');
    registry.register({ ...editTool(runs), description: 'Edits the note, and mails it to everyone' });
    sending = el.sendMessage('Edit the note');
    await until(el, '[part="tool-approval"]');
    expect(asked).to.equal(1);
    el.stop();
    await sending;
    await rendered(el);

    registry.unregister('edit');
    registry.register(editTool(runs));
    expect(el.forgetApprovals('edit')).to.equal(1);
    expect(el.rememberedApprovals).to.deep.equal([]);
    sending = el.sendMessage('Edit the note');
    await until(el, '[part="tool-approval"]');
    expect(asked).to.equal(2);
    el.stop();
    await sending;
  });

  it('approves nothing when the remember choice alone is used: only Approve answers, with that choice', async () => {
    const runs: unknown[] = [];
    const el = await mount(EDIT_URL, noteTools(runs));
    let asked = 0;
    el.addEventListener('ag-ui-tool-approval-requested', () => asked++);
    const decided: string[] = [];
    el.addEventListener('ag-ui-tool-status-changed', (event) => decided.push(event.detail.status));
    const sending = el.sendMessage('Edit the note');
    const remember = (await until(el, '[part~="tool-approval-remember"]')) as HTMLSelectElement;
    decided.length = 0;
    // A person's slip: a click on the choice, then keys that change it to "Always".
    remember.focus();
    remember.click();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => remember.value === 'always', 'the choice to change');
    await rendered(el);
    expect(decided).to.deep.equal([]);
    expect(runs).to.deep.equal([]);
    expect(el.rememberedApprovals).to.deep.equal([]);
    expect(el.decisions.map((decision) => decision.kind)).to.deep.equal(['tool-approval']);
    expect($(el, '[part="tool-approval"]')).to.not.equal(null);

    $(el, '[part="tool-approval-approve"]')!.click();
    await sending;
    expect(runs).to.deep.equal(['Buy oat milk']);
    expect(asked).to.equal(1);
    expect(el.rememberedApprovals).to.deep.equal([{ toolName: 'edit', scope: 'always' }]);
  });

  it('keeps Approve and Deny side by side on a 390 px phone, the remember choice on a row of its own', async () => {
    await setViewport({ width: 390, height: 844 });
    try {
      const el = await mount(EDIT_URL, noteTools([]));
      const sending = el.sendMessage('Edit the note');
      const remember = await until(el, '[part~="tool-approval-remember"]');
      const box = (part: string) => $(el, `[part~="${part}"]`)!.getBoundingClientRect();
      const approve = box('tool-approval-approve');
      const deny = box('tool-approval-deny');
      expect(el.getBoundingClientRect().width).to.be.at.most(390);
      expect(deny.top).to.be.closeTo(approve.top, 1); // one row
      expect(deny.left).to.be.above(approve.right);
      expect(approve.width).to.be.closeTo(deny.width, 1); // the same weight
      // The remember choice is below the buttons, never beside Deny.
      const choice = remember.getBoundingClientRect();
      expect(choice.top).to.be.at.least(Math.max(approve.bottom, deny.bottom, box('tool-approval-edit-button').bottom));
      // The effect line is stronger text than the remember choice.
      const weight = (part: string) => Number(getComputedStyle($(el, `[part~="${part}"]`)!).fontWeight);
      expect(weight('tool-approval-effect')).to.be.above(weight('tool-approval-remember-label'));
      el.stop();
      await sending;
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('never offers to remember an approval the policy asks for on every call', async () => {
    const registry = noteTools([]);
    registry.setPolicy({ tools: { edit: { decision: 'require_approval' } } });
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    await until(el, '[part="tool-approval"]');
    expect($(el, '[part~="tool-approval-remember"]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[part="tool-approval-approve"]')).to.not.equal(null);
    el.stop();
    await sending;
  });
});

describe('<ag-ui-agent> approve with edits', () => {
  it('runs the handler with the arguments edited as JSON, records them, and tells the agent', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    (await until(el, '[part="tool-approval-edit-button"]')).click();
    // The form is the default; its JSON fallback is one toggle away.
    (await until(el, '[part="tool-approval-edit-mode-json"]')).click();
    const field = (await until(el, '[part="tool-approval-edit"]')) as HTMLTextAreaElement;
    expect($(el, '[part="tool-approval-edit-mode-json"]')!.getAttribute('aria-pressed')).to.equal('true');
    expect($(el, '[part="tool-approval-form"]')).to.equal(null);
    expect(JSON.parse(field.value)).to.deep.equal({ text: 'Buy oat milk' });
    await expect(el).to.be.accessible();

    // Invalid for the tool's schema: Approve stays disabled, with the schema's message.
    field.value = '{"text": 42}';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => $(el, '[part="tool-approval-edit-error"]') !== null, 'no schema message');
    expect($(el, '[part="tool-approval-edit-error"]')!.textContent).to.contain('text:');
    expect(($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).disabled).to.equal(true);
    field.value = '{"text": ';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => $(el, '[part="tool-approval-edit-error"]')?.textContent?.includes('Not valid JSON') === true, 'no JSON message');

    field.value = '{"text": "Buy oat milk and bread"}';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text.') === true, 'no diff');
    await approveEditAndExpectRun(el, sending, runs, 'Buy oat milk and bread');
  });

  it('diffs, records and reports the edit as the schema parsed it, and shows the keys it ignored', async () => {
    const runs: unknown[] = [];
    const received: unknown[] = [];
    const registry = new ToolRegistry();
    const tool = editTool(runs);
    registry.register({ ...tool, handler: (args, context) => (received.push(args), tool.handler(args, context)) });
    const el = await mount(EDIT_URL, registry);
    const sending = el.sendMessage('Edit the note');
    (await until(el, '[part="tool-approval-edit-button"]')).click();
    (await until(el, '[part="tool-approval-edit-mode-json"]')).click();
    const field = (await until(el, '[part="tool-approval-edit"]')) as HTMLTextAreaElement;

    // `z.object` strips unknown keys: `cc` never reaches the handler.
    field.value = '{"text": "Buy oat milk and bread", "cc": "boss@example.com"}';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => $(el, '[part="tool-approval-diff"]')?.textContent?.includes('Changed: text.') === true, 'no diff');
    expect($(el, '[part="tool-approval-diff"]')!.textContent).not.to.contain('cc');
    expect($(el, '[part="tool-approval-ignored"]')?.textContent).to.contain('Ignored: cc');
    await expect(el).to.be.accessible();
    await approveEditAndExpectRun(el, sending, runs, 'Buy oat milk and bread');
    expect(received).to.deep.equal([{ text: 'Buy oat milk and bread' }]);
  });
});
