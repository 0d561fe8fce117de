import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import {
  computeRetryDelay,
  DEFAULT_RETRY_CONFIG,
  isRetryableCategory,
  type RetryConfig,
} from '../../web/src/tools/index.js';
import { resolveRetryConfig } from '../../web/src/tools/retry.js';

const config: RetryConfig = { ...DEFAULT_RETRY_CONFIG, baseDelayMs: 1000, backoffMultiplier: 2, maxDelayMs: 30_000 };

describe('computeRetryDelay', () => {
  it('grows exponentially: the ceiling before attempt n+1 is baseDelayMs * multiplier^(n-1)', () => {
    const top = () => 1 - Number.EPSILON;
    expect([1, 2, 3, 4].map((n) => computeRetryDelay(n, config, undefined, top))).to.deep.equal([1000, 2000, 4000, 8000]);
  });

  it('caps the delay at maxDelayMs', () => {
    expect(computeRetryDelay(20, config, undefined, () => 1 - Number.EPSILON)).to.equal(30_000);
    expect(computeRetryDelay(20, config, undefined, () => 0)).to.equal(15_000);
  });

  it('uses equal jitter: never below half the ceiling, spread over [d/2, d]', () => {
    expect(computeRetryDelay(1, config, undefined, () => 0)).to.equal(500);
    expect(computeRetryDelay(1, config, undefined, () => 0.5)).to.equal(750);
    expect(computeRetryDelay(3, config, undefined, () => 0)).to.equal(2000);
  });

  it('spreads a burst of failures with Math.random by default', () => {
    const delays = new Set(Array.from({ length: 20 }, () => computeRetryDelay(1, config)));
    expect(delays.size).to.be.greaterThan(1);
    for (const delay of delays) expect(delay).to.be.within(500, 1000);
  });

  it('never waits less than retryAfter', () => {
    expect(computeRetryDelay(1, config, 7000, () => 0)).to.equal(7000);
  });

  it('caps retryAfter at maxDelayMs', () => {
    expect(computeRetryDelay(1, config, 120_000, () => 0)).to.equal(30_000);
  });
});

describe('resolveRetryConfig', () => {
  it('overrides field by field, ignoring undefined fields', () => {
    const merged = resolveRetryConfig(config, { maxAttempts: 5, baseDelayMs: undefined });
    expect(merged).to.deep.equal({ ...config, maxAttempts: 5 });
  });

  it('still takes the old names baseDelay and maxDelay, warning once per name', () => {
    const warn = sinon.stub(console, 'warn');
    try {
      const merged = resolveRetryConfig(config, { baseDelay: 250, maxDelay: 4000 });
      expect(merged).to.deep.equal({ ...config, baseDelayMs: 250, maxDelayMs: 4000 });
      expect(resolveRetryConfig(config, { baseDelay: 10 }).baseDelayMs).to.equal(10);
      expect(warn.callCount).to.equal(2);
      expect(String(warn.firstCall.args[0])).to.contain('RetryConfig.baseDelay is deprecated').and.contain('RetryConfig.baseDelayMs');
      expect(String(warn.secondCall.args[0])).to.contain('RetryConfig.maxDelay is deprecated').and.contain('RetryConfig.maxDelayMs');
    } finally {
      warn.restore();
    }
  });

  it('prefers the new name when a config gives both', () => {
    const warn = sinon.stub(console, 'warn');
    try {
      expect(resolveRetryConfig(config, { baseDelay: 1, baseDelayMs: 2 }).baseDelayMs).to.equal(2);
    } finally {
      warn.restore();
    }
  });

  it('returns the base itself when there is nothing to override', () => {
    expect(resolveRetryConfig(config, undefined)).to.equal(config);
    expect(resolveRetryConfig(config, {})).to.equal(config);
  });
});

describe('isRetryableCategory', () => {
  it('never retries validation or cancelled, even when listed', () => {
    const all: RetryConfig = { ...config, retryableCategories: ['validation', 'cancelled', 'transient'] };
    expect(isRetryableCategory('validation', all)).to.equal(false);
    expect(isRetryableCategory('cancelled', all)).to.equal(false);
    expect(isRetryableCategory('transient', all)).to.equal(true);
    expect(isRetryableCategory('permanent', all)).to.equal(false);
  });
});
