import { expect } from '@open-wc/testing';
import {
  ToolExecutionManager,
  ToolRegistry,
  type ToolRegistryChangeDetail,
} from '../../web/src/tools/index.js';
import { registrationError, tool } from '../helpers/tools-fixtures.js';

/** Records the details of `registry`'s `tool-registry-change` events. */
function changes(registry: ToolRegistry): ToolRegistryChangeDetail[] {
  const details: ToolRegistryChangeDetail[] = [];
  registry.addEventListener('tool-registry-change', (event) => details.push(event.detail));
  return details;
}

describe('ToolRegistry({ parent })', () => {
  let parent: ToolRegistry;
  let child: ToolRegistry;
  beforeEach(() => {
    parent = new ToolRegistry();
    child = new ToolRegistry({ parent });
  });

  it('keeps new ToolRegistry() working without a parent', () => {
    const registry = new ToolRegistry();
    expect(registry.parent).to.equal(undefined);
    registry.register(tool('a'));
    expect(registry.names).to.deep.equal(['a']);
  });

  it('exposes its parent', () => {
    expect(child.parent).to.equal(parent);
  });

  it('throws a TypeError for a parent that is not a ToolRegistry', () => {
    expect(() => new ToolRegistry({ parent: {} as ToolRegistry })).to.throw(TypeError);
  });

  describe('lookups', () => {
    it("sees the parent's tools beside its own: get, has, names, all, size", () => {
      const shared = parent.register(tool('shared'));
      const own = child.register(tool('own'));
      expect(child.get('shared')).to.equal(shared);
      expect(child.get('own')).to.equal(own);
      expect(child.has('shared')).to.equal(true);
      expect(child.names).to.deep.equal(['own', 'shared']);
      expect(child.all).to.deep.equal([own, shared]);
      expect(child.size).to.equal(2);
      expect(parent.has('own')).to.equal(false);
      expect(parent.size).to.equal(1);
    });

    it("sees a tool registered in the parent after the child was created", () => {
      expect(child.has('late')).to.equal(false);
      parent.register(tool('late'));
      expect(child.has('late')).to.equal(true);
    });

    it('lets an own tool shadow a parent tool of the same name everywhere', () => {
      parent.register(tool('t', { description: 'parent', metadata: { category: 'c', tags: ['x'] } }));
      const own = child.register(tool('t', { description: 'own', metadata: { category: 'c', tags: ['x'] } }));
      expect(child.get('t')).to.equal(own);
      expect(child.names).to.deep.equal(['t']);
      expect(child.size).to.equal(1);
      expect(child.getByCategory('c')).to.deep.equal([own]);
      expect(child.getByTag('x')).to.deep.equal([own]);
      expect(child.toAgUiTools().map((t) => t.description)).to.deep.equal(['own']);
      expect(parent.get('t')!.description).to.equal('parent');
    });

    it("finds the parent's tools by category and tag, and offers them in toAgUiTools()", () => {
      parent.register(tool('p', { metadata: { category: 'web', tags: ['net'] } }));
      child.register(tool('c', { metadata: { category: 'web', tags: ['net'] } }));
      expect(child.getByCategory('web').map((t) => t.name)).to.deep.equal(['c', 'p']);
      expect(child.getByTag('net').map((t) => t.name)).to.deep.equal(['c', 'p']);
      expect(child.toAgUiTools().map((t) => t.name)).to.deep.equal(['c', 'p']);
    });

    it('sees the tools of every ancestor', () => {
      const grandchild = new ToolRegistry({ parent: child });
      parent.register(tool('top'));
      child.register(tool('middle'));
      expect(grandchild.names).to.deep.equal(['middle', 'top']);
    });
  });

  describe('changes touch own tools only', () => {
    it("registers a name the parent has (shadowing it), but not a name it has itself", () => {
      parent.register(tool('t'));
      expect(() => child.register(tool('t'))).to.not.throw();
      expect(registrationError(() => child.register(tool('t'))).code).to.equal('duplicate_name');
    });

    it("unregisters only its own tool: the parent's tool of that name shows again", () => {
      const shared = parent.register(tool('t'));
      child.register(tool('t'));
      expect(child.unregister('t')).to.equal(true);
      expect(child.get('t')).to.equal(shared);
      expect(child.unregister('t')).to.equal(false);
      expect(parent.has('t')).to.equal(true);
    });

    it("clears only its own tools", () => {
      parent.register(tool('p'));
      child.register(tool('c'));
      child.clear();
      expect(child.names).to.deep.equal(['p']);
      expect(parent.names).to.deep.equal(['p']);
    });

    it('keeps two children of one parent apart', () => {
      const sibling = new ToolRegistry({ parent });
      child.register(tool('mine'));
      child.setPolicy({ deniedTools: ['x'] });
      expect(sibling.has('mine')).to.equal(false);
      expect(sibling.policy).to.deep.equal({});
    });
  });

  describe('policy', () => {
    it("uses the parent's policy, live, until it sets its own", () => {
      expect(child.policy).to.equal(parent.policy);
      parent.setPolicy({ deniedTools: ['a'] });
      expect(child.policy).to.deep.equal({ deniedTools: ['a'] });
      child.setPolicy({ deniedTools: ['b'] });
      expect(child.policy).to.deep.equal({ deniedTools: ['b'] });
      parent.setPolicy({ deniedTools: ['c'] });
      expect(child.policy).to.deep.equal({ deniedTools: ['b'] });
      expect(parent.policy).to.deep.equal({ deniedTools: ['c'] });
    });

    it("falls back to the parent's policy after setPolicy(undefined)", () => {
      parent.setPolicy({ deniedTools: ['a'] });
      child.setPolicy({ deniedTools: ['b'] });
      child.setPolicy(undefined);
      expect(child.policy).to.deep.equal({ deniedTools: ['a'] });
    });

    it("applies the policy in force to the parent's tools: isDenied and toAgUiTools", () => {
      parent.register(tool('p'));
      child.register(tool('c'));
      parent.setPolicy({ deniedTools: ['p'] });
      expect(child.isDenied('p')).to.equal(true);
      expect(child.toAgUiTools().map((t) => t.name)).to.deep.equal(['c']);
      child.setPolicy({ deniedTools: ['c'] });
      expect(child.isDenied('p')).to.equal(false);
      expect(child.isDenied('c')).to.equal(true);
      expect(child.toAgUiTools().map((t) => t.name)).to.deep.equal(['p']);
      expect(parent.isDenied('p')).to.equal(true);
    });

    it("enforces the parent's requireRedaction when registering in the child", () => {
      parent.setPolicy({ requireRedaction: true });
      expect(registrationError(() => child.register(tool('t'))).code).to.equal('redaction_required');
    });
  });

  describe('statistics', () => {
    it("reports the parent's statistics for a parent tool, and records a run of it in the parent", async () => {
      const shared = parent.register(tool('shared'));
      await new ToolExecutionManager().execute(shared, 'call_1', {});
      expect(parent.getStats('shared').successCount).to.equal(1);
      expect(child.getStats('shared').successCount).to.equal(1);
      expect(child.allStats.shared!.successCount).to.equal(1);
    });

    it('keeps the statistics of its own tool, even when it shadows a parent tool', async () => {
      parent.register(tool('t'));
      const own = child.register(tool('t'));
      await new ToolExecutionManager().execute(own, 'call_1', {});
      expect(child.getStats('t').successCount).to.equal(1);
      expect(parent.getStats('t').executionCount).to.equal(0);
    });
  });

  describe('tool-registry-change', () => {
    it("fires on the child when the parent's tools change, with the child's names", () => {
      child.register(tool('own'));
      const details = changes(child);
      parent.register(tool('p'));
      parent.unregister('p');
      parent.register(tool('q'));
      parent.clear();
      expect(details).to.deep.equal([
        { action: 'registered', toolName: 'p', toolNames: ['own', 'p'] },
        { action: 'unregistered', toolName: 'p', toolNames: ['own'] },
        { action: 'registered', toolName: 'q', toolNames: ['own', 'q'] },
        { action: 'cleared', toolNames: ['own'], removedToolNames: ['q'] },
      ]);
    });

    it("fires on the child when the parent's policy changes, unless the child has its own", () => {
      const details = changes(child);
      parent.setPolicy({ deniedTools: ['a'] });
      expect(details).to.deep.equal([{ action: 'policy-changed', toolNames: [] }]);
      child.setPolicy({});
      parent.setPolicy({ deniedTools: ['b'] });
      expect(details.map((d) => d.action)).to.deep.equal(['policy-changed', 'policy-changed']);
    });

    it('does not fire for a parent change to a name the child shadows', () => {
      child.register(tool('t'));
      const details = changes(child);
      parent.register(tool('t'));
      parent.clear();
      expect(details).to.deep.equal([]);
    });

    it('does not fire on the parent for changes of the child', () => {
      const details = changes(parent);
      child.register(tool('c'));
      child.setPolicy({ deniedTools: ['c'] });
      expect(details).to.deep.equal([]);
    });

    it('reaches a grandchild through its parent', () => {
      const grandchild = new ToolRegistry({ parent: child });
      const details = changes(grandchild);
      parent.register(tool('top'));
      expect(details).to.deep.equal([{ action: 'registered', toolName: 'top', toolNames: ['top'] }]);
    });
  });
});
