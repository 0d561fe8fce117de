// A tiny @web/test-runner reporter: counts passed/failed/skipped tests and hands the totals to
// scripts/test.mjs (through SUMMARY_FILE), which prints `N passed, N failed, N skipped` as the last line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
