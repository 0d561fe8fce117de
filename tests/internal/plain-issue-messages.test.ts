import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { PLAIN_MESSAGES } from '../../web/src/internal/plain-issue-messages.js';

/** The messages `schema` gives `value` with the plain-words map, in issue order. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value, PLAIN_MESSAGES);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('plainIssueMessage', () => {
  it('says what to do for each Zod issue code, in plain words', () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [z.object({ title: z.string() }), {}, 'Fill this in.'],
      [z.string(), 5, 'Enter text.'],
      [z.number(), 'five', 'Enter a number.'],
      [z.number().int(), 1.5, 'Enter a whole number.'],
      [z.boolean(), 'yes', 'Choose yes or no.'],
      [z.string().min(1), '', 'This cannot be empty.'],
      [z.string().min(3), 'ab', 'Enter at least 3 characters.'],
      [z.string().max(2), 'abc', 'Enter at most 2 characters.'],
      [z.string().length(4), 'abc', 'Enter exactly 4 characters.'],
      [z.number().min(1), 0, 'Enter 1 or more.'],
      [z.number().positive(), 0, 'Enter a number greater than 0.'],
      [z.number().max(5), 9, 'Enter 5 or less.'],
      [z.number().lt(5), 5, 'Enter a number less than 5.'],
      [z.array(z.string()).min(1), [], 'Add at least 1 item.'],
      [z.array(z.string()).max(2), ['a', 'b', 'c'], 'Keep at most 2 items.'],
      [z.string().email(), 'ada', 'Enter an email address, like name@example.com.'],
      [z.string().url(), 'not a url', 'Enter a web address, like https://example.com.'],
      [z.string().uuid(), 'x', 'Enter a UUID, like 123e4567-e89b-12d3-a456-426614174000.'],
      [z.string().regex(/^a/), 'b', 'This does not have the expected format.'],
      [z.string().startsWith('gh_'), 'x', 'Start with "gh_".'],
      [z.number().multipleOf(5), 7, 'Enter a multiple of 5.'],
      [z.enum(['low', 'high']), 'mid', 'Choose one of: "low", "high".'],
      [z.literal('yes'), 'no', 'This must be "yes".'],
      [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Remove the field this tool does not take: b.'],
      [z.union([z.string(), z.number()]), true, 'This does not match any of the accepted forms.'],
      [z.string().refine((text) => text === 'ok'), 'no', 'This value is not accepted.'],
    ];
    for (const [schema, value, expected] of cases) expect(messages(schema, value), JSON.stringify(value)).to.deep.equal([expected]);
  });

  it("lets a schema's own messages win", () => {
    expect(messages(z.string().min(1, 'Enter a title'), '')).to.deep.equal(['Enter a title']);
    expect(messages(z.string({ error: 'A name, please' }), 3)).to.deep.equal(['A name, please']);
    expect(messages(z.string().email({ message: 'That is not an address' }), 'x')).to.deep.equal(['That is not an address']);
    expect(messages(z.string().refine((text) => text === 'ok', 'Say ok'), 'no')).to.deep.equal(['Say ok']);
  });
});
