import { ToolSchema } from '@ag-ui/core/schemas';
import type { Tool } from '@ag-ui/core';
import { expect, oneEvent } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import {
  globalToolRegistry,
  ToolRegistry,
  type ToolDefinition,
  type ToolRegistryChangeDetail,
} from '../../web/src/tools/index.js';
import { registrationError, tool } from '../helpers/tools-fixtures.js';

describe('ToolRegistry', () => {
  let registry: ToolRegistry;
  beforeEach(() => {
    registry = new ToolRegistry();
  });

  describe('register', () => {
    it('accepts names of 1 to 64 letters, digits, "_" and "-"', () => {
      for (const name of ['a', 'get_weather', 'search-web', 'Tool42', 'x'.repeat(64)]) registry.register(tool(name));
      expect(registry.names).to.have.length(5);
    });

    for (const name of ['', 'x'.repeat(65), 'has space', 'dotted.name', 'slash/name', 'émoji', 'semi;colon']) {
      it(`rejects the name ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}...(${name.length})` : name)} with code invalid_name`, () => {
        const error = registrationError(() => registry.register(tool(name)));
        expect(error.code).to.equal('invalid_name');
        expect(error.message).to.contain('^[a-zA-Z0-9_-]{1,64}$');
        expect(registry.size).to.equal(0);
      });
    }

    it('rejects a name that is not a string', () => {
      expect(registrationError(() => registry.register(tool(42 as unknown as string))).code).to.equal('invalid_name');
    });

    it('throws a clear error for a duplicate name and keeps the first tool', () => {
      const first = registry.register(tool('dup'));
      const error = registrationError(() => registry.register(tool('dup', { description: 'second' })));
      expect(error.code).to.equal('duplicate_name');
      expect(error.message).to.contain('"dup" is already registered');
      expect(error.message).to.contain('unregister("dup")');
      expect(registry.get('dup')).to.equal(first);
    });

    it('allows a name again after unregister', () => {
      registry.register(tool('again'));
      registry.unregister('again');
      expect(() => registry.register(tool('again'))).not.to.throw();
    });

    it('rejects a description that is not a string', () => {
      const error = registrationError(() => registry.register(tool('t', { description: undefined as unknown as string })));
      expect(error.code).to.equal('invalid_definition');
      expect(error.message).to.contain('description must be a string');
    });

    it('rejects a schema that is not a Zod schema', () => {
      const error = registrationError(() =>
        registry.register(tool('t', { schema: { type: 'object' } as unknown as z.ZodType })),
      );
      expect(error.code).to.equal('invalid_definition');
      expect(error.message).to.contain('schema must be a Zod 4 schema');
    });

    it('rejects a handler that is not a function', () => {
      const error = registrationError(() => registry.register(tool('t', { handler: 'nope' as unknown as () => void })));
      expect(error.message).to.contain('handler must be a function');
    });

    it('rejects malformed metadata (timeoutMs, retryConfig)', () => {
      expect(registrationError(() => registry.register(tool('a', { metadata: { timeoutMs: -1 } }))).message).to.contain(
        'timeoutMs',
      );
      expect(
        registrationError(() => registry.register(tool('b', { metadata: { retryConfig: { maxAttempts: 0 } } }))).message,
      ).to.contain('maxAttempts');
    });

    it('accepts timeoutMs: Infinity (no timeout, for a tool that waits for a person) and rejects 0 and NaN', () => {
      expect(registry.register(tool('waits', { metadata: { timeoutMs: Infinity } })).metadata!.timeoutMs).to.equal(Infinity);
      for (const timeoutMs of [0, Number.NaN]) {
        expect(registrationError(() => registry.register(tool(`t${timeoutMs}`, { metadata: { timeoutMs } }))).message).to.contain('timeoutMs');
      }
    });

    it('rejects a definition that is not an object', () => {
      expect(registrationError(() => registry.register(null as unknown as ToolDefinition)).code).to.equal('invalid_definition');
    });

    it('returns a frozen copy stamped with registeredAt, leaving the definition untouched', () => {
      const clock = sinon.useFakeTimers({ now: 1_700_000_000_000 });
      try {
        const definition = tool('stamp');
        const registered = registry.register(definition);
        expect(registered.registeredAt).to.equal(1_700_000_000_000);
        expect(Object.isFrozen(registered)).to.equal(true);
        expect(definition).not.to.have.property('registeredAt');
      } finally {
        clock.restore();
      }
    });
  });

  describe('lookup', () => {
    beforeEach(() => {
      registry.register(tool('weather', { metadata: { category: 'info', tags: ['read', 'external'] } }));
      registry.register(tool('cart_add', { metadata: { category: 'shop', tags: ['write'] } }));
      registry.register(tool('news', { metadata: { category: 'info', tags: ['read'] } }));
    });

    it('get, has, names and all reflect registrations in order', () => {
      expect(registry.has('weather')).to.equal(true);
      expect(registry.has('nope')).to.equal(false);
      expect(registry.get('nope')).to.equal(undefined);
      expect(registry.names).to.deep.equal(['weather', 'cart_add', 'news']);
      expect(registry.all.map((t) => t.name)).to.deep.equal(['weather', 'cart_add', 'news']);
    });

    it('getByCategory returns the tools of a category', () => {
      expect(registry.getByCategory('info').map((t) => t.name)).to.deep.equal(['weather', 'news']);
      expect(registry.getByCategory('none')).to.deep.equal([]);
    });

    it('getByTag returns the tools carrying a tag', () => {
      expect(registry.getByTag('read').map((t) => t.name)).to.deep.equal(['weather', 'news']);
      expect(registry.getByTag('write').map((t) => t.name)).to.deep.equal(['cart_add']);
    });

    it('unregister returns whether the tool existed', () => {
      expect(registry.unregister('weather')).to.equal(true);
      expect(registry.unregister('weather')).to.equal(false);
      expect(registry.names).to.deep.equal(['cart_add', 'news']);
    });

    it('clear removes every tool', () => {
      registry.clear();
      expect(registry.names).to.deep.equal([]);
    });
  });

  describe('tool-registry-change', () => {
    it('fires "registered" with the tool name and the names after the change', async () => {
      registry.register(tool('first'));
      const event = oneEvent(registry, 'tool-registry-change');
      registry.register(tool('second'));
      const { detail } = (await event) as CustomEvent<ToolRegistryChangeDetail>;
      expect(detail).to.deep.equal({ action: 'registered', toolName: 'second', toolNames: ['first', 'second'] });
    });

    it('fires "unregistered" only when a tool was removed', () => {
      registry.register(tool('gone'));
      const details: ToolRegistryChangeDetail[] = [];
      registry.addEventListener('tool-registry-change', (e) => details.push(e.detail));
      registry.unregister('gone');
      registry.unregister('gone');
      expect(details).to.deep.equal([{ action: 'unregistered', toolName: 'gone', toolNames: [] }]);
    });

    it('fires "cleared" without toolName, listing the removed names', () => {
      registry.register(tool('a'));
      registry.register(tool('b'));
      const details: ToolRegistryChangeDetail[] = [];
      registry.addEventListener('tool-registry-change', (e) => details.push(e.detail));
      registry.clear();
      registry.clear();
      expect(details).to.deep.equal([{ action: 'cleared', toolNames: [], removedToolNames: ['a', 'b'] }]);
    });

    it('fires nothing for a rejected registration', () => {
      registry.register(tool('a'));
      const details: ToolRegistryChangeDetail[] = [];
      registry.addEventListener('tool-registry-change', (e) => details.push(e.detail));
      expect(() => registry.register(tool('a'))).to.throw();
      expect(details).to.deep.equal([]);
    });
  });

  describe('toAgUiTools', () => {
    const weather = tool('get_weather', {
      description: 'Current weather',
      schema: z.object({
        city: z.string().describe('City name'),
        unit: z.enum(['C', 'F']).default('C'),
        days: z.coerce.number().int().min(1).max(7).optional(),
      }),
    });

    it('derives parameters from the Zod schema with Zod\'s JSON Schema conversion, without $schema', () => {
      registry.register(weather);
      const [description] = registry.toAgUiTools();
      expect(description!.name).to.equal('get_weather');
      expect(description!.description).to.equal('Current weather');
      expect(description!.parameters).not.to.have.property('$schema');
      const { $schema: _ignored, ...expected } = z.toJSONSchema(weather.schema, { io: 'input', unrepresentable: 'any' });
      expect(description!.parameters).to.deep.equal(expected);
      expect(description!.parameters).to.deep.include({ type: 'object', required: ['city'] });
      expect((description!.parameters.properties as Record<string, unknown>).city).to.deep.equal({
        type: 'string',
        description: 'City name',
      });
    });

    it('describes the input the model must send: defaulted fields are optional', () => {
      registry.register(weather);
      const [description] = registry.toAgUiTools();
      expect(description!.parameters.required).to.deep.equal(['city']);
    });

    it('produces output accepted by @ag-ui/core ToolSchema', () => {
      registry.register(weather);
      registry.register(tool('no_args'));
      // Also a compile-time check: the descriptions are @ag-ui/core Tools.
      const tools: Tool[] = registry.toAgUiTools();
      for (const description of tools) {
        expect(ToolSchema.safeParse(description).success, description.name).to.equal(true);
      }
    });

    it('is deterministic across calls and registries', () => {
      registry.register(weather);
      registry.register(tool('b', { schema: z.object({ z: z.number(), a: z.array(z.string()) }) }));
      const other = new ToolRegistry();
      other.register(weather);
      other.register(tool('b', { schema: z.object({ z: z.number(), a: z.array(z.string()) }) }));
      const first = JSON.stringify(registry.toAgUiTools());
      expect(JSON.stringify(registry.toAgUiTools())).to.equal(first);
      expect(JSON.stringify(other.toAgUiTools())).to.equal(first);
    });

    it('returns fresh plain copies: mutating one changes neither the cache nor the next call', () => {
      registry.register(weather);
      const a = registry.toAgUiTools()[0]!.parameters as Record<string, unknown>;
      const b = registry.toAgUiTools()[0]!.parameters as Record<string, unknown>;
      expect(a).to.not.equal(b);
      expect(a).to.deep.equal(b);
      // Not frozen: a frozen object anywhere in a run input sends Chromium's JSON.stringify down its slow path.
      expect(Object.isFrozen(a)).to.equal(false);
      expect(Object.isFrozen(a.properties)).to.equal(false);
      a.type = 'string';
      (a.properties as Record<string, unknown>).city = { type: 'boolean' };
      expect(registry.toAgUiTools()[0]!.parameters).to.deep.equal(b);
    });

    it('turns what JSON Schema cannot express (dates, bigints, transforms) into permissive schemas instead of throwing', () => {
      registry.register(
        tool('odd', {
          schema: z.object({
            when: z.date(),
            big: z.bigint().optional(),
            slug: z.string().transform((s) => s.toLowerCase()),
          }),
        }),
      );
      const [description] = registry.toAgUiTools();
      const properties = description!.parameters.properties as Record<string, unknown>;
      expect(properties.when).to.deep.equal({});
      expect(properties.big).to.deep.equal({});
      expect(properties.slug).to.deep.equal({ type: 'string' });
      expect(ToolSchema.safeParse(description).success).to.equal(true);
    });

    it('handles recursive schemas', () => {
      const Node: z.ZodType<{ name: string; children: unknown[] }> = z.object({
        name: z.string(),
        get children() {
          return z.array(Node);
        },
      });
      registry.register(tool('tree', { schema: Node }));
      expect(() => JSON.stringify(registry.toAgUiTools())).not.to.throw();
    });

    it('lists tools in registration order', () => {
      registry.register(tool('zeta'));
      registry.register(tool('alpha'));
      expect(registry.toAgUiTools().map((t) => t.name)).to.deep.equal(['zeta', 'alpha']);
    });
  });

  describe('statistics', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ now: 1_000_000 });
    });
    afterEach(() => {
      clock.restore();
    });

    it('getStats returns zeros for a tool that never ran', () => {
      registry.register(tool('idle'));
      expect(registry.getStats('idle')).to.deep.equal({
        executionCount: 0,
        successCount: 0,
        failureCount: 0,
        cancelledCount: 0,
        uncertainCount: 0,
        cachedCount: 0,
        totalDurationMs: 0,
        averageDurationMs: 0,
        successRate: 0,
        lastExecutedAt: undefined,
      });
    });

    it('recordExecution accumulates counts, durations, rates and the last finish time', () => {
      registry.recordExecution('t', 'succeeded', 100, 5000);
      registry.recordExecution('t', 'failed', 300, 6000);
      registry.recordExecution('t', 'cancelled', 200, 7000);
      registry.recordExecution('t', 'succeeded', 400);
      expect(registry.getStats('t')).to.deep.equal({
        executionCount: 4,
        successCount: 2,
        failureCount: 1,
        cancelledCount: 1,
        uncertainCount: 0,
        cachedCount: 0,
        totalDurationMs: 1000,
        averageDurationMs: 250,
        successRate: 0.5,
        lastExecutedAt: 1_000_000,
      });
    });

    it('allStats is a plain record keyed by name, covering registered and executed tools', () => {
      registry.register(tool('registered'));
      registry.recordExecution('ran', 'succeeded', 10, 1);
      const all = registry.allStats;
      expect(Object.keys(all).sort()).to.deep.equal(['ran', 'registered']);
      expect(all.ran!.successCount).to.equal(1);
      expect(all.registered!.executionCount).to.equal(0);
    });

    it('stats survive unregister and are reset by clearStats', () => {
      registry.register(tool('t'));
      registry.recordExecution('t', 'succeeded', 10, 1);
      registry.recordExecution('u', 'failed', 10, 1);
      registry.unregister('t');
      expect(registry.getStats('t').executionCount).to.equal(1);
      registry.clearStats('t');
      expect(registry.getStats('t').executionCount).to.equal(0);
      expect(registry.getStats('u').executionCount).to.equal(1);
      registry.clearStats();
      expect(registry.allStats).to.deep.equal({});
    });

    it('getStats returns a copy that later executions do not change', () => {
      registry.recordExecution('t', 'succeeded', 10, 1);
      const before = registry.getStats('t');
      registry.recordExecution('t', 'failed', 10, 2);
      expect(before.executionCount).to.equal(1);
    });
  });

  it('exports a page-wide globalToolRegistry', () => {
    expect(globalToolRegistry).to.be.instanceOf(ToolRegistry);
  });
});
