import { expect } from '@open-wc/testing';
import { mcpToolIdFor } from '../../../web/src/sources/mcp/index.js';
import { parseToolId, TOOL_NAME_PATTERN } from '../../../web/src/tools/index.js';

describe('mcpToolIdFor', () => {
  it('namespaces a valid name as is', () => {
    expect(mcpToolIdFor('github', 'create_issue', new Set())).to.equal('mcp__github__create_issue');
  });

  it('sanitizes any other characters into single underscores', () => {
    const id = mcpToolIdFor('fs', '__read.file/v2 (beta)__', new Set())!;
    expect(id).to.equal('mcp__fs__read_file_v2_beta');
    expect(parseToolId(id)).to.deep.equal({ namespace: 'mcp', server: 'fs', tool: 'read_file_v2_beta' });
  });

  it('cuts long names to 64 characters and numbers clashes', () => {
    const long = 'a'.repeat(100);
    const first = mcpToolIdFor('srv', long, new Set())!;
    const second = mcpToolIdFor('srv', long, new Set([first]))!;
    expect(first).to.have.length(64);
    expect(second).to.have.length(64);
    expect(second.endsWith('-2')).to.equal(true);
    expect(TOOL_NAME_PATTERN.test(second)).to.equal(true);
  });

  it('names a tool whose name has nothing usable "tool"', () => {
    expect(mcpToolIdFor('srv', '???', new Set())).to.equal('mcp__srv__tool');
  });
});
