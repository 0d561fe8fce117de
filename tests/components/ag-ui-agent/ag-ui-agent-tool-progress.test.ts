import { expect, oneEvent } from '@open-wc/testing';
import { z } from 'zod';
import { waitUntil } from '../../helpers/wait-until.js';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { progressText } from '../../../web/src/components/ag-ui-agent/cards/tool-call/render-tool-call.js';
import { ToolRegistry, type ToolProgress } from '../../../web/src/tools/index.js';
import { $, deferred, mount, rendered, scenarioUrl } from './helpers.js';

/** The progress text of the only tool card ('' when it shows none). */
function progressLine(el: AgUiAgent): string {
  return $(el, '[part~="tool-call-progress-text"]')?.textContent?.trim() ?? '';
}

describe('<ag-ui-agent> tool progress', () => {
  it('says how far a call has come in words: "2 of 4", the number alone without a total, then the message', () => {
    expect(progressText({ progress: 2, total: 4 })).to.equal('2 of 4');
    expect(progressText({ progress: 2, total: 4, message: 'Indexed 2 files' })).to.equal('2 of 4 · Indexed 2 files');
    expect(progressText({ progress: 3 })).to.equal('3');
    expect(progressText({ progress: 0.25, total: 1 })).to.equal('0.25 of 1');
    expect(progressText({ progress: 1500, total: 0, message: '  ' })).to.equal('1,500');
  });

  it('shows the progress a running tool reports: a progress bar and "2 of 4" with the message, gone once it succeeded', async () => {
    const registry = new ToolRegistry();
    const gate = deferred();
    let report: ((progress: ToolProgress) => void) | undefined;
    registry.register({
      name: 'index_files',
      description: 'Indexes the files',
      effect: 'read_only',
      schema: z.object({}),
      handler: async (_args, context) => {
        report = (progress) => context.reportProgress(progress);
        await gate.promise;
        return { indexed: 4 };
      },
    });
    const el = await mount(scenarioUrl('tool', { tool: 'index_files', args: '{}' }), registry);
    const sending = el.sendMessage('Index my files');
    await waitUntil(() => report !== undefined, 'the handler to run');
    await rendered(el);
    expect($(el, '[part~="tool-call-progress"]')).to.equal(null); // nothing reported yet: just Running

    const reported = oneEvent(el, 'ag-ui-tool-status-changed');
    report!({ progress: 2, total: 4, message: 'Indexed 2 files' });
    expect((await reported).detail.progress).to.deep.equal({ progress: 2, total: 4, message: 'Indexed 2 files' });
    await waitUntil(() => progressLine(el) === '2 of 4 · Indexed 2 files', 'the card to show the progress');
    const bar = $(el, '[part~="tool-call-progress"]') as HTMLProgressElement;
    expect(bar.tagName).to.equal('PROGRESS');
    expect(bar.max).to.equal(4);
    expect(bar.value).to.equal(2);
    expect(bar.getAttribute('aria-label')).to.equal('Progress of index_files');
    expect($(el, '[part~="tool-call-status"]')!.textContent!.trim()).to.equal('Running');
    await expect(el).to.be.accessible();

    // Without a total: the number alone, and an indeterminate bar (no value).
    report!({ progress: 3 });
    await waitUntil(() => progressLine(el) === '3', 'the card to show the count alone');
    expect(($(el, '[part~="tool-call-progress"]') as HTMLProgressElement).position).to.equal(-1);

    gate.resolve();
    await sending;
    await rendered(el);
    expect($(el, '[part~="tool-call-status"]')!.textContent!.trim()).to.equal('Succeeded');
    expect($(el, '[part~="tool-call-progress"]')).to.equal(null);
    expect($(el, '[part~="tool-call-progress-text"]')).to.equal(null);
  });
});
