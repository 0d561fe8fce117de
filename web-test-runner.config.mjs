// @web/test-runner configuration: every tests/**/*.test.ts but tests/node/ in real headless Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { CHROME_ARGS, findChrome, NO_CHROME_MESSAGE } from './scripts/find-chrome.mjs';
import { matchesGlob, parseFilesArgs } from './scripts/test-files.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';
import { domCountersPlugin } from './scripts/dom-counters-plugin.mjs';
import { prebundledDepsPlugin } from './scripts/prebundled-deps-plugin.mjs';
import { reactEsmPlugin } from './tests/react/react-esm-plugin.mjs';

const executablePath = findChrome();
if (!executablePath) throw new Error(NO_CHROME_MESSAGE);

// The demo AG-UI server, the scripted test servers and the MCP test servers are TypeScript in web/server/; Node 20
// cannot load TypeScript, so bundle them once per run and mount them as dev-server middleware (same code as
// `npm start`).
const cacheDir = fileURLToPath(new URL('./node_modules/.cache/ag-ui-lit/', import.meta.url));
mkdirSync(cacheDir, { recursive: true });
await build({
  entryPoints: {
    server: fileURLToPath(new URL('./web/server/index.ts', import.meta.url)),
    'mcp-server': fileURLToPath(new URL('./web/server/mcp/index.ts', import.meta.url)),
    'llm-replay': fileURLToPath(new URL('./web/server/llm-replay/index.ts', import.meta.url)),
  },
  outdir: cacheDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const loadBundle = (name) => import(`${pathToFileURL(`${cacheDir}${name}.mjs`).href}?t=${Date.now()}`);
const { createAgUiMiddleware } = await loadBundle('server');
// Tests never reach a paid model, whatever keys the shell holds (`model: null`: the scripted agents only).
const agUiMiddleware = createAgUiMiddleware({ model: null });
// The real MCP servers of tests/sources/mcp/ (each on a free port), started and steered through /mcp-control/.
const { createMcpControlMiddleware, createDemoNotesMiddleware } = await loadBundle('mcp-server');
const mcpControlMiddleware = createMcpControlMiddleware();
// The demo's MCP notes server at /mcp/notes, as vite.config.ts mounts it, for the demo page tests.
const demoNotesMiddleware = createDemoNotesMiddleware();
// The LLM provider replay servers of tests/llm/ (OpenAI Chat Completions, Anthropic Messages from the golden fixtures
// of tests/fixtures/llm/), scripted per test through /llm-replay/sessions.
const { createLlmReplayMiddleware } = await loadBundle('llm-replay');
const llmReplayMiddleware = createLlmReplayMiddleware({
  fixturesDir: fileURLToPath(new URL('./tests/fixtures/llm/', import.meta.url)),
});

// The thread API of ag-ui-lit/server (web/src/server/) for tests/persistence/http-thread-store.test.ts, at
// /api/threads-test/: PGlite in memory, or the PostgreSQL server of DATABASE_URL (CI sets it). The user is the
// `x-test-user` header (none: 401). Bundled and started on its first request, so runs that do not use it pay nothing.
const threadApi = (() => {
  let started;
  const start = async () => {
    await build({
      entryPoints: { 'thread-server': fileURLToPath(new URL('./web/src/server/index.ts', import.meta.url)) },
      outdir: cacheDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
    });
    const server = await loadBundle('thread-server');
    const { DATABASE_URL } = process.env;
    const storage = DATABASE_URL ? await server.postgresStorage({ connectionString: DATABASE_URL }) : await server.pgliteStorage();
    const handler = server.createThreadStoreHandler({
      storage,
      basePath: '/api/threads-test',
      authenticate: (request) => (request.headers.get('x-test-user') ? { userId: request.headers.get('x-test-user') } : null),
      limits: { requestsPerMinute: 100_000 },
    });
    return { storage, handler, listener: server.toNodeListener(handler) };
  };
  return {
    // Mounted before the AG-UI servers' /api/.
    middleware: mountNodeMiddleware('/api/threads-test/', (req, res) => {
      (started ??= start()).then(({ listener }) => listener(req, res)).catch((error) => res.writeHead(500).end(String(error)));
    }),
    plugin: {
      name: 'thread-api',
      serverStop: async () => {
        if (!started) return;
        const { storage, handler } = await started;
        await handler.close();
        await storage.close();
      },
    },
  };
})();

/**
 * Whether the run selects a file of tests/package/: no `--files` means every file. Those files read build outputs,
 * which take tens of seconds to build; a run without them skips the builds.
 */
function selectsPackageTests() {
  const { patterns } = parseFilesArgs(process.argv.slice(2));
  if (patterns.length === 0) return true;
  const root = fileURLToPath(new URL('.', import.meta.url));
  const relative = (pattern) => (pattern.startsWith(root) ? pattern.slice(root.length) : pattern);
  const files = readdirSync(new URL('./tests/package/', import.meta.url))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/package/${name}`);
  return files.some((file) => patterns.some((pattern) => matchesGlob(file, relative(pattern))));
}

/** Runs `node <script>`; rejects unless it exits 0. */
function runScript(script, what) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Could not generate ${what}`))));
  });
}

if (selectsPackageTests()) {
  await Promise.all([
    // The Custom Elements Manifest is a build output (custom-elements.json, `npm run manifest`); write it now too, so
    // tests/package/custom-elements-manifest.test.ts checks the manifest of this source tree, also on a fresh clone.
    runScript('./scripts/manifest.mjs', 'custom-elements.json (npm run manifest)'),
    // Likewise the no-build-step bundle (dist/bundle/ag-ui-lit.js, `ag-ui-lit/bundle`) that tests/package/bundle.test.ts
    // loads in a static page: built from this source tree with the config `npm run build` uses.
    viteBuild({ configFile: fileURLToPath(new URL('./vite.bundle.config.ts', import.meta.url)), logLevel: 'warn' }),
  ]);
}

/** Koa -> Node-style bridge: requests under `prefix` go to a Connect-style `middleware`, the rest to `next`. */
function mountNodeMiddleware(prefix, middleware) {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix)) return next();
    ctx.respond = false;
    await new Promise((resolve) => {
      ctx.res.on('close', resolve);
      middleware(ctx.req, ctx.res, () => {
        ctx.respond = true;
        resolve(next());
      });
    });
  };
}

/**
 * A dev-server plugin that serves one esbuild bundle at `url` for every import `matches` accepts: for packages the
 * dev server cannot serve as ES modules (CommonJS dependencies, Node built-ins), which a page's bundler handles.
 */
async function bundledPackagePlugin(name, url, matches, contents, options = {}) {
  const bundle = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
    ...options,
  });
  const body = bundle.outputFiles[0].text;
  return {
    name,
    resolveImport: ({ source }) => (matches(source) ? url : undefined),
    serve: (context) => (context.path === url ? { body, type: 'js' } : undefined),
  };
}

// rxjs, zod, lit, @ag-ui/client and the other heavy dependencies as a few pre-bundled chunks, not ~410 modules a page.
const prebundledPlugin = await prebundledDepsPlugin({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir,
  conditions: ['browser', 'production'],
});

// The MCP SDK's client imports CommonJS-only packages (Ajv, content-type): bundle the parts web/src/sources/mcp/
// imports, served for every `@modelcontextprotocol/sdk/...` import of the page.
const mcpSdkPlugin = await bundledPackagePlugin(
  'mcp-sdk-bundle',
  '/__mcp-sdk__.js',
  (source) => source.startsWith('@modelcontextprotocol/sdk/'),
  [
    "export { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    "export { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';",
    "export { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
    "export { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';",
    "export { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';",
  ].join('\n'),
);

// @ag-ui/a2ui-middleware is a server package (Node's `crypto` for randomUUID, CommonJS `clarinet`); the A2UI tests
// run it in the page in front of a scripted agent: `crypto` as the Web Crypto, @ag-ui/client and rxjs left to the
// page's own copies.
const a2uiMiddlewarePlugin = await bundledPackagePlugin(
  'a2ui-middleware-bundle',
  '/__a2ui-middleware__.js',
  (source) => source === '@ag-ui/a2ui-middleware',
  "export * from '@ag-ui/a2ui-middleware';",
  {
    external: ['@ag-ui/client', 'rxjs'],
    plugins: [
      {
        name: 'web-crypto',
        setup(builder) {
          builder.onResolve({ filter: /^crypto$/ }, () => ({ path: 'crypto', namespace: 'web-crypto' }));
          builder.onLoad({ filter: /.*/, namespace: 'web-crypto' }, () => ({
            contents: 'export const randomUUID = () => globalThis.crypto.randomUUID();',
          }));
        },
      },
    ],
  },
);

// @a2ui/web_core imports a JSON schema as a module (`with { type: 'json' }`, which the esbuild step drops): JSON
// files that a module imports are served as JS modules exporting the value, as a bundler does.
const jsonModulesPlugin = {
  name: 'json-modules',
  async serve(context) {
    const { path } = context;
    if (!path.startsWith('/node_modules/') || path.includes('..') || !path.endsWith('.json')) return undefined;
    if (context.request.get('sec-fetch-dest') !== 'script') return undefined;
    const file = fileURLToPath(new URL(`.${path}`, import.meta.url));
    return { body: `export default ${await readFile(file, 'utf8')};`, type: 'js' };
  },
};

/**
 * Test files run this many at a time (`AG_UI_LIT_TEST_CONCURRENCY` overrides it). Their pages mostly wait on the
 * network, and they share nothing: on the dev server each test talks to its own thread (the request recorder and the
 * model replay are keyed by `threadId`), replay session or MCP test server, and in the browser each page has a context
 * of its own (`createPage` below), so IndexedDB, localStorage, BroadcastChannel and Web Locks are never shared by two
 * files that run together.
 */
const CONCURRENCY = Number(process.env.AG_UI_LIT_TEST_CONCURRENCY) || 2;

export default {
  // tests/node/ runs in Node (scripts/test.mjs: `node --test`), not in the browser.
  files: ['tests/**/*.test.ts', '!tests/node/**'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: CONCURRENCY,
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  testFramework: { config: { timeout: 30_000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    domCountersPlugin(),
    prebundledPlugin,
    mcpSdkPlugin,
    a2uiMiddlewarePlugin,
    jsonModulesPlugin,
    // React 18 ships CommonJS only; the tests of ag-ui-lit/react import it as ES modules.
    reactEsmPlugin(),
    { name: 'mcp-test-servers', serverStop: () => Promise.all([mcpControlMiddleware.close(), demoNotesMiddleware.close()]) },
    threadApi.plugin,
  ],
  middleware: [
    threadApi.middleware,
    mountNodeMiddleware('/api/', agUiMiddleware), // the AG-UI servers (they answer POST /api/...)
    mountNodeMiddleware('/mcp-control/', mcpControlMiddleware),
    mountNodeMiddleware('/mcp/notes', demoNotesMiddleware),
    mountNodeMiddleware('/llm-replay/', llmReplayMiddleware),
  ],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath, headless: true, args: CHROME_ARGS },
      // A fresh browser context per page (pages are reused, so there are CONCURRENCY of them): the storage of one
      // running file is invisible to the others.
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    }),
  ],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: !process.env.CI }), summaryReporter()],
};
