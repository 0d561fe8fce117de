import { expect } from '@open-wc/testing';
import { decideTrust } from '../../../web/src/sources/mcp/index.js';

describe('decideTrust', () => {
  it('makes every tool external_side_effect by default, whatever its annotations say', () => {
    expect(decideTrust(undefined)).to.deep.equal({ effect: 'external_side_effect', tags: [] });
    expect(decideTrust({ readOnlyHint: true, idempotentHint: true })).to.deep.equal({
      effect: 'external_side_effect',
      tags: ['mcp:read-only', 'mcp:idempotent'],
    });
  });

  it('loosens to read_only and idempotent only when the page trusts the annotations', () => {
    expect(decideTrust({ readOnlyHint: true, idempotentHint: true }, { annotations: true })).to.deep.equal({
      effect: 'read_only',
      idempotent: true,
      tags: ['mcp:read-only', 'mcp:idempotent'],
    });
  });

  it('lets a destructive hint tighten: approval asked, never read_only', () => {
    expect(decideTrust({ destructiveHint: true }, { effect: 'read_only' })).to.deep.equal({
      effect: 'external_side_effect',
      requiresApproval: true,
      tags: ['mcp:destructive'],
    });
    expect(decideTrust({ readOnlyHint: true, destructiveHint: true }, { annotations: true }).effect).to.equal('external_side_effect');
  });

  it('raises a page-given read_only effect when the server says the tool is not read-only', () => {
    expect(decideTrust({ readOnlyHint: false }, { effect: 'read_only' }).effect).to.equal('external_side_effect');
    expect(decideTrust({}, { effect: 'read_only' }).effect).to.equal('read_only');
  });
});
