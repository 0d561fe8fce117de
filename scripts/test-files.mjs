// Which test files a run selects, shared by scripts/test.mjs (which splits them between Node and the test runner) and
// web-test-runner.config.mjs (which builds what tests/package/ needs only when one of its files is selected).

/**
 * Splits command-line arguments into the `--files` patterns (`--files a b`, `--files=a`) and the rest.
 * @param {string[]} argv
 * @returns {{ patterns: string[], rest: string[] }}
 */
export function parseFilesArgs(argv) {
  const patterns = [];
  const rest = [];
  let inFiles = false;
  for (const arg of argv) {
    if (arg === '--files') inFiles = true;
    else if (arg.startsWith('--files=')) patterns.push(arg.slice('--files='.length));
    else if (inFiles && !arg.startsWith('-')) patterns.push(arg);
    else {
      inFiles = false;
      rest.push(arg);
    }
  }
  return { patterns, rest };
}

/** A pattern as a path relative to the repository (`./tests/x` -> `tests/x`). */
export const normalizePattern = (pattern) => pattern.replace(/^\.\//, '');

/**
 * Whether `file` (relative to the repository, `/`-separated) matches the glob `pattern`: `**` any path, `*` any part
 * of a name, `?` one character. A `!` pattern never matches (it only excludes).
 */
export function matchesGlob(file, pattern) {
  if (pattern.startsWith('!')) return false;
  const source = normalizePattern(pattern)
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\0')
    .replace(/\*\*/g, '.*')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replaceAll('\0', '(?:.*/)?');
  return new RegExp(`^${source}$`).test(file);
}
