// The React wrappers of <ag-ui-thread-list> and <ag-ui-tool-inspector> set their object props as properties.
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait-until.js';
import { MemoryThreadStore } from '../../web/src/persistence/memory-thread-store.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { AgUiThreadList } from '../../web/src/react/index.js';
import { AgUiToolInspector } from '../../web/src/react/inspector.js';
import { echoArgsTool } from '../components/ag-ui-agent/helpers.js';
import { useReactRoot } from './react-root.js';

describe('AgUiThreadList and AgUiToolInspector (ag-ui-lit/react)', () => {
  const root = useReactRoot();

  it('gives <ag-ui-thread-list> its store as a property and lists its threads', async () => {
    const store = new MemoryThreadStore();
    await store.save({ threadId: 't1', title: 'First thread', messages: [] });
    const el = await root.render(AgUiThreadList, { store });

    expect(el.hasAttribute('store')).to.equal(false);
    expect(el.store).to.equal(store);
    await waitUntil(() => el.shadowRoot!.textContent!.includes('First thread'), 'the stored thread to be listed');
    await expect(el).to.be.accessible();
  });

  it('gives <ag-ui-tool-inspector> its registry as a property and lists its tools', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await root.render(AgUiToolInspector, { registry });

    expect(el.hasAttribute('registry')).to.equal(false);
    expect(el.registry).to.equal(registry);
    await waitUntil(() => el.shadowRoot!.textContent!.includes('echo'), 'the echo tool to be listed');
  });
});
