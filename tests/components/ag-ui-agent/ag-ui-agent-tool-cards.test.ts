import { HttpAgent, type Message } from '@ag-ui/client';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { hiddenToolCallsSummary, windowToolCalls } from '../../../web/src/components/ag-ui-agent/transcript/tool-cards-window.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, $$, echoArgsTool, editTool, mount, rendered, scenarioUrl, until } from './helpers.js';

/**
 * A restored thread: a question, then one agent message with `calls` echo calls (`c1`...). Calls after `answered`
 * have no tool message; among the answered ones, those in `failed` have an error.
 */
function manyCalls(calls: number, answered = calls, failed: ReadonlySet<number> = new Set()): Message[] {
  const messages: Message[] = [
    { id: 'u1', role: 'user', content: 'Do it a lot' },
    {
      id: 'a1',
      role: 'assistant',
      content: 'On it.',
      toolCalls: Array.from({ length: calls }, (_, i) => ({
        id: `c${i + 1}`,
        type: 'function' as const,
        function: { name: 'echo', arguments: `{"n":${i + 1}}` },
      })),
    },
  ];
  for (let i = 1; i <= answered; i++) {
    messages.push(
      failed.has(i)
        ? { id: `t${i}`, role: 'tool', toolCallId: `c${i}`, content: '{"ok":false}', error: 'It broke' }
        : { id: `t${i}`, role: 'tool', toolCallId: `c${i}`, content: `{"n":${i}}` },
    );
  }
  return messages;
}

async function mountMessages(messages: Message[]): Promise<AgUiAgent> {
  const registry = new ToolRegistry();
  registry.register(echoArgsTool());
  const agent = new HttpAgent({ url: scenarioUrl('text'), initialMessages: messages });
  const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${registry}></ag-ui-agent>`);
  await rendered(el);
  return el;
}

function cardIds(el: AgUiAgent): string[] {
  return $$(el, '[part~="tool-call"]').map((card) => card.dataset.toolCallId!);
}

describe('<ag-ui-agent> tool cards of a message with many calls', () => {
  it('windowToolCalls keeps the newest calls and every older one the reader must answer, in order', () => {
    const calls = [1, 2, 3, 4, 5, 6, 7];
    expect(windowToolCalls(calls, 7, () => false)).to.deep.equal({ shown: calls, hidden: [] });
    expect(windowToolCalls(calls, 3, (n) => n === 2)).to.deep.equal({ shown: [2, 5, 6, 7], hidden: [1, 3, 4] });
    expect(windowToolCalls(calls, 0, () => false)).to.deep.equal({ shown: [], hidden: calls });
    expect(hiddenToolCallsSummary(['a', 'b', 'c', 'd', 'e'], (s) => (s === 'a' ? 'failed' : s === 'b' ? 'executing' : 'succeeded'))).to.equal(
      '1 running, 3 succeeded, 1 failed',
    );
  });

  it('shows cards for the newest 50 calls and a summary of the others, so the DOM does not grow with the calls', async function () {
    this.timeout(30_000); // mounts a thread of 1,000 calls and runs axe over it
    const small = await mountMessages(manyCalls(60));
    const failed = new Set([3, 4, 5]);
    const el = await mountMessages(manyCalls(1000, 990, failed));

    expect(cardIds(el)).to.deep.equal(Array.from({ length: 50 }, (_, i) => `c${951 + i}`));
    const row = $(el, '[part="tool-calls-hidden"]')!;
    expect(row.parentElement!.getAttribute('part')).to.equal('tool-calls');
    expect(row.nextElementSibling).to.equal($(el, '[part~="tool-call"]'));
    expect($(el, '[part="tool-calls-hidden-summary"]')!.textContent!.trim()).to.equal(
      '950 earlier tool calls: 947 succeeded, 3 failed',
    );
    const button = $(el, '[part="load-earlier-tool-calls"]')!;
    expect(button.textContent!.trim()).to.equal('Show 50 more');
    // Its accessible name contains its visible text (WCAG 2.5.3).
    expect(button.getAttribute('aria-label')).to.equal('Show 50 more tool calls');
    // The 10 unanswered calls are among the newest 50: restored, with no result, nothing runs them: their cards say
    // so (never Pending or Running) and have no Cancel button.
    const unanswered = $$(el, '[part~="tool-call-unanswered"]');
    expect(unanswered).to.have.length(10);
    expect(unanswered[0]!.querySelector('[part~="tool-call-status"]')!.textContent!.trim()).to.equal('No result');
    expect($$(el, '[part~="tool-call-pending"]')).to.have.length(0);
    expect($$(el, '[part="tool-call-cancel"]')).to.have.length(0);

    const nodes = (agent: AgUiAgent) => agent.shadowRoot!.querySelectorAll('*').length;
    expect(nodes(el)).to.be.at.most(nodes(small) * 1.05);
    expect($$(small, '[part~="tool-call"]')).to.have.length(50);
    expect($(small, '[part="tool-calls-hidden-summary"]')!.textContent!.trim()).to.equal('10 earlier tool calls: 10 succeeded');
    await expect(el).to.be.accessible();
  });

  it('shows no summary row while a message has at most 50 calls', async () => {
    const el = await mountMessages(manyCalls(50));
    expect($$(el, '[part~="tool-call"]')).to.have.length(50);
    expect($(el, '[part="tool-calls-hidden"]')).to.equal(null);
  });

  it('"Show 50 more" adds the earlier cards above, keeping the first card shown where it was', async () => {
    const el = await mountMessages(manyCalls(120));
    const firstCard = $(el, '[part~="tool-call"]')!;
    expect(firstCard.dataset.toolCallId).to.equal('c71');
    firstCard.scrollIntoView();
    const top = firstCard.getBoundingClientRect().top;

    $(el, '[part="load-earlier-tool-calls"]')!.click();
    await rendered(el);
    expect(cardIds(el)).to.deep.equal(Array.from({ length: 100 }, (_, i) => `c${21 + i}`));
    expect(firstCard.isConnected).to.equal(true);
    // Also once the new cards near the viewport got their real height (they are inserted with an estimated one).
    await waitUntil(() => Math.abs(firstCard.getBoundingClientRect().top - top) < 2, 'the first card back in place');
    await rendered(el);
    await rendered(el);
    expect(Math.abs(firstCard.getBoundingClientRect().top - top)).to.be.below(2);
    expect($(el, '[part="tool-calls-hidden-summary"]')!.textContent!.trim()).to.equal('20 earlier tool calls: 20 succeeded');
    expect($(el, '[part="load-earlier-tool-calls"]')!.textContent!.trim()).to.equal('Show 20 more');

    $(el, '[part="load-earlier-tool-calls"]')!.click();
    await rendered(el);
    expect(cardIds(el)).to.have.length(120);
    expect($(el, '[part="tool-calls-hidden"]')).to.equal(null);
  });

  it('always shows the card of a call waiting for approval, however early it came in the message', async () => {
    const runs: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register(editTool(runs));
    registry.register(echoArgsTool());
    const tools = ['edit', ...Array.from({ length: 59 }, () => 'echo')].join(',');
    const el = await mount(scenarioUrl('parallel', { tools, args0: '{"text":"Buy oat milk"}' }), registry);
    const sending = el.sendMessage('Edit the note, and echo a lot');

    const approve = await until(el, '[part="tool-approval-approve"]');
    await waitUntil(
      () => $(el, '[part="tool-calls-hidden-summary"]')?.textContent?.trim() === '9 earlier tool calls: 9 succeeded',
      'the echo calls to finish',
    );
    const ids = cardIds(el);
    expect(ids).to.have.length(51);
    expect($(el, '[part~="tool-call"]')!.contains(approve)).to.equal(true); // first, before the newest 50
    expect(ids.slice(1)).to.deep.equal(el.messages.find((m) => m.role === 'assistant')!.toolCalls!.slice(10).map((c) => c.id));

    approve.click();
    await sending;
    await rendered(el);
    expect(runs).to.deep.equal(['Buy oat milk']);
    // Answered, the edit call is one of the earlier calls again.
    expect(cardIds(el)).to.have.length(50);
    expect($(el, '[part="tool-calls-hidden-summary"]')!.textContent!.trim()).to.equal('10 earlier tool calls: 10 succeeded');
  });
});
