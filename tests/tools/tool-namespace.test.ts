import { expect } from '@open-wc/testing';
import { coreToolId, mcpToolId, parseToolId, ToolIdError, TOOL_NAME_PATTERN } from '../../web/src/tools/index.js';

describe('namespaced tool ids', () => {
  it('builds core__<tool> and mcp__<server>__<tool>, valid tool names for the providers', () => {
    expect(coreToolId('get_current_time')).to.equal('core__get_current_time');
    expect(mcpToolId('github', 'create_issue')).to.equal('mcp__github__create_issue');
    expect(mcpToolId('my-server', 'list-files')).to.equal('mcp__my-server__list-files');
    expect(TOOL_NAME_PATTERN.test(mcpToolId('github', 'create_issue'))).to.equal(true);
  });

  it('parses what it builds back into its parts', () => {
    expect(parseToolId(coreToolId('get_current_time'))).to.deep.equal({ namespace: 'core', tool: 'get_current_time' });
    expect(parseToolId(mcpToolId('github', 'create_issue'))).to.deep.equal({ namespace: 'mcp', server: 'github', tool: 'create_issue' });
  });

  it('returns undefined for ids that are not namespaced or not valid', () => {
    for (const id of [
      'get_current_time',
      'core__',
      'core___x',
      'core__x__y',
      'core__x_',
      'mcp__github',
      'mcp__git_hub__x',
      'mcp____x',
      'mcp__s__',
      'other__x',
      'core__bad!name',
      `core__${'a'.repeat(59)}`,
    ]) {
      expect(parseToolId(id), id).to.equal(undefined);
    }
    expect(parseToolId(`core__${'a'.repeat(58)}`)).to.deep.equal({ namespace: 'core', tool: 'a'.repeat(58) });
  });

  it('rejects parts outside their pattern with invalid_part', () => {
    for (const build of [
      () => coreToolId(''),
      () => coreToolId('a__b'),
      () => coreToolId('_a'),
      () => coreToolId('a b'),
      () => mcpToolId('git_hub', 'x'),
      () => mcpToolId('', 'x'),
      () => mcpToolId('s', 'x.y'),
    ]) {
      expect(build).to.throw(ToolIdError).with.property('code', 'invalid_part');
    }
  });

  it('rejects an id longer than 64 characters with too_long', () => {
    expect(() => mcpToolId('s'.repeat(30), 't'.repeat(30))).to.throw(ToolIdError).with.property('code', 'too_long');
    expect(mcpToolId('s'.repeat(27), 't'.repeat(30))).to.have.length(64);
  });
});
