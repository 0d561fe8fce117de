import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { jsonSchemaArguments } from '../../../web/src/sources/mcp/index.js';

describe('jsonSchemaArguments', () => {
  const jsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { id: { type: 'string', minLength: 2 }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['id'],
    additionalProperties: false,
  };

  it('passes valid arguments through unchanged', () => {
    const args = { id: 'n1', tags: ['a'] };
    expect(jsonSchemaArguments(jsonSchema).parse(args)).to.deep.equal(args);
  });

  it('turns each violation into an issue at its path', () => {
    const result = jsonSchemaArguments(jsonSchema).safeParse({ id: 'x', tags: ['a', 3], extra: true });
    expect(result.success).to.equal(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).to.include.members(['id', 'tags.1']);
  });

  it('gives z.toJSONSchema the server schema, without its $schema', () => {
    const { $schema: _dialect, ...expected } = jsonSchema;
    const converted = z.toJSONSchema(jsonSchemaArguments(jsonSchema), { io: 'input', unrepresentable: 'any' });
    const { $schema: _zodDialect, ...rest } = converted as Record<string, unknown>;
    expect(rest).to.deep.equal(expected);
  });
});
