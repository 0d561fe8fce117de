#!/usr/bin/env node
// `npm run manifest`: writes custom-elements.json (the Custom Elements Manifest, package.json `customElements`) with
// @custom-elements-manifest/analyzer and custom-elements-manifest.config.mjs. Run by `npm run build` and by the test
// runner's startup, so the manifest and its test always describe the current source.
//
// The analyzer writes into a folder of its own, then the file is renamed into place: `npm test` runs the Node tests
// (one of which runs this script) while the browser tests read custom-elements.json, and a rename is never seen
// half-written.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../node_modules/@custom-elements-manifest/analyzer/cem.js', import.meta.url));
const outdir = `node_modules/.cache/ag-ui-lit/manifest-${process.pid}`;
mkdirSync(`${root}${outdir}`, { recursive: true });
try {
  const result = spawnSync(process.execPath, [cli, 'analyze', '--quiet', '--outdir', outdir], { cwd: root, stdio: 'inherit' });
  if (result.status === 0) renameSync(`${root}${outdir}/custom-elements.json`, `${root}custom-elements.json`);
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(`${root}${outdir}`, { recursive: true, force: true });
}
