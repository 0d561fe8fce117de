/**
 * Validation messages in plain words for the forms a person fills in (the approval card's "edit as a form", the
 * inspector's playground): a Zod error map passed per parse, so a schema's own messages win
 * (`z.string().min(1, 'Enter a title')`), and Zod's wording ("Too small: expected string to have >=1 characters")
 * never reaches a person.
 * @module
 * @internal
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const FORMATS: Readonly<Record<string, string>> = {
  email: 'Enter an email address, like name@example.com.',
  url: 'Enter a web address, like https://example.com.',
  uuid: 'Enter a UUID, like 123e4567-e89b-12d3-a456-426614174000.',
  guid: 'Enter a GUID, like 123e4567-e89b-12d3-a456-426614174000.',
  datetime: 'Enter a date and time, like 2025-01-31T09:30:00Z.',
  date: 'Enter a date, like 2025-01-31.',
  time: 'Enter a time, like 09:30.',
  duration: 'Enter a duration, like P3D or PT2H.',
  ipv4: 'Enter an IPv4 address, like 192.168.0.1.',
  ipv6: 'Enter an IPv6 address.',
  cidrv4: 'Enter an IPv4 range, like 10.0.0.0/8.',
  cidrv6: 'Enter an IPv6 range.',
  emoji: 'Enter an emoji.',
  base64: 'Enter base64 text.',
  base64url: 'Enter base64url text.',
  e164: 'Enter a phone number with its country code, like +14155550123.',
  jwt: 'Enter a JSON Web Token.',
  json_string: 'Enter JSON text.',
  regex: 'This does not have the expected format.',
};

const TYPES: Readonly<Record<string, string>> = {
  string: 'Enter text.',
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  bigint: 'Enter a whole number.',
  boolean: 'Choose yes or no.',
  array: 'Enter a list.',
  object: 'Enter a group of fields.',
  date: 'Enter a date.',
};

function plural(count: number | bigint, word: string): string {
  return `${count} ${word}${Number(count) === 1 ? '' : 's'}`;
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string | undefined {
  const small = issue.code === 'too_small';
  const limit = small ? issue.minimum : issue.maximum;
  const exact = issue.exact === true;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && !exact && Number(limit) === 1 && inclusive) return 'This cannot be empty.';
      return `Enter ${exact ? 'exactly' : small ? 'at least' : 'at most'} ${plural(limit, 'character')}.`;
    case 'array':
    case 'set':
      return `${exact ? 'Give exactly' : small ? 'Add at least' : 'Keep at most'} ${plural(limit, 'item')}.`;
    case 'number':
    case 'int':
    case 'bigint':
      if (exact) return `Enter ${String(limit)}.`;
      if (small) return inclusive ? `Enter ${String(limit)} or more.` : `Enter a number greater than ${String(limit)}.`;
      return inclusive ? `Enter ${String(limit)} or less.` : `Enter a number less than ${String(limit)}.`;
    case 'date': {
      const day = new Date(Number(limit)).toISOString().slice(0, 10);
      return small ? `Enter a date on or after ${day}.` : `Enter a date on or before ${day}.`;
    }
    default:
      return undefined;
  }
}

/**
 * The plain-words message of a Zod issue, or `undefined` to keep Zod's (an issue code it does not know, a custom
 * check without a message of its own). Pass it as a parse's error map: `schema.safeParse(value, { error:
 * plainIssueMessage })`; a message the schema gives itself takes precedence over it.
 */
export function plainIssueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Fill this in.';
      return TYPES[issue.expected] ?? undefined;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_format':
      if (issue.format === 'starts_with') return `Start with ${quoted(issue.prefix)}.`;
      if (issue.format === 'ends_with') return `End with ${quoted(issue.suffix)}.`;
      if (issue.format === 'includes') return `Include ${quoted(issue.includes)}.`;
      return FORMATS[issue.format] ?? `Enter a valid ${issue.format.replace(/_/g, ' ')}.`;
    case 'not_multiple_of':
      return `Enter a multiple of ${String(issue.divisor)}.`;
    case 'invalid_value':
      if (issue.values.length === 1) return `This must be ${quoted(issue.values[0])}.`;
      return `Choose one of: ${issue.values.map(quoted).join(', ')}.`;
    case 'unrecognized_keys':
      return `Remove ${issue.keys.length === 1 ? 'the field' : 'the fields'} this tool does not take: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'This does not match any of the accepted forms.';
    case 'invalid_key':
    case 'invalid_element':
      return 'This holds a value that is not accepted.';
    case 'custom':
      return 'This value is not accepted.';
    default:
      return undefined;
  }
}

/** Parse options that give a person's form plain-words messages (`plainIssueMessage`). */
export const PLAIN_MESSAGES = Object.freeze({ error: plainIssueMessage });
