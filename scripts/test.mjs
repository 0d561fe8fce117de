#!/usr/bin/env node
// `npm test`: runs the tests in tests/ in real headless Chromium through @web/test-runner, and the tests in
// tests/node/ in Node (`node --test`, TypeScript through tsx); the last line counts both:
// `N passed, N failed, N skipped`.
// Honours CHROME_PATH; otherwise finds a system Chrome/Chromium and fails with install advice if there is none.
// `--files <pattern>...` picks test files: Node runs the tests/node/ files any pattern matches; the patterns that do not
// start with tests/node/ go to the test runner (which is skipped when there are none). `--watch` runs Chromium only.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findChrome, NO_CHROME_MESSAGE } from './find-chrome.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/ag-ui-lit/', import.meta.url));
const NODE_TESTS = 'tests/node/';

/** Splits the arguments into `--files` patterns and the rest (passed on to the test runner). */
function parseArgs(argv) {
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

const normalize = (pattern) => pattern.replace(/^\.\//, '');

/** Whether `file` matches the glob `pattern` (`**` any path, `*` any name part, `?` one character). */
function matchesGlob(file, pattern) {
  const source = normalize(pattern)
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*\//g, '\0')
    .replace(/\*\*/g, '.*')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replaceAll('\0', '(?:.*/)?');
  return new RegExp(`^${source}$`).test(file);
}
const { patterns, rest } = parseArgs(process.argv.slice(2));
const browserPatterns = patterns.filter((pattern) => !normalize(pattern).startsWith(NODE_TESTS));
const watch = rest.includes('--watch');
const runBrowser = patterns.length === 0 || browserPatterns.length > 0;
const nodeFiles = watch
  ? []
  : readdirSync(`${root}${NODE_TESTS}`, { recursive: true })
      .map((name) => `${NODE_TESTS}${String(name).replaceAll('\\', '/')}`)
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) => patterns.length === 0 || patterns.some((pattern) => matchesGlob(file, pattern)))
      .sort();

/** Runs `args` with this Node; resolves with the exit code (1 for a signal). */
function run(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', cwd: root, env });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/** The totals a summary reporter wrote to `file`, or one failure when it wrote none (the runner stopped early). */
function readSummary(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  return JSON.parse(readFileSync(file, 'utf8'));
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const add = (summary) => {
  totals.passed += summary.passed;
  totals.failed += summary.failed;
  totals.skipped += summary.skipped;
};
let exitCode = 0;

if (runBrowser) {
  const chrome = findChrome();
  if (!chrome) {
    console.error(NO_CHROME_MESSAGE);
    console.error('\n0 passed, 1 failed, 0 skipped');
    process.exit(1);
  }
  const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
  const summaryFile = `${cacheDir}summary.json`;
  rmSync(summaryFile, { force: true });
  const files = browserPatterns.length > 0 ? ['--files', ...browserPatterns] : [];
  const code = await run([wtr, '--config', 'web-test-runner.config.mjs', ...files, ...rest], {
    ...process.env,
    CHROME_PATH: chrome,
    AG_UI_LIT_SUMMARY_FILE: summaryFile,
  });
  const summary = readSummary(summaryFile);
  add(summary);
  if (code !== 0 || !existsSync(summaryFile)) exitCode ||= code || 1;
}

if (nodeFiles.length > 0) {
  const summaryFile = `${cacheDir}node-summary.json`;
  // The test runner's config makes the folder; a run of Node tests alone on a fresh clone must too.
  mkdirSync(cacheDir, { recursive: true });
  rmSync(summaryFile, { force: true });
  process.stdout.write(`\nNode: ${nodeFiles.length} test file${nodeFiles.length === 1 ? '' : 's'}\n`);
  const reporter = fileURLToPath(new URL('./node-summary-reporter.mjs', import.meta.url));
  const code = await run([
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${reporter}`,
    `--test-reporter-destination=${summaryFile}`,
    ...nodeFiles,
  ]);
  add(readSummary(summaryFile));
  if (code !== 0) exitCode ||= code;
} else if (!runBrowser) {
  console.error(`No test file matches ${patterns.join(' ')}`);
  exitCode = 1;
}

if (totals.failed > 0) exitCode ||= 1;
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(exitCode);
