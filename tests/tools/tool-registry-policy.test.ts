import { expect, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import { ToolPolicyError, ToolRegistry, type ToolDefinition } from '../../web/src/tools/index.js';
import { registrationError, tool } from '../helpers/tools-fixtures.js';

describe('ToolRegistry policy', () => {
  let registry: ToolRegistry;
  beforeEach(() => {
    registry = new ToolRegistry();
  });
  afterEach(() => {
    sinon.restore();
  });

  describe('effect', () => {
    it('keeps a declared effect on the registered copy', () => {
      expect(registry.register(tool('edit', { effect: 'state_change' })).effect).to.equal('state_change');
    });

    it('treats a definition without effect as external_side_effect, warning once per tool name', () => {
      const warn = sinon.stub(console, 'warn');
      const legacy = { ...tool('legacy_no_effect_registry_test') } as Partial<ToolDefinition>;
      delete legacy.effect;
      expect(registry.register(legacy as ToolDefinition).effect).to.equal('external_side_effect');
      registry.unregister('legacy_no_effect_registry_test');
      registry.register(legacy as ToolDefinition);
      new ToolRegistry().register(legacy as ToolDefinition);
      expect(warn.callCount).to.equal(1);
      expect(String(warn.firstCall.args[0])).to.include('legacy_no_effect_registry_test').and.include("'external_side_effect'");
    });

    it('rejects an effect that is not one of the three, and malformed requiresApproval or redaction', () => {
      for (const extra of [
        { effect: 'destructive' },
        { requiresApproval: 'yes' },
        { redaction: ['a'] },
        { redaction: { args: 'a' } },
        { redaction: { result: [1] } },
      ]) {
        const error = registrationError(() => registry.register(tool('t', extra as unknown as Partial<ToolDefinition>)));
        expect(error.code, JSON.stringify(extra)).to.equal('invalid_definition');
      }
      expect(registry.size).to.equal(0);
    });
  });

  describe('setPolicy / policy', () => {
    it('starts with the empty default policy and keeps a frozen copy of what it is given', () => {
      expect(registry.policy).to.deep.equal({});
      const policy = { allowedTools: ['a'] };
      registry.setPolicy(policy);
      policy.allowedTools.push('b');
      expect(registry.policy).to.deep.equal({ allowedTools: ['a'] });
      expect(Object.isFrozen(registry.policy)).to.equal(true);
    });

    it('fires tool-registry-change with action policy-changed', async () => {
      registry.register(tool('a'));
      const event = oneEvent(registry, 'tool-registry-change');
      registry.setPolicy({ deniedTools: ['a'] });
      expect((await event).detail).to.deep.equal({ action: 'policy-changed', toolNames: ['a'] });
    });

    it('throws ToolPolicyError for a malformed policy and keeps the previous one', () => {
      registry.setPolicy({ deniedTools: ['a'] });
      expect(() => registry.setPolicy({ deniedTools: 'a' } as never)).to.throw(ToolPolicyError);
      expect(registry.policy).to.deep.equal({ deniedTools: ['a'] });
    });
  });

  describe('toAgUiTools', () => {
    it('sends only the tools in allowedTools (deny by default) and none in deniedTools', () => {
      for (const name of ['search', 'read_page', 'delete_account']) registry.register(tool(name));
      registry.setPolicy({ allowedTools: ['search', 'read_page'], deniedTools: ['read_page'] });
      expect(registry.toAgUiTools().map((t) => t.name)).to.deep.equal(['search']);
      expect(registry.isDenied('delete_account')).to.equal(true);
      expect(registry.isDenied('search')).to.equal(false);
      expect(registry.isDenied('not_registered')).to.equal(false);
    });

    it('leaves out a tool whose per-tool decision is deny, and sends it again once the policy changes', () => {
      registry.register(tool('a'));
      registry.register(tool('b'));
      registry.setPolicy({ tools: { b: { decision: 'deny' } } });
      expect(registry.toAgUiTools().map((t) => t.name)).to.deep.equal(['a']);
      registry.setPolicy(undefined);
      expect(registry.toAgUiTools().map((t) => t.name)).to.deep.equal(['a', 'b']);
    });
  });

  describe('requireRedaction', () => {
    it('rejects registering a tool without a redaction config (redaction_required)', () => {
      registry.setPolicy({ requireRedaction: true });
      const error = registrationError(() => registry.register(tool('leaky')));
      expect(error.code).to.equal('redaction_required');
      expect(error.toolName).to.equal('leaky');
      expect(registry.has('leaky')).to.equal(false);
      registry.register(tool('careful', { redaction: { args: ['query'], result: [] } }));
      expect(registry.has('careful')).to.equal(true);
    });

    it('keeps tools registered before the policy but denies (does not offer) those without redaction', () => {
      registry.register(tool('leaky'));
      registry.register(tool('careful', { redaction: {} }));
      registry.setPolicy({ requireRedaction: true });
      expect(registry.names).to.deep.equal(['leaky', 'careful']);
      expect(registry.toAgUiTools().map((t) => t.name)).to.deep.equal(['careful']);
      expect(registry.isDenied('leaky')).to.equal(true);
    });
  });
});
