import { expect } from '@open-wc/testing';
import {
  REDACTED,
  redactionInForce,
  redactJsonText,
  redactValue,
  type ToolExecution,
} from '../../web/src/tools/index.js';
import { redactExecution, redactToolError } from '../../web/src/tools/tool-redaction.js';

describe('redactValue()', () => {
  const order = {
    id: 'A-1',
    customer: { name: 'Ada', email: 'ada@example.com' },
    items: [
      { sku: 'X', price: 9 },
      { sku: 'Y', price: 3 },
    ],
    note: null,
  };

  it('keeps only the allowlisted leaves, keeps keys, replaces the rest with the marker', () => {
    expect(redactValue(order, ['id', 'customer.name'])).to.deep.equal({
      id: 'A-1',
      customer: { name: 'Ada', email: REDACTED },
      items: REDACTED,
      note: REDACTED,
    });
  });

  it('matches array elements with items[].sku and items.*.sku alike, and one index with items.1', () => {
    const expected = { id: REDACTED, customer: REDACTED, items: [{ sku: 'X', price: REDACTED }, { sku: 'Y', price: REDACTED }], note: REDACTED };
    expect(redactValue(order, ['items[].sku'])).to.deep.equal(expected);
    expect(redactValue(order, ['items.*.sku'])).to.deep.equal(expected);
    expect(redactValue(order, ['items.1'])).to.deep.include({ items: [REDACTED, { sku: 'Y', price: 3 }] });
  });

  it('allows a whole subtree by naming it, and the whole value with "" or "*"', () => {
    expect(redactValue(order, ['customer'])).to.deep.include({ customer: { name: 'Ada', email: 'ada@example.com' } });
    expect(redactValue(order, [''])).to.equal(order);
    expect(redactValue(order, ['*'])).to.equal(order);
  });

  it('matches any key with *, and merges overlapping paths', () => {
    expect(redactValue({ a: { x: 1, y: 2 }, b: { x: 3, y: 4 } }, ['*.x', 'b.y'])).to.deep.equal({
      a: { x: 1, y: REDACTED },
      b: { x: 3, y: 4 },
    });
  });

  it('redacts a primitive root and everything when the list is empty or missing, without touching the input', () => {
    expect(redactValue(42, ['a'])).to.equal(REDACTED);
    expect(redactValue({ a: 1 }, [])).to.deep.equal({ a: REDACTED });
    expect(redactValue({ a: 1 }, undefined)).to.deep.equal({ a: REDACTED });
    expect(order.customer.email).to.equal('ada@example.com');
  });

  it('keeps empty arrays and objects as they are, and redacts a path that goes deeper than the value', () => {
    expect(redactValue({ list: [], map: {} }, ['list[].id', 'map.*.id'])).to.deep.equal({ list: [], map: {} });
    expect(redactValue({ a: 'text' }, ['a.b'])).to.deep.equal({ a: REDACTED });
  });
});

describe('redactJsonText()', () => {
  it('redacts a JSON object text and returns JSON', () => {
    expect(redactJsonText('{"q":"weather","token":"s3cret"}', ['q'])).to.equal('{"q":"weather","token":"[redacted]"}');
  });

  it('redacts whole a text that is not JSON, or a JSON primitive, unless "" or "*" is listed', () => {
    expect(redactJsonText('plain secret text', ['q'])).to.equal(REDACTED);
    expect(redactJsonText('"a JSON string"', ['q'])).to.equal(REDACTED);
    expect(redactJsonText('12345', [])).to.equal(REDACTED);
    expect(redactJsonText('plain text', [''])).to.equal('plain text');
    expect(redactJsonText('plain text', ['*'])).to.equal('plain text');
  });

  it('keeps a blank text blank (a call without arguments)', () => {
    expect(redactJsonText('', ['q'])).to.equal('');
  });
});

describe('redactionInForce(), redactToolError(), redactExecution()', () => {
  it('uses the tool config, else redacts everything under requireRedaction, else nothing', () => {
    expect(redactionInForce({ redaction: { args: ['a'] } }, { requireRedaction: true })).to.deep.equal({ args: ['a'] });
    expect(redactionInForce({}, { requireRedaction: true })).to.deep.equal({});
    expect(redactionInForce(undefined, { requireRedaction: true })).to.deep.equal({});
    expect(redactionInForce({}, {})).to.equal(undefined);
  });

  it('drops the cause and the received values of an error', () => {
    const error = {
      category: 'validation' as const,
      message: 'Invalid',
      retryable: false,
      cause: new Error('secret'),
      validationErrors: [{ path: ['card'], message: 'Too short', received: '4111' }],
    };
    const redacted = redactToolError({}, error);
    expect(redacted).to.deep.equal({ category: 'validation', message: 'Invalid', retryable: false, validationErrors: [{ path: ['card'], message: 'Too short' }] });
    expect(redactToolError(undefined, error)).to.equal(error);
  });

  it('redacts the args, result and errors of an execution snapshot', () => {
    const execution: ToolExecution = {
      id: 'e1',
      toolCallId: 'c1',
      toolName: 't',
      args: { query: 'q', token: 't' },
      status: 'succeeded',
      result: '{"id":1,"secret":"s"}',
      timing: { queuedAt: 1 },
      retry: { attemptNumber: 2, maxAttempts: 3, previousErrors: [{ category: 'transient', message: 'x', retryable: true, cause: 'raw' }] },
    };
    const redacted = redactExecution({ args: ['query'], result: ['id'] }, execution);
    expect(redacted.args).to.deep.equal({ query: 'q', token: REDACTED });
    expect(redacted.result).to.equal('{"id":1,"secret":"[redacted]"}');
    expect(redacted.retry.previousErrors[0]).to.not.have.property('cause');
    expect(Object.isFrozen(redacted)).to.equal(true);
    expect(redactExecution(undefined, execution)).to.equal(execution);
  });

  it('redacts the result and error of a late completion', () => {
    const execution: ToolExecution = {
      id: 'e1',
      toolCallId: 'c1',
      toolName: 't',
      args: {},
      status: 'failed',
      timing: { queuedAt: 1 },
      retry: { attemptNumber: 1, maxAttempts: 1, previousErrors: [] },
      lateCompletion: { attemptNumber: 1, at: 2, result: '{"id":1,"secret":"s"}' },
    };
    const redacted = redactExecution({ result: ['id'] }, execution);
    expect(redacted.lateCompletion).to.deep.equal({ attemptNumber: 1, at: 2, result: '{"id":1,"secret":"[redacted]"}' });
    const failed = redactExecution({}, { ...execution, lateCompletion: { attemptNumber: 1, at: 2, error: { category: 'execution', message: 'secret s', retryable: false } } });
    expect(failed.lateCompletion!.error!.message).to.equal(REDACTED);
  });
});
