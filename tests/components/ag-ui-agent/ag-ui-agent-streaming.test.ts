import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { pushedAgent } from '../../helpers/agent-fixtures.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, rendered } from './helpers.js';

describe('<ag-ui-agent> streaming text', () => {
  it('writes a reply that grows word by word into one text node, not a new tail DOM per frame', async function () {
    this.timeout(30_000); // each word is awaited until shown; a loaded machine renders late, never differently
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    const sending = el.sendMessage('Hi');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'run-1' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hello' } as BaseEvent);
    let tail: HTMLElement | null = null;
    for (let i = 0; i < 50 && !tail; i++) {
      await rendered(el);
      tail = $(el, '.markdown-tail');
    }
    expect(tail!.textContent!.trim()).to.equal('Hello');
    const paragraph = tail!.querySelector('p')!;
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(tail!, { childList: true, subtree: true, characterData: true });

    for (const word of [' there', ' my', ' good', ' friend']) {
      push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: word } as BaseEvent);
      const before = tail!.textContent;
      await waitUntil(() => tail!.textContent !== before, `"${word.trim()}" is not shown`);
    }
    mutations.push(...observer.takeRecords());
    observer.disconnect();
    expect(tail!.textContent!.trim()).to.equal('Hello there my good friend');
    expect($(el, '.markdown-tail p')).to.equal(paragraph); // the same paragraph node throughout
    expect(mutations.filter((record) => record.type === 'childList')).to.deep.equal([]);
    expect(mutations.filter((record) => record.type === 'characterData').length).to.be.at.least(4);

    // Markup arrives: the tail is rendered anew, as sanitized markdown.
    push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: ', **welcome**' } as BaseEvent);
    for (let i = 0; i < 50 && !$(el, '.markdown-tail strong'); i++) await rendered(el);
    expect($(el, '.markdown-tail strong')!.textContent).to.equal('welcome');
    push({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'run-1' } as BaseEvent);
    end();
    await sending;
    await rendered(el);
    expect($(el, '[part~="message-assistant"] [part="message-content"]')!.textContent!.trim()).to.equal('Hello there my good friend, welcome');
  });
});
