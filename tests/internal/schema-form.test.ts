import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { fieldKind, formCanExpress } from '../../web/src/internal/schema-form.js';

const json = (schema: z.ZodType): Record<string, unknown> => z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;

describe('formCanExpress', () => {
  it('accepts objects of scalars, enums, nested objects and arrays of those', () => {
    const schema = z.object({
      city: z.string(),
      days: z.number().int().optional(),
      metric: z.boolean(),
      unit: z.enum(['C', 'F']),
      place: z.object({ lat: z.number(), lon: z.number() }),
      tags: z.array(z.string()),
      note: z.string().nullable(),
    });
    expect(formCanExpress(json(schema))).to.equal(true);
  });

  it('refuses a non-object root, unions, free-form objects and records', () => {
    expect(formCanExpress(json(z.string()))).to.equal(false);
    expect(formCanExpress(json(z.object({ a: z.union([z.string(), z.number()]) })))).to.equal(false);
    expect(formCanExpress(json(z.object({ a: z.record(z.string(), z.string()) })))).to.equal(false);
    expect(formCanExpress(json(z.object({ a: z.array(z.unknown()) })))).to.equal(false);
    expect(formCanExpress({})).to.equal(false);
  });
});

describe('unwrapNullable', () => {
  it('reads a nullable scalar as its type, in both of the shapes JSON Schema gives it', () => {
    expect(fieldKind({ type: ['string', 'null'] })).to.equal('string');
    expect(fieldKind({ anyOf: [{ type: 'integer' }, { type: 'null' }] })).to.equal('integer');
    expect(fieldKind({ type: ['string', 'number'] })).to.equal('json');
  });
});
