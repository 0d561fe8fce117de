// The React wrapper of <ag-ui-agent> (ag-ui-lit/react) in React 19, and the raw tag, which React 19 sets as
// properties. The test runner bundles this file with React 19 (tests/react/react-esm-plugin.mjs): every `react`
// import in it, in react-root.ts and in web/src/react/ is React 19.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import React, { version } from 'react';
import { createRoot } from 'react-dom/client';
import sinon from 'sinon';
import type { AgUiAgent as AgUiAgentElement } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import type { ToolCallEndDetail } from '../../web/src/agent/types.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { AgUiAgent } from '../../web/src/react/index.js';
import { echoArgsTool, scenarioUrl } from '../components/ag-ui-agent/helpers.js';
import { expectEchoRoundTrip } from './echo-round-trip.js';
import { useReactRoot } from './react-root.js';

describe('AgUiAgent (ag-ui-lit/react) in React 19', () => {
  const root = useReactRoot();

  it('runs under React 19', () => {
    expect(version.split('.')[0]).to.equal('19');
  });

  it('registers `tools` as a property, runs the tool and calls onToolCallEnd with the detail', async () => {
    const onToolCallEnd = sinon.spy((_event: CustomEvent<ToolCallEndDetail>) => {});
    const el = await root.render(AgUiAgent, {
      url: scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' }),
      registry: new ToolRegistry(),
      tools: [echoArgsTool()],
      onToolCallEnd,
    });

    await expectEchoRoundTrip(el, onToolCallEnd, { a: 1 });
  });

  it('sets the raw tag’s props as properties and calls its onag-ui-tool-call-end listener', async () => {
    const ref = React.createRef<AgUiAgentElement>();
    const ended: ToolCallEndDetail[] = [];
    const container = document.createElement('div');
    document.body.append(container);
    const rawRoot = createRoot(container);
    try {
      rawRoot.render(
        React.createElement('ag-ui-agent', {
          ref,
          url: scenarioUrl('tool', { tool: 'echo', args: '{"a":2}' }),
          registry: new ToolRegistry(),
          tools: [echoArgsTool()],
          'onag-ui-tool-call-end': (event: CustomEvent<ToolCallEndDetail>) => ended.push(event.detail),
        }),
      );
      await waitUntil(() => ref.current !== null, 'React to mount <ag-ui-agent>');
      const el = ref.current!;
      await el.updateComplete;
      expect(el.hasAttribute('tools'), 'tools is not an attribute').to.equal(false);
      expect(el.registry.has('echo'), 'echo registered').to.equal(true);

      await el.sendMessage('echo please');

      expect(ended.map((detail) => detail.toolCallName)).to.deep.equal(['echo']);
      expect(JSON.parse(ended[0]!.result)).to.deep.equal({ a: 2 });
    } finally {
      rawRoot.unmount();
      container.remove();
    }
  });
});
