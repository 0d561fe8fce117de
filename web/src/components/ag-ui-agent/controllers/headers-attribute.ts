/**
 * The `headers` attribute and property of `<ag-ui-agent>`: a JSON object of strings. Bad input is ignored with a
 * console warning, never thrown.
 * @module
 * @internal
 */

/** Whether `value` is a plain object whose values are all strings. */
export function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** Lit converter of the `headers` attribute: a JSON object of strings; anything else is `{}` and a console warning. */
export const headersConverter = {
  fromAttribute(value: string | null): Record<string, string> {
    if (value === null || value.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(value);
      if (isStringRecord(parsed)) return parsed;
    } catch {
      // Reported below, once, with the fix.
    }
    console.warn('<ag-ui-agent>: ignoring the "headers" attribute: it must be a JSON object of string values, e.g. \'{"Authorization":"Bearer ..."}\'');
    return {};
  },
  toAttribute(value: Record<string, string>): string {
    return JSON.stringify(value);
  },
};

/** A copy of the `headers` property when it is an object of strings; else `{}` and a console warning. */
export function validHeaders(headers: unknown): Record<string, string> {
  if (isStringRecord(headers)) return { ...headers };
  console.warn('<ag-ui-agent>: ignoring "headers": it must be an object of string values.');
  return {};
}
