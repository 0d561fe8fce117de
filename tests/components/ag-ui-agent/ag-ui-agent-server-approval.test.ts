import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import type { InterruptDetail } from '../../../web/src/agent/types.js';
import { getRecordedRequests } from '../../helpers/ag-ui-server.js';
import { $, $$, assistantText, mount, rendered, scenarioUrl, until } from './helpers.js';

/** The `resume` entries of each request the scripted agent received on `threadId`. */
async function resumes(threadId: string): Promise<unknown[]> {
  return (await getRecordedRequests(threadId)).map((request) => request.input.resume);
}

function statusOf(card: HTMLElement): string {
  return card.querySelector('[part~="tool-call-status"]')!.textContent!.trim();
}

describe('<ag-ui-agent> server tool calls', () => {
  it('shows an interrupt with reason tool_call as an approval of its call, and resumes with { approved: true }', async () => {
    const el = await mount(scenarioUrl('tool-approval'));
    const interrupts: InterruptDetail[] = [];
    el.addEventListener('ag-ui-interrupt', (event) => interrupts.push(event.detail));
    await el.sendMessage('Email x@y.com');
    const approval = await until(el, '[part="tool-approval"]', 'the approval card');

    expect(interrupts.map((detail) => detail.interrupt.reason)).to.deep.equal(['tool_call']);
    const card = approval.closest<HTMLElement>('[part~="tool-call"]')!;
    expect(card.getAttribute('part')).to.include('tool-call-backend');
    expect(statusOf(card)).to.equal('Waiting for approval');
    expect(approval.querySelector('[part="tool-approval-args"]')!.textContent).to.include('x@y.com');
    // An approval, never a free JSON answer.
    expect($(el, '[part~="interrupt-json"]')).to.equal(null);
    expect($(el, '[part~="interrupt"]')).to.equal(null);
    await expect(el).to.be.accessible();

    const finished = oneEvent(el, 'ag-ui-run-finished');
    $(el, '[part="tool-approval-approve"]')!.click();
    await finished;
    await rendered(el);
    expect(await resumes(el.threadId)).to.deep.equal([undefined, [{ interruptId: 'approval-1', status: 'resolved', payload: { approved: true } }]]);
    await waitUntil(() => assistantText(el).includes('Resumed approval-1 (resolved): {"approved":true}'), 'the resumed reply');
    const done = $(el, '[part~="tool-call"]')!;
    expect(statusOf(done)).to.equal('Succeeded');
    expect(done.querySelector('[part="tool-call-result"]')!.textContent).to.include('"sent": true');
  });

  it("shows the interrupt's message on the call's card, as plain text", async () => {
    const message = 'Approve deleting the cache files? <img src=x onerror="window.__approvalXss=1"> **all** of them';
    const el = await mount(scenarioUrl('tool-approval', { tool: 'clear_cache', args: '{"paths":["/tmp/cache"]}', message }));
    await el.sendMessage('Clear the cache');
    const approval = await until(el, '[part="tool-approval"]', 'the approval card');
    const shown = approval.querySelector('[part="tool-approval-message"]');
    expect(shown, 'the message on the card').to.not.equal(null);
    expect(shown!.textContent!.trim()).to.equal(message);
    expect(shown!.children).to.have.length(0); // text, not markup: no image, no bold
    expect((window as { __approvalXss?: unknown }).__approvalXss).to.equal(undefined);
    expect(approval.getAttribute('aria-describedby')).to.equal(shown!.id);
    // Still an approval on the call's card, not a separate interrupt card.
    expect($(el, '[part~="interrupt"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('resumes with editedArgs when the interrupt takes them and the person approves with edits', async () => {
    const el = await mount(scenarioUrl('tool-approval'));
    await el.sendMessage('Email x@y.com');
    (await until(el, '[part="tool-approval-edit-button"]', 'Edit offered')).click();
    // A server's tool has no schema in the page: the arguments are edited as JSON.
    const field = (await until(el, '[part="tool-approval-edit"]')) as HTMLTextAreaElement;
    expect($(el, '[part="tool-approval-form"]')).to.equal(null);
    expect(JSON.parse(field.value)).to.deep.equal({ to: 'x@y.com' });
    field.value = '["x@y.com"]';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => $(el, '[part="tool-approval-edit-error"]') !== null, 'no message for an array');
    expect(($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).disabled).to.equal(true);
    field.value = '{"to": "ana@example.com", "cc": "x@y.com"}';
    field.dispatchEvent(new Event('input'));
    await waitUntil(() => !($(el, '[part~="tool-approval-approve-edited"]') as HTMLButtonElement).disabled, 'Approve with edits stays disabled');
    await expect(el).to.be.accessible();

    const finished = oneEvent(el, 'ag-ui-run-finished');
    $(el, '[part~="tool-approval-approve-edited"]')!.click();
    await finished;
    await rendered(el);
    const editedArgs = { to: 'ana@example.com', cc: 'x@y.com' };
    expect(await resumes(el.threadId)).to.deep.equal([undefined, [{ interruptId: 'approval-1', status: 'resolved', payload: { approved: true, editedArgs } }]]);
    expect(el.toolCalls.get('call-approval-1')).to.deep.include({ status: 'succeeded', argsEdited: true, args: editedArgs });
  });

  it('offers no edit when the interrupt does not take editedArgs', async () => {
    const el = await mount(scenarioUrl('tool-approval', { edits: 0 }));
    await el.sendMessage('Email x@y.com');
    await until(el, '[part="tool-approval-approve"]', 'the approval card');
    expect($(el, '[part="tool-approval-edit-button"]')).to.equal(null);
  });

  it('resumes with { approved: false } when the person denies the server call, which then shows it did not run', async () => {
    const el = await mount(scenarioUrl('tool-approval'));
    await el.sendMessage('Email x@y.com');
    await until(el, '[part="tool-approval"]', 'the approval card');

    const finished = oneEvent(el, 'ag-ui-run-finished');
    $(el, '[part="tool-approval-deny"]')!.click();
    await finished;
    await rendered(el);
    expect(await resumes(el.threadId)).to.deep.equal([undefined, [{ interruptId: 'approval-1', status: 'resolved', payload: { approved: false } }]]);
    const card = $(el, '[part~="tool-call"]')!;
    expect(statusOf(card)).to.equal('Cancelled');
    expect($$(el, '[part="tool-approval"]')).to.have.length(0);
  });

  it('never leaves a card saying Running after its run finished: a server call without a result shows No result', async () => {
    const el = await mount(scenarioUrl('backend-tool', { answered: 0 }));
    const finished = oneEvent(el, 'ag-ui-run-finished');
    await el.sendMessage('Search');
    await finished;
    await rendered(el);
    expect(el.running).to.equal(false);
    const card = $(el, '[part~="tool-call"]')!;
    expect(card.getAttribute('part')).to.include('tool-call-unanswered');
    expect(statusOf(card)).to.equal('No result');
    expect($$(el, '[part~="tool-call-executing"], [part~="tool-call-pending"], [part~="tool-call-validating"]')).to.have.length(0);
  });
});
