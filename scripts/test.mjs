#!/usr/bin/env node
// `npm test`: runs every test in tests/ in real headless Chromium through @web/test-runner.
// Honours CHROME_PATH; otherwise finds a system Chrome/Chromium and fails with install advice if there is none.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findChrome, NO_CHROME_MESSAGE } from './find-chrome.mjs';

const chrome = findChrome();
if (!chrome) {
  console.error(NO_CHROME_MESSAGE);
  console.error('\n0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const wtr = fileURLToPath(new URL('../node_modules/@web/test-runner/dist/bin.js', import.meta.url));
const summaryFile = fileURLToPath(new URL('../node_modules/.cache/ag-ui-lit/summary.json', import.meta.url));
rmSync(summaryFile, { force: true });
const child = spawn(process.execPath, [wtr, '--config', 'web-test-runner.config.mjs', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome, AG_UI_LIT_SUMMARY_FILE: summaryFile },
});
child.on('exit', (code, signal) => {
  let exitCode = signal ? 1 : (code ?? 1);
  let summary = { passed: 0, failed: 1, skipped: 0 };
  if (existsSync(summaryFile)) summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  else exitCode ||= 1; // the runner stopped before reporting: count it as a failure
  if (summary.failed > 0) exitCode ||= 1;
  process.stdout.write(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`);
  process.exit(exitCode);
});
