// The `onXxx` props of the React wrappers cover every event each element fires (as its Custom Elements Manifest
// documents them), so a new event cannot be left out of React.
import { expect } from '@open-wc/testing';
import {
  AG_UI_AGENT_EVENTS,
  AG_UI_THREAD_LIST_EVENTS,
  AgUiAgent,
  AgUiThreadList,
  eventPropName,
} from '../../web/src/react/index.js';
import { AG_UI_TOOL_INSPECTOR_EVENTS, AgUiToolInspector } from '../../web/src/react/inspector.js';

interface ManifestDeclaration {
  tagName?: string;
  events?: { name: string }[];
}

async function manifestEvents(tagName: string): Promise<string[]> {
  const response = await fetch('/custom-elements.json');
  expect(response.ok, 'custom-elements.json is served (npm run manifest)').to.equal(true);
  const manifest = (await response.json()) as { modules: { declarations?: ManifestDeclaration[] }[] };
  const declaration = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tagName);
  expect(declaration, `<${tagName}> in the manifest`).to.not.equal(undefined);
  return (declaration!.events ?? []).map((event) => event.name);
}

describe('ag-ui-lit/react event props', () => {
  it('names a prop after its event', () => {
    expect(eventPropName('ag-ui-tool-call-end')).to.equal('onToolCallEnd');
    expect(eventPropName('ag-ui-run-finished')).to.equal('onRunFinished');
    expect(eventPropName('ag-ui-tool-approval-requested')).to.equal('onToolApprovalRequested');
    expect(eventPropName('ag-ui-thread-new')).to.equal('onThreadNew');
  });

  for (const [tagName, events, component] of [
    ['ag-ui-agent', AG_UI_AGENT_EVENTS, AgUiAgent],
    ['ag-ui-thread-list', AG_UI_THREAD_LIST_EVENTS, AgUiThreadList],
    ['ag-ui-tool-inspector', AG_UI_TOOL_INSPECTOR_EVENTS, AgUiToolInspector],
  ] as const) {
    it(`gives every event of <${tagName}> an onXxx prop`, async () => {
      const documented = await manifestEvents(tagName);
      expect(documented).to.not.be.empty;
      expect([...events].sort()).to.deep.equal([...documented].sort());
      expect((component as { displayName?: string }).displayName).to.be.a('string');
    });
  }
});
