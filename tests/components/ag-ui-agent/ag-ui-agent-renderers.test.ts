import { EventType, type BaseEvent } from '@ag-ui/client';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { ActivityChangedDetail } from '../../../web/src/agent/types.js';
import type { ToolCallRenderContext } from '../../../web/src/components/ag-ui-agent/cards/tool-call/tool-render-context.js';
import { ToolRegistry, defineUiTool, type UiToolRenderContext } from '../../../web/src/tools/index.js';
import { pushedAgent, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { $, $$, assistantText, deferred, rendered, scenarioUrl } from './helpers.js';

/** A weather tool whose handler waits for `gate`. */
function weatherTool(gate: Promise<string>) {
  return {
    name: 'get_weather',
    description: 'The weather in a city',
    effect: 'read_only' as const,
    schema: z.object({ city: z.string(), unit: z.enum(['C', 'F']).optional() }),
    handler: async ({ city }: { city: string }) => ({ city, forecast: await gate }),
  };
}

/** A card renderer that shows what it got, to check what it sees at each step. */
function weatherCard(call: ToolCallRenderContext): unknown {
  const args = (call.args ?? {}) as { city?: string };
  const result = call.result as { forecast?: string } | undefined;
  return html`<div class="weather" data-status=${call.status}>
    <span class="city">${args.city ?? '…'}</span> <span class="forecast">${result?.forecast ?? 'pending'}</span>
  </div>`;
}

class WeatherCardElement extends HTMLElement {
  toolCall: ToolCallRenderContext | undefined;
  connectedCallback(): void {
    this.textContent = `${this.toolCall?.toolCallName}: ${this.toolCall?.status}`;
  }
}
customElements.define('test-weather-card', WeatherCardElement);

describe('<ag-ui-agent> tool renderers and activities', () => {
  let rejections: ReturnType<typeof trackUnhandledRejections>;
  beforeEach(() => (rejections = trackUnhandledRejections()));
  afterEach(() => {
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('shows a frontend call through its renderer as arguments stream, while it runs, and once it succeeded', async () => {
    const gate = deferred<string>();
    const registry = new ToolRegistry();
    registry.register(weatherTool(gate.promise));
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${registry} .renderers=${{ get_weather: weatherCard }}></ag-ui-agent>`);
    const sending = el.sendMessage('Weather in Paris?');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'get_weather' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":"Par' } as BaseEvent);
    await waitUntil(() => $(el, '.weather .city')?.textContent === 'Par', 'the partial argument is not shown');
    expect($(el, '.weather')!.dataset.status).to.equal('streaming');
    expect($(el, '[part="tool-call-custom"]')!.contains($(el, '.weather'))).to.equal(true);
    // The raw arguments are behind Details, closed.
    expect(($(el, '[part="tool-call-details"]') as HTMLDetailsElement).open).to.equal(false);
    expect($(el, '[part="tool-call-details"] [part="tool-call-args"]') !== null).to.equal(true);

    push({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: 'is"}' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_END, toolCallId: 'c1' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await waitUntil(() => $(el, '.weather')?.dataset.status === 'executing', 'the running call is not shown');
    expect($(el, '.weather .city')!.textContent).to.equal('Paris');
    expect($(el, '.weather .forecast')!.textContent).to.equal('pending');

    gate.resolve('sunny');
    await sending;
    await rendered(el);
    expect($(el, '.weather')!.dataset.status).to.equal('succeeded');
    expect($(el, '.weather .forecast')!.textContent).to.equal('sunny');
    const details = $(el, '[part="tool-call-details"]') as HTMLDetailsElement;
    details.open = true;
    expect(JSON.parse(details.querySelector('[part="tool-call-result"]')!.textContent!)).to.deep.equal({ city: 'Paris', forecast: 'sunny' });
    expect($(el, '[part~="tool-call-status"]')!.textContent!.trim()).to.equal('Succeeded');
    await expect(el).to.be.accessible();
  });

  it('shows a backend call through its renderer as arguments stream, while the server runs it, and with its result', async () => {
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .registry=${new ToolRegistry()} .renderers=${{ 'server_*': weatherCard }}></ag-ui-agent>`);
    const sending = el.sendMessage('Weather in Oslo?');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_START, toolCallId: 'b1', toolCallName: 'server_weather', parentMessageId: 'm1' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'b1', delta: '{"city":"Os' } as BaseEvent);
    await waitUntil(() => $(el, '.weather .city')?.textContent === 'Os', 'the partial argument is not shown');
    expect($(el, '.weather')!.dataset.status).to.equal('streaming');
    expect($(el, '[part~="tool-call-badge"]') !== null, 'marked as run by the server').to.equal(true);

    push({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'b1', delta: 'lo"}' } as BaseEvent);
    push({ type: EventType.TOOL_CALL_END, toolCallId: 'b1' } as BaseEvent);
    await waitUntil(() => $(el, '.weather')?.dataset.status === 'executing', 'the call the server runs is not shown');
    expect($(el, '.weather .city')!.textContent).to.equal('Oslo');
    expect($(el, '.weather .forecast')!.textContent).to.equal('pending');

    push({ type: EventType.TOOL_CALL_RESULT, messageId: 'r-b1', toolCallId: 'b1', content: '{"forecast":"snow"}' } as BaseEvent);
    await waitUntil(() => $(el, '.weather')?.dataset.status === 'succeeded', 'the result is not shown');
    expect($(el, '.weather .forecast')!.textContent).to.equal('snow');
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
    expect($(el, '.weather .forecast')!.textContent).to.equal('snow');
  });

  it("uses a tool's own render, and a pattern for backend calls, and gives a custom element the call", async () => {
    const registry = new ToolRegistry();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent
      url=${scenarioUrl('backend-tool', { tool: 'server_search' })}
      .registry=${registry}
      .renderers=${{ 'server_*': 'test-weather-card' }}
    ></ag-ui-agent>`);
    await el.sendMessage('Search');
    await rendered(el);
    const card = $(el, 'test-weather-card') as WeatherCardElement | null;
    expect(card).to.not.equal(null);
    expect(card!.toolCall).to.include({ toolCallName: 'server_search', kind: 'backend', status: 'succeeded' });
    expect(card!.toolCall!.result).to.deep.equal({ ok: true, forecast: 'sunny' });
    expect(card!.toolCall!.record.toolCallId).to.equal(card!.toolCall!.toolCallId);

    const own = new ToolRegistry();
    own.register({
      name: 'echo',
      description: 'Echoes',
      effect: 'read_only',
      schema: z.object({ word: z.string() }),
      handler: ({ word }) => word.toUpperCase(),
      render: (call: { result: unknown }) => html`<b class="echoed">${String(call.result ?? '')}</b>`,
    });
    const second = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('tool', { tool: 'echo', args: '{"word":"hi"}' })} .registry=${own}></ag-ui-agent>`);
    await second.sendMessage('Echo');
    await rendered(second);
    expect($(second, '.echoed')?.textContent).to.equal('HI');
  });

  it('continues the run with the answer a person gives through a UI tool, after checking it against its result schema', async () => {
    const replies: Array<{ ok: true } | { ok: false; message: string }> = [];
    const pickSize = defineUiTool({
      name: 'pick_size',
      description: 'Asks the user to pick a size',
      schema: z.object({ question: z.string() }),
      result: z.object({ size: z.enum(['S', 'M', 'L']) }),
      render: ({ args, respond, status }: UiToolRenderContext<{ question: string }>) => html`<fieldset class="pick" data-status=${status}>
        <legend>${args?.question ?? ''}</legend>
        ${['S', 'M', 'XL'].map(
          (size) => html`<button type="button" ?disabled=${!respond} @click=${() => replies.push(respond!({ size }))}>${size}</button>`,
        )}
      </fieldset>`,
    });
    const registry = new ToolRegistry();
    registry.register(pickSize);
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('tool', { tool: 'pick_size', args: '{"question":"Which size?"}' })} .registry=${registry}></ag-ui-agent>`,
    );
    const sending = el.sendMessage('Order a shirt');
    await waitUntil(() => $(el, '.pick button:not([disabled])') !== null, 'the question is not asked');
    expect($(el, '.pick legend')!.textContent).to.equal('Which size?');
    expect($(el, '[part~="tool-call-status"]')!.textContent!.trim()).to.equal('Waiting for your answer');
    const [, medium, extraLarge] = $$(el, '.pick button');
    extraLarge!.click();
    expect(replies).to.have.length(1);
    expect(replies[0]).to.include({ ok: false });
    expect((replies[0] as { message: string }).message).to.contain('expected one of');
    expect(el.running).to.equal(true); // an answer the schema refuses leaves the call waiting
    medium!.click();
    await sending;
    await rendered(el);
    expect(replies[1]).to.deep.equal({ ok: true });
    expect([...el.toolCalls.values()][0]!.status).to.equal('succeeded');
    expect(assistantText(el)).to.contain('Result: {"size":"M"}');
    expect($(el, '.pick')!.dataset.status).to.equal('succeeded');
    expect($(el, '.pick button:not([disabled])')).to.equal(null);
  });

  it("keeps each element's UI tool question its own when both agents use the same toolCallId", async () => {
    const respond = new Map<string, UiToolRenderContext['respond']>();
    const mount = async (name: string): Promise<AgUiAgent> => {
      const registry = new ToolRegistry();
      registry.register(
        defineUiTool({
          name: 'pick_size',
          description: 'Asks the user to pick a size',
          schema: z.object({}).loose(),
          result: z.object({ size: z.string() }),
          render: (call: UiToolRenderContext) => {
            if (call.respond) respond.set(name, call.respond);
            return html`<p class="pick">${call.status}</p>`;
          },
        }),
      );
      const url = scenarioUrl('tool', { tool: 'pick_size', args: '{}', toolCallId: 'call_1' });
      return fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${registry}></ag-ui-agent>`);
    };
    const first = await mount('first');
    const second = await mount('second');
    const sendingFirst = first.sendMessage('Order a shirt');
    const sendingSecond = second.sendMessage('Order a shirt');
    await waitUntil(() => respond.size === 2, 'both questions are not asked');

    expect(respond.get('first')!({ size: 'S' })).to.deep.equal({ ok: true });
    await sendingFirst;
    expect(second.running).to.equal(true);
    expect(second.toolCalls.get('call_1')!.status).to.equal('executing');
    expect(second.decisions.map((decision) => [decision.kind, decision.toolCallId, decision.state])).to.deep.equal([
      ['ui-tool-answer', 'call_1', 'open'],
    ]);

    expect(respond.get('second')!({ size: 'L' })).to.deep.equal({ ok: true });
    await sendingSecond;
    await Promise.all([rendered(first), rendered(second)]);
    expect(assistantText(first)).to.contain('Result: {"size":"S"}');
    expect(assistantText(second)).to.contain('Result: {"size":"L"}');
  });

  it('ends a UI tool call cancelled when the person declines, and the agent is told', async () => {
    let decline: (() => void) | undefined;
    const ask = defineUiTool({
      name: 'ask',
      description: 'Asks the user',
      schema: z.object({}).loose(),
      render: ({ cancel }: UiToolRenderContext) => {
        decline = cancel && (() => cancel('not now'));
        return html`<p class="ask">${cancel ? 'Waiting' : 'Done'}</p>`;
      },
    });
    const registry = new ToolRegistry();
    registry.register(ask);
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('tool', { tool: 'ask', args: '{}' })} .registry=${registry}></ag-ui-agent>`);
    const sending = el.sendMessage('Ask me');
    await waitUntil(() => $(el, '.ask')?.textContent === 'Waiting' && decline !== undefined, 'not waiting');
    decline!();
    await sending;
    await rendered(el);
    const record = [...el.toolCalls.values()][0]!;
    expect(record.status).to.equal('cancelled');
    expect(record.error?.message).to.contain('The user declined: not now');
  });

  it('contains a renderer that throws: a short error and the default card, the transcript intact', async () => {
    const registry = new ToolRegistry();
    registry.register({ name: 'echo', description: 'Echoes', effect: 'read_only', schema: z.object({}).loose(), handler: () => 'ok' });
    const broken = (): never => {
      throw new Error('renderer bug');
    };
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${scenarioUrl('tool', { tool: 'echo', args: '{}' })} .registry=${registry} .renderers=${{ echo: broken }}></ag-ui-agent>`);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      await el.sendMessage('Echo');
      await rendered(el);
    } finally {
      console.error = original;
    }
    expect($(el, '[part="renderer-error"]')?.textContent).to.contain('renderer bug');
    expect($(el, '[part="tool-call-result"]')?.textContent).to.equal('ok');
    expect($$(el, '[part~="message-assistant"]')).to.have.length(2);
    expect(errors.length).to.be.greaterThan(0);
  });

  it('renders an activity plan in order and updates its steps as deltas arrive, firing ag-ui-activity-changed', async () => {
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent}></ag-ui-agent>`);
    const changes: ActivityChangedDetail[] = [];
    el.addEventListener('ag-ui-activity-changed', (event) => changes.push(structuredClone(event.detail)));
    const sending = el.sendMessage('Plan the trip');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    const snapshot = oneEvent(el, 'ag-ui-activity-changed');
    push({
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: 'plan-1',
      activityType: 'PLAN',
      content: { title: 'Trip plan', steps: [{ title: 'Book flights', status: 'in_progress' }, { title: 'Book hotel', status: 'pending' }] },
    } as BaseEvent);
    await snapshot;
    await waitUntil(() => $$(el, '[part~="activity-step"]').length === 2, 'the plan is not shown');
    const plan = $(el, '[part~="activity"]')!;
    expect(plan.getAttribute('part')).to.equal('activity activity-plan');
    expect(plan.querySelector('[part="activity-title"]')!.textContent).to.contain('Trip plan').and.contain('0 of 2 done');
    expect($$(el, '[part~="activity-step"]').map((step) => step.dataset.status)).to.deep.equal(['in_progress', 'pending']);

    push({
      type: EventType.ACTIVITY_DELTA,
      messageId: 'plan-1',
      activityType: 'PLAN',
      patch: [
        { op: 'replace', path: '/steps/0/status', value: 'completed' },
        { op: 'replace', path: '/steps/1/status', value: 'in_progress' },
      ],
    } as BaseEvent);
    await waitUntil(() => $$(el, '[part~="activity-step"]')[0]?.dataset.status === 'completed', 'the delta is not shown');
    expect($$(el, '[part~="activity-step"]').map((step) => step.dataset.status)).to.deep.equal(['completed', 'in_progress']);
    expect(plan.querySelector('[part="activity-title"]')!.textContent).to.contain('1 of 2 done');

    push({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Flights booked.' } as BaseEvent);
    push({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
    await rendered(el);
    // In stream order: the person's message, the plan, the reply.
    const order = $$(el, '[part~="message"], [part~="activity"]').map((node) => node.getAttribute('part')!.split(' ')[0]);
    expect(order).to.deep.equal(['message', 'activity', 'message']);
    expect(changes.map((change) => change.content.steps)).to.deep.equal([
      [{ title: 'Book flights', status: 'in_progress' }, { title: 'Book hotel', status: 'pending' }],
      [{ title: 'Book flights', status: 'completed' }, { title: 'Book hotel', status: 'in_progress' }],
    ]);
    expect(changes[0]).to.include({ messageId: 'plan-1', activityType: 'PLAN' });
    await expect(el).to.be.accessible();
  });

  it('renders an activity with the page renderer for its type, and other content compactly', async () => {
    const { agent, push, end } = pushedAgent();
    const renderers = { 'search_*': (activity: { content: Record<string, unknown> }) => html`<p class="hits">${String(activity.content.hits)} hits</p>` };
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent} .activityRenderers=${renderers}></ag-ui-agent>`);
    const sending = el.sendMessage('Search');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'a1', activityType: 'search_progress', content: { hits: 12 } } as BaseEvent);
    push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'a2', activityType: 'raw_data', content: { rows: 3 } } as BaseEvent);
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
    await rendered(el);
    expect($(el, '.hits')?.textContent).to.equal('12 hits');
    const raw = $$(el, '[part~="activity"]')[1]!;
    expect(raw.querySelector('[part="activity-title"]')!.textContent).to.equal('Raw data');
    expect(JSON.parse(raw.querySelector('[part="activity-content"]')!.textContent!)).to.deep.equal({ rows: 3 });
    // Activities are the page's view: never sent back to the agent.
    expect(el.messages.filter((message) => message.role === 'activity')).to.have.length(2);
  });
});
