// The React wrapper of <ag-ui-agent> (ag-ui-lit/react) in React 18, where a raw custom element gets every prop as an
// attribute: the wrapper must set object props as properties and turn `onXxx` props into event listeners.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import sinon from 'sinon';
import type { RunFinishedDetail, ToolCallEndDetail } from '../../web/src/agent/types.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { AgUiAgent } from '../../web/src/react/index.js';
import { deferred, echoArgsTool, gatedTimeTool, scenarioUrl } from '../components/ag-ui-agent/helpers.js';
import { settle, trackUnhandledRejections } from '../helpers/agent-fixtures.js';
import { expectEchoRoundTrip } from './echo-round-trip.js';
import { useReactRoot } from './react-root.js';

describe('AgUiAgent (ag-ui-lit/react)', () => {
  const root = useReactRoot();
  const renderAgent = (props: Parameters<typeof AgUiAgent>[0]) => root.render(AgUiAgent, props);

  afterEach(() => {
    sinon.restore();
  });

  it('registers `tools` as a property, runs the tool and calls onToolCallEnd with the detail', async () => {
    const tool = echoArgsTool();
    const onToolCallEnd = sinon.spy((_event: CustomEvent<ToolCallEndDetail>) => {});
    const el = await renderAgent({
      url: scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' }),
      registry: new ToolRegistry(),
      tools: [tool],
      onToolCallEnd,
    });

    expect(el.localName).to.equal('ag-ui-agent');
    expect(el.tools).to.deep.equal([tool]);
    await expectEchoRoundTrip(el, onToolCallEnd, { a: 1 });
  });

  it('calls onRunFinished after the follow-up run', async () => {
    const finished: RunFinishedDetail[] = [];
    const el = await renderAgent({
      url: scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' }),
      registry: new ToolRegistry(),
      tools: [echoArgsTool()],
      onRunFinished: (event) => finished.push(event.detail),
    });

    await el.sendMessage('echo please');

    expect(finished.map((detail) => detail.followUp)).to.deep.equal([true, false]);
    expect(finished[0]!.threadId).to.equal(el.threadId);
  });

  it('sets url and placeholder, and moves a listener to a new handler on re-render', async () => {
    const first = sinon.spy();
    const second = sinon.spy();
    const url = scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' });
    const registry = new ToolRegistry();
    const tools = [echoArgsTool()];
    const el = await renderAgent({ url, registry, tools, placeholder: 'Ask me', onRunFinished: first });
    expect(el.url).to.equal(url);
    expect(el.placeholder).to.equal('Ask me');

    await renderAgent({ url, registry, tools, placeholder: 'Ask me', onRunFinished: second });
    await el.sendMessage('echo please');

    expect(first.called, 'the replaced handler is not called').to.equal(false);
    expect(second.callCount).to.equal(2);
  });

  it('removes the element on unmount in the middle of a tool call without an unhandled rejection', async () => {
    const rejections = trackUnhandledRejections();
    try {
      const gate = deferred<string>();
      const started = sinon.spy();
      const el = await renderAgent({
        url: scenarioUrl('tool', { tool: 'get_current_time', args: '{}' }),
        registry: new ToolRegistry(),
        tools: [gatedTimeTool(gate.promise)],
        onToolCallStart: started,
      });
      const sending = el.sendMessage('what time is it?').catch(() => {});
      await waitUntil(() => el.running && started.called, 'the tool call to start');

      root.unmount();
      expect(el.isConnected).to.equal(false);
      expect(root.container.querySelector('ag-ui-agent')).to.equal(null);

      gate.resolve('12:00');
      await sending;
      await settle();
      expect(rejections.reasons).to.deep.equal([]);
    } finally {
      rejections.dispose();
    }
  });
});
