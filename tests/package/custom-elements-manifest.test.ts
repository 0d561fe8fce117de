// The Custom Elements Manifest (custom-elements.json, written by `npm run manifest`, which the test runner's startup
// also runs) documents every public property, event and part of <ag-ui-agent>.
import { expect, oneEvent } from '@open-wc/testing';
import { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { FORWARDED_LOOP_EVENTS } from '../../web/src/components/ag-ui-agent/ag-ui-agent.events.js';
import { ToolRegistry } from '../../web/src/tools/index.js';
import { $, echoArgsTool, editTool, mount, rendered, scenarioUrl, until } from '../components/ag-ui-agent/helpers.js';

interface Named {
  name: string;
  description?: string;
}
interface ManifestMember extends Named {
  kind: string;
  static?: boolean;
  privacy?: string;
}
interface ManifestElement extends Named {
  tagName?: string;
  customElement?: boolean;
  members?: ManifestMember[];
  attributes?: (Named & { fieldName?: string })[];
  events?: Named[];
  cssParts?: Named[];
}
interface Manifest {
  modules: { path: string; declarations?: ManifestElement[]; exports?: { kind: string; name: string }[] }[];
}

async function loadManifest(): Promise<Manifest> {
  const response = await fetch('/custom-elements.json');
  expect(response.ok, 'custom-elements.json is served (npm run manifest)').to.equal(true);
  return (await response.json()) as Manifest;
}

function declarationOf(manifest: Manifest, tagName: string): ManifestElement {
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === tagName);
  expect(found, `<${tagName}> in the manifest`).to.not.equal(undefined);
  return found!;
}

/** Every `part` token in a shadow root, nested shadow roots included. */
function partsIn(root: ShadowRoot | Element): Set<string> {
  const parts = new Set<string>();
  for (const node of root.querySelectorAll('[part]')) {
    for (const part of node.getAttribute('part')!.split(/\s+/)) if (part) parts.add(part);
    if (node.shadowRoot) for (const part of partsIn(node.shadowRoot)) parts.add(part);
  }
  return parts;
}

/**
 * Whether `part` is documented: a `@csspart` of its own, named in backticks in one's description (`tool-call-download`),
 * or a variant of a documented template (`tool-call-<status>`) whose suffix the descriptions name (`succeeded`).
 */
function isDocumented(part: string, cssParts: Named[]): boolean {
  if (cssParts.some((p) => p.name === part)) return true;
  const descriptions = cssParts.map((p) => p.description ?? '').join('\n');
  if (descriptions.includes(`\`${part}\``)) return true;
  for (const [, prefix] of descriptions.matchAll(/`([a-z-]+)-<[^>]+>`/g)) {
    const suffix = part.startsWith(`${prefix}-`) ? part.slice(prefix!.length + 1) : undefined;
    if (suffix && new RegExp(`\\b${suffix}\\b`).test(descriptions)) return true;
  }
  return false;
}

describe('custom-elements.json', () => {
  it('documents every public property of <ag-ui-agent>, with its attribute', async () => {
    const element = declarationOf(await loadManifest(), 'ag-ui-agent');
    expect(element.name).to.equal('AgUiAgent');
    const fields = new Set((element.members ?? []).filter((m) => m.kind === 'field' && !m.static).map((m) => m.name));
    const attributes = new Map((element.attributes ?? []).map((a) => [a.name, a.fieldName]));
    const properties = [...AgUiAgent.elementProperties].filter(([, options]) => !options.state);
    expect(properties.length).to.be.greaterThan(5);
    for (const [name, options] of properties) {
      expect(fields, `property ${String(name)}`).to.include(String(name));
      if (options.attribute === false) continue;
      const attribute = typeof options.attribute === 'string' ? options.attribute : String(name).toLowerCase();
      expect(attributes.get(attribute), `attribute ${attribute}`).to.equal(String(name));
    }
  });

  it('documents every event <ag-ui-agent> fires', async () => {
    const element = declarationOf(await loadManifest(), 'ag-ui-agent');
    const events = (element.events ?? []).map((e) => e.name);
    const fired = [...FORWARDED_LOOP_EVENTS.map((type) => `ag-ui-${type}`), 'ag-ui-message-send', 'ag-ui-tool-registration-error'];
    expect(events).to.include.members(fired);
    for (const event of element.events ?? []) expect(event.description, event.name).to.be.a('string').and.not.empty;
  });

  it('documents every part <ag-ui-agent> renders in a conversation with tools, an approval, an interrupt and reasoning', async () => {
    const { cssParts = [] } = declarationOf(await loadManifest(), 'ag-ui-agent');
    const seen = new Set<string>();
    const collect = async (el: AgUiAgent) => {
      await rendered(el);
      for (const part of partsIn(el.shadowRoot!)) seen.add(part);
    };

    // A frontend call that succeeds, with text around it.
    const tools = new ToolRegistry();
    tools.register(echoArgsTool());
    const round = await mount(scenarioUrl('tool', { args: '{"n":1}', text: 'Calling **echo**' }), tools);
    const ended = oneEvent(round, 'ag-ui-tool-call-end');
    await round.sendMessage('Echo');
    await ended;
    await collect(round);

    // A frontend call waiting for approval.
    const edits = new ToolRegistry();
    edits.register(editTool([]));
    const approval = await mount(scenarioUrl('tool', { tool: 'edit', args: '{"text":"x"}' }), edits);
    void approval.sendMessage('Edit');
    await until(approval, '[part="tool-approval"]');
    await collect(approval);

    // An interrupt with its answer form, and reasoning.
    const interrupt = await mount(scenarioUrl('interrupt'));
    await interrupt.sendMessage('Deploy');
    await until(interrupt, '[part~="interrupt-form"]');
    await collect(interrupt);
    const reasoning = await mount(scenarioUrl('reasoning'));
    await reasoning.sendMessage('Think');
    await collect(reasoning);

    // A backend call, and a run error.
    const backend = await mount(scenarioUrl('backend-tool'));
    await backend.sendMessage('Search');
    await collect(backend);
    const failing = await mount(scenarioUrl('run-error'));
    await failing.sendMessage('Fail');
    await until(failing, '[part="error-banner"]');
    await collect(failing);
    expect($(failing, '[part="error-message"]')).to.not.equal(null);

    expect(seen.size).to.be.greaterThan(25);
    const undocumented = [...seen].filter((part) => !isDocumented(part, cssParts));
    expect(undocumented, 'parts without a @csspart').to.deep.equal([]);
  });
});
