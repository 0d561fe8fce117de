import { expect } from '@open-wc/testing';
import {
  interruptFormFields,
  readInterruptField,
  readJsonAnswer,
  schemaError,
  setAnswerProperty,
  type InterruptField,
} from '../../web/src/internal/interrupt-form.js';

describe('interrupt-form', () => {
  describe('interruptFormFields', () => {
    it('turns an object of boolean, string, enum, number and integer properties into fields', () => {
      const fields = interruptFormFields({
        type: 'object',
        title: 'Deployment',
        properties: {
          approved: { type: 'boolean', title: 'Approve', default: false },
          note: { type: 'string', description: 'Why', maxLength: 200 },
          env: { type: 'string', enum: ['staging', 'production'], default: 'staging' },
          ratio: { type: 'number', minimum: 0, maximum: 1 },
          count: { type: 'integer', exclusiveMinimum: 0 },
        },
        required: ['approved', 'env'],
        additionalProperties: false,
      });
      expect(fields).to.deep.equal([
        { name: 'approved', kind: 'boolean', label: 'Approve', required: true, defaultValue: false },
        { name: 'note', kind: 'string', label: 'note', required: false, description: 'Why', maxLength: 200 },
        { name: 'env', kind: 'string', label: 'env', required: true, options: ['staging', 'production'], defaultValue: 'staging' },
        { name: 'ratio', kind: 'number', label: 'ratio', required: false, minimum: 0, maximum: 1 },
        { name: 'count', kind: 'integer', label: 'count', required: false, exclusiveMinimum: 0 },
      ]);
    });

    it('leaves any other schema to a JSON answer', () => {
      const notSimple: unknown[] = [
        undefined,
        {},
        { type: 'string' },
        { type: 'object' },
        { type: 'object', properties: {} },
        { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
        { type: 'object', properties: { nested: { type: 'object', properties: {} } } },
        { type: 'object', properties: { a: { type: ['string', 'null'] } } },
        { type: 'object', properties: { a: { type: 'string', pattern: '^x' } } },
        { type: 'object', properties: { a: { type: 'string', enum: ['x', 1] } } },
        { type: 'object', properties: { a: { type: 'boolean', enum: [true] } } },
        { type: 'object', properties: { a: { type: 'string', minimum: 1 } } },
        { type: 'object', properties: { a: { type: 'string' } }, required: 'a' },
        { type: 'object', properties: { a: { type: 'string' } }, oneOf: [] },
      ];
      for (const schema of notSimple) expect(interruptFormFields(schema), JSON.stringify(schema)).to.equal(undefined);
    });
  });

  describe('readInterruptField', () => {
    const field = (overrides: Partial<InterruptField>): InterruptField => ({ name: 'x', kind: 'string', label: 'X', required: false, ...overrides });

    it('reads a checkbox as a boolean, always present', () => {
      expect(readInterruptField(field({ kind: 'boolean', required: true }), false)).to.deep.equal({ ok: true, present: true, value: false });
      expect(readInterruptField(field({ kind: 'boolean' }), true)).to.deep.equal({ ok: true, present: true, value: true });
    });

    it('treats an empty control as absent, and as an error when required', () => {
      expect(readInterruptField(field({}), '')).to.deep.equal({ ok: true, present: false });
      expect(readInterruptField(field({ required: true }), '')).to.deep.equal({ ok: false, error: 'This field is required.' });
      expect(readInterruptField(field({ kind: 'number', required: true }), '  ')).to.deep.equal({ ok: false, error: 'This field is required.' });
      expect(readInterruptField(field({ options: ['a'], required: true }), '')).to.deep.equal({ ok: false, error: 'Choose an option.' });
    });

    it('reads numbers and integers and checks their range', () => {
      expect(readInterruptField(field({ kind: 'number' }), '2.5')).to.deep.equal({ ok: true, present: true, value: 2.5 });
      expect(readInterruptField(field({ kind: 'number' }), '', true)).to.deep.equal({ ok: false, error: 'Enter a number.' });
      expect(readInterruptField(field({ kind: 'integer' }), '2.5')).to.deep.equal({ ok: false, error: 'Enter a whole number.' });
      expect(readInterruptField(field({ kind: 'integer', minimum: 1 }), '0')).to.deep.equal({ ok: false, error: 'Enter 1 or more.' });
      expect(readInterruptField(field({ kind: 'number', exclusiveMaximum: 1 }), '1')).to.deep.equal({ ok: false, error: 'Enter less than 1.' });
    });

    it('maps a select index back to the enum value, and checks string lengths', () => {
      expect(readInterruptField(field({ kind: 'integer', options: [10, 20] }), '1')).to.deep.equal({ ok: true, present: true, value: 20 });
      expect(readInterruptField(field({ minLength: 3 }), 'ab')).to.deep.equal({ ok: false, error: 'Enter at least 3 characters.' });
    });
  });

  describe('readJsonAnswer and schemaError', () => {
    it('needs valid JSON, and an answer when there is a schema', () => {
      expect(readJsonAnswer('', undefined)).to.deep.equal({ ok: true, present: false });
      expect(readJsonAnswer(' ', { type: 'object' })).to.deep.equal({ ok: false, error: 'Enter an answer in JSON.' });
      expect(readJsonAnswer('{oops', undefined)).to.deep.equal({ ok: false, error: 'This is not valid JSON.' });
      expect(readJsonAnswer('[1]', undefined)).to.deep.equal({ ok: true, present: true, value: [1] });
    });

    it('checks type, enum, const, required, properties and items, naming the path', () => {
      const schema = {
        type: 'object',
        properties: {
          tags: { type: 'array', items: { type: 'string' } },
          mode: { enum: ['a', 'b'] },
          meta: { type: 'object', properties: { n: { type: ['integer', 'null'] } }, required: ['n'] },
        },
        required: ['tags'],
      };
      expect(schemaError(schema, { tags: ['x'], mode: 'a', meta: { n: null } })).to.equal(undefined);
      expect(schemaError(schema, [])).to.equal('The answer must be an object.');
      expect(schemaError(schema, {})).to.equal('"tags" is required.');
      expect(schemaError(schema, { tags: ['x', 2] })).to.equal('"tags[1]" must be a string.');
      expect(schemaError(schema, { tags: [], mode: 'c' })).to.equal('"mode" must be one of "a", "b".');
      expect(schemaError(schema, { tags: [], meta: {} })).to.equal('"meta.n" is required.');
      expect(schemaError(schema, { tags: [], meta: { n: 1.5 } })).to.equal('"meta.n" must be an integer or null.');
      expect(schemaError({ const: 42 }, 41)).to.equal('The answer must be 42.');
    });
  });

  it('setAnswerProperty sets even "__proto__" as an own property', () => {
    const target: Record<string, unknown> = {};
    setAnswerProperty(target, '__proto__', 1);
    expect(Object.keys(target)).to.deep.equal(['__proto__']);
    expect(JSON.stringify(target)).to.equal('{"__proto__":1}');
  });
});
