import { expect } from '@open-wc/testing';
import { waitUntil } from '../../helpers/wait-until.js';
import { z } from 'zod';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { $, mount, rendered, scenarioUrl } from './helpers.js';

describe('<ag-ui-agent> uncertain outcomes', () => {
  it('says a write stopped after it started may have completed', async () => {
    const registry = new ToolRegistry();
    registry.register({
      name: 'save_note',
      description: 'Saves the note (never answers)',
      effect: 'state_change',
      schema: z.object({}),
      metadata: { timeoutMs: 50 },
      handler: (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    registry.setPolicy({ tools: { save_note: { decision: 'allow' } } });
    const el = await mount(scenarioUrl('tool', { tool: 'save_note' }), registry);
    await el.sendMessage('Save it');
    await waitUntil(() => $(el, '[part~="tool-call"]')?.dataset.status === 'uncertain', 'the card to end uncertain');
    await rendered(el);
    const card = $(el, '[part~="tool-call"]')!;
    expect(card.getAttribute('part')).to.include('tool-call-uncertain');
    expect(card.querySelector('[part~="tool-call-status"]')!.textContent!.trim()).to.equal('May have completed');
    await expect(el).to.be.accessible();
  });
});
