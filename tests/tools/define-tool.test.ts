// defineTool(): the handler's arguments are inferred from the schema. The `@ts-expect-error` lines make
// `npm run typecheck` (and `npm run build`) fail if that inference ever breaks; the runtime checks run in Chromium.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { z } from 'zod';
import { defineTool as defineToolFromMain, type ToolDefinition } from '../../web/src/index.js';
import { defineTool, ToolRegistry } from '../../web/src/tools/index.js';
import type { AgUiAgent } from '../../web/src/components/ag-ui-agent/ag-ui-agent.js';
import { scenarioUrl } from '../components/ag-ui-agent/helpers.js';

/** Compile-time equality of two types: `true` only when they are the same. */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_proof: T): void {}

const add = defineTool({
  name: 'add',
  description: 'Adds two numbers',
  effect: 'read_only',
  schema: z.object({ a: z.number(), b: z.number().default(1) }),
  handler: ({ a, b }) => {
    assertType<Equals<typeof a, number>>(true);
    assertType<Equals<typeof b, number>>(true);
    return { sum: a + b };
  },
  requiresApproval: ({ a }) => a > 100,
});

describe('defineTool()', () => {
  it('infers the handler arguments from the schema', () => {
    assertType<Equals<typeof add, ToolDefinition<{ a: number; b: number }>>>(true);
    defineTool({
      name: 'typed',
      description: 'Typed arguments',
      effect: 'read_only',
      schema: z.object({ city: z.string(), unit: z.enum(['C', 'F']) }),
      handler: ({ city, unit }) => {
        // @ts-expect-error city is a string, not a number
        const wrong: number = city;
        assertType<Equals<typeof unit, 'C' | 'F'>>(true);
        return [wrong, unit];
      },
    });
    defineTool({
      name: 'missing',
      description: 'Reads a key the schema does not have',
      effect: 'read_only',
      schema: z.object({ a: z.number() }),
      // @ts-expect-error `b` is not in the schema
      handler: ({ b }) => b,
    });
    // register() takes the typed definition as it is.
    new ToolRegistry().register(
      defineTool({
        name: 'ok',
        description: 'ok',
        effect: 'read_only',
        schema: z.object({ n: z.number() }),
        handler: ({ n }) => n * 2,
      }),
    );
  });

  it('returns the definition itself, from the tools and the main entry', () => {
    const definition = {
      name: 'same',
      description: 'Same object',
      effect: 'read_only' as const,
      schema: z.object({}),
      handler: () => 'ok',
    };
    expect(defineTool(definition)).to.equal(definition);
    expect(defineToolFromMain).to.equal(defineTool);
  });

  it('gives <ag-ui-agent>.tools a tool the agent calls, with parsed arguments', async () => {
    const el = await fixture<AgUiAgent>(
      html`<ag-ui-agent .registry=${new ToolRegistry()} url=${scenarioUrl('tool', { tool: 'add', args: '{"a":2}' })}></ag-ui-agent>`,
    );
    el.tools = [add];
    await el.updateComplete;
    expect(el.registry.has('add')).to.equal(true);

    const ended = oneEvent(el, 'ag-ui-tool-call-end');
    await el.sendMessage('Add 2 and the default');
    const { detail } = await ended;
    expect(JSON.parse(detail.result)).to.deep.equal({ sum: 3 });
  });
});
