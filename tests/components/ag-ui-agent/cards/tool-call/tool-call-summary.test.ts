import { expect } from '@open-wc/testing';
import {
  argumentsSummary,
  humanizeToolName,
  nameRepeatsTitle,
  resultSummary,
  SUMMARY_MAX_CHARS,
  toolTitle,
} from '../../../../../web/src/components/ag-ui-agent/cards/tool-call/tool-call-summary.js';

describe('tool card summary', () => {
  it('makes tool names readable, namespaced ids and camelCase included', () => {
    expect(humanizeToolName('get_weather')).to.equal('Get weather');
    expect(humanizeToolName('searchDocs')).to.equal('Search docs');
    expect(humanizeToolName('change-background')).to.equal('Change background');
    expect(humanizeToolName('get_URL')).to.equal('Get URL');
    expect(humanizeToolName('mcp__github__create_issue')).to.equal('Create issue');
    expect(humanizeToolName('webmcp__add_todo')).to.equal('Add todo');
    expect(humanizeToolName('___')).to.equal('___');
  });

  it('finds a raw name that only repeats its title in other case and separators', () => {
    expect(nameRepeatsTitle('add', toolTitle('add', undefined))).to.equal(true); // "Add add" before
    expect(nameRepeatsTitle('calculator', 'Calculator')).to.equal(true);
    expect(nameRepeatsTitle('get-current.time', 'Get current time')).to.equal(true);
    expect(nameRepeatsTitle('send_mail', 'Send an email')).to.equal(false);
    // A namespaced id names its source too.
    expect(nameRepeatsTitle('mcp__notes__add', toolTitle('mcp__notes__add', undefined))).to.equal(false);
  });

  it("prefers the tool's own title when it is not blank", () => {
    expect(toolTitle('get_weather', 'Current weather')).to.equal('Current weather');
    expect(toolTitle('get_weather', '  ')).to.equal('Get weather');
    expect(toolTitle('get_weather', undefined)).to.equal('Get weather');
  });

  it('summarizes the first two scalar arguments, and nothing while they are incomplete', () => {
    expect(argumentsSummary('{"place":{"lat":1},"city":"Tokyo","days":3,"metric":true}')).to.equal('city: Tokyo, days: 3');
    expect(argumentsSummary('{"city":"Tok')).to.equal(undefined);
    expect(argumentsSummary('{"list":[1,2]}')).to.equal(undefined);
    expect(argumentsSummary('[1,2]')).to.equal(undefined);
  });

  it('cuts a long summary to one line with an ellipsis', () => {
    const summary = argumentsSummary(JSON.stringify({ body: `line one\nline two ${'x'.repeat(300)}` }))!;
    expect(summary.length).to.equal(SUMMARY_MAX_CHARS);
    expect(summary.endsWith('…')).to.equal(true);
    expect(summary.includes('\n')).to.equal(false);
    expect(summary.startsWith('body: line one line two')).to.equal(true);
  });

  it('summarizes a result: a JSON scalar as is, an object by its first scalar fields, other text as received', () => {
    expect(resultSummary('"It is 10:04"')).to.equal('It is 10:04');
    expect(resultSummary('42')).to.equal('42');
    expect(resultSummary('{"summary":"Sunny","temp":24,"unit":"C"}')).to.equal('summary: Sunny, temp: 24');
    expect(resultSummary('Done: 3 files')).to.equal('Done: 3 files');
    expect(resultSummary('[{"a":1}]')).to.equal(undefined);
    expect(resultSummary('  ')).to.equal(undefined);
  });
});
