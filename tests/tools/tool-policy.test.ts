import { expect } from '@open-wc/testing';
import { z } from 'zod';
import {
  budgetsFor,
  decide,
  DEFAULT_APPROVAL_EFFECTS,
  isToolDenied,
  ToolPolicyError,
  type ToolPolicy,
} from '../../web/src/tools/index.js';
import { decideToolCall, normalizeToolPolicy } from '../../web/src/tools/tool-policy.js';

describe('decide()', () => {
  it('allows read_only and asks for state_change and external_side_effect under the default policy', () => {
    expect(DEFAULT_APPROVAL_EFFECTS).to.deep.equal(['state_change', 'external_side_effect']);
    expect(decide({}, 'get_time', 'read_only', {})).to.equal('allow');
    expect(decide({}, 'edit_note', 'state_change', {})).to.equal('require_approval');
    expect(decide({ policy: {} }, 'buy', 'external_side_effect', {})).to.equal('require_approval');
  });

  it('denies every tool outside a present allowedTools (deny by default), even an empty list', () => {
    const policy: ToolPolicy = { allowedTools: ['get_time'] };
    expect(decide({ policy }, 'get_time', 'read_only', {})).to.equal('allow');
    expect(decide({ policy }, 'read_page', 'read_only', {})).to.equal('deny');
    expect(decide({ policy: { allowedTools: [] } }, 'get_time', 'read_only', {})).to.equal('deny');
  });

  it('lets deniedTools win over allowedTools and over a per-tool allow', () => {
    const policy: ToolPolicy = { allowedTools: ['a'], deniedTools: ['a'], tools: { a: { decision: 'allow' } } };
    expect(decide({ policy }, 'a', 'read_only', {})).to.equal('deny');
  });

  it('never lets a per-tool decision allow a tool outside allowedTools', () => {
    const policy: ToolPolicy = { allowedTools: ['a'], tools: { b: { decision: 'allow' } } };
    expect(decide({ policy }, 'b', 'read_only', {})).to.equal('deny');
  });

  it('applies a per-tool decision before the tool rule and the effect rule', () => {
    const tool = { requiresApproval: true };
    expect(decide({ policy: { tools: { x: { decision: 'allow' } } }, tool }, 'x', 'external_side_effect', {})).to.equal('allow');
    expect(decide({ policy: { tools: { x: { decision: 'require_approval' } } } }, 'x', 'read_only', {})).to.equal('require_approval');
    expect(decide({ policy: { tools: { x: { decision: 'deny' } } } }, 'x', 'read_only', {})).to.equal('deny');
  });

  it("applies the tool's requiresApproval before the effect rule: boolean, per-call function, throwing function", () => {
    expect(decide({ tool: { requiresApproval: false } }, 'x', 'state_change', {})).to.equal('allow');
    expect(decide({ tool: { requiresApproval: true } }, 'x', 'read_only', {})).to.equal('require_approval');
    const perCall = { requiresApproval: (args: { amount: number }) => args.amount > 100 };
    expect(decide({ tool: perCall }, 'pay', 'external_side_effect', { amount: 5 })).to.equal('allow');
    expect(decide({ tool: perCall }, 'pay', 'external_side_effect', { amount: 500 })).to.equal('require_approval');
    const throws = {
      requiresApproval: (): boolean => {
        throw new Error('bad');
      },
    };
    expect(decide({ tool: throws }, 'x', 'read_only', {})).to.equal('require_approval');
  });

  it('follows requireApprovalForEffects, and counts an unknown effect as external_side_effect', () => {
    const policy: ToolPolicy = { requireApprovalForEffects: ['external_side_effect'] };
    expect(decide({ policy }, 'x', 'state_change', {})).to.equal('allow');
    expect(decide({ policy }, 'x', 'external_side_effect', {})).to.equal('require_approval');
    expect(decide({ policy: { requireApprovalForEffects: [] } }, 'x', 'external_side_effect', {})).to.equal('allow');
    expect(decide({ policy }, 'x', 'destructive' as never, {})).to.equal('require_approval');
  });

  it('denies a tool without redaction under requireRedaction', () => {
    const policy: ToolPolicy = { requireRedaction: true };
    expect(isToolDenied({ policy, tool: {} }, 'x')).to.equal(true);
    expect(isToolDenied({ policy }, 'x')).to.equal(true);
    expect(decide({ policy, tool: { redaction: {} } }, 'x', 'read_only', {})).to.equal('allow');
  });

  it('reads per-tool settings only from own keys ("constructor" and "__proto__" are tool names too)', () => {
    expect(decide({ policy: { tools: {} } }, 'constructor', 'read_only', {})).to.equal('allow');
    const policy = normalizeToolPolicy(JSON.parse('{"tools":{"__proto__":{"decision":"deny"}}}') as ToolPolicy);
    expect(decide({ policy }, '__proto__', 'read_only', {})).to.equal('deny');
    expect(decide({ policy }, 'other', 'read_only', {})).to.equal('allow');
  });
});

describe('decideToolCall()', () => {
  const pay = {
    name: 'pay',
    effect: 'external_side_effect' as const,
    schema: z.object({ amount: z.coerce.number() }),
    requiresApproval: (args: { amount: number }) => args.amount > 100,
  };

  it('gives a requiresApproval function the arguments parsed by the schema', () => {
    expect(decideToolCall({}, pay, { amount: '5' })).to.equal('allow');
    expect(decideToolCall({}, pay, { amount: '500' })).to.equal('require_approval');
  });

  it('asks when the arguments fail the schema instead of calling the function with them', () => {
    let called = false;
    const tool = { ...pay, requiresApproval: () => ((called = true), false) };
    expect(decideToolCall({}, tool, { amount: 'lots' })).to.equal('require_approval');
    expect(called).to.equal(false);
  });

  it('takes the effect of a definition without one as external_side_effect', () => {
    const tool = { name: 'legacy_tool_policy_test', schema: z.object({}) } as unknown as Parameters<typeof decideToolCall>[1];
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(decideToolCall({ requireApprovalForEffects: ['external_side_effect'] }, tool, {})).to.equal('require_approval');
    } finally {
      console.warn = warn;
    }
  });
});

describe('budgetsFor()', () => {
  it('takes each per-tool budget over the policy-wide one, and leaves out the unset', () => {
    const policy: ToolPolicy = { budgets: { maxRuntimeMs: 5000, maxResultBytes: 1000 }, tools: { big: { maxResultBytes: 50_000 } } };
    expect(budgetsFor(policy, 'big')).to.deep.equal({ maxRuntimeMs: 5000, maxResultBytes: 50_000 });
    expect(budgetsFor(policy, 'small')).to.deep.equal({ maxRuntimeMs: 5000, maxResultBytes: 1000 });
    expect(budgetsFor({}, 'x')).to.deep.equal({});
    expect(budgetsFor(undefined, 'x')).to.deep.equal({});
  });
});

describe('normalizeToolPolicy()', () => {
  it('returns a deep-frozen copy that later changes to the input do not affect', () => {
    const allowedTools = ['a'];
    const input: ToolPolicy = { allowedTools, tools: { a: { decision: 'require_approval' } }, budgets: { maxRuntimeMs: 10 } };
    const policy = normalizeToolPolicy(input);
    allowedTools.push('b');
    expect(policy.allowedTools).to.deep.equal(['a']);
    expect(Object.isFrozen(policy)).to.equal(true);
    expect(Object.isFrozen(policy.allowedTools)).to.equal(true);
    expect(Object.isFrozen(policy.tools!.a)).to.equal(true);
    expect(Object.isFrozen(policy.budgets)).to.equal(true);
  });

  for (const [what, policy] of [
    ['a list that is not an array of strings', { allowedTools: 'a' }],
    ['an unknown effect', { requireApprovalForEffects: ['destructive'] }],
    ['an unknown decision', { tools: { a: { decision: 'maybe' } } }],
    ['a budget that is not a positive number', { budgets: { maxResultBytes: 0 } }],
    ['a per-tool budget that is not a number', { tools: { a: { maxRuntimeMs: '5s' } } }],
    ['a non-boolean requireRedaction', { requireRedaction: 'yes' }],
  ] as const) {
    it(`throws ToolPolicyError (invalid_policy) for ${what}`, () => {
      expect(() => normalizeToolPolicy(policy as unknown as ToolPolicy))
        .to.throw(ToolPolicyError)
        .with.property('code', 'invalid_policy');
    });
  }
});
