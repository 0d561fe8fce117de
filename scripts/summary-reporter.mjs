// A tiny @web/test-runner reporter: counts passed/failed/skipped tests and hands the totals to
// scripts/test.mjs (through SUMMARY_FILE), which prints `N passed, N failed, N skipped` as the last line.
// With AG_UI_LIT_TEST_TIMINGS=<file> it also writes each file's summed test time and its slowest tests (ms), to find
// what the suite's time goes to.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Every test of `suite` with its path of suite names, depth first. */
function* allTests(suite, path = []) {
  for (const test of suite.tests ?? []) yield { name: [...path, test.name].join(' > '), duration: test.duration ?? 0 };
  for (const child of suite.suites ?? []) yield* allTests(child, [...path, child.name]);
}

function writeTimings(file, sessions) {
  const files = sessions
    .filter((session) => session.testResults)
    .map((session) => {
      const tests = [...allTests(session.testResults)].sort((a, b) => b.duration - a.duration);
      const total = tests.reduce((sum, test) => sum + test.duration, 0);
      return { file: session.testFile, totalMs: total, tests: tests.length, slowest: tests.slice(0, 5) };
    })
    .sort((a, b) => b.totalMs - a.totalMs);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(files, null, 2));
}

function count(suite, totals) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite.suites ?? []) count(child, totals);
}

/** @returns {import('@web/test-runner').Reporter} */
export function summaryReporter() {
  let totals = { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
  return {
    onTestRunStarted() {
      totals = { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
    },
    onTestRunFinished({ sessions }) {
      totals = { passed: 0, failed: 0, skipped: 0, brokenFiles: 0 };
      for (const session of sessions) {
        if (session.testResults) count(session.testResults, totals);
        // A file that failed to load or threw outside a test has errors but may report no test.
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.brokenFiles += 1;
      }
      if (process.env.AG_UI_LIT_TEST_TIMINGS) writeTimings(process.env.AG_UI_LIT_TEST_TIMINGS, sessions);
    },
    reportTestFileResults() {},
    getTestProgress() {
      return [];
    },
    stop() {
      const file = process.env.AG_UI_LIT_SUMMARY_FILE;
      const summary = { passed: totals.passed, failed: totals.failed + totals.brokenFiles, skipped: totals.skipped };
      if (file) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, JSON.stringify(summary));
      } else {
        process.stdout.write(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`);
      }
    },
  };
}
