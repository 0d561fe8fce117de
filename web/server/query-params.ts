/** Thrown when a query parameter cannot be used; the middleware answers 400 `invalid_option`. */
export class InvalidOptionError extends Error {
  readonly code = 'invalid_option';
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`Query parameter "${option}": ${message}`);
    this.name = 'InvalidOptionError';
  }
}

/** A string option, or `fallback` when absent. An empty value (`?text=`) is kept as `''`. */
export function stringOption(query: URLSearchParams, name: string, fallback: string): string {
  return query.get(name) ?? fallback;
}

/**
 * An integer option in `[min, max]`, or `fallback` when absent or empty.
 * @throws InvalidOptionError for a value that is not an integer in range.
 */
export function intOption(query: URLSearchParams, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InvalidOptionError(name, `expected an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * A boolean option: `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off` (a bare `?name` is true); `fallback` when absent.
 * @throws InvalidOptionError for anything else.
 */
export function boolOption(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = raw.trim().toLowerCase();
  if (['', '1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new InvalidOptionError(name, `expected 1/0/true/false, got "${raw}"`);
}

/**
 * A JSON option parsed, or `fallback` when absent.
 * @throws InvalidOptionError when the value is not JSON.
 */
export function jsonOption(query: URLSearchParams, name: string, fallback: unknown): unknown {
  const raw = query.get(name);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    throw new InvalidOptionError(name, `expected JSON, got "${raw}"`);
  }
}
