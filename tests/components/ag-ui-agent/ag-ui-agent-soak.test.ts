import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { $$, echoArgsTool, mount, rendered, scenarioUrl } from './helpers.js';

/** `Memory.getDOMCounters` after a full GC (the `count-dom-nodes` command of scripts/dom-counters-plugin.mjs). */
interface DomCounters {
  nodes: number;
  documents: number;
  jsEventListeners: number;
}

function countDomNodes(): Promise<DomCounters> {
  return executeServerCommand<DomCounters, undefined>('count-dom-nodes');
}

/** One turn: a message, the agent's text and tool call, the tool's result, the follow-up answer; then `reset()`. */
async function turnThenReset(el: AgUiAgent, turn: number): Promise<void> {
  await el.sendMessage(`turn ${turn}`);
  await rendered(el);
  el.reset();
  await rendered(el);
}

describe('<ag-ui-agent> soak', function () {
  // 60 turns take 2-5 s; the margin is for a loaded machine.
  this.timeout(60_000);

  it('keeps the DOM node count flat over 60 turns, each with a tool call, ended by reset()', async () => {
    const registry = new ToolRegistry();
    registry.register(echoArgsTool());
    const el = await mount(scenarioUrl('tool', { tool: 'echo', args: '{"n":1}', text: 'Calling **echo** now.' }), registry);
    // The first turns create what is made once (Lit's template caches, the first card's styles): not counted.
    for (let turn = 1; turn <= 10; turn++) await turnThenReset(el, turn);
    const warm = await countDomNodes();
    expect($$(el, '[part~="message"]')).to.have.length(0);

    for (let turn = 11; turn <= 60; turn++) await turnThenReset(el, turn);
    const after = await countDomNodes();

    // Before the fix each turn left 3 nodes (150 here), none of them visible: the end markers of the removed entries.
    expect(after.nodes - warm.nodes, `nodes after 10 turns: ${warm.nodes}, after 60: ${after.nodes}`).to.be.at.most(3);
    expect(after.jsEventListeners).to.equal(warm.jsEventListeners);
    expect(after.documents).to.equal(warm.documents);
    await expect(el).to.be.accessible();
  });
});
