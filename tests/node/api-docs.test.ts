// docs/api/ (the element reference) is what scripts/api-docs.mjs writes from a manifest analysed afresh from the
// source: a JSDoc, property, event or part changed without `npm run api-docs` fails here, naming the stale files.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `node <args>` in the repository; resolves with the exit code and the output. */
function runNode(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (text: Buffer) => (output += text));
    child.stderr.on('data', (text: Buffer) => (output += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('docs/api/', () => {
  it('is what `npm run api-docs` generates from the current source', async () => {
    const { code, output } = await runNode(['scripts/api-docs.mjs', '--check']);
    assert.equal(code, 0, output.trim());
  });
});
