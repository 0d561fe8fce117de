import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { ToolExecutionManager, ToolRegistry, type ToolDefinition } from '../../web/src/tools/index.js';
import { refCycleOf } from '../../web/src/tools/schema-ref-cycles.js';
import { errorOf, registrationError } from '../helpers/tools-fixtures.js';

interface Tree {
  name: string;
  children?: Tree[];
}

/** A tree: each node has a name and, optionally, children (recursion the data ends). */
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree).optional() }));

/** A schema that is itself and nothing else: validating anything with it never ends. */
const endless: z.ZodType = z.lazy(() => endless);

function toolWith(name: string, schema: z.ZodType, received: unknown[] = []): ToolDefinition {
  return { name, description: name, effect: 'read_only', schema, handler: (args) => (received.push(args), 'ok') };
}

describe('Input schemas with $ref cycles', () => {
  it('refuses, at registration, a z.lazy recursion that never reaches a value, naming the tool and the schema', () => {
    const registry = new ToolRegistry();
    const error = registrationError(() => registry.register(toolWith('loops', z.object({ node: endless }))));

    expect(error.code).to.equal('invalid_schema');
    expect(error.toolName).to.equal('loops');
    expect(error.message).to.contain('"loops"').and.contain('#/$defs/');
    expect(registry.has('loops')).to.equal(false);
  });

  it('refuses a JSON Schema whose $ref chain (here through anyOf) comes back to itself', () => {
    const registry = new ToolRegistry();
    const cyclic = { $ref: '#/$defs/a', $defs: { a: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }] } } };
    const error = registrationError(() => registry.register(toolWith('foreign', z.unknown().meta(cyclic))));

    expect(error.code).to.equal('invalid_schema');
    expect(error.message).to.contain('#/$defs/a');
  });

  it('registers a recursive tree schema and validates real nested arguments with it', async () => {
    const registry = new ToolRegistry();
    const received: unknown[] = [];
    const registered = registry.register(toolWith('walk', z.object({ root: tree }), received));
    const manager = new ToolExecutionManager();
    const args = { root: { name: 'root', children: [{ name: 'a', children: [{ name: 'a1' }] }, { name: 'b', children: [] }] } };

    expect(await manager.execute(registered, 'c1', args)).to.deep.equal({ success: true, result: 'ok' });
    expect(received).to.deep.equal([args]);
    const invalid = errorOf(await manager.execute(registered, 'c2', { root: { name: 'root', children: [{ children: [] }] } }));
    expect(invalid.category).to.equal('validation');
    expect(invalid.validationErrors!.map((issue) => issue.path)).to.deep.equal([['root', 'children', '0', 'name']]);
  });

  it('answers a call of an unregistered tool with a cyclic schema with a validation error, not a stack overflow', async () => {
    const error = errorOf(await new ToolExecutionManager().execute(toolWith('loops', endless), 'c1', {}));

    expect(error.category).to.equal('validation');
    expect(error.message).to.contain('"loops"').and.not.contain('Maximum call stack');
  });

  it('tells cycles that consume no input from recursion through properties and items', () => {
    expect(refCycleOf({ $ref: '#' })).to.deep.equal(['#']);
    expect(refCycleOf({ allOf: [{ $ref: '#/$defs/b' }], $defs: { b: { not: { $ref: '#' } } } })).to.deep.equal([
      '#',
      '#/allOf/0',
      '#/$defs/b',
      '#/$defs/b/not',
    ]);
    const anchored = { $id: 'https://example.com/s', $ref: 'https://example.com/s#node', $defs: { n: { $anchor: 'node', $ref: '#/$defs/n' } } };
    expect(refCycleOf(anchored)).to.deep.equal(['#/$defs/n']);
    expect(refCycleOf({ type: 'object', properties: { next: { $ref: '#' } } })).to.equal(undefined);
    expect(refCycleOf({ type: 'array', items: { $ref: '#' } })).to.equal(undefined);
    expect(refCycleOf({ $ref: '#/$defs/missing' })).to.equal(undefined);
    expect(refCycleOf({ type: 'object', $defs: { unused: { $ref: '#/$defs/unused' } } })).to.equal(undefined);
    expect(refCycleOf({ type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/a' } } })).to.deep.equal([
      '#/$defs/a',
    ]);
    expect(refCycleOf({ anyOf: [{ $ref: '#/$defs/x' }, { $ref: '#/$defs/x' }], $defs: { x: { type: 'string' } } })).to.equal(undefined);
  });
});
