import { expect } from '@open-wc/testing';
import type { Tool } from '@ag-ui/client';
import { demoAgentUrl, followUpInput, postRun, runInput, userMessage } from '../helpers/ag-ui-server.js';

/** The page's own note tool, and the two tools of the notes server as a page that connected it offers them. */
const EDIT_NOTE: Tool = {
  name: 'edit_note',
  description: 'Replaces the text of the note on the page',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};
const NOTES_TOOLS: Tool[] = [
  {
    name: 'mcp__notes__add_note',
    description: 'Adds a note to the demo notes server.',
    parameters: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'] },
  },
  { name: 'mcp__notes__list_notes', description: 'Lists the notes.', parameters: { type: 'object', properties: {} } },
];
const CONNECTED = [EDIT_NOTE, ...NOTES_TOOLS];

async function callsFor(text: string, tools: Tool[]): Promise<Array<[string, unknown]>> {
  const run = await postRun(demoAgentUrl(), runInput({ messages: [userMessage(text)], tools }));
  return run.toolCalls.map((call) => [call.toolCallName, JSON.parse(call.args)]);
}

describe('demo agent: the MCP notes server', () => {
  it('adds a note through mcp__notes__add_note with the rest of the message as its text, and confirms', async () => {
    const input = runInput({ messages: [userMessage('Add a note buy stamps for the letters')], tools: CONNECTED });
    const first = await postRun(demoAgentUrl(), input);
    expect(first.toolCalls.map((call) => [call.toolCallName, JSON.parse(call.args)])).to.deep.equal([
      ['mcp__notes__add_note', { text: 'buy stamps for the letters' }],
    ]);
    expect(first.text).to.include('MCP server');

    const second = await postRun(demoAgentUrl(), followUpInput(input, first.toolCalls, () => 'Added note 1: buy stamps for the letters'));
    expect(second.text).to.equal('Done: the notes server now has "buy stamps for the letters".');
    expect(second.toolCalls).to.have.length(0);
  });

  it('understands "jot down a note: call Ada" and a quoted note', async () => {
    expect(await callsFor('jot down a note: call Ada', CONNECTED)).to.deep.equal([['mcp__notes__add_note', { text: 'call Ada' }]]);
    expect(await callsFor('add a new note "what time is it in Tokyo?"', CONNECTED)).to.deep.equal([
      ['mcp__notes__add_note', { text: 'what time is it in Tokyo?' }],
    ]);
  });

  it('asks what the note should say when the message has no text', async () => {
    const run = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('add a note')], tools: CONNECTED }));
    expect(run.toolCalls).to.have.length(0);
    expect(run.text).to.include('What should the note say?');
  });

  it('lists the notes through mcp__notes__list_notes and reads them back', async () => {
    for (const text of ['list my notes', 'Show notes', 'show me all my notes']) {
      expect(await callsFor(text, CONNECTED), text).to.deep.equal([['mcp__notes__list_notes', {}]]);
    }
    const input = runInput({ messages: [userMessage('list my notes')], tools: CONNECTED });
    const first = await postRun(demoAgentUrl(), input);
    const notes = { notes: [{ id: 1, text: 'buy stamps', createdAt: '2026-01-01T00:00:00Z' }, { id: 2, text: 'call Ada', createdAt: '2026-01-01T00:01:00Z' }] };
    const second = await postRun(demoAgentUrl(), followUpInput(input, first.toolCalls, () => JSON.stringify(notes)));
    expect(second.text).to.equal('The notes server has 2 notes:\n\n- buy stamps\n- call Ada');

    const empty = await postRun(demoAgentUrl(), followUpInput(input, first.toolCalls, () => '{"notes":[]}'));
    expect(empty.text).to.include('no notes yet');
  });

  it('still edits the page note for "edit the note ...", even when its text mentions notes', async () => {
    expect(await callsFor('edit the note to say show notes', CONNECTED)).to.deep.equal([['edit_note', { text: 'show notes' }]]);
    expect(await callsFor('Edit the note to say Buy oat milk and call Ada', CONNECTED)).to.deep.equal([
      ['edit_note', { text: 'Buy oat milk and call Ada' }],
    ]);
  });

  it('never calls the notes tools when the page did not offer them, and says the page is not connected', async () => {
    const run = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('add a note buy stamps')], tools: [EDIT_NOTE] }));
    expect(run.toolCalls).to.have.length(0);
    expect(run.text).to.include('not connected');
    expect(run.text).to.include('mcp__notes__add_note');
    expect(await callsFor('list my notes', [EDIT_NOTE])).to.deep.equal([]);
  });

  it('lists the notes server among what it can do only when the page offers its tools', async () => {
    const connected = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('help')], tools: CONNECTED }));
    expect(connected.text).to.include('mcp__notes__add_note');
    const alone = await postRun(demoAgentUrl(), runInput({ messages: [userMessage('help')], tools: [EDIT_NOTE] }));
    expect(alone.text).not.to.include('notes server');
  });
});
