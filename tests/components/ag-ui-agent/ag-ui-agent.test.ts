import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import sinon from 'sinon';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $, $$, DEMO_URL, assistantText, echoArgsTool, mount, rendered, scenarioUrl, until } from './helpers.js';

describe('<ag-ui-agent>', () => {
  afterEach(() => {
    sinon.restore();
  });

  it('renders a labelled transcript and composer, and is accessible', async () => {
    const el = await mount(scenarioUrl('text'));
    const transcript = $(el, '[part="transcript"]')!;
    expect(transcript.getAttribute('role')).to.equal('log');
    expect(transcript.getAttribute('aria-live')).to.equal('polite');
    expect(transcript.getAttribute('aria-label')).to.equal('Conversation');
    expect($(el, '[part="input"]')!.getAttribute('aria-label')).to.equal('Message');
    expect($(el, '[part="send-button"]')!.textContent!.trim()).to.equal('Send');
    expect($(el, '[part="stop-button"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('streams the reply into the transcript and stays accessible', async () => {
    const el = await mount(scenarioUrl('text', { text: 'Hello from the scripted test agent, streamed in pieces.', chunks: 12 }));
    await el.sendMessage('hi there');
    await rendered(el);
    expect($(el, '[part~="message-user"]')!.textContent).to.include('hi there');
    // A loaded machine may finish the reply's markdown over more than one frame.
    await waitUntil(() => assistantText(el).includes('Hello from the scripted test agent, streamed in pieces.'), assistantText(el));
    expect(el.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
    expect($(el, '[part="transcript"]')!.getAttribute('aria-busy')).to.equal('false');
    await expect(el).to.be.accessible();
  });

  it('shows text while it streams, marking the transcript busy', async () => {
    const el = await mount(scenarioUrl('hang', { text: 'Working on it' }));
    const sending = el.sendMessage('go');
    await waitUntil(() => assistantText(el).includes('Working on it'), 'the streamed text to show');
    expect(el.running).to.equal(true);
    expect($(el, '[part="transcript"]')!.getAttribute('aria-busy')).to.equal('true');
    el.stop();
    await sending;
  });

  it('renders markdown from the agent and never runs script in it', async () => {
    const win = window as unknown as { __agUiXss?: number };
    delete win.__agUiXss;
    const text =
      '# Title\n\nSome **bold** and `code`.\n\n' +
      '<img src="data:," onerror="window.__agUiXss = 1"><script>window.__agUiXss = 2</script>\n\n' +
      '[click me](javascript:window.__agUiXss=3) <a href="https://example.com" onclick="window.__agUiXss=4">ok</a>\n';
    const el = await mount(scenarioUrl('text', { text, chunks: 9 }));
    await el.sendMessage('markdown please');
    await rendered(el);
    const content = $(el, '[part~="message-assistant"] [part~="message-content"]')!;
    expect(content.querySelector('h1')!.textContent).to.equal('Title');
    expect(content.querySelector('strong')!.textContent).to.equal('bold');
    expect(content.querySelector('script')).to.equal(null);
    expect(content.querySelector('[onerror], [onclick]')).to.equal(null);
    for (const link of content.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').not.to.match(/^javascript:/i);
    await new Promise<void>((resolve) => {
      const img = content.querySelector('img');
      if (!img || img.complete) resolve();
      else img.addEventListener('error', () => resolve(), { once: true });
      img?.addEventListener('load', () => resolve(), { once: true });
    });
    expect(win.__agUiXss).to.equal(undefined);
  });

  it('collapses reasoning in a <details>', async () => {
    const el = await mount(scenarioUrl('reasoning', { reasoning: 'Let me think about this.', text: 'Here is my answer.' }));
    await el.sendMessage('think');
    await rendered(el);
    const details = $(el, 'details[part="reasoning"]') as HTMLDetailsElement;
    expect(details.open).to.equal(false);
    expect(details.querySelector('[part="reasoning-content"]')!.textContent).to.equal('Let me think about this.');
    expect(assistantText(el)).to.include('Here is my answer.');
  });

  it('fires a cancelable ag-ui-message-send; preventDefault() sends nothing', async () => {
    const el = await mount(scenarioUrl('text'));
    const seen: string[] = [];
    el.addEventListener('ag-ui-message-send', (event) => {
      seen.push(event.detail.text);
      expect(event.cancelable).to.equal(true);
      event.preventDefault();
    });
    const input = $(el, '[part="input"]') as HTMLTextAreaElement;
    input.value = '  vetoed message  ';
    input.focus();
    await sendKeys({ press: 'Enter' });
    await el.sendMessage('also vetoed');
    await rendered(el);
    expect(seen).to.deep.equal(['vetoed message', 'also vetoed']);
    expect(el.messages).to.have.length(0);
    expect($$(el, '[part~="message"]')).to.have.length(0);
    expect(input.value).to.equal('  vetoed message  ');
  });

  it('sends on Enter and adds a new line on Shift+Enter, keyboard only', async () => {
    const el = await mount(scenarioUrl('text', { text: 'Got it.' }));
    const input = $(el, '[part="input"]') as HTMLTextAreaElement;
    input.focus();
    await sendKeys({ type: 'first line' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'second line' });
    expect(input.value).to.equal('first line\nsecond line');
    expect(el.messages).to.have.length(0);
    const sent = oneEvent(el, 'ag-ui-message-send');
    // Listened for before the key press: the run can finish before sendKeys() returns.
    const finished = oneEvent(el, 'ag-ui-run-finished');
    await sendKeys({ press: 'Enter' });
    expect((await sent).detail.text).to.equal('first line\nsecond line');
    expect(input.value).to.equal('');
    await finished;
    await rendered(el);
    expect($(el, '[part~="message-user"]')!.textContent).to.include('first line\nsecond line');
    expect(assistantText(el)).to.include('Got it.');
    expect(el.shadowRoot!.activeElement).to.equal(input);
  });

  it('sends with the Send button', async () => {
    const el = await mount(scenarioUrl('text', { text: 'Clicked.' }));
    const input = $(el, '[part="input"]') as HTMLTextAreaElement;
    input.value = 'from the button';
    $(el, '[part="send-button"]')!.click();
    await oneEvent(el, 'ag-ui-run-finished');
    await rendered(el);
    expect(assistantText(el)).to.include('Clicked.');
  });

  it('shows a Stop button while running that stops the run and returns focus to the input', async () => {
    const el = await mount(scenarioUrl('hang', { text: 'Working on it' }));
    const sending = el.sendMessage('start something long');
    const stop = await until(el, '[part="stop-button"]');
    await waitUntil(() => assistantText(el).includes('Working on it'), 'the first text to stream');
    stop.focus();
    await sendKeys({ press: 'Enter' });
    await sending;
    await rendered(el);
    expect(el.running).to.equal(false);
    expect($(el, '[part="stop-button"]')).to.equal(null);
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part="input"]'));
    expect(assistantText(el)).to.include('Working on it');
    expect($(el, '[part="error-banner"]')).to.equal(null);
  });

  it('shows an error banner on HTTP 500, keeps the conversation, and dismisses it', async () => {
    const el = await mount(scenarioUrl('http-500', { message: 'Scripted failure' }));
    const errorEvent = oneEvent(document, 'ag-ui-run-error');
    await el.sendMessage('this will fail');
    expect((await errorEvent).detail.code).to.equal('http_error');
    await rendered(el);
    const banner = $(el, '[part="error-banner"]')!;
    expect(banner.getAttribute('role')).to.equal('alert');
    expect(banner.textContent).to.include('failed (HTTP 500): Scripted failure');
    expect($(el, '[part~="message-user"]')!.textContent).to.include('this will fail');
    await expect(el).to.be.accessible();
    $(el, '[part="error-dismiss"]')!.click();
    await el.updateComplete;
    expect($(el, '[part="error-banner"]')).to.equal(null);
  });

  it('shows the loop guard message when the agent keeps calling tools', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('always-tool')} max-tool-iterations="2" .registry=${registry}></ag-ui-agent>`,
    );
    expect(el.maxToolIterations).to.equal(2);
    const errorEvent = oneEvent(el, 'ag-ui-run-error');
    await el.sendMessage('loop forever');
    expect((await errorEvent).detail.code).to.equal('max_tool_iterations');
    await rendered(el);
    expect($(el, '[part="error-message"]')!.textContent).to.match(/stopped after 2 tool rounds/i);
  });

  it('fires its events bubbling and composed, out of a shadow root to document', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const el = document.createElement('ag-ui-agent');
    el.registry = new ToolRegistry();
    el.url = scenarioUrl('text', { text: 'Events!' });
    root.append(el);
    const types = [
      'ag-ui-message-send',
      'ag-ui-run-started',
      'ag-ui-messages-changed',
      'ag-ui-run-finished',
    ] as const;
    const heard: string[] = [];
    const listener = (event: Event) => {
      expect(event.bubbles && event.composed, event.type).to.equal(true);
      if (!heard.includes(event.type)) heard.push(event.type);
    };
    for (const type of types) document.addEventListener(type, listener);
    try {
      const finished = oneEvent(document, 'ag-ui-run-finished');
      await el.sendMessage('hello');
      const { detail } = await finished;
      expect(detail.threadId).to.equal(el.threadId);
      expect(detail.followUp).to.equal(false);
      expect([...heard].sort()).to.deep.equal([...types].sort());
      expect(heard[0]).to.equal('ag-ui-message-send');
      expect(heard.at(-1)).to.equal('ag-ui-run-finished');
    } finally {
      for (const type of types) document.removeEventListener(type, listener);
    }
  });

  it('reset() starts a new thread and empties the transcript', async () => {
    const el = await mount(scenarioUrl('text', { text: 'First conversation.' }));
    await el.sendMessage('hello');
    await rendered(el);
    const before = el.threadId;
    expect(before).to.be.a('string').and.not.equal('');
    expect($$(el, '[part~="message"]')).to.have.length(2);
    el.reset();
    await rendered(el);
    expect(el.threadId).to.not.equal(before);
    expect(el.messages).to.have.length(0);
    expect($$(el, '[part~="message"]')).to.have.length(0);
  });

  it('uses the thread-id attribute and starts that thread when it changes', async () => {
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('text')} thread-id="thread-a" .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    expect(el.threadId).to.equal('thread-a');
    const started = oneEvent(el, 'ag-ui-run-started');
    await el.sendMessage('hi');
    expect((await started).detail.threadId).to.equal('thread-a');
    el.setAttribute('thread-id', 'thread-b');
    expect(el.threadId).to.equal('thread-b');
    expect(el.messages).to.have.length(0);
  });

  it('renders the whole of a burst of 3,000 deltas', async () => {
    // How many renders the burst costs (one per frame, not per delta) is the benchmark's to count (figure 7 notes).
    const deltas = 3000;
    const text = 'word '.repeat(deltas);
    const el = await mount(scenarioUrl('text', { text, chunks: deltas }));
    await el.sendMessage('stream a lot');
    // The markdown may catch up over several frames on a busy machine: wait for that state, and count words (a
    // failure prints a short message, not 15 KB of text).
    const words = () => assistantText(el).match(/word/g)?.length ?? 0;
    await waitUntil(() => words() === deltas, 'all 3,000 words rendered');
    expect(assistantText(el).trim().length).to.equal(text.trim().length);
  });

  it('does not crash on an invalid headers attribute, and sends the valid ones', async () => {
    const warn = sinon.stub(console, 'warn');
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${scenarioUrl('text', { text: 'Still works.' })} headers="{not json" .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    expect(warn.calledWithMatch(/headers/)).to.equal(true);
    expect(el.headers).to.deep.equal({});
    await el.sendMessage('hello');
    await rendered(el);
    expect(assistantText(el)).to.include('Still works.');

    el.setAttribute('headers', '{"X-Test":"yes"}');
    await el.updateComplete;
    expect(el.headers).to.deep.equal({ 'X-Test': 'yes' });
    await el.sendMessage('again');
    expect(el.messages.filter((message) => message.role === 'user')).to.have.length(2);
  });

  it('keeps the conversation when headers change and starts a new one when the url changes', async () => {
    const el = await mount(scenarioUrl('text', { text: 'One.' }));
    await el.sendMessage('first');
    const thread = el.threadId;
    el.headers = { Authorization: 'Bearer token' };
    await el.updateComplete;
    expect(el.threadId).to.equal(thread);
    expect(el.messages).to.have.length(2);
    el.url = scenarioUrl('text', { text: 'Two.' });
    await el.updateComplete;
    expect(el.messages).to.have.length(0);
  });

  it('keeps the conversation when it is moved in the document', async () => {
    const el = await mount(scenarioUrl('text', { text: 'Kept.' }));
    await el.sendMessage('remember me');
    const thread = el.threadId;
    const other = document.createElement('div');
    document.body.append(other);
    other.append(el);
    await rendered(el);
    expect(el.threadId).to.equal(thread);
    expect(el.messages).to.have.length(2);
    expect(assistantText(el)).to.include('Kept.');
    el.remove();
    await Promise.resolve();
    document.body.append(el);
    await rendered(el);
    expect(el.threadId).to.equal(thread);
    expect(el.messages).to.have.length(2);
    other.remove();
    el.remove();
  });

  it('setMessages() restores a conversation that the next message continues', async () => {
    const el = await mount(scenarioUrl('text', { text: 'Continued.' }));
    el.setMessages([
      { id: 'm1', role: 'user', content: 'Earlier question' },
      { id: 'm2', role: 'assistant', content: 'Earlier **answer**' },
    ]);
    await rendered(el);
    expect($(el, '[part~="message-assistant"] strong')!.textContent).to.equal('answer');
    await el.sendMessage('and now?');
    await rendered(el);
    expect(el.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
    expect(assistantText(el)).to.include('Continued.');
  });

  it('talks to the demo agent', async () => {
    const el = await mount(DEMO_URL);
    await el.sendMessage('hello');
    await rendered(el);
    expect(assistantText(el).length).to.be.greaterThan(10);
    expect($(el, '[part="error-banner"]')).to.equal(null);
  });

  it('disables the composer when disabled', async () => {
    const el = await mount(scenarioUrl('text'));
    el.disabled = true;
    await el.updateComplete;
    expect(el.hasAttribute('disabled')).to.equal(true);
    expect(($(el, '[part="input"]') as HTMLTextAreaElement).disabled).to.equal(true);
    expect(($(el, '[part="send-button"]') as HTMLButtonElement).disabled).to.equal(true);
  });

  for (const [name, agent] of [
    ['an empty object', {}],
    ['an agent whose run() throws', { threadId: '', messages: [], state: {}, isRunning: false, run: () => { throw new Error('no transport'); }, abortRun() {}, setMessages() {}, setState() {} }],
  ] as const) {
    it(`shows an error instead of crashing when "agent" is ${name}`, async () => {
      const el = await mount(scenarioUrl('text'));
      const uncaught: unknown[] = [];
      const onError = (event: ErrorEvent | PromiseRejectionEvent) => uncaught.push('reason' in event ? event.reason : event.error);
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onError);
      try {
        el.agent = agent as never;
        await el.updateComplete;
        const failed = oneEvent(el, 'ag-ui-run-error');
        await el.sendMessage('Hello?');
        expect((await failed).detail.message).to.be.a('string').and.not.equal('');
        await rendered(el);
        expect($(el, '[part="error-banner"]')).to.not.equal(null);
        expect(el.running).to.equal(false);
        expect(uncaught.map(String)).to.deep.equal([]);
      } finally {
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onError);
      }
    });
  }
});
