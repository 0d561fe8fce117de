import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import type { AgUiToolInspector } from '../../../web/src/components/ag-ui-tool-inspector/ag-ui-tool-inspector.js';
import { ToolExecutionManager, ToolRegistry } from '../../../web/src/tools/index.js';
import { $, $$, CARD_NUMBER, fillField, issuesOf, lookupTool, noteTool, payTool, taskTool, text } from './helpers.js';
import '../../../web/src/inspector.js';

/** A playground on `registry`, with its own fixtures key, showing `toolName`. */
async function mountPlayground(
  registry: ToolRegistry,
  toolName: string,
  manager = new ToolExecutionManager(),
): Promise<AgUiToolInspector> {
  const el = await fixture<AgUiToolInspector>(html`<ag-ui-tool-inspector
    panel="playground"
    fixtures-key="inspector-test-fixtures"
    .registry=${registry}
    .manager=${manager}
  ></ag-ui-tool-inspector>`);
  const select = $(el, '[part~="tool-select"]') as HTMLSelectElement;
  select.value = toolName;
  select.dispatchEvent(new Event('change'));
  await el.updateComplete;
  return el;
}

/** A playground on `noteTool` (it needs approval), with the runs of its handler and a spy on the manager's starts. */
async function mountNotePlayground(): Promise<{ registry: ToolRegistry; runs: unknown[]; started: sinon.SinonSpy; el: AgUiToolInspector }> {
  const registry = new ToolRegistry();
  const runs: unknown[] = [];
  registry.register(noteTool(runs));
  const manager = new ToolExecutionManager();
  const started = sinon.spy();
  manager.addEventListener('tool-execution-started', started);
  return { registry, runs, started, el: await mountPlayground(registry, 'edit_note', manager) };
}

/** Focuses the field at `path` and leaves it (a blur), as a person tabbing through the form. */
async function leaveField(el: AgUiToolInspector, path: string): Promise<void> {
  const input = $(el, `[id$="-f-${path.replace(/\./g, '-')}"]`)!;
  input.focus();
  input.blur();
  await el.updateComplete;
}

async function submit(el: AgUiToolInspector): Promise<void> {
  $(el, '[part~="run"]')!.click();
  await el.updateComplete;
}

describe('<ag-ui-tool-inspector> playground', () => {
  beforeEach(() => localStorage.removeItem('inspector-test-fixtures'));
  afterEach(() => sinon.restore());

  it('generates a form from a schema with nested objects, arrays and enums, validates it and runs the tool', async () => {
    const registry = new ToolRegistry();
    registry.register(lookupTool());
    const runs: unknown[] = [];
    registry.register(taskTool(runs));
    const el = await mountPlayground(registry, 'create_task');

    // The generated fields: required marks, the enum as a select with its default, the nested object as a fieldset.
    expect($$(el, '[part~="field-label"]').map((label) => label.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'title *',
      'priority',
      'estimate',
      'name *',
      'email',
      'urgent',
    ]);
    expect($$(el, '[part~="legend"]').map((legend) => legend.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'owner *',
      'tags *',
    ]);
    const priority = $(el, '[id$="-f-priority"]') as HTMLSelectElement;
    expect([...priority.options].map((option) => option.textContent)).to.deep.equal(['(not set)', 'low', 'high']);
    expect(priority.selectedOptions[0]!.textContent).to.equal('low');

    // Validated by the tool's own schema, per field path; a field's message shows once the person has left it.
    expect($$(el, '[part~="field-issue"]')).to.have.length(0); // nothing typed yet: no message
    await leaveField(el, 'title');
    expect(issuesOf(el, 'title')).to.equal('This cannot be empty.');
    expect(issuesOf(el, 'owner.name')).to.equal(''); // not touched yet
    await leaveField(el, 'owner.name');
    expect(issuesOf(el, 'owner.name')).to.equal('Enter at least 2 characters.');
    expect($(el, '[id$="-f-owner-name"]')!.getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
    await fillField(el, 'title', 'Ship it');
    expect(issuesOf(el, 'title')).to.equal('');
    await fillField(el, 'owner.name', 'Ada');
    expect(issuesOf(el, 'owner.name')).to.equal('');
    $(el, '[part~="add-item"]')!.click();
    await el.updateComplete;
    expect(issuesOf(el, 'tags.0')).to.equal('');
    await leaveField(el, 'tags.0');
    expect(issuesOf(el, 'tags.0')).to.equal('This cannot be empty.');
    await fillField(el, 'tags.0', 'release');
    $(el, '[part~="add-item"]')!.click();
    await el.updateComplete;
    $$(el, '[part~="remove-item"]')[1]!.click();
    await el.updateComplete;
    await fillField(el, 'priority', '1'); // the option index: (not set) is -1, low 0, high 1
    await fillField(el, 'estimate', '3');
    expect($$(el, '[part~="field-issue"]')).to.have.length(0);

    const result = oneEvent(el, 'ag-ui-playground-result');
    await submit(el);
    const { detail } = await result;
    expect(detail).to.include({ toolName: 'create_task', decision: 'allow', dryRun: false });
    expect(detail.toolCallId).to.match(/^playground-/);
    expect(runs).to.deep.equal([{ title: 'Ship it', priority: 'high', estimate: 3, owner: { name: 'Ada' }, tags: ['release'], urgent: false }]);
    await el.updateComplete;
    expect($(el, '[part~="outcome"]')!.dataset.kind).to.equal('success');
    expect(JSON.parse(text(el, '[part~="result"]'))).to.deep.equal({ id: 'task-1' });
  });

  it('shows each message once, at its field, after a Run with invalid arguments, and runs nothing', async () => {
    const registry = new ToolRegistry();
    const runs: unknown[] = [];
    registry.register(taskTool(runs));
    const el = await mountPlayground(registry, 'create_task');
    expect($$(el, '[part~="field-issue"]')).to.have.length(0);

    await submit(el);
    await el.updateComplete;
    expect(issuesOf(el, 'title')).to.equal('This cannot be empty.');
    expect(issuesOf(el, 'owner.name')).to.equal('Enter at least 2 characters.');
    // Once each on the panel: the outcome points to the fields instead of listing the messages again.
    const panel = el.shadowRoot!.textContent!;
    expect(panel.split('Enter at least 2 characters.')).to.have.length(2);
    expect(panel).to.not.match(/Too small|expected string/);
    expect(runs).to.deep.equal([]);
  });

  it('asks for approval before running a state_change tool', async () => {
    const registry = new ToolRegistry();
    const runs: unknown[] = [];
    registry.register(noteTool(runs));
    const el = await mountPlayground(registry, 'edit_note');
    expect($(el, '[part~="decision"]')!.dataset.decision).to.equal('require_approval');
    await fillField(el, 'text', 'Buy oat milk');

    await submit(el);
    expect($(el, '[part~="approval"]')).to.exist;
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.include('approve');
    expect(runs).to.deep.equal([]);

    // Cancel leaves it unrun; Approve and run runs it through the manager.
    $(el, '[part~="deny"]')!.click();
    await el.updateComplete;
    expect($(el, '[part~="approval"]')).to.equal(null);
    expect(runs).to.deep.equal([]);

    await submit(el);
    const result = oneEvent(el, 'ag-ui-playground-result');
    $(el, '[part~="approve"]')!.click();
    expect((await result).detail.result).to.deep.equal({ success: true, result: '{"ok":true,"text":"Buy oat milk"}' });
    expect(runs).to.deep.equal(['Buy oat milk']);
  });

  it('decides again on Approve and run: a tool the policy came to deny is refused, its handler not called', async () => {
    const { registry, runs, started, el } = await mountNotePlayground();
    await fillField(el, 'text', 'Buy oat milk');
    await submit(el);
    expect($(el, '[part~="approval"]')).to.exist;

    // The approval is open when the page's policy comes to deny the tool.
    registry.setPolicy({ deniedTools: ['edit_note'] });
    const result = oneEvent(el, 'ag-ui-playground-result');
    $(el, '[part~="approve"]')!.click();
    expect((await result).detail).to.deep.equal({ toolName: 'edit_note', args: { text: 'Buy oat milk' }, decision: 'deny', dryRun: false });
    await el.updateComplete;
    expect(runs).to.deep.equal([]);
    expect(started.called).to.equal(false);
    const outcome = $(el, '[part~="outcome"]')!;
    expect(outcome.dataset.kind).to.equal('refused');
    expect(outcome.dataset.code).to.equal('policy_denied');
    expect(text(el, '[part~="outcome"]')).to.include('policy_denied');
    expect($(el, '[part~="approval"]')).to.equal(null);
  });

  it('refuses a tool the policy denies without calling it', async () => {
    const registry = new ToolRegistry();
    let called = false;
    registry.register(lookupTool(() => (called = true)));
    registry.setPolicy({ deniedTools: ['lookup'] });
    const el = await mountPlayground(registry, 'lookup');
    await fillField(el, 'query', 'x');
    const result = oneEvent(el, 'ag-ui-playground-result');
    await submit(el);
    expect((await result).detail).to.deep.equal({ toolName: 'lookup', args: { query: 'x' }, decision: 'deny', dryRun: false });
    await el.updateComplete;
    expect($(el, '[part~="outcome"]')!.dataset.kind).to.equal('refused');
    expect(called).to.equal(false);
  });

  it('shows, reports and keeps a redacted tool\'s run only as redaction lets the page see it', async () => {
    const registry = new ToolRegistry();
    registry.setPolicy({ requireRedaction: true });
    const runs: unknown[] = [];
    registry.register(payTool(runs));
    const el = await mountPlayground(registry, 'pay');
    await fillField(el, 'card', CARD_NUMBER);
    await fillField(el, 'amount', '5');

    const result = oneEvent(el, 'ag-ui-playground-result');
    await submit(el);
    const { detail } = await result;
    expect(runs).to.deep.equal([5]);
    expect(detail.args).to.deep.equal({ card: '[redacted]', amount: 5 });
    expect(detail.result).to.deep.equal({ success: true, result: '{"status":"paid","card":"[redacted]"}' });
    await el.updateComplete;
    expect(JSON.parse(text(el, '[part~="result"]'))).to.deep.equal({ status: 'paid', card: '[redacted]' });
    // Saving would put the secret in localStorage, and a fixture of redacted values could not be replayed.
    expect(($(el, '[part~="save-fixture"]') as HTMLButtonElement).disabled).to.equal(true);

    ($(el, '[part~="dry-run"] input') as HTMLInputElement).click();
    await el.updateComplete;
    await submit(el);
    expect(text(el, '[part~="outcome"]')).to.include('[redacted]');
    expect(el.shadowRoot!.innerHTML.includes(CARD_NUMBER)).to.equal(false);
    expect(localStorage.getItem('inspector-test-fixtures')).to.equal(null);
  });

  it('dry run validates and decides without calling the handler', async () => {
    const { runs, started, el } = await mountNotePlayground();
    const toggle = $(el, '[part~="dry-run"] input') as HTMLInputElement;
    toggle.click();
    await el.updateComplete;
    await fillField(el, 'text', 'Draft');

    const result = oneEvent(el, 'ag-ui-playground-result');
    await submit(el);
    expect((await result).detail).to.deep.equal({
      toolName: 'edit_note',
      args: { text: 'Draft' },
      decision: 'require_approval',
      dryRun: true,
    });
    await el.updateComplete;
    expect($(el, '[part~="approval"]')).to.equal(null);
    expect(text(el, '[part~="outcome"]')).to.include('the arguments are valid');
    expect(runs).to.deep.equal([]);
    expect(started.called).to.equal(false);
  });

  it('saves a fixture, replays it with the same call, and copies it as a test', async () => {
    const registry = new ToolRegistry();
    const seen: unknown[] = [];
    registry.register(lookupTool((args) => (seen.push(args), { found: args.query.toUpperCase() })));
    const el = await mountPlayground(registry, 'lookup');
    await fillField(el, 'query', 'tea');
    const ran = oneEvent(el, 'ag-ui-playground-result');
    await submit(el);
    await ran;
    await el.updateComplete;
    $(el, '[part~="save-fixture"]')!.click();
    await el.updateComplete;
    const [saved] = JSON.parse(localStorage.getItem('inspector-test-fixtures')!) as Array<Record<string, unknown>>;
    expect(saved).to.deep.include({ toolName: 'lookup', args: { query: 'tea' }, result: { success: true, result: '{"found":"TEA"}' } });
    expect($$(el, '[part~="fixture"]')).to.have.length(1);

    // A new inspector reads the saved fixture back; Replay fills the form and runs the same call.
    el.remove();
    const again = await mountPlayground(registry, 'lookup');
    expect($$(again, '[part~="fixture"]')).to.have.length(1);
    const replayed = oneEvent(again, 'ag-ui-playground-result');
    $(again, '[part~="replay-fixture"]')!.click();
    expect((await replayed).detail).to.include({ toolName: 'lookup' });
    expect(seen).to.deep.equal([{ query: 'tea' }, { query: 'tea' }]);
    await again.updateComplete;
    expect(($(again, '[id$="-f-query"]') as HTMLInputElement).value).to.equal('tea');
    expect($(again, '[part~="replay"]')!.dataset.matches).to.equal('true');

    const writeText = sinon.stub(navigator.clipboard, 'writeText').resolves();
    $(again, '[part~="copy-test"]')!.click();
    await again.updateComplete;
    expect(writeText.calledOnce).to.equal(true);
    const test = writeText.firstCall.args[0];
    expect(test).to.include(`await manager.execute(registry.get("lookup")!, 'fixture-1', {"query":"tea"});`);
    expect(test).to.include(`expect(result).to.deep.equal({"success":true,"result":"{\\"found\\":\\"TEA\\"}"});`);
    await again.updateComplete;
    expect(text(again, '[part~="notice"]')).to.equal('Test copied to the clipboard.');
    await expect(again).to.be.accessible();
  });
});
