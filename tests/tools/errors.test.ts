import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { z } from 'zod';
import {
  categorizeError,
  HttpToolError,
  parseRetryAfter,
  PermanentToolError,
  ToolHandlerError,
  TransientToolError,
  type ToolError,
} from '../../web/src/tools/index.js';

// A whole second, so HTTP-dates (second precision) convert to exact delays.
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

function httpError(status: number, headers: Record<string, string> = {}): Error & { status: number; headers: Headers } {
  return Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) });
}

describe('categorizeError', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    clock.restore();
  });

  it('files a DOMException AbortError as cancelled, not retryable', () => {
    const error = categorizeError(new DOMException('stop', 'AbortError'));
    expect(error.category).to.equal('cancelled');
    expect(error.retryable).to.equal(false);
  });

  it('files a DOMException TimeoutError as timeout, retryable by default', () => {
    const error = categorizeError(new DOMException('slow', 'TimeoutError'));
    expect(error.category).to.equal('timeout');
    expect(error.retryable).to.equal(true);
  });

  it('files a ZodError as validation with one entry per issue', () => {
    const result = z.object({ a: z.string(), b: z.number() }).safeParse({ a: 1, b: 'x' });
    const error = categorizeError(result.error);
    expect(error.category).to.equal('validation');
    expect(error.validationErrors!.map((issue) => issue.path)).to.deep.equal([['a'], ['b']]);
  });

  it('files the TypeError of a failed fetch as transient', async () => {
    // A real network failure in Chromium: nothing listens on 127.0.0.1:9, so the connection is refused.
    const thrown = await fetch('http://127.0.0.1:9/').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).to.be.instanceOf(TypeError);
    const error = categorizeError(thrown, 'execution');
    expect(error.category).to.equal('transient');
    expect(error.code).to.equal('network_error');
  });

  it('files a TypeError that is not from fetch under the default category', () => {
    expect(categorizeError(new TypeError('x.map is not a function'), 'execution').category).to.equal('execution');
  });

  for (const status of [408, 425, 429, 500, 503]) {
    it(`files HTTP ${status} as transient`, () => {
      const error = categorizeError(httpError(status), 'execution');
      expect(error.category).to.equal('transient');
      expect(error.status).to.equal(status);
      expect(error.retryable).to.equal(true);
    });
  }

  for (const status of [400, 401, 404, 422]) {
    it(`files HTTP ${status} as permanent`, () => {
      const error = categorizeError(httpError(status), 'execution');
      expect(error.category).to.equal('permanent');
      expect(error.retryable).to.equal(false);
    });
  }

  it('reads Retry-After in seconds into retryAfter (ms)', () => {
    expect(categorizeError(httpError(429, { 'Retry-After': '7' })).retryAfter).to.equal(7000);
  });

  it('reads Retry-After as an HTTP-date into retryAfter (ms from now)', () => {
    const date = new Date(NOW + 12_000).toUTCString();
    expect(categorizeError(httpError(503, { 'Retry-After': date })).retryAfter).to.equal(12_000);
  });

  it('reads the status and Retry-After of a Response carried as error.response', () => {
    const response = new Response(null, { status: 429, headers: { 'Retry-After': '3' } });
    const error = categorizeError(Object.assign(new Error('rate limited'), { response }));
    expect(error.category).to.equal('transient');
    expect(error.retryAfter).to.equal(3000);
  });

  it('reads statusCode and plain-object headers', () => {
    const error = categorizeError({ message: 'busy', statusCode: 502, headers: { 'retry-after': '2' } });
    expect(error.category).to.equal('transient');
    expect(error.retryAfter).to.equal(2000);
  });

  it('files a plain Error under the default category (unknown unless given)', () => {
    expect(categorizeError(new Error('boom')).category).to.equal('unknown');
    expect(categorizeError(new Error('boom'), 'execution').category).to.equal('execution');
  });

  it('keeps the message and the original error as cause', () => {
    const original = new Error('boom');
    const error = categorizeError(original, 'execution');
    expect(error.message).to.equal('boom');
    expect(error.cause).to.equal(original);
  });

  it('turns a thrown string or non-error value into a message', () => {
    expect(categorizeError('bad thing').message).to.equal('bad thing');
    expect(categorizeError(42).message).to.equal('42');
  });

  it('returns a ToolError record as is', () => {
    const record: ToolError = { category: 'permanent', message: 'no', retryable: false };
    expect(categorizeError(record)).to.equal(record);
  });

  it('lets handlers choose the category with ToolHandlerError and its subclasses', () => {
    expect(categorizeError(new ToolHandlerError('x', { category: 'permanent', code: 'gone' }))).to.include({
      category: 'permanent',
      code: 'gone',
    });
    expect(categorizeError(new TransientToolError('x', { retryAfter: 250 }))).to.include({
      category: 'transient',
      retryAfter: 250,
    });
    expect(categorizeError(new PermanentToolError('x')).category).to.equal('permanent');
  });

  it('builds an HttpToolError from a Response with its status category and Retry-After', () => {
    const response = new Response(null, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '5' } });
    const error = categorizeError(HttpToolError.fromResponse(response));
    expect(error).to.include({ category: 'transient', status: 503, retryAfter: 5000, message: 'HTTP 503 Service Unavailable' });
    expect(categorizeError(HttpToolError.fromResponse(new Response(null, { status: 404 }))).category).to.equal('permanent');
  });
});

describe('parseRetryAfter', () => {
  it('returns undefined for a missing or unparseable header', () => {
    expect(parseRetryAfter(null)).to.equal(undefined);
    expect(parseRetryAfter('')).to.equal(undefined);
    expect(parseRetryAfter('soon')).to.equal(undefined);
  });

  it('returns 0 for an HTTP-date in the past', () => {
    expect(parseRetryAfter(new Date(NOW - 5000).toUTCString(), NOW)).to.equal(0);
  });
});
