import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import sinon from 'sinon';
import { z } from 'zod';
import { globalToolRegistry, ToolRegistry, TransientToolError, type ToolDefinition } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import {
  $,
  $$,
  DEMO_URL,
  assistantText,
  deferred,
  echoArgsTool,
  gatedTimeTool,
  mount,
  rendered,
  scenarioUrl,
  until,
} from './helpers.js';

/** The status text of the only tool card. */
function cardStatus(el: AgUiAgent): string {
  return $(el, '[part~="tool-call-status"]')?.textContent?.trim() ?? '';
}

describe('<ag-ui-agent> tools', () => {
  afterEach(() => {
    sinon.restore();
  });

  it("shows a tool card through its lifecycle and the answer, with the demo agent's get_current_time", async () => {
    const registry = new ToolRegistry();
    const gate = deferred<string>();
    registry.register(gatedTimeTool(gate.promise));
    const el = await mount(DEMO_URL, registry);
    const statuses: string[] = [];
    el.addEventListener('ag-ui-tool-status-changed', (event) => statuses.push(event.detail.status));
    const ended = oneEvent(el, 'ag-ui-tool-call-end');
    const sending = el.sendMessage('What time is it?');

    const card = await until(el, '[part~="tool-call"]');
    expect(card.querySelector('[part="tool-call-name"]')!.textContent).to.equal('get_current_time');
    expect(card.getAttribute('part')).to.include('tool-call-frontend');
    await waitUntil(() => cardStatus(el) === 'Running', 'the card to show Running');
    const cancel = $(el, '[part="tool-call-cancel"]')!;
    expect(cancel.getAttribute('aria-label')).to.equal('Cancel get_current_time');
    await expect(el).to.be.accessible();

    gate.resolve('14:05');
    const { detail } = await ended;
    expect(detail.toolCallName).to.equal('get_current_time');
    expect(JSON.parse(detail.result)).to.deep.equal({ time: '14:05', timezone: 'UTC' });
    await sending;
    await rendered(el);

    expect(cardStatus(el)).to.equal('Succeeded');
    expect($(el, '[part="tool-call-cancel"]')).to.equal(null);
    expect($(el, '[part="tool-call-result"]')!.textContent).to.include('14:05');
    expect(statuses).to.include.members(['pending', 'executing', 'succeeded']);
    // The follow-up run answered with the result, after the card.
    const messages = $$(el, '[part~="message-assistant"]');
    expect(messages.length).to.be.at.least(2);
    expect(messages.at(-1)!.textContent).to.include('14:05');
    await expect(el).to.be.accessible();
  });

  it("fires ag-ui-tool-call-end with `result`, the text sent to the agent, and `value`, what the handler returned", async () => {
    const returned = { id: 7, when: new Date(0), tags: ['a'] };
    const registry = new ToolRegistry();
    registry.register({ name: 'make', description: 'Makes a thing', effect: 'read_only', schema: z.object({}), handler: () => returned });
    registry.register({ name: 'quote', description: 'Quotes JSON text', effect: 'read_only', schema: z.object({}), handler: () => '{"a":1}' });
    const made = await mount(scenarioUrl('tool', { tool: 'make', args: '{}' }), registry);
    const madeEnd = oneEvent(made, 'ag-ui-tool-call-end');
    await made.sendMessage('Make it');
    const { detail } = await madeEnd;
    expect(detail.result).to.equal('{"id":7,"when":"1970-01-01T00:00:00.000Z","tags":["a"]}');
    expect(detail.value).to.equal(returned); // the handler's own value: the Date is still a Date
    const sent = made.messages.find((message) => message.role === 'tool');
    expect(sent?.content).to.equal(detail.result); // what the agent got

    // A string is sent as it is; `value` is that string, not what it would parse to.
    const quoted = await mount(scenarioUrl('tool', { tool: 'quote', args: '{}' }), registry);
    const quotedEnd = oneEvent(quoted, 'ag-ui-tool-call-end');
    await quoted.sendMessage('Quote it');
    expect((await quotedEnd).detail).to.deep.include({ result: '{"a":1}', value: '{"a":1}' });
  });

  it('cancels a running tool from its card and keeps focus on the card', async () => {
    const registry = new ToolRegistry();
    registry.register(gatedTimeTool(new Promise<string>(() => {})));
    const el = await mount(DEMO_URL, registry);
    const failed = oneEvent(el, 'ag-ui-tool-call-error');
    const sending = el.sendMessage('what time is it');
    const cancel = await until(el, '[part="tool-call-cancel"]');
    cancel.click();
    expect((await failed).detail.error.category).to.equal('cancelled');
    await sending;
    await rendered(el);
    expect(cardStatus(el)).to.equal('Cancelled');
    expect($(el, '[part="tool-call-cancel"]')).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part~="tool-call"]'));
  });

  it('counts down a retry as "attempt 2 of 3 in N s"', async () => {
    const registry = new ToolRegistry();
    registry.register<Record<string, unknown>>({
      ...echoArgsTool(),
      handler: () => {
        throw new TransientToolError('Service unavailable', { retryAfter: 60_000 });
      },
      metadata: { retryConfig: { maxAttempts: 3, maxDelayMs: 120_000 } },
    });
    const el = await mount(scenarioUrl('tool'), registry);
    const retrying = oneEvent(el, 'ag-ui-tool-retrying');
    const sending = el.sendMessage('call echo');
    const { detail } = await retrying;
    expect(detail.attemptNumber).to.equal(2);
    await waitUntil(() => /^Retrying: attempt 2 of 3 in \d+ s$/.test(cardStatus(el)), 'the retry countdown');
    expect(Number(/in (\d+) s/.exec(cardStatus(el))![1])).to.be.within(50, 60);
    expect($(el, '[part~="tool-call"]')!.getAttribute('part')).to.include('tool-call-retrying');
    $(el, '[part="tool-call-cancel"]')!.click();
    await sending;
    await rendered(el);
    expect(cardStatus(el)).to.equal('Cancelled');
  });

  it('shows a backend tool call as server-side, with its result, and never runs it', async () => {
    const registry = new ToolRegistry();
    const el = await mount(scenarioUrl('backend-tool'), registry);
    let frontendCalls = 0;
    el.addEventListener('ag-ui-tool-call-end', () => frontendCalls++);
    await el.sendMessage('search on the server');
    await rendered(el);
    const card = $(el, '[part~="tool-call"]')!;
    expect(card.getAttribute('part')).to.include('tool-call-backend');
    expect(card.querySelector('[part="tool-call-name"]')!.textContent).to.equal('server_search');
    expect(card.querySelector('[part="tool-call-badge"]')!.textContent).to.equal('server-side');
    expect(card.querySelector('[part="tool-call-args"]')!.textContent).to.include('"query": "weather"');
    expect(card.querySelector('[part="tool-call-result"]')!.textContent).to.include('sunny');
    expect(card.querySelector('[part="tool-call-cancel"]')).to.equal(null);
    expect(frontendCalls).to.equal(0);
    expect(assistantText(el)).to.include('The server tool answered');
  });

  it('shows a failed tool call with its error, and the agent still answers', async () => {
    const registry = new ToolRegistry();
    registry.register<Record<string, unknown>>({
      ...echoArgsTool(),
      handler: () => {
        throw new Error('The echo chamber is closed');
      },
    });
    const el = await mount(scenarioUrl('tool'), registry);
    await el.sendMessage('call echo');
    await rendered(el);
    expect(cardStatus(el)).to.equal('Failed');
    expect($(el, '[part="tool-call-error"]')!.textContent).to.include('The echo chamber is closed');
    expect(assistantText(el)).to.include('Result:');
  });

  it('registers `tools` while connected and unregisters them on disconnect', async () => {
    const registry = new ToolRegistry();
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('tool')} .registry=${registry} .tools=${[echoArgsTool()]}></ag-ui-agent>`,
    );
    expect(registry.names).to.deep.equal(['echo']);
    await el.sendMessage('call echo');
    await rendered(el);
    expect(cardStatus(el)).to.equal('Succeeded');

    const other: ToolDefinition = { ...echoArgsTool(), name: 'other_tool' };
    el.tools = [other];
    await el.updateComplete;
    expect(registry.names).to.deep.equal(['other_tool']);

    el.remove();
    expect(registry.names).to.deep.equal([]);
    document.body.append(el);
    expect(registry.names).to.deep.equal(['other_tool']);
    el.remove();
    expect(registry.names).to.deep.equal([]);
  });

  it('moves its `tools` to a new registry and keeps the conversation', async () => {
    const first = new ToolRegistry();
    const second = new ToolRegistry();
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('tool')} .registry=${first} .tools=${[echoArgsTool()]}></ag-ui-agent>`,
    );
    await el.sendMessage('call echo');
    const thread = el.threadId;
    const length = el.messages.length;
    el.registry = second;
    await el.updateComplete;
    expect(first.names).to.deep.equal([]);
    expect(second.names).to.deep.equal(['echo']);
    expect(el.threadId).to.equal(thread);
    expect(el.messages).to.have.length(length);
    await el.sendMessage('call echo again');
    await rendered(el);
    expect($$(el, '[part~="tool-call-succeeded"]')).to.have.length(2);
  });

  it('reports a tool it cannot register with a warning and an event, and keeps working', async () => {
    const warn = sinon.stub(console, 'warn');
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await mount(scenarioUrl('text', { text: 'Fine.' }), registry);
    const errors: string[] = [];
    el.addEventListener('ag-ui-tool-registration-error', (event) => {
      expect(event.bubbles && event.composed).to.equal(true);
      errors.push(`${event.detail.source}:${event.detail.toolName}`);
    });
    const duplicate = echoArgsTool();
    el.tools = [duplicate, { ...echoArgsTool(), name: 'fresh_tool' }];
    await el.updateComplete;
    expect(el.registerTool({ ...echoArgsTool(), name: 'not a valid name!' })).to.equal(false);

    expect(errors).to.deep.equal(['tools-property:echo', 'register-tool-method:not a valid name!']);
    expect(warn.callCount).to.equal(2);
    expect(registry.names).to.deep.equal(['echo', 'fresh_tool']);
    el.remove();
    // Only what the element registered goes away with it.
    expect(registry.names).to.deep.equal(['echo']);
    document.body.append(el);
    await el.sendMessage('still there?');
    await rendered(el);
    expect(assistantText(el)).to.include('Fine.');
    el.remove();
  });

  it('registerTool() and unregisterTool() use its registry', async () => {
    const registry = new ToolRegistry();
    const el = await mount(scenarioUrl('text'), registry);
    expect(el.registerTool(echoArgsTool())).to.equal(true);
    expect(registry.has('echo')).to.equal(true);
    expect(el.unregisterTool('echo')).to.equal(true);
    expect(el.unregisterTool('echo')).to.equal(false);
    expect(registry.has('echo')).to.equal(false);
  });

  it('registers a tool dispatched as ag-ui-register-tool on document into globalToolRegistry', async () => {
    const name = 'document_event_tool';
    const tool: ToolDefinition<{ a: number }> = {
      name,
      description: 'Adds one',
      effect: 'read_only',
      schema: z.object({ a: z.number() }),
      handler: ({ a }) => a + 1,
    };
    try {
      const event = new CustomEvent('ag-ui-register-tool', { detail: tool, bubbles: true, composed: true });
      document.dispatchEvent(event);
      expect(globalToolRegistry.get(name)?.description).to.equal('Adds one');

      // A default element (its own registry, whose parent is globalToolRegistry) offers it to the agent.
      const el = await fixture<AgUiAgent>(
        html`<ag-ui-agent url=${scenarioUrl('tool', { tool: name, args: '{"a":41}' })}></ag-ui-agent>`,
      );
      await el.sendMessage('add one');
      await rendered(el);
      expect($(el, '[part="tool-call-result"]')!.textContent).to.equal('42');
      expect(assistantText(el)).to.include('Result: 42');
    } finally {
      globalToolRegistry.unregister(name);
    }
  });

  it('reports a bad ag-ui-register-tool definition without throwing into the page', async () => {
    const error = sinon.stub(console, 'error');
    const name = 'document_event_duplicate';
    const tool: ToolDefinition = { ...echoArgsTool(), name };
    try {
      document.dispatchEvent(new CustomEvent('ag-ui-register-tool', { detail: tool }));
      const reported = oneEvent(document, 'ag-ui-tool-registration-error');
      const duplicate = new CustomEvent('ag-ui-register-tool', { detail: tool, bubbles: true, composed: true });
      expect(() => document.body.dispatchEvent(duplicate)).not.to.throw();
      const { detail } = await reported;
      expect(detail.toolName).to.equal(name);
      expect(detail.source).to.equal('register-tool-event');
      expect((detail.error as { code?: string }).code).to.equal('duplicate_name');

      const garbage = new CustomEvent('ag-ui-register-tool', { detail: { name: 42 } });
      document.dispatchEvent(garbage);
      expect(error.callCount).to.equal(2);
    } finally {
      globalToolRegistry.unregister(name);
    }
  });

  it('streams tool arguments into the card and fires ag-ui-tool-call-args', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await mount(scenarioUrl('tool', { args: '{"message":"hello world","n":3}', fragments: 5 }), registry);
    const deltas: string[] = [];
    el.addEventListener('ag-ui-tool-call-args', (event) => deltas.push(event.detail.delta));
    await el.sendMessage('echo');
    await rendered(el);
    expect(deltas.join('')).to.equal('{"message":"hello world","n":3}');
    expect(deltas.length).to.equal(5);
    expect($(el, '[part="tool-call-args"]')!.textContent).to.equal('{\n  "message": "hello world",\n  "n": 3\n}');
  });
});
