// <ag-ui-agent> in a Vue 3 app, written as the README's Vue section shows: `isCustomElement`, object props bound with
// `.prop`, events with `@ag-ui-...`. Vue's browser build compiles the template at run time, as a Vue SFC would at build.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { createApp, type App } from 'vue/dist/vue.esm-browser.js';
import type { ToolCallEndDetail } from '../../web/src/agent/types.js';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import '../../web/src/index.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { echoArgsTool, scenarioUrl } from '../components/ag-ui-agent/helpers.js';

describe('<ag-ui-agent> in Vue 3', () => {
  let container: HTMLElement;
  let app: App | undefined;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    app?.unmount();
    container.remove();
  });

  it('binds tools with .prop, registers them and hands ag-ui-tool-call-end to an @ listener', async () => {
    const ended: ToolCallEndDetail[] = [];
    const warnings: string[] = [];
    app = createApp({
      template: `<ag-ui-agent :url="url" :registry.prop="registry" :tools.prop="tools" placeholder="Ask"
        @ag-ui-tool-call-end="onToolCallEnd"></ag-ui-agent>`,
      setup: () => ({
        url: scenarioUrl('tool', { tool: 'echo', args: '{"a":1}' }),
        registry: new ToolRegistry(),
        tools: [echoArgsTool()],
        onToolCallEnd: (event: CustomEvent<ToolCallEndDetail>) => ended.push(event.detail),
      }),
    });
    app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('ag-ui-');
    app.config.warnHandler = (message) => void warnings.push(message);
    app.mount(container);

    const el = container.querySelector<AgUiAgent>('ag-ui-agent')!;
    await waitUntil(() => el.registry.has('echo'), 'Vue to set the tools');
    expect(el.hasAttribute('tools'), 'tools is not an attribute').to.equal(false);
    expect(el.placeholder).to.equal('Ask');

    await el.sendMessage('echo please');

    expect(ended.map((detail) => detail.toolCallName)).to.deep.equal(['echo']);
    expect(JSON.parse(ended[0]!.result)).to.deep.equal({ a: 1 });
    expect(warnings, 'Vue warnings').to.deep.equal([]);
  });
});
