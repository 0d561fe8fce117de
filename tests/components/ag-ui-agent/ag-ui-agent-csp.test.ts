// Under a strict Content Security Policy: no inline style attributes, Trusted Types enforced. The policy is a <meta>
// added before the element renders anything: style-src-attr and Trusted Types checks apply to DOM written after it.
// This file is its own page in the test runner, so the policy stays with these tests.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import { MARKDOWN_POLICY_NAME } from '../../../web/src/internal/markdown.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, $$, editTool, mount, rendered, scenarioUrl, until } from './helpers.js';

const POLICY = `style-src 'self'; require-trusted-types-for 'script'; trusted-types lit-html ${MARKDOWN_POLICY_NAME}`;

/** A markdown table of `rows` rows: one block whose HTML is several times its source (a skippable chunk). */
function table(rows: number): string {
  const lines = ['| n | square | cube |', '|---|---|---|'];
  for (let n = 1; n <= rows; n++) lines.push(`| ${n} | ${n * n} | ${n * n * n} |`);
  return lines.join('\n');
}

const LONG_REPLY = ['Here are the numbers.', table(80), 'That was **the table**.', 'And a last paragraph, streamed into the tail.'].join(
  '\n\n',
);

const violations: SecurityPolicyViolationEvent[] = [];

describe('<ag-ui-agent> under a strict CSP with Trusted Types', () => {
  before(() => {
    // zod compiles object schemas with `new Function`, which Trusted Types (and a CSP without 'unsafe-eval') blocks:
    // a page under such a policy turns that off, as zod documents.
    z.config({ jitless: true });
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = POLICY;
    document.head.append(meta);
    document.addEventListener('securitypolicyviolation', (event) => violations.push(event));
  });

  it('enforces the policy on this page (a deliberate violation is reported)', async () => {
    const probe = document.createElement('div');
    probe.setAttribute('style', 'color: red');
    expect(() => {
      probe.innerHTML = '<b>not trusted</b>';
    }).to.throw(TypeError);
    await waitUntil(() => violations.length >= 2, 'both violations reported');
    const directives = violations.map((event) => event.effectiveDirective).sort();
    expect(directives).to.deep.equal(['require-trusted-types-for', 'style-src-attr']);
    violations.length = 0;
  });

  it('renders a long streamed reply, its tool card and approval card without a violation', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    const url = scenarioUrl('tool', { tool: 'edit', args: '{"text":"Buy oat milk"}', text: LONG_REPLY });
    const el = await mount(url, registry);
    const sending = el.sendMessage('Show the numbers, then edit the note');
    const approval = await until(el, '[part="tool-approval"]');
    await rendered(el);

    const skippable = $$(el, '.markdown-chunk.skippable');
    expect(skippable.length, 'a chunk big enough to be skipped out of view').to.be.above(0);
    expect(skippable[0]!.style.getPropertyValue('contain-intrinsic-size')).to.match(/^auto \d+(\.\d+)?em$/);
    expect($(el, '.markdown-tail')?.textContent).to.include('And a last paragraph');
    expect($$(el, '[part~="message-assistant"] td').length).to.equal(80 * 3);

    approval.querySelector<HTMLElement>('[part="tool-approval-approve"]')!.click();
    await sending;
    await rendered(el);
    expect(runs).to.deep.equal(['Buy oat milk']);
    expect($(el, '[part~="tool-call"]')!.getAttribute('part')).to.include('tool-call-succeeded');
    expect(violations.map((event) => `${event.effectiveDirective}: ${event.sample}`)).to.deep.equal([]);
  });
});
