import { expect } from '@open-wc/testing';
import { z } from 'zod';

describe('test harness', () => {
  it('runs TypeScript in Chromium with zod', () => {
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).to.equal(true);
  });
});
