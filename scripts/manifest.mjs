#!/usr/bin/env node
// `npm run manifest`: writes custom-elements.json (the Custom Elements Manifest, package.json `customElements`) with
// @custom-elements-manifest/analyzer and custom-elements-manifest.config.mjs. Run by `npm run build` and by the test
// runner's startup, so the manifest and its test always describe the current source.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../node_modules/@custom-elements-manifest/analyzer/cem.js', import.meta.url));
const result = spawnSync(process.execPath, [cli, 'analyze', '--quiet'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
