import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { InterruptDetail } from '../../../web/src/agent/types.js';
import { getRecordedRequests } from '../../helpers/ag-ui-server.js';
import { typeInto } from '../../helpers/form-input.js';
import { $, $$, assistantText, mount, rendered, scenarioUrl } from './helpers.js';

/** Collects the detail of every `ag-ui-interrupt`; `preventDefault()` on each when `takeOver`. */
function collectInterrupts(el: AgUiAgent, takeOver = false): InterruptDetail[] {
  const details: InterruptDetail[] = [];
  el.addEventListener('ag-ui-interrupt', (event) => {
    if (takeOver) event.preventDefault();
    details.push(event.detail);
  });
  return details;
}

/** The `resume` entries of each request the scripted agent received on the element's thread. */
async function resumes(el: AgUiAgent): Promise<unknown[]> {
  return (await getRecordedRequests(el.threadId)).map((request) => request.input.resume);
}

/** A node as text (`tag[part]#id`): assertions compare these, never DOM nodes (a failure message would serialize them). */
function describeNode(node: Element | null | undefined): string {
  return node ? `${node.localName}[${node.getAttribute('part') ?? ''}]#${node.id}` : 'nothing';
}

/** What has focus in the element's shadow root, as `describeNode` text. */
function focused(el: AgUiAgent): string {
  return describeNode(el.shadowRoot!.activeElement);
}

function input(el: AgUiAgent, selector: string): HTMLInputElement {
  return $(el, selector) as HTMLInputElement;
}

const FORM_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', description: 'Who approves the change' },
    count: { type: 'integer', title: 'Replicas', minimum: 1 },
    env: { type: 'string', title: 'Environment', enum: ['staging', 'production'] },
    notify: { type: 'boolean', title: 'Notify the team', default: true },
  },
  required: ['name', 'env'],
};

describe('<ag-ui-agent> interrupts', () => {
  afterEach(() => {
    sinon.restore();
  });

  it('shows the interrupt with a form for its schema and resumes with the submitted payload', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const details = collectInterrupts(el);
    await el.sendMessage('deploy it');
    await rendered(el);

    expect(details.map((detail) => detail.interrupt.id)).to.deep.equal(['interrupt-1']);
    const card = $(el, '[part~="interrupt"]')!;
    expect(card.getAttribute('role')).to.equal('group');
    expect($(el, '[part="interrupt-message"]')!.textContent!.trim()).to.equal('Approve the deployment?');
    expect($(el, '[part="interrupt-reason"]')!.textContent!.trim()).to.equal('confirmation');
    // after the last message
    expect($(el, '[part="transcript-items"]')!.lastElementChild!.matches('[part="interrupts"]')).to.equal(true);
    const checkbox = input(el, '[part~="interrupt-input"]');
    expect(checkbox.type).to.equal('checkbox');
    expect(checkbox.labels![0]!.textContent!.trim()).to.equal('Approve');
    expect(focused(el)).to.equal(describeNode(checkbox));
    expect($(el, '[part="interrupt-submit"]')!.textContent!.trim()).to.equal('Submit');
    expect($(el, '[part="interrupt-cancel"]')!.textContent!.trim()).to.equal('Cancel');

    checkbox.click();
    const finished = oneEvent(el, 'ag-ui-run-finished');
    $(el, '[part="interrupt-submit"]')!.click();
    expect((await finished).detail.interrupts).to.deep.equal([]);
    await rendered(el);

    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } }]]);
    expect(assistantText(el)).to.include('Resumed interrupt-1 (resolved): {"approved":true}');
    expect($(el, '[part~="interrupt"]')).to.equal(null);
    expect(focused(el)).to.equal(describeNode($(el, '[part="input"]')));
  });

  it('shows its cards and resumes even when a page listener stops every event the element fires', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const stop = (event: Event): void => event.stopImmediatePropagation();
    for (const type of ['ag-ui-run-started', 'ag-ui-run-finished', 'ag-ui-run-error', 'ag-ui-interrupt', 'ag-ui-decisions-changed']) {
      el.addEventListener(type, stop, { capture: true });
    }
    await el.sendMessage('deploy it');
    await rendered(el);
    input(el, '[part~="interrupt-input"]').click();
    $(el, '[part="interrupt-submit"]')!.click();
    await waitUntil(() => assistantText(el).includes('Resumed interrupt-1 (resolved)'), 'the resumed reply');
    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } }]]);
  });

  it('shows the interrupt again when the resume run fails, and resumes once it is answered anew', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const details = collectInterrupts(el);
    await el.sendMessage('deploy it');
    await rendered(el);
    const realFetch = window.fetch.bind(window);
    const failing = sinon.stub(window, 'fetch').callsFake(async () => new Response('unavailable', { status: 503 }));
    const failed = oneEvent(el, 'ag-ui-run-error');
    input(el, '[part~="interrupt-input"]').click();
    $(el, '[part="interrupt-submit"]')!.click();
    expect((await failed).detail).to.deep.include({ code: 'http_error', status: 503 });
    await rendered(el);

    expect(failing.callCount).to.equal(1);
    expect(details.map((detail) => detail.interrupt.id)).to.deep.equal(['interrupt-1', 'interrupt-1']);
    expect($$(el, '[part~="interrupt-open"]')).to.have.length(1);
    expect($(el, '[part="error-banner"]')).to.not.equal(null);

    failing.callsFake(realFetch);
    const finished = oneEvent(el, 'ag-ui-run-finished');
    input(el, '[part~="interrupt-input"]').click();
    $(el, '[part="interrupt-submit"]')!.click();
    expect((await finished).detail.interrupts).to.deep.equal([]);
    await rendered(el);
    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } }]]);
    expect($(el, '[part~="interrupt"]')).to.equal(null);
  });

  it('is accessible with the form shown', async () => {
    const el = await mount(scenarioUrl('interrupt', { schema: JSON.stringify(FORM_SCHEMA), text: 'I need a few details.' }));
    await el.sendMessage('deploy');
    await rendered(el);
    expect($$(el, '[part~="interrupt-field"]')).to.have.length(4);
    await expect(el).to.be.accessible();
    $(el, '[part="interrupt-submit"]')!.click(); // with errors shown
    await rendered(el);
    expect($$(el, '[part="interrupt-error"]')).to.have.length(2);
    await expect(el).to.be.accessible();
  });

  it('lets the page answer with its own UI: preventDefault() hides the card, resolve() resumes', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const details = collectInterrupts(el, true);
    await el.sendMessage('deploy');
    await rendered(el);
    expect(details).to.have.length(1);
    expect($(el, '[part~="interrupt"]')).to.equal(null);
    expect(el.running).to.equal(false);

    const finished = oneEvent(el, 'ag-ui-run-finished');
    expect(details[0]!.resolve({ approved: true, by: 'page' })).to.equal(true);
    expect(details[0]!.resolve({ approved: false })).to.equal(false); // answered already
    await finished;
    await rendered(el);
    expect(await resumes(el)).to.deep.equal([
      undefined,
      [{ interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true, by: 'page' } }],
    ]);
    expect(assistantText(el)).to.include('Resumed interrupt-1 (resolved): {"approved":true,"by":"page"}');
    expect(details[0]!.cancel()).to.equal(false); // no longer pending
  });

  it('sends a cancelled resume entry for cancel()', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const details = collectInterrupts(el);
    await el.sendMessage('deploy');
    const finished = oneEvent(el, 'ag-ui-run-finished');
    expect(details[0]!.cancel()).to.equal(true);
    await finished;
    await rendered(el);
    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'cancelled' }]]);
    expect(assistantText(el)).to.include('Resumed interrupt-1 (cancelled)');
    expect($(el, '[part~="interrupt"]')).to.equal(null);
  });

  it('waits for every interrupt before one resume run carrying all the answers', async () => {
    const el = await mount(scenarioUrl('interrupt', { count: 2 }));
    await el.sendMessage('deploy twice');
    await rendered(el);
    const cards = $$(el, '[part~="interrupt"]');
    expect(cards.map((card) => card.querySelector('[part="interrupt-message"]')!.textContent!.trim())).to.deep.equal([
      'Approve the deployment? (1 of 2)',
      'Approve the deployment? (2 of 2)',
    ]);
    // Ids stay unique across the cards: each label names its own control.
    const [first, second] = $$(el, '[part~="interrupt-input"]') as HTMLInputElement[];
    expect(first!.id).not.to.equal(second!.id);
    expect(focused(el)).to.equal(describeNode(first));

    first!.click();
    cards[0]!.querySelector<HTMLElement>('[part="interrupt-submit"]')!.click();
    await rendered(el);
    expect(el.running).to.equal(false);
    expect(await resumes(el)).to.have.length(1); // nothing sent yet
    expect(cards[0]!.querySelector('[part="interrupt-status"]')!.textContent!.trim()).to.equal('Answered.');
    expect(cards[0]!.getAttribute('part')).to.equal('interrupt interrupt-resolved');
    expect(focused(el)).to.equal(describeNode(second)); // on to the next one

    const finished = oneEvent(el, 'ag-ui-run-finished');
    cards[1]!.querySelector<HTMLElement>('[part="interrupt-cancel"]')!.click();
    await finished;
    await rendered(el);
    expect(await resumes(el)).to.deep.equal([
      undefined,
      [
        { interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } },
        { interruptId: 'interrupt-2', status: 'cancelled' },
      ],
    ]);
    expect(assistantText(el)).to.include('Resumed interrupt-1 (resolved): {"approved":true}');
    expect(assistantText(el)).to.include('Resumed interrupt-2 (cancelled)');
  });

  it('shows an interrupt that arrived expired as expired; it cannot be answered and resumes as cancelled', async () => {
    const el = await mount(scenarioUrl('interrupt', { expiresIn: -1000 }));
    const details = collectInterrupts(el);
    await el.sendMessage('deploy');
    await rendered(el);
    const card = $(el, '[part~="interrupt"]')!;
    expect(card.getAttribute('part')).to.equal('interrupt interrupt-expired');
    expect($(el, '[part="interrupt-expired"]')!.textContent).to.include('expired');
    expect($(el, '[part="interrupt-form"]')).to.equal(null);
    expect($(el, '[part="interrupt-submit"]')).to.equal(null);
    expect(focused(el)).to.equal(describeNode($(el, '[part="interrupt-dismiss"]')));
    expect(await resumes(el)).to.have.length(1); // expiry alone sends nothing

    const finished = oneEvent(el, 'ag-ui-run-finished');
    expect(details[0]!.resolve({ approved: true })).to.equal(false);
    await finished;
    await rendered(el);
    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'cancelled' }]]);
    expect(assistantText(el)).to.include('Resumed interrupt-1 (cancelled)');
  });

  it('flips an open interrupt to expired at its expiresAt (fake timers), then Dismiss resumes it as cancelled', async () => {
    const el = await mount(scenarioUrl('interrupt', { expiresIn: 60_000 }));
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await el.sendMessage('deploy');
      await rendered(el);
      expect($(el, '[part~="interrupt"]')!.getAttribute('part')).to.equal('interrupt interrupt-open');
      expect(focused(el)).to.equal(describeNode($(el, '[part~="interrupt-input"]')));

      await clock.tickAsync(50_000);
      await rendered(el);
      expect($(el, '[part~="interrupt"]')!.getAttribute('part')).to.equal('interrupt interrupt-open');

      await clock.tickAsync(15_000); // past expiresAt (set by the server 60 s after its own now)
      await rendered(el);
      expect($(el, '[part~="interrupt"]')!.getAttribute('part')).to.equal('interrupt interrupt-expired');
      expect($(el, '[part="interrupt-form"]')).to.equal(null);
      const dismiss = $(el, '[part="interrupt-dismiss"]')!;
      expect(focused(el)).to.equal(describeNode(dismiss)); // focus was in the form that went away
      expect(await resumes(el)).to.have.length(1);

      const finished = oneEvent(el, 'ag-ui-run-finished');
      dismiss.click();
      await finished;
      await rendered(el);
      expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'cancelled' }]]);
      expect($(el, '[part~="interrupt"]')).to.equal(null);
    } finally {
      clock.restore();
    }
  });

  it('resumes by itself when the last open interrupt expires after an answer, sending expired ones as cancelled', async () => {
    const el = await mount(scenarioUrl('interrupt', { count: 2, expiresIn: 60_000 }));
    const details = collectInterrupts(el);
    const clock = sinon.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await el.sendMessage('deploy twice');
      await rendered(el);
      expect(details[0]!.resolve({ approved: true })).to.equal(true);
      await clock.tickAsync(30_000);
      await rendered(el);
      expect(await resumes(el)).to.have.length(1); // the second one is still open

      const finished = oneEvent(el, 'ag-ui-run-finished');
      await clock.tickAsync(35_000); // both expire: the answer was not sent in time, so it goes as cancelled
      await finished;
      expect(await resumes(el)).to.deep.equal([
        undefined,
        [
          { interruptId: 'interrupt-1', status: 'cancelled' },
          { interruptId: 'interrupt-2', status: 'cancelled' },
        ],
      ]);
    } finally {
      clock.restore();
    }
  });

  it('takes a JSON answer for a schema the form cannot show, checked as JSON and against the schema', async () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } }, required: ['tags'] };
    const el = await mount(scenarioUrl('interrupt', { schema: JSON.stringify(schema), message: 'Which tags?' }));
    await el.sendMessage('tag it');
    await rendered(el);
    const textarea = $(el, '[part~="interrupt-json"]') as HTMLTextAreaElement;
    expect(textarea.localName).to.equal('textarea');
    expect(textarea.labels![0]!.textContent!.trim()).to.equal('Answer (JSON)');
    expect(focused(el)).to.equal(describeNode(textarea));
    const submit = $(el, '[part="interrupt-submit"]')!;

    typeInto(textarea, '{tags: nope');
    submit.click();
    await rendered(el);
    expect(textarea.getAttribute('aria-invalid')).to.equal('true');
    const error = $(el, '[part="interrupt-error"]')!;
    expect(error.textContent).to.include('not valid JSON');
    expect(textarea.getAttribute('aria-describedby')!.split(' ')).to.include(error.id);

    typeInto(textarea, '{"tags": "a"}');
    await rendered(el);
    expect($(el, '[part="interrupt-error"]')!.textContent).to.equal('"tags" must be an array.');
    submit.click();
    await rendered(el);
    expect(await resumes(el)).to.have.length(1);

    typeInto(textarea, '{"tags": ["a", "b"]}');
    await rendered(el);
    expect(textarea.getAttribute('aria-invalid')).to.equal('false');
    expect($(el, '[part="interrupt-error"]')).to.equal(null);
    const finished = oneEvent(el, 'ag-ui-run-finished');
    submit.click();
    await finished;
    expect(await resumes(el)).to.deep.equal([
      undefined,
      [{ interruptId: 'interrupt-1', status: 'resolved', payload: { tags: ['a', 'b'] } }],
    ]);
  });

  it('checks required fields and types before submitting, showing errors inline', async () => {
    const el = await mount(scenarioUrl('interrupt', { schema: JSON.stringify(FORM_SCHEMA) }));
    await el.sendMessage('deploy');
    await rendered(el);
    const name = input(el, '[part~="interrupt-field-string"] input');
    const count = input(el, '[part~="interrupt-field-integer"] input');
    const env = $(el, '[part~="interrupt-field-string"] select') as HTMLSelectElement;
    const notify = input(el, '[part~="interrupt-field-boolean"] input');
    expect(name.labels![0]!.textContent).to.include('Name').and.include('(required)');
    expect(count.type).to.equal('number');
    expect(env.options[0]!.textContent).to.equal('Choose…');
    expect([...env.options].slice(1).map((option) => option.textContent)).to.deep.equal(['staging', 'production']);
    expect(notify.checked).to.equal(true); // the schema's default
    const description = el.shadowRoot!.getElementById(name.getAttribute('aria-describedby')!)!;
    expect(description.textContent).to.equal('Who approves the change');
    const submit = $(el, '[part="interrupt-submit"]')!;

    submit.click();
    await rendered(el);
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(env.getAttribute('aria-invalid')).to.equal('true');
    expect(count.getAttribute('aria-invalid')).to.equal('false'); // optional
    const describedBy = name.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy).to.have.length(2);
    expect(el.shadowRoot!.getElementById(describedBy[1]!)!.textContent).to.equal('This field is required.');
    expect(focused(el)).to.equal(describeNode(name)); // the first invalid field
    expect(await resumes(el)).to.have.length(1);

    typeInto(name, 'Ada');
    typeInto(count, '2.5');
    env.value = '1'; // option 0 is "Choose…", then the enum by index
    env.dispatchEvent(new Event('change', { bubbles: true }));
    submit.click();
    await rendered(el);
    expect(name.getAttribute('aria-invalid')).to.equal('false');
    expect(env.getAttribute('aria-invalid')).to.equal('false');
    expect(count.getAttribute('aria-invalid')).to.equal('true');
    expect($(el, '[part="interrupt-error"]')!.textContent).to.equal('Enter a whole number.');
    expect(focused(el)).to.equal(describeNode(count));

    typeInto(count, '0');
    await rendered(el);
    expect($(el, '[part="interrupt-error"]')!.textContent).to.equal('Enter 1 or more.');
    typeInto(count, '3');
    const finished = oneEvent(el, 'ag-ui-run-finished');
    submit.click();
    await finished;
    expect(await resumes(el)).to.deep.equal([
      undefined,
      [{ interruptId: 'interrupt-1', status: 'resolved', payload: { name: 'Ada', count: 3, env: 'production', notify: true } }],
    ]);
  });

  it('can be answered with the keyboard alone', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    await el.sendMessage('deploy');
    await rendered(el);
    expect(focused(el)).to.equal(describeNode($(el, '[part~="interrupt-input"]')));

    await sendKeys({ press: 'Space' });
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(describeNode($(el, '[part="interrupt-submit"]')));
    const finished = oneEvent(el, 'ag-ui-run-finished');
    await sendKeys({ press: 'Enter' });
    await finished;
    await rendered(el);
    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'resolved', payload: { approved: true } }]]);
    expect(focused(el)).to.equal(describeNode($(el, '[part="input"]')));
  });

  it('clears the cards when a message is sent instead, which cancels the interrupts', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    const details = collectInterrupts(el);
    await el.sendMessage('deploy');
    await rendered(el);
    expect($(el, '[part~="interrupt"]')).not.to.equal(null);

    await el.sendMessage('never mind');
    await rendered(el);
    expect($(el, '[part~="interrupt"]')).to.equal(null);
    expect(await resumes(el)).to.deep.equal([undefined, [{ interruptId: 'interrupt-1', status: 'cancelled' }]]);
    expect(assistantText(el)).to.include('Resumed interrupt-1 (cancelled)');
    expect(details[0]!.resolve({ approved: true })).to.equal(false);
    await rendered(el);
    expect(await resumes(el)).to.have.length(2);
  });

  it('clears the cards on reset()', async () => {
    const el = await mount(scenarioUrl('interrupt'));
    await el.sendMessage('deploy');
    await rendered(el);
    expect($(el, '[part~="interrupt"]')).not.to.equal(null);
    el.reset();
    await rendered(el);
    expect($(el, '[part~="interrupt"]')).to.equal(null);
  });
});
