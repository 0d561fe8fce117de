import { expect, fixture, html } from '@open-wc/testing';
import type { EntryContext } from '../../../../web/src/components/ag-ui-agent/transcript/entry-kind.js';
import { buildTranscript, renderEntry } from '../../../../web/src/components/ag-ui-agent/transcript/transcript.js';

describe('transcript entries', () => {
  it('contains an entry whose rendering throws: a notice in its place, reported once, the others render', async () => {
    const { items } = buildTranscript([
      { id: 'u1', role: 'user', content: 'Hello' },
      { id: 'a1', role: 'assistant', content: 'Broken' },
      { id: 'u2', role: 'user', content: 'Still here' },
    ]);
    const failures: Array<[string, string, string]> = [];
    const context = {
      streaming: () => false,
      // What an assistant entry needs first; a bug there must not take the transcript down.
      markdown: () => {
        throw new TypeError('a bug');
      },
      records: undefined,
      renderFailed: (id: string, code: string, message: string) => void failures.push([id, code, message]),
    } as unknown as EntryContext;
    const el = await fixture<HTMLElement>(html`<div>${items.map((item) => renderEntry(item, context))}</div>`);
    expect([...el.querySelectorAll('[data-message-id]')].map((node) => node.getAttribute('data-message-id'))).to.deep.equal(['u1', 'a1', 'u2']);
    expect(el.querySelector('[data-message-id="u2"]')?.textContent).to.contain('Still here');
    const notice = el.querySelector('[data-message-id="a1"] [part~="message-render-error"]');
    expect(notice?.getAttribute('data-code')).to.equal('entry_render_failed');
    expect(failures).to.deep.equal([['a1', 'entry_render_failed', 'TypeError: a bug']]);
  });
});
