import { expect, fixture, html } from '@open-wc/testing';
import { z } from 'zod';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { globalToolRegistry, type ToolDefinition } from '../../../web/src/tools/index.js';
import { $, assistantText, rendered, scenarioUrl } from './helpers.js';

function addOne(name: string): ToolDefinition<{ a: number }> {
  return { name, description: 'Adds one', effect: 'read_only', schema: z.object({ a: z.number() }), handler: ({ a }) => a + 1 };
}

describe('<ag-ui-agent> registries', () => {
  it('keeps the tools and policy of two elements on one page apart, while page-wide tools reach both', async () => {
    const shared = addOne('page_wide_add');
    globalToolRegistry.register(shared);
    const policyBefore = globalToolRegistry.policy;
    try {
      const url = scenarioUrl('tool', { tool: 'page_wide_add', args: '{"a":1}' });
      const [first, second] = await Promise.all([
        fixture<AgUiAgent>(html`<ag-ui-agent url=${url}></ag-ui-agent>`),
        fixture<AgUiAgent>(html`<ag-ui-agent url=${url}></ag-ui-agent>`),
      ]);
      first!.tools = [addOne('first_only')];
      second!.tools = [addOne('second_only')];
      first!.policy = { deniedTools: ['page_wide_add'] };
      await Promise.all([first!.updateComplete, second!.updateComplete]);

      // Each offers its own tools and the page-wide one; nothing landed in the shared registry.
      expect(first!.registry).to.not.equal(second!.registry);
      expect([first!.registry.has('first_only'), first!.registry.has('second_only')]).to.deep.equal([true, false]);
      expect([second!.registry.has('first_only'), second!.registry.has('second_only')]).to.deep.equal([false, true]);
      expect([globalToolRegistry.has('first_only'), globalToolRegistry.has('second_only')]).to.deep.equal([false, false]);
      expect(second!.registry.has('page_wide_add')).to.equal(true);

      // The first element's policy denies the page-wide tool there only.
      await Promise.all([first!.sendMessage('add'), second!.sendMessage('add')]);
      await Promise.all([rendered(first!), rendered(second!)]);
      expect(assistantText(first!)).to.include('policy_denied');
      expect($(first!, '[part~="tool-call"]')!.getAttribute('part')).to.include('tool-call-failed');
      expect($(second!, '[part="tool-call-result"]')!.textContent).to.equal('2');
      expect(assistantText(second!)).to.include('Result: 2');
      expect(globalToolRegistry.policy).to.equal(policyBefore);
      expect(globalToolRegistry.isDenied('page_wide_add')).to.equal(false);

      // The page-wide tool's statistics are the page-wide registry's: it ran once, from the second element.
      expect(globalToolRegistry.getStats('page_wide_add').executionCount).to.equal(1);
    } finally {
      globalToolRegistry.unregister('page_wide_add');
      globalToolRegistry.clearStats('page_wide_add');
    }
  });
});
