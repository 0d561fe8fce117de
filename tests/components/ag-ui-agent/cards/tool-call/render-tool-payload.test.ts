import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { nothing } from 'lit';
import { renderToolCall, type ToolCallCardData, type ToolCallCardOptions } from '../../../../../web/src/components/ag-ui-agent/cards/tool-call/render-tool-call.js';
import { PAYLOAD_PREVIEW_CHARS, PAYLOAD_PRETTY_MAX_CHARS, payloadPreview } from '../../../../../web/src/components/ag-ui-agent/cards/tool-call/render-tool-payload.js';
import { mount, scenarioUrl, until } from '../../helpers.js';

const options: ToolCallCardOptions = {
  now: 0,
  onCancel: () => {},
  onApprove: () => {},
  onDeny: () => {},
  onEdit: () => {},
  onEditInput: () => {},
  onApproveEdited: () => {},
  renderApproval: () => nothing,
};

/** JSON of about `length` characters: `{"rows":[{"id":1,"name":"row 1"},...]}`. */
function bigJson(length: number): string {
  const rows: string[] = [];
  for (let id = 1, size = 0; size < length; id++) {
    const row = `{"id":${id},"name":"row ${id}"}`;
    rows.push(row);
    size += row.length + 1;
  }
  return `{"rows":[${rows.join(',')}]}`;
}

/** A card with its Details open (the raw payloads live there), as a person opens it to read them. */
async function card(data: Partial<ToolCallCardData>): Promise<HTMLElement> {
  const full: ToolCallCardData = { toolCallId: 'c1', toolCallName: 'search', kind: 'backend', status: 'succeeded', argsText: '', ...data };
  const el = await fixture<HTMLElement>(html`<div>${renderToolCall(full, options)}</div>`);
  const details = el.querySelector<HTMLDetailsElement>('[part~="tool-call-details"]');
  if (details) details.open = true;
  return el;
}

/** Opens the section's "Show all" and waits for the whole text to be rendered. */
async function showAll(section: Element): Promise<void> {
  const details = section.querySelector('details')!;
  const toggled = oneEvent(details, 'toggle');
  section.querySelector<HTMLElement>('[part~="tool-call-show-all"]')!.click();
  await toggled;
}

describe('tool call card payloads', () => {
  it('renders a bounded preview of a 1 MB argument and "Show all" renders it whole', async () => {
    const argsText = bigJson(1_000_000);
    const el = await card({ argsText });
    const section = el.querySelector('[part~="tool-call-args"]')!.parentElement!;
    // Lengths, not texts: a failure must not print a megabyte.
    expect(section.textContent!.length, 'characters rendered').to.be.below(PAYLOAD_PREVIEW_CHARS + 300);
    expect(el.querySelector('[part~="tool-call-args"]')!.textContent!.length).to.equal(PAYLOAD_PREVIEW_CHARS);
    const note = el.querySelector('[part~="tool-call-truncated"]')!;
    expect(note.textContent).to.match(/Showing the first 4,000 of 1,000,0\d\d characters/);
    expect(el.querySelector('[part~="tool-call-show-all"]')!.textContent).to.match(/^Show all \(977 KB\)$/);

    await showAll(section);
    const whole = el.querySelector('[part~="tool-call-args-full"]')!.textContent!;
    expect(whole.length, 'characters shown').to.equal(argsText.length);
    expect(whole === argsText, 'shown as received (too long to pretty-print)').to.equal(true);
    expect(el.querySelector<HTMLElement>('[part~="tool-call-args"]')!.hidden, 'preview hidden').to.equal(true);

    await showAll(section);
    expect(el.querySelector('[part~="tool-call-args-full"]')!.textContent, 'emptied when closed').to.equal('');
    expect(el.querySelector<HTMLElement>('[part~="tool-call-args"]')!.hidden).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('bounds a large result the same way', async () => {
    const result = bigJson(100_000);
    const el = await card({ argsText: '{"q":"x"}', result });
    expect(el.querySelector('[part~="tool-call-result"]')!.textContent!.length).to.equal(PAYLOAD_PREVIEW_CHARS);
    await showAll(el.querySelector('[part~="tool-call-result"]')!.parentElement!);
    expect(el.querySelector('[part~="tool-call-result-full"]')!.textContent!.length).to.equal(result.length);
  });

  it('pretty-prints a complete payload below the size limit, in full on "Show all"', async () => {
    const argsText = bigJson(PAYLOAD_PRETTY_MAX_CHARS - 100);
    const pretty = JSON.stringify(JSON.parse(argsText), null, 2);
    const el = await card({ argsText });
    expect(el.querySelector('[part~="tool-call-args"]')!.textContent === pretty.slice(0, PAYLOAD_PREVIEW_CHARS)).to.equal(true);
    await showAll(el.querySelector('[part~="tool-call-args"]')!.parentElement!);
    expect(el.querySelector('[part~="tool-call-args-full"]')!.textContent === pretty).to.equal(true);
  });

  it('never pretty-prints arguments while they stream, and shows the tail of long ones', async () => {
    const small = '{"query":"weather","days":[1,2]}';
    const el = await card({ status: 'streaming', argsText: small });
    expect(el.querySelector('[part~="tool-call-args"]')!.textContent).to.equal(small);
    expect(el.querySelector('[part~="tool-call-truncated"]')).to.equal(null);

    const long = bigJson(50_000);
    const streaming = await card({ status: 'streaming', argsText: long });
    expect(streaming.querySelector('[part~="tool-call-args"]')!.textContent === long.slice(-PAYLOAD_PREVIEW_CHARS)).to.equal(true);
    expect(streaming.querySelector('[part~="tool-call-truncated"]')!.textContent).to.match(/Receiving: the last 4,000 of 5\d,\d\d\d characters so far/);
    expect(streaming.querySelector('[part~="tool-call-more"]') === null, 'no "Show all" while streaming').to.equal(true);
    expect(payloadPreview(long, true)).to.deep.include({ length: long.length, cut: 'tail' });
  });

  it('bounds the card of <ag-ui-agent> for a streamed 1 MB argument', async () => {
    const el = await mount(scenarioUrl('stream-bench', { n: 1, tools: 1, argsBytes: 1_000_000, argsDelta: 65_536 }));
    await el.sendMessage('go');
    const args = await until(el, '.tool-call[data-status="succeeded"] [part~="tool-call-args"]');
    expect(el.toolCalls.values().next().value!.argsText.length).to.equal(1_000_000);
    expect(args.textContent!.length).to.equal(PAYLOAD_PREVIEW_CHARS);
  });
});
