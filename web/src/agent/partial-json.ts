/**
 * Best-effort parse of a JSON text that may be cut short, as tool-call arguments are while they stream:
 * `{"city":"Par` gives `{ city: 'Par' }`, `[1, 2,` gives `[1, 2]`, `{"a":1,"b` gives `{ a: 1 }`.
 *
 * Open strings are closed, open objects and arrays are closed in order, and a trailing partial token (a dangling
 * comma, a key without a value, a cut literal or number) is dropped. Cost O(length); call it on demand (the run
 * loop exposes it as a lazy getter) rather than per streamed delta.
 *
 * @returns the parsed value, or `undefined` when nothing sensible can be recovered (empty or not JSON-like)
 */
export function parsePartialJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // fall through to repair
  }

  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return undefined; // not a prefix of valid JSON
    }
  }

  let head = text;
  if (inString) {
    if (escaped) head = head.slice(0, -1);
    head = head.replace(/\\u[0-9a-fA-F]{0,3}$/, '') + '"';
  }
  const closers = stack.reverse().join('');
  const attempt = (candidate: string): { value: unknown } | undefined => {
    try {
      return { value: JSON.parse(candidate + closers) };
    } catch {
      return undefined;
    }
  };

  // Each step trims a little more of the tail; the first candidate that parses wins.
  const steps: Array<(s: string) => string> = [
    (s) => s,
    (s) => s.replace(/(?:\btr?u?|\bfa?l?s?|\bnu?l?)$/, '').replace(/[-+.eE]+$/, ''),
    (s) => s.replace(/[\s,]+$/, ''),
    (s) => s.replace(/,?\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/, ''),
    (s) => s.replace(/[\s,:]+$/, ''),
  ];
  let candidate = head;
  for (const step of steps) {
    candidate = step(candidate);
    const parsed = attempt(candidate);
    if (parsed) return parsed.value;
  }
  return undefined;
}
