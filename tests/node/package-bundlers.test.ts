// The package's entries bundle in a fresh app that has only ag-ui-lit and zod installed (no optional peer), and a page
// that never sets `persist` loads no IndexedDB store code (scripts/bundler-check.mjs). Here with esbuild and Vite:
// esbuild fails on an unresolvable import exactly where Rollup and webpack do, in a fraction of their time;
// `npm run pack-check` runs all four bundlers. Run by `npm test` through `node --test --import tsx` (scripts/test.mjs).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLERS = ['esbuild', 'vite'];

interface BundlerCheckReport {
  results: { entry: string; bundler: string; ok: boolean; error?: string }[];
  indexedDb?: { upFront: string[]; lazy: string[] };
}

/** Runs scripts/bundler-check.mjs with `--json`; resolves with its report, rejects with its output when it has none. */
function bundlerCheck(): Promise<BundlerCheckReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/bundler-check.mjs', `--bundlers=${BUNDLERS.join(',')}`, '--json'], { cwd: root });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (text: Buffer) => {
      stdout += text;
      output += text;
    });
    child.stderr.on('data', (text: Buffer) => (output += text));
    child.on('error', reject);
    child.on('close', () => {
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as BundlerCheckReport);
      } catch {
        reject(new Error(`scripts/bundler-check.mjs reported nothing:\n${output.slice(-4000)}`));
      }
    });
  });
}

describe('the packed package in a fresh app without optional peers', () => {
  let report: BundlerCheckReport;

  before(async () => {
    report = await bundlerCheck();
  });

  it('bundles a page importing each entry that names no optional peer', () => {
    const entries = [...new Set(report.results.map((result) => result.entry))];
    for (const entry of ['ag-ui-lit', 'ag-ui-lit/tools', 'ag-ui-lit/persistence', 'ag-ui-lit/llm', 'ag-ui-lit/thread-list', 'ag-ui-lit/inspector']) {
      assert.ok(entries.includes(entry), `${entry} is checked (checked: ${entries.join(', ')})`);
    }
    const failed = report.results.filter((result) => !result.ok).map(({ entry, bundler, error }) => `${entry} with ${bundler}:\n${error}`);
    assert.deepEqual(failed, []);
    assert.equal(report.results.length, entries.length * BUNDLERS.length);
  });

  it('loads no IndexedDB store code up front in a Vite page without persist', () => {
    assert.ok(report.indexedDb, 'the Vite build of ag-ui-lit succeeded');
    assert.deepEqual(report.indexedDb.upFront, []);
    // The markers are the store's: they are in the chunk `persist` loads on first use.
    assert.ok(report.indexedDb.lazy.length > 0, 'the IndexedDB store is in a lazy chunk');
  });
});
