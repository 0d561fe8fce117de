import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { A2UIMiddleware, A2UIActivityType, LOG_A2UI_EVENT_TOOL_NAME } from '@ag-ui/a2ui-middleware';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { Observable } from 'rxjs';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
// The opt-in entry: registers the A2UI renderer with the element.
import '../../../web/src/a2ui.js';
import type { A2uiActionDetail, A2uiErrorDetail } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.events.js';
import { A2uiActivities } from '../../../web/src/components/ag-ui-agent/cards/a2ui/a2ui-activity.js';
import { A2UI_MAX_COMPONENTS, A2UI_MAX_DEPTH } from '../../../web/src/components/ag-ui-agent/cards/a2ui/a2ui-size.js';
import { pushedAgent, trackUnhandledRejections } from '../../helpers/agent-fixtures.js';
import { showActivities } from './a2ui-run.js';
import { $, $$, rendered } from './helpers.js';
import { render } from 'lit';

/** An agent that answers each run with the events `script` gives for its input, and keeps the inputs it got. */
class ScriptedAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];
  constructor(private readonly script: (input: RunAgentInput, index: number) => BaseEvent[]) {
    super();
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    const index = this.inputs.push(structuredClone(input)) - 1;
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of this.script(input, index)) subscriber.next(event);
      subscriber.complete();
    });
  }
}

/**
 * The server side of an A2UI deployment: the real `A2UIMiddleware` wrapping `inner` (as an AG-UI server runs it in
 * front of its agent), seen by the element as one agent.
 */
class A2uiServerAgent extends AbstractAgent {
  readonly #middleware = new A2UIMiddleware();
  constructor(private readonly inner: AbstractAgent) {
    super();
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    return this.#middleware.run(input, this.inner);
  }
}

const missingModule = `/not-installed-${Date.now()}.js`;

const CATALOG = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/** A surface with a text and a button whose action carries a context value. */
const SURFACE = [
  { version: 'v0.9', createSurface: { surfaceId: 'confirm', catalogId: CATALOG } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'confirm',
      components: [
        { id: 'root', component: 'Column', children: ['question', 'ok'] },
        { id: 'question', component: 'Text', text: 'Book the 9:40 flight?' },
        { id: 'ok', component: 'Button', child: 'ok-label', action: { event: { name: 'book', context: { flight: 'LH 123' } } } },
        { id: 'ok-label', component: 'Text', text: 'Book it' },
      ],
    },
  },
];

/** Run 1: a backend tool answers with A2UI operations (the middleware turns them into a surface); run 2: a reply. */
function bookingScript(input: RunAgentInput, index: number): BaseEvent[] {
  const { threadId, runId } = input;
  if (index === 0) {
    return [
      { type: EventType.RUN_STARTED, threadId, runId },
      { type: EventType.TOOL_CALL_START, toolCallId: 'call-1', toolCallName: 'offer_flight', parentMessageId: 'm1' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta: '{}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'call-1' },
      { type: EventType.TOOL_CALL_RESULT, messageId: 'r1', toolCallId: 'call-1', role: 'tool', content: JSON.stringify({ a2ui_operations: SURFACE }) },
      { type: EventType.RUN_FINISHED, threadId, runId },
    ] as BaseEvent[];
  }
  return [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.TEXT_MESSAGE_START, messageId: `reply-${index}`, role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: `reply-${index}`, delta: 'Booked.' },
    { type: EventType.TEXT_MESSAGE_END, messageId: `reply-${index}` },
    { type: EventType.RUN_FINISHED, threadId, runId },
  ] as BaseEvent[];
}

/**
 * A surface that asks for its data model with every action (`sendDataModel`), with markdown in a Text (and markup that
 * must not run), a TextField bound to `/name`, and a button.
 */
const DATA_SURFACE = [
  { version: 'v0.9', createSurface: { surfaceId: 'trip', catalogId: CATALOG, sendDataModel: true } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'trip',
      components: [
        { id: 'root', component: 'Column', children: ['intro', 'name', 'ok'] },
        { id: 'intro', component: 'Text', text: 'Who is **travelling**? <img src="x" onerror="window.__a2uiInjected = true">' },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
        { id: 'ok', component: 'Button', child: 'ok-label', action: { event: { name: 'book', context: { flight: 'LH 123' } } } },
        { id: 'ok-label', component: 'Text', text: 'Book it' },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'trip', path: '/', value: { name: 'Ada', seats: 2 } } },
];

/** `bookingScript` with `DATA_SURFACE` as the first run's surface. */
function dataScript(input: RunAgentInput, index: number): BaseEvent[] {
  const events = bookingScript(input, index);
  if (index > 0) return events;
  return events.map((event) =>
    event.type === EventType.TOOL_CALL_RESULT ? ({ ...event, content: JSON.stringify({ a2ui_operations: DATA_SURFACE }) } as BaseEvent) : event,
  );
}

/** The `<a2ui-surface>` of the element's first A2UI entry, once its button has rendered. */
async function surfaceButton(el: AgUiAgent): Promise<HTMLButtonElement> {
  let button: HTMLButtonElement | null | undefined;
  await waitUntil(
    () => {
      button = $(el, '[part~="a2ui-surface"]')?.shadowRoot?.querySelector<HTMLButtonElement>('a2ui-basic-button button');
      return Boolean(button);
    },
    'the A2UI surface does not render its button',
  );
  return button!;
}

describe('<ag-ui-agent> A2UI surfaces', () => {
  // The element imports the renderer (and @a2ui/lit, a few hundred modules over the dev server) on the first surface;
  // load it once up front so that no test's waits include a cold load.
  before(async function () {
    this.timeout(180_000);
    const { loadA2ui } = await import('../../../web/src/components/ag-ui-agent/cards/a2ui/render-a2ui.js');
    await loadA2ui();
  });

  let rejections: ReturnType<typeof trackUnhandledRejections>;
  beforeEach(() => (rejections = trackUnhandledRejections()));
  afterEach(() => {
    rejections.dispose();
    expect(rejections.reasons.map(String)).to.deep.equal([]);
  });

  it('renders a surface from an agent behind @ag-ui/a2ui-middleware, and a button action reaches the agent', async () => {
    const inner = new ScriptedAgent(bookingScript);
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${new A2uiServerAgent(inner)}></ag-ui-agent>`);
    await el.sendMessage('Find me a flight');
    await rendered(el);

    const entry = $(el, '[part~="activity-a2ui-surface"]');
    expect(entry?.dataset.activityType).to.equal(A2UIActivityType);
    const button = await surfaceButton(el);
    const surfaceRoot = $(el, '[part~="a2ui-surface"]')!.shadowRoot!;
    expect(surfaceRoot.textContent).to.contain('Book the 9:40 flight?');
    expect(button.textContent?.trim()).to.equal('Book it');

    const action = oneEvent(el, 'ag-ui-a2ui-action');
    const finished = oneEvent(el, 'ag-ui-run-finished');
    button.click();
    const detail = ((await action) as CustomEvent<A2uiActionDetail>).detail;
    expect(detail.userAction).to.include({ name: 'book', surfaceId: 'confirm', sourceComponentId: 'ok' });
    await finished;

    // The second run carried the action the way the middleware reads it, and the middleware told the agent.
    expect(inner.inputs).to.have.length(2);
    const sent = inner.inputs[1]!;
    const userAction = (sent.forwardedProps as { a2uiAction: { userAction: Record<string, unknown> } }).a2uiAction.userAction;
    expect(userAction).to.deep.include({ name: 'book', surfaceId: 'confirm', sourceComponentId: 'ok', context: { flight: 'LH 123' } });
    expect(sent.forwardedProps, 'no surface asked for its data model').not.to.have.property('a2uiClientDataModel');
    expect(detail.dataModel).to.equal(undefined);
    const logged = sent.messages.find((message) => message.role === 'assistant' && message.toolCalls?.[0]?.function.name === LOG_A2UI_EVENT_TOOL_NAME);
    expect(logged, 'the synthetic log_a2ui_event call').to.not.equal(undefined);
    const told = sent.messages.at(-1);
    expect(told?.role).to.equal('tool');
    expect(String(told?.content)).to.contain('User performed action "book"').and.contain('LH 123');
    await rendered(el);
    expect($$(el, '[part~="message-assistant"]').map((node) => node.textContent ?? '').join()).to.contain('Booked.');
    await expect(el).to.be.accessible();
  });

  it('does not run the agent when ag-ui-a2ui-action is prevented', async () => {
    const inner = new ScriptedAgent(bookingScript);
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${new A2uiServerAgent(inner)}></ag-ui-agent>`);
    el.addEventListener('ag-ui-a2ui-action', (event) => event.preventDefault());
    await el.sendMessage('Find me a flight');
    await rendered(el);
    const action = oneEvent(el, 'ag-ui-a2ui-action');
    (await surfaceButton(el)).click();
    await action;
    await rendered(el);
    expect(inner.inputs).to.have.length(1);
    expect(el.running).to.equal(false);
  });

  it('renders A2UI text as sanitized markdown with the element\'s renderer, not as raw markdown', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${new A2uiServerAgent(new ScriptedAgent(dataScript))}></ag-ui-agent>`);
    await el.sendMessage('Find me a flight');
    await surfaceButton(el);
    const surfaceRoot = $(el, '[part~="a2ui-surface"]')!.shadowRoot!;
    let text: HTMLElement | null | undefined;
    await waitUntil(() => {
      // The basic catalog's components render in the light DOM of the surface's shadow root.
      text = [...surfaceRoot.querySelectorAll<HTMLElement>('a2ui-basic-text .a2ui-text')].find((node) => node.textContent?.includes('Who is'));
      return Boolean(text?.querySelector('strong'));
    }, 'the A2UI text is not rendered as markdown');
    expect(text!.querySelector('strong')!.textContent).to.equal('travelling');
    expect(text!.textContent).not.to.contain('**');
    // The model's markup went through the element's sanitizer: the image stays, its handler does not.
    expect(text!.querySelector('img')?.hasAttribute('onerror')).to.equal(false);
    expect((window as { __a2uiInjected?: boolean }).__a2uiInjected).to.equal(undefined);
  });

  it('sends the data model of a sendDataModel surface with its action, as forwardedProps.a2uiClientDataModel', async () => {
    const inner = new ScriptedAgent(dataScript);
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${new A2uiServerAgent(inner)}></ag-ui-agent>`);
    await el.sendMessage('Find me a flight');
    const button = await surfaceButton(el);
    // The person edits the bound field: the surface's data model changes before the action.
    const input = $(el, '[part~="a2ui-surface"]')!.shadowRoot!.querySelector<HTMLInputElement>('a2ui-basic-textfield input')!;
    expect(input.value).to.equal('Ada');
    input.value = 'Grace';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));

    const action = oneEvent(el, 'ag-ui-a2ui-action');
    const finished = oneEvent(el, 'ag-ui-run-finished');
    button.click();
    const detail = ((await action) as CustomEvent<A2uiActionDetail>).detail;
    const expected = { version: 'v0.9', surfaces: { trip: { name: 'Grace', seats: 2 } } };
    expect(detail.dataModel).to.deep.equal(expected);
    await finished;
    expect(inner.inputs).to.have.length(2);
    const forwarded = inner.inputs[1]!.forwardedProps as Record<string, unknown>;
    expect(forwarded.a2uiClientDataModel).to.deep.equal(expected);
    expect((forwarded.a2uiAction as { userAction: unknown }).userAction).to.deep.include({ name: 'book', surfaceId: 'trip' });
  });

  it('shows bad surface data and unknown components as a contained error, and the rest of the transcript renders', async () => {
    const { el, errors } = await showActivities(
      [
        // Components for a surface that was never created.
        {
          type: EventType.ACTIVITY_SNAPSHOT,
          messageId: 'bad',
          activityType: 'a2ui-surface',
          content: { a2ui_operations: [{ version: 'v0.9', updateComponents: { surfaceId: 'nowhere', components: [{ id: 'root', component: 'Text', text: 'x' }] } }] },
        } as BaseEvent,
        // A component the catalog does not have, beside one it has.
        {
          type: EventType.ACTIVITY_SNAPSHOT,
          messageId: 'odd',
          activityType: 'a2ui-surface',
          content: {
            a2ui_operations: [
              { version: 'v0.9', createSurface: { surfaceId: 'odd', catalogId: CATALOG } },
              {
                version: 'v0.9',
                updateComponents: {
                  surfaceId: 'odd',
                  components: [
                    { id: 'root', component: 'Column', children: ['hello', 'chart'] },
                    { id: 'hello', component: 'Text', text: 'Hello' },
                    { id: 'chart', component: 'FancyChart', series: [1, 2] },
                  ],
                },
              },
            ],
          },
        } as BaseEvent,
        // Not A2UI at all.
        { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'junk', activityType: 'a2ui-surface', content: { a2ui_operations: 'nope' } } as BaseEvent,
      ],
      3,
    );
    expect(errors).to.have.length(3);

    const entry = (id: string) => $(el, `[data-message-id="${id}"]`)!;
    expect(entry('bad').querySelector('[part="a2ui-error"]')?.textContent).to.contain('Surface not found');
    expect(entry('junk').querySelector('[part="a2ui-error"]')?.textContent).to.contain('a2ui_operations');
    const odd = entry('odd');
    expect(odd.querySelector('[part="a2ui-error"]')?.textContent).to.contain('FancyChart');
    await waitUntil(() => odd.querySelector('[part~="a2ui-surface"]')?.shadowRoot?.textContent?.includes('Hello'), 'the known part is not shown');
    expect(Object.fromEntries(errors.map((error) => [error.messageId, error.code]))).to.deep.equal({
      bad: 'a2ui_invalid_surface',
      odd: 'a2ui_unknown_component',
      junk: 'a2ui_invalid_surface',
    });
    expect($$(el, '[part~="message-assistant"]').map((node) => node.textContent ?? '').join()).to.contain('Here it is.');
  });

  it('shows the middleware lifecycle (building, failed) without loading the renderer', async () => {
    const { agent, push, end } = pushedAgent();
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent .agent=${agent}></ag-ui-agent>`);
    const sending = el.sendMessage('Build');
    push({ type: EventType.RUN_STARTED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 's1', activityType: 'a2ui-surface', content: { status: 'building', progressTokens: 40 } } as BaseEvent);
    await waitUntil(() => $(el, '[part="a2ui-loading"]')?.textContent?.includes('40 tokens'), 'the building state is not shown');
    const failed = oneEvent(el, 'ag-ui-a2ui-error');
    push({ type: EventType.ACTIVITY_SNAPSHOT, messageId: 's1', activityType: 'a2ui-surface', content: { status: 'failed', error: 'the model gave up' }, replace: true } as BaseEvent);
    expect(((await failed) as CustomEvent<A2uiErrorDetail>).detail).to.include({ messageId: 's1', code: 'a2ui_generation_failed' });
    push({ type: EventType.RUN_FINISHED, threadId: el.threadId, runId: 'r1' } as BaseEvent);
    end();
    await sending;
    await rendered(el);
    expect($(el, '[part="a2ui-error"]')?.textContent).to.contain('the model gave up');
    expect($(el, '[part="a2ui-loading"]')).to.equal(null);
  });

  it('says to install @a2ui/lit when the renderer cannot be loaded', async () => {
    const errors: A2uiErrorDetail[] = [];
    let updated!: () => void;
    const loadSettled = new Promise<void>((resolve) => (updated = resolve));
    const original = console.error;
    console.error = () => undefined;
    try {
      const activities = new A2uiActivities(
        { requestUpdate: () => updated(), action: () => undefined, error: (detail) => errors.push(detail) },
        // A module that is not there, as `@a2ui/lit` is not on a page that did not install it.
        () => import(missingModule),
      );
      const view = { messageId: 'a1', activityType: 'a2ui-surface', content: { a2ui_operations: [] } };
      const container = document.createElement('div');
      render(activities.render(view), container);
      expect(container.querySelector('[part="a2ui-loading"]')?.textContent).to.contain('Loading');
      await loadSettled;
      render(activities.render(view), container);
      await waitUntil(() => errors.length === 1, 'the error event is not fired');
      expect(container.querySelector('[part="a2ui-error"]')?.textContent).to.contain('@a2ui/lit');
      expect(errors[0]).to.include({ messageId: 'a1', code: 'a2ui_unavailable' });
    } finally {
      console.error = original;
    }
  });

  describe('size bounds', () => {
    /** An activity whose one surface has `components` (the first is the root). */
    function activity(messageId: string, components: Array<Record<string, unknown>>, data?: unknown): BaseEvent {
      const operations: unknown[] = [
        { version: 'v0.9', createSurface: { surfaceId: messageId, catalogId: CATALOG } },
        { version: 'v0.9', updateComponents: { surfaceId: messageId, components } },
      ];
      if (data !== undefined) operations.push({ version: 'v0.9', updateDataModel: { surfaceId: messageId, value: data } });
      return { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: 'a2ui-surface', content: { a2ui_operations: operations } } as BaseEvent;
    }

    /** A Column with `count - 1` Texts: `count` components. */
    function column(count: number): Array<Record<string, unknown>> {
      const texts = Array.from({ length: count - 1 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: `Item ${i}` }));
      return [{ id: 'root', component: 'Column', children: texts.map((text) => text.id) }, ...texts];
    }

    function notice(el: AgUiAgent, messageId: string): HTMLElement | null {
      return $(el, `[data-message-id="${messageId}"] [part="a2ui-error"]`);
    }

    it(`shows a surface of ${A2UI_MAX_COMPONENTS} components, and refuses one of 10,000 with a contained a2ui_too_large notice`, async () => {
      const { el, errors } = await showActivities([activity('fits', column(A2UI_MAX_COMPONENTS)), activity('huge', column(10_000))], 1);
      expect(errors.map((error) => [error.messageId, error.code])).to.deep.equal([['huge', 'a2ui_too_large']]);
      expect(notice(el, 'huge')?.dataset.code).to.equal('a2ui_too_large');
      expect(notice(el, 'huge')?.textContent).to.contain(`more than ${A2UI_MAX_COMPONENTS} components`);
      expect($(el, '[data-message-id="huge"] [part~="a2ui-surface"]')).to.equal(null);
      expect(notice(el, 'fits')).to.equal(null);
      const last = `Item ${A2UI_MAX_COMPONENTS - 2}`;
      await waitUntil(() => $(el, '[data-message-id="fits"] [part~="a2ui-surface"]')?.shadowRoot?.textContent?.includes(last), 'the surface at the cap');
      expect($$(el, '[part~="message-assistant"]').map((node) => node.textContent ?? '').join()).to.contain('Here it is.');
    });

    it(`refuses components nested deeper than ${A2UI_MAX_DEPTH} levels, and a cycle`, async () => {
      const chain = Array.from({ length: A2UI_MAX_DEPTH + 5 }, (_, i) => ({
        id: i === 0 ? 'root' : `c${i}`,
        component: 'Column',
        children: [`c${i + 1}`],
      }));
      const cycle = [
        { id: 'root', component: 'Column', children: ['a'] },
        { id: 'a', component: 'Column', children: ['root'] },
      ];
      const { el, errors } = await showActivities([activity('deep', chain), activity('loop', cycle)], 2);
      expect(errors.map((error) => [error.messageId, error.code])).to.deep.equal([
        ['deep', 'a2ui_too_large'],
        ['loop', 'a2ui_too_large'],
      ]);
      expect(notice(el, 'deep')?.textContent).to.contain(`deeper than ${A2UI_MAX_DEPTH} levels`);
      expect(notice(el, 'loop')?.dataset.code).to.equal('a2ui_too_large');
    });

    it('counts what the renderer would make: a component shown at many places, and a list template once per data item', async () => {
      // 12 components, each child shown twice by its parent: 4,095 nodes to render.
      const doubling = Array.from({ length: 12 }, (_, i) => ({
        id: i === 0 ? 'root' : `c${i}`,
        component: i === 11 ? 'Text' : 'Column',
        ...(i === 11 ? { text: 'leaf' } : { children: [`c${i + 1}`, `c${i + 1}`] }),
      }));
      // Two components: a List whose template repeats a Text for each of 1,000 items.
      const list = [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } },
        { id: 'row', component: 'Text', text: { path: 'name' } },
      ];
      const items = { items: Array.from({ length: 1000 }, (_, i) => ({ name: `Row ${i}` })) };
      const { el, errors } = await showActivities([activity('shared', doubling), activity('listed', list, items)], 2);
      expect(errors.map((error) => [error.messageId, error.code])).to.deep.equal([
        ['shared', 'a2ui_too_large'],
        ['listed', 'a2ui_too_large'],
      ]);
      expect($(el, '[part~="a2ui-surface"]')).to.equal(null);
    });
  });
});
