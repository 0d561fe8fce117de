// @web/test-runner configuration: every tests/**/*.test.ts in real headless Chromium.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from './scripts/find-chrome.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';
import { domCountersPlugin } from './scripts/dom-counters-plugin.mjs';

const executablePath = findChrome();
if (!executablePath) throw new Error(NO_CHROME_MESSAGE);

// The demo AG-UI server and the scripted test servers are TypeScript in web/server/; Node 20 cannot load
// TypeScript, so bundle them once per run and mount them as dev-server middleware (same code as `npm start`).
const cacheDir = fileURLToPath(new URL('./node_modules/.cache/ag-ui-lit/', import.meta.url));
mkdirSync(cacheDir, { recursive: true });
const serverBundle = `${cacheDir}server.mjs`;
await build({
  entryPoints: [fileURLToPath(new URL('./web/server/index.ts', import.meta.url))],
  outfile: serverBundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const { createAgUiMiddleware } = await import(`${pathToFileURL(serverBundle).href}?t=${Date.now()}`);
const agUiMiddleware = createAgUiMiddleware();

// The Custom Elements Manifest is a build output (custom-elements.json, `npm run manifest`); write it now too, so
// tests/package/custom-elements-manifest.test.ts checks the manifest of this source tree, also on a fresh clone.
const manifest = spawnSync(process.execPath, [fileURLToPath(new URL('./scripts/manifest.mjs', import.meta.url))], {
  stdio: 'inherit',
});
if (manifest.status !== 0) throw new Error('Could not generate custom-elements.json (npm run manifest)');
// Likewise the no-build-step bundle (dist/bundle/ag-ui-lit.js, `ag-ui-lit/bundle`) that tests/package/bundle.test.ts
// loads in a static page: built from this source tree with the config `npm run build` uses.
await viteBuild({ configFile: fileURLToPath(new URL('./vite.bundle.config.ts', import.meta.url)), logLevel: 'warn' });

export default {
  files: ['tests/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: 1,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 10_000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    domCountersPlugin(),
  ],
  middleware: [
    // Koa -> Node-style bridge for the AG-UI servers (they answer POST /api/...).
    async (ctx, next) => {
      if (!ctx.path.startsWith('/api/')) return next();
      ctx.respond = false;
      await new Promise((resolve) => {
        ctx.res.on('close', resolve);
        agUiMiddleware(ctx.req, ctx.res, () => {
          ctx.respond = true;
          resolve(next());
        });
      });
    },
  ],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath, headless: true, args: CHROME_ARGS },
    }),
  ],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: !process.env.CI }), summaryReporter()],
};
