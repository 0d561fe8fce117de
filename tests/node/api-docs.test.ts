// docs/api/ (the element reference) is what scripts/api-docs.mjs writes from a manifest analysed afresh from the
// source: a JSDoc, property, event or part changed without `npm run api-docs` fails here, naming the stale files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runNode } from './run-node.js';

describe('docs/api/', () => {
  it('is what `npm run api-docs` generates from the current source', async () => {
    const { code, output } = await runNode(['scripts/api-docs.mjs', '--check']);
    assert.equal(code, 0, output.trim());
  });
});
