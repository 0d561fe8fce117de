import type { ToolMessage } from '@ag-ui/client';
import { expect, fixture, html } from '@open-wc/testing';
import type { AgUiAgent } from '../../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { ToolRegistry } from '../../../web/src/tools/index.js';
import { scenarioUrl } from './helpers.js';

describe('<ag-ui-agent> unknown-tools', () => {
  const url = scenarioUrl('backend-tool', { answered: 0 });
  const toolMessagesOf = (el: AgUiAgent) => el.messages.filter((message): message is ToolMessage => message.role === 'tool');

  it('leaves calls of tools it does not have unanswered by default', async () => {
    const el = await fixture<AgUiAgent>(html`<ag-ui-agent url=${url} .registry=${new ToolRegistry()}></ag-ui-agent>`);
    expect(el.unknownTools).to.equal('ignore');
    await el.sendMessage('Search');
    expect(toolMessagesOf(el)).to.deep.equal([]);
  });

  it('answers them unknown_tool with unknown-tools="answer"', async () => {
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent url=${url} unknown-tools="answer" max-tool-iterations="0" .registry=${new ToolRegistry()}></ag-ui-agent>`,
    );
    expect(el.unknownTools).to.equal('answer');
    await el.sendMessage('Search');
    const [answer] = toolMessagesOf(el);
    expect(JSON.parse(answer!.content as string)).to.deep.include({ ok: false, errorCode: 'unknown_tool' });
    expect(el.toolCalls.get(answer!.toolCallId)!.error).to.deep.include({ code: 'unknown_tool' });
  });
});
