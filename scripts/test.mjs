#!/usr/bin/env node
// `npm test`: runs the tests in tests/ in real headless Chromium through @web/test-runner, and the tests in
// tests/node/ in Node (`node --test`, TypeScript through tsx); the last line counts both:
// `N passed, N failed, N skipped`.
// Honours CHROME_PATH; otherwise finds a system Chrome/Chromium and fails with install advice if there is none.
// `--files <pattern>...` picks test files: Node runs the tests/node/ files any pattern matches; the patterns that do not
// start with tests/node/ go to the test runner (which is skipped when there are none). `--watch` runs Chromium only.
// The Node tests run while the browser tests do (they share no state with them) and print after them.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findChrome, NO_CHROME_MESSAGE } from './find-chrome.mjs';
import { matchesGlob, normalizePattern as normalize, parseFilesArgs as parseArgs } from './test-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = fileURLToPath(new URL('../node_modules/.cache/ag-ui-lit/', import.meta.url));
const NODE_TESTS = 'tests/node/';

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

/**
 * Runs `args` with this Node; resolves with the exit code (1 for a signal) and, when `capture`, everything it printed
 * (stdout and stderr in the order written) instead of letting it through.
 */
function run(args, { env = process.env, capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', cwd: root, env });
    let output = '';
    if (capture) for (const stream of [child.stdout, child.stderr]) stream.on('data', (text) => (output += text));
    child.on('close', (code, signal) => resolve({ code: signal ? 1 : (code ?? 1), output }));
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

const chrome = runBrowser ? findChrome() : undefined;
if (runBrowser && !chrome) {
  console.error(NO_CHROME_MESSAGE);
  console.error('\n0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

// The Node tests start first and run beside the browser tests: their output waits until the browser's is printed.
const nodeSummaryFile = `${cacheDir}node-summary.json`;
let nodeRun;
if (nodeFiles.length > 0) {
  // The test runner's config makes the folder; a run of Node tests alone on a fresh clone must too.
  mkdirSync(cacheDir, { recursive: true });
  rmSync(nodeSummaryFile, { force: true });
  const reporter = fileURLToPath(new URL('./node-summary-reporter.mjs', import.meta.url));
  nodeRun = run(
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${nodeSummaryFile}`,
      ...nodeFiles,
    ],
    { capture: true, env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env },
  );
}

if (runBrowser) {
  const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
  const summaryFile = `${cacheDir}summary.json`;
  rmSync(summaryFile, { force: true });
  const files = browserPatterns.length > 0 ? ['--files', ...browserPatterns] : [];
  const { code } = await run([wtr, '--config', 'web-test-runner.config.mjs', ...files, ...rest], {
    env: { ...process.env, CHROME_PATH: chrome, AG_UI_LIT_SUMMARY_FILE: summaryFile },
  });
  const summary = readSummary(summaryFile);
  add(summary);
  if (code !== 0 || !existsSync(summaryFile)) exitCode ||= code || 1;
}

if (nodeRun) {
  const { code, output } = await nodeRun;
  process.stdout.write(`\nNode: ${nodeFiles.length} test file${nodeFiles.length === 1 ? '' : 's'}\n${output}`);
  add(readSummary(nodeSummaryFile));
  if (code !== 0) exitCode ||= code;
} else if (!runBrowser) {
  console.error(`No test file matches ${patterns.join(' ')}`);
  exitCode = 1;
}

if (totals.failed > 0) exitCode ||= 1;
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(exitCode);
